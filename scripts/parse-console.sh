#!/bin/sh
# parse-console.sh - turn a QEMU serial console log of a lock-validator boot
# into a KTAP document: did the kernel reach init, did the locking self-test
# pass, did the validator (or anything else) complain, did the boot finish,
# and what did init's own tests say.
#
# Usage: parse-console.sh [--label NAME]
#                         [--selftest-count N[-F] | --selftest-subset | --no-selftest]
#                         CONSOLE_LOG
#
# Exit status: 0 all results ok, 1 some result not ok, 2 usage error or
# unreadable log.  The message strings matched below are copied from
# Linux 6.12 (kernel/locking/lockdep.c, lib/locking-selftest.c,
# kernel/panic.c, arch/x86/kernel/dumpstack.c, arch/x86/mm/fault.c, ...).
set -eu

prog=parse-console.sh

usage() {
	cat >&2 <<EOF
usage: $prog [--label NAME] [--selftest-count N[-F] | --selftest-subset | --no-selftest] CONSOLE_LOG
  --label NAME        prefix for every result (default: the log's directory name)
  --selftest-count N  the locking self-test must report exactly N passed testcases
  --selftest-count N-F  ... exactly F of N testcases failed as expected, none
                      unexpectedly (cases this kernel cannot see, by design)
  --selftest-subset   the kernel proves some lock families only: the cases of
                      the others must fail as expected, none unexpectedly
  --no-selftest       the kernel has no locking self-test; do not check for it
EOF
	exit 2
}

die() {
	echo "$prog: $*" >&2
	exit 2
}

label=
selftest=any		# any | none | subset | <expected count>[-<expected failures>]
count_given=
none_given=
while [ $# -gt 0 ]; do
	case $1 in
	--label)
		[ $# -ge 2 ] || die "--label needs a NAME"
		label=$2; shift 2 ;;
	--label=*)
		label=${1#--label=}; shift ;;
	--selftest-count)
		[ $# -ge 2 ] || die "--selftest-count needs a number"
		selftest=$2; count_given=1; shift 2 ;;
	--selftest-count=*)
		selftest=${1#--selftest-count=}; count_given=1; shift ;;
	--no-selftest)
		selftest=none; none_given=1; shift ;;
	--selftest-subset)
		selftest=subset; none_given=1; shift ;;
	-h|--help)
		usage ;;
	--)
		shift; break ;;
	-?*)
		echo "$prog: unknown option: $1" >&2; usage ;;
	*)
		break ;;
	esac
done
[ $# -eq 1 ] || usage
log=$1

[ -z "$count_given" ] || [ -z "$none_given" ] ||
	die "--selftest-count and --no-selftest exclude each other"
if [ -n "$count_given" ]; then
	case $selftest in
	'' | *[!0-9-]* | -* | *- | *-*-*)
		die "--selftest-count wants a number N or N-F, got '$selftest'" ;;
	esac
fi
[ -e "$log" ] || die "no such console log: $log"
[ -f "$log" ] || die "not a regular file: $log"
[ -r "$log" ] || die "cannot read console log: $log"

if [ -z "$label" ]; then
	# The boot script writes each run to its own directory (e.g. .../x86_64/).
	label=$(basename -- "$(cd -- "$(dirname -- "$log")" && pwd -P)")
fi

# tr drops NULs, carriage returns and other control characters but keeps
# tab, newline and ESC (awk strips whole escape sequences); it never adds
# or removes a newline, so awk's NR is the console line number.
# LC_ALL=C: the log may hold bytes that are not valid UTF-8.
rc=0
tr -d '\000-\010\013-\032\034-\037\177' <"$log" |
LC_ALL=C awk -v label="$label" -v selftest="$selftest" '
BEGIN {
	ESC = sprintf("%c", 27)
	# printk timestamp "[    1.234567]", maybe followed by a caller id
	# "[    T1]" (CONFIG_PRINTK_CALLER).
	TS = "\\[ *[0-9]+\\.[0-9][0-9][0-9][0-9][0-9][0-9]\\]"
	nval = 0; noth = 0; ninit = 0
	last_val = -100		# console line of the last validator report
	last_dlwo = -100	# ... of the last DEBUG_LOCKS_WARN_ON() message
	last_crash = -100	# ... of the last BUG:-style fault headline
	last_eq = -100		# ... of the last "=====" banner frame line
	st_header = 0; st_end = 0; st_summary = ""; st_disabled = 0
	nfailrows = 0; failrows = ""
	init_start = 0; init_done = 0; init_plan = -1; bail = ""
	timeout = ""; exited = ""
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# Text copied from the kernel into a result description: "#" would start
# a KTAP directive, and a runaway line should not make a runaway result.
function kdesc(s) {
	gsub(/#/, "", s)
	s = trim(s)
	if (length(s) > 120)
		s = substr(s, 1, 117) "..."
	return s
}

function where() {
	return " (console line " NR (in_selftest() ? ", during the locking self-test" : "") ")"
}

# Between the self-test header and its summary.  A self-test that never
# printed its summary (crash) does not stretch past the start of init.
function in_selftest() {
	return st_header && !st_end && !init_start
}

function add_val(kind) {
	nval++
	val[nval] = "validator report: " kdesc(kind) where()
	last_val = NR
}

function add_oth(text) {
	noth++
	oth[noth] = kdesc(text) where()
}

# The kind of lock-validator report whose headline is in s, or "".
# Headlines are matched anywhere in s: another CPU may have left a line
# fragment in front of them.
function vkind(s,    k) {
	if (s ~ /WARNING: possible circular locking dependency detected/)
		return "possible circular locking dependency"
	if (s ~ /WARNING: inconsistent lock state/)
		return "inconsistent lock state"
	# "WARNING: %s-safe -> %s-unsafe lock order detected" (HARDIRQ/SOFTIRQ)
	if (match(s, /WARNING: [A-Z_]+-safe -> [A-Z_]+-unsafe lock order detected/))
		return substr(s, RSTART + 9, RLENGTH - 18)
	if (s ~ /WARNING: possible irq lock inversion dependency detected/)
		return "possible irq lock inversion dependency"
	if (s ~ /WARNING: possible recursive locking detected/)
		return "possible recursive locking"
	if (s ~ /WARNING: bad unlock balance detected!/)
		return "bad unlock balance"
	if (s ~ /WARNING: bad contention detected!/)
		return "bad contention"
	if (s ~ /WARNING: held lock freed!/)
		return "held lock freed"
	# debug_check_no_locks_held(), called at do_exit() and when freezing
	if (match(s, /WARNING: .*\/[0-9]+ still has locks held!/)) {
		k = substr(s, RSTART + 9, RLENGTH - 9)
		sub(/ still has locks held!$/, "", k)
		return "lock held at task exit (" k " still has locks held)"
	}
	if (s ~ /WARNING: lock held when returning to user space!/)
		return "lock held when returning to user space"
	if (s ~ /\[ BUG: Invalid wait context \]/)
		return "Invalid wait context"
	if (s ~ /WARNING: suspicious RCU usage/)
		return "suspicious RCU usage"
	if (s ~ /WARNING: Nested lock was not taken/)
		return "nested lock was not taken"
	if (s ~ /WARNING: chain_key collision/)
		return "chain_key collision"
	# print_lockdep_off(): "BUG: MAX_LOCKDEP_ENTRIES too low!" and friends
	if (match(s, /BUG: MAX_[A-Z_]+ too low!/))
		return substr(s, RSTART + 5, RLENGTH - 6)
	if (s ~ /BUG: key [0-9a-fx]+ has not been registered!/)
		return "lock key has not been registered"
	if (s ~ /BUG: looking up invalid subclass: /)
		return "looking up invalid subclass"
	if (s ~ /INFO: trying to register non-static key\./)
		return "trying to register non-static key"
	if (match(s, /DEBUG_LOCKS_WARN_ON\(.*\)/)) {
		last_dlwo = NR
		return substr(s, RSTART, RLENGTH)
	}
	return ""
}

# A piece of console output that belongs to one printk record (or to one
# line written by init), without its timestamp.
function segment(s,    k, n, t) {
	if (s ~ /^[ \t]*$/)
		return

	# --- markers the boot script appends (maybe after a partial line) ---
	if (match(s, /### lv-boot: TIMEOUT after [0-9]+ s/)) {
		t = substr(s, RSTART, RLENGTH)
		sub(/^### lv-boot: TIMEOUT after /, "", t)
		sub(/ s$/, "", t)
		timeout = t
		return
	}
	if (match(s, /### lv-boot: qemu exited rc=-?[0-9]+/)) {
		exited = substr(s, RSTART + 23, RLENGTH - 23)
		return
	}

	# The init has judged the provoked bug: what follows counts again.
	if (s ~ /^# lv-scenario: .* done/)
		in_scn = 0

	# --- init: its KTAP output ---
	if (s ~ /TAP version 13[ \t]*$/ && !init_start) {
		init_start = NR
		return
	}
	if (init_start && !init_done) {
		if (s ~ /^# lv-init: done/) {
			init_done = NR
			return
		}
		if (s ~ /^(not )?ok [0-9]+([ \t]|$)/) {
			init_result(s)
			return
		}
		if (s ~ /^1\.\.[0-9]+/) {
			init_plan = substr(s, 4) + 0
			return
		}
		if (s ~ /^Bail out!/) {
			bail = kdesc(s)
			return
		}
		if (s ~ /^#/)		# init diagnostics, not kernel output
			return
	}
	# TAP-shaped text outside the init window (after its done marker, say)
	# is still user output, never a kernel report headline.
	if (s ~ /^(not )?ok [0-9]+([ \t]|$)/ || s ~ /^# /)
		return

	# --- lib/locking-selftest.c ---
	if (s ~ /\| Locking API testsuite:/) {
		if (!st_header)
			st_header = NR
		return
	}
	if (s ~ /\| Locking API testsuite disabled \|/) {
		st_disabled = NR
		return
	}
	if (match(s, /Good, all +[0-9]+ testcases passed! \|/)) {
		selftest_summary(s, "good")
		return
	}
	if (match(s, /BUG: +[0-9]+ unexpected failures \(out of +[0-9]+\)/)) {
		selftest_summary(s, "bug")
		return
	}
	if (match(s, /([0-9]+ out of +)?[0-9]+ testcases failed, as expected\. \|/)) {
		selftest_summary(s, "expected")
		return
	}
	# A table row ("   A-A deadlock:  ok  |FAILED|..."): never a report.
	if (in_selftest() && s ~ /\|/) {
		if (s ~ /FAILED\|/ && nfailrows < 3) {
			n = index(s, ":")
			failrows = failrows (nfailrows ? ", " : "") trim(substr(s, 1, n - 1))
			nfailrows++
		}
		return
	}

	# --- bugs the scenario and capacity modules commit on purpose ---
	# The init judges each one from the kernel log; here they are not
	# failures, unless the kernel crashed on the way.
	if (s ~ /lockdep_(scenarios|capacity): begin /) {
		in_scn = 1
		return
	}
	if (in_scn && s !~ /Kernel panic|BUG: unable to handle|BUG: kernel NULL pointer|[Kk]ernel BUG at|general protection fault|Oops|Unable to handle kernel/)
		return

	# --- lock-validator reports ---
	if (s ~ /^=+[ \t]*$/ && length(s) >= 8) {
		last_eq = NR
		return
	}
	k = vkind(s)
	if (k != "") {
		# Some lockdep messages come in pairs and are one report:
		# DEBUG_LOCKS_WARN_ON() is followed by a WARNING: CPU: line (see
		# below), "non-static key" and "too low!" by "turning off ...".
		add_val(k)
		return
	}
	if (s ~ /turning off the locking correctness validator\./) {
		if (NR > last_val + 5)
			add_val("locking correctness validator turned off")
		return
	}
	# A headline we do not know, framed like a lockdep report.
	if (NR <= last_eq + 2 && (s ~ /^WARNING: / && s !~ /^WARNING: CPU: / || s ~ /^\[ BUG: .*\]$/)) {
		k = s
		sub(/^\[ /, "", k); sub(/ \]$/, "", k)
		sub(/^(WARNING|BUG): /, "", k)
		add_val("unrecognised: " k)
		return
	}
	# After a crash the kernel taints itself and stops lock debugging;
	# only worth a result when nothing else explains it.
	if (s ~ /Disabling lock debugging due to kernel taint/) {
		if (nval + noth == 0)
			add_val("lock debugging disabled due to kernel taint")
		return
	}

	# --- everything else that goes wrong (kernel/panic.c __warn() etc.) ---
	if (match(s, /(^|[^A-Za-z0-9_])WARNING: (CPU: [0-9]+ PID: [0-9]+ )?at /)) {
		if (NR <= last_dlwo + 3)	# second half of DEBUG_LOCKS_WARN_ON()
			return
		t = substr(s, RSTART + RLENGTH)
		if (t ~ /^kernel\/locking\/lockdep/)
			add_val("lockdep WARNING at " t)
		else
			add_oth("WARNING at " t)
		return
	}
	if (match(s, /---\[ end Kernel panic - not syncing/))
		return
	if (match(s, /Kernel panic - not syncing/)) {
		add_oth(substr(s, RSTART))
		return
	}
	if (match(s, /[Kk]ernel BUG at /) || match(s, /Unable to handle kernel /) ||
	    match(s, /(^|[^A-Za-z0-9_])BUG: /)) {
		t = substr(s, RSTART)
		sub(/^[^A-Za-z]/, "", t)
		add_oth(t)
		if (t ~ /^(BUG: unable to handle|BUG: kernel NULL pointer|[Kk]ernel BUG at|Unable to handle kernel)/)
			last_crash = NR
		return
	}
	# x86 __die_header(): "Oops: general protection fault, ...: 0000 [#1] SMP";
	# arm64 die(): "Internal error: Oops: ...".  After a fault headline
	# above it is the same crash, so it is not counted twice.
	if (match(s, /(^|[^A-Za-z0-9_])(Oops: |Internal error: )/) ||
	    match(s, /general protection fault.*: [0-9a-f]+ \[#[0-9]+\]/)) {
		if (NR > last_crash + 10) {
			t = substr(s, RSTART)
			sub(/^[^A-Za-z]/, "", t)
			add_oth(t)
		}
		return
	}
	if (match(s, /INFO: task .* blocked for more than [0-9]+ seconds/) ||
	    match(s, /INFO: [a-z_]+ (self-)?detected (expedited )?stalls?/)) {
		add_oth(substr(s, RSTART))
		return
	}
}

function selftest_summary(s, how,    t) {
	if (st_summary != "")
		return
	st_end = NR
	t = substr(s, RSTART, RLENGTH)
	sub(/ \|$/, "", t)
	gsub(/ +/, " ", t)
	sub(/!$/, "", t)
	st_how = how
	st_summary = t
	match(t, /[0-9]+/)
	st_count = substr(t, RSTART, RLENGTH) + 0
}

function init_result(s,    ok, rest, dir) {
	ok = (s !~ /^not /)
	rest = s
	sub(/^(not )?ok [0-9]+[ \t]*/, "", rest)
	sub(/^-[ \t]+/, "", rest)
	dir = ""
	if (match(rest, /[ \t]*#[ \t]*([Ss][Kk][Ii][Pp]|[Tt][Oo][Dd][Oo])([^A-Za-z]|$)/)) {
		dir = substr(rest, RSTART)
		rest = substr(rest, 1, RSTART - 1)
		sub(/^[ \t]*#[ \t]*/, "", dir)
		dir = " # " trim(dir)
		ok = 1		# SKIP/TODO results count as passed
	}
	ninit++
	init_ok[ninit] = ok
	init_line[ninit] = (s ~ /^not / ? "not ok" : "ok") SUBSEP "init: " trim(rest) dir
}

# Split a console line at every printk timestamp: each piece is one record,
# even when two CPUs wrote into the same line.
{
	line = $0
	gsub(ESC "\\[[0-?]*[ -/]*[@-~]", "", line)	# CSI sequences
	gsub(ESC "[()][0-9A-Za-z]", "", line)		# charset selection
	gsub(ESC ".?", "", line)			# anything else
	# segment() calls match() too: copy RSTART/RLENGTH before calling it.
	while ((p = match(line, TS)) > 0) {
		tslen = RLENGTH
		if (p > 1)
			segment(substr(line, 1, p - 1))
		line = substr(line, p + tslen)
		sub(/^\[ *[CT][0-9]+\]/, "", line)
		sub(/^ /, "", line)
		if ((p = match(line, TS)) > 0) {
			rec = substr(line, 1, p - 1)
			line = substr(line, p)
		} else {
			rec = line
			line = ""
		}
		segment(rec)
	}
	segment(line)
}

function result(ok, desc) {
	nres++
	res[nres] = (ok ? "ok " : "not ok ") nres " " label ": " desc
	if (ok)
		npass++
	else
		nfail++
}

END {
	nres = 0; npass = 0; nfail = 0

	result(init_start > 0, "kernel reached init")

	if (selftest != "none") {
		if (st_how == "good" && (selftest == "any" ||
		    (selftest !~ /-/ && st_count == selftest + 0)))
			result(1, "locking self-test: " st_summary)
		else if (st_how == "good")
			result(0, "locking self-test: " st_summary ", but " selftest " expected")
		else if (st_how == "bug")
			result(0, "locking self-test: " st_summary \
			    (failrows != "" ? "; FAILED rows: " failrows : ""))
		else if (st_how == "expected" && split(selftest, nf, "-") == 2)
			result(st_summary == (nf[2] + 0) " out of " (nf[1] + 0) \
			    " testcases failed, as expected.",
			    "locking self-test: " st_summary " (" (nf[2] + 0) " of " \
			    (nf[1] + 0) " expected to fail in this kernel)")
		else if (st_how == "expected" && selftest == "subset")
			result(1, "locking self-test: " st_summary " (lock families not proven)")
		else if (st_how == "expected")
			result(0, "locking self-test: " st_summary " (CONFIG_PROVE_LOCKING off?)")
		else if (st_disabled)
			result(0, "locking self-test: testsuite disabled, the validator was off before it ran (console line " st_disabled ")")
		else if (st_header)
			result(0, "locking self-test: no summary after the header at console line " st_header)
		else
			result(0, "locking self-test: summary missing")
	}

	if (nval == 0)
		result(1, "no validator report")
	for (i = 1; i <= nval; i++)
		result(0, val[i])

	if (noth == 0)
		result(1, "no WARNING, BUG, Oops or panic")
	for (i = 1; i <= noth; i++)
		result(0, oth[i])

	if (timeout != "")
		result(0, "boot finished before the timeout # timed out after " timeout " s")
	else if (exited == "")
		result(0, "boot finished before the timeout # no lv-boot end marker, log truncated?")
	else
		result(1, "boot finished before the timeout")

	for (i = 1; i <= ninit; i++) {
		split(init_line[i], f, SUBSEP)
		nres++
		res[nres] = f[1] " " nres " " label ": " f[2]
		if (init_ok[i])
			npass++
		else
			nfail++
	}

	if (init_start) {
		if (!init_done)
			result(0, "init finished # no \"# lv-init: done\" line")
		else if (bail != "")
			result(0, "init finished # " bail)
		else if (init_plan >= 0 && init_plan != ninit)
			result(0, "init finished # planned " init_plan " results, got " ninit)
		else
			result(1, "init finished")
	}

	print "KTAP version 1"
	print "1.." nres
	for (i = 1; i <= nres; i++)
		print res[i]
	print "# " label ": " npass " passed, " nfail " failed"
	exit (nfail > 0 ? 1 : 0)
}
' || rc=$?
exit "$rc"
