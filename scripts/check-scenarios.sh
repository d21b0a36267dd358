#!/bin/sh
# Boot one built kernel once for all the silent twins of the scenario
# module, once per reporting scenario, and once each for several bugs in a
# row (keep), the storage filled (capacity) and the run-time switch under
# load (switch). What each scenario must give comes from the module's own
# table, which the silent boot prints (lv.scenario=list when only some
# scenarios are asked for); Documentation/testing.rst tells what each boot
# checks. The per-scenario boots stop the LKV engine at its first report
# (lockdep.stop_at_first=1), as the other engine always does, so that both
# can be compared. Each boot is judged by the init (headline, detail and
# classes from the table) and by console.py verdict (no other report, no
# crash, no timeout). The boots run LV_JOBS at a time (scripts/lib.sh).
# Prints KTAP, one result per boot, and writes
# build/<arch>-<set>/scenarios.tsv ("name<TAB>verdict<TAB>headline seen")
# for the comparison between engines.
#
# Usage: check-scenarios.sh ARCH SET [SCENARIO...]   (default: all of them)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: check-scenarios.sh ARCH SET [SCENARIO...]"
odir=$(bootable_kernel "$(kernel_arch "$1")" "$2") || exit 1
arch=$1
set_name=$2
shift 2
kernel="$arch-$set_name"
logs="$odir/scenarios"
mkdir -p "$logs"
# The boots after the reporting scenarios; they differ between engines by
# design, so they stay out of the comparison.
engine_boots="keep capacity switch"

# The kernel command line of one boot.
words_of() {
	case $1 in
	keep) echo "lv.scenario=keep" ;;
	capacity) echo "lv.capacity=1 lockdep.memory_kb=${LV_CAPACITY_KB:-1024} lockdep.chain_table_max=32768" ;;
	switch) echo "lv.switch=${LV_SWITCH_SECONDS:-8} lockdep.prove=none lockdep.switch_window_ms=10" ;;
	*) echo "lv.scenario=$1 lockdep.stop_at_first=1" ;;
	esac
}

# Boot once: boot NAME; the console goes to scenarios/NAME.log.
boot() {
	boot_and_judge "$logs/$1.log" "$kernel" --no-selftest \
		--timeout "${LV_BOOT_TIMEOUT:-120}" --append "$(words_of "$1")" \
		"$arch" "$set_name"
}

# The reporting scenarios of the table in LOG.
reporting() {
	"$LV_TOP/scripts/console.py" scenarios --reporting "$1"
}

# Is NAME one of the words of LIST?  is_one_of NAME LIST
is_one_of() {
	case " $2 " in *" $1 "*) return 0 ;; esac
	return 1
}

# What one boot's KTAP says, in a few words, for its result line.
summary() {
	k=$logs/$1.log.ktap
	case $1 in
	silent) echo "the silent scenarios: $(grep -c '^ok .*: init: scenario ' "$k" || true) silent" ;;
	keep) echo "keep proving: $(grep -c '^ok .*init: \(scenario\|/proc/lockdep_reports\|lockdep_stats\)' "$k" || true) results ok" ;;
	capacity | switch)
		echo "$1: $(grep -c '^ok .*init: ' "$k" || true) init results ok, $(grep -c '^ok .*# SKIP' "$k" || true) skipped" ;;
	*) grep -E "^(not )?ok [0-9]+ .*init: scenario $1([: ]|\$)" "$k" | head -n 1 |
		sed 's/^\(not \)\{0,1\}ok [0-9]* [^:]*: init: //' ;;
	esac
}

# Boot every scenario named, LV_JOBS at a time (each boot is one QEMU
# thread), in lanes that take every LV_JOBS-th name; each boot's status
# goes to scenarios/NAME.rc for judge().
boot_all() {
	lane=0
	while [ "$lane" -lt "$LV_JOBS" ]; do
		(
			i=0
			for sc in "$@"; do
				if [ $((i % LV_JOBS)) -eq "$lane" ]; then
					status=0
					boot "$sc" || status=1
					echo "$status" >"$logs/$sc.rc"
				fi
				i=$((i + 1))
			done
		) &
		lane=$((lane + 1))
	done
	wait
}

n=0
fails=0
# judge NAME: one result from the boot of NAME, booted by boot_all().
judge() {
	n=$((n + 1))
	verdict=ok
	[ "$(cat "$logs/$1.rc" 2>/dev/null)" = 0 ] || verdict="not ok"
	what=$(summary "$1")
	[ -n "$what" ] || { what="scenario $1: no verdict from init"; verdict="not ok"; }
	if [ "$verdict" != ok ]; then
		fails=$((fails + 1))
		grep -E '^not ok' "$logs/$1.log.ktap" | sed 's/^/# /' || true
	fi
	echo "$verdict $n $kernel: $what"
	is_one_of "$1" "$engine_boots" && return
	printf '%s\t%s\t%s\n' "$1" "$verdict" \
		"$("$LV_TOP/scripts/console.py" headline "$logs/$1.log")" >>"$odir/scenarios.tsv"
}

echo "KTAP version 1"
: >"$odir/scenarios.tsv"
rm -f "$logs/list.log"
if [ $# -gt 0 ]; then
	# Only the scenarios asked for: check their names against the table.
	for sc in "$@"; do
		is_one_of "$sc" "silent $engine_boots" && continue
		[ -s "$logs/list.log" ] || boot list ||
			die "lv.scenario=list failed; see $logs/list.log"
		reporting "$logs/list.log" | grep -qx -- "$sc" ||
			die "no reporting scenario '$sc' in the module's table (see $logs/list.log)"
	done
else
	# The silent boot prints the table: the reporting scenarios follow.
	boot_all silent
	judge silent
	scenarios=$(reporting "$logs/silent.log" || true)
	if [ -z "$scenarios" ]; then
		n=$((n + 1))
		fails=$((fails + 1))
		echo "not ok $n $kernel: the silent boot printed the module's table"
	fi
	# shellcheck disable=SC2086
	set -- $scenarios $engine_boots
fi
rm -f "$logs"/*.rc
boot_all "$@"
for sc in "$@"; do
	judge "$sc"
done
echo "1..$n"
echo "# $kernel: $((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
