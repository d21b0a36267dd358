#!/bin/sh
# Boot one built kernel once per reporting scenario of the scenario module,
# once for all the silent twins together, and once for several bugs in a
# row. The per-scenario boots ask our engine to stop at its first report
# (lockdep.stop_at_first=1), as the tree's engine always does, so that both
# can be compared; the "keep" boot checks that by default ours keeps
# proving, tells each bug once and counts repeats (skipped by the tree's).
# The "capacity" boot fills our engine's storage under a memory limit
# (lockdep.memory_kb) and checks that nothing is lost unaccounted (skipped
# by the tree's). The "switch" boot starts with every family off (so init's
# exec and page faults run unproven), flips our engine's run-time switch
# under load, each flip pausing 10 ms in the windows where the proven set
# and the hooks disagree (lockdep.switch_window_ms), and commits an ABBA
# while it is off and after it is on again (skipped by the tree's). Each
# boot is judged by the init (the report's headline and classes) and by
# console.py verdict (no other report, no crash, no timeout). Prints KTAP, one result per boot, and writes
# build/<arch>-<set>/scenarios.tsv ("name<TAB>verdict<TAB>headline seen")
# for the differential comparison between engines.
#
# Usage: check-scenarios.sh ARCH SET [SCENARIO...]   (default: all of them)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: check-scenarios.sh ARCH SET [SCENARIO...]"
arch=$(kernel_arch "$1")
set_name=$2
shift 2
kernel="$arch-$set_name"
odir=$(kernel_dir "$arch" "$set_name")
expect="$LV_TOP/selftests/scenarios/expect.txt"
[ -f "$odir/arch/x86/boot/bzImage" ] || die "$kernel is not built"
[ -f "$odir/initramfs.cpio" ] || die "$kernel has no initramfs"
logs="$odir/scenarios"
mkdir -p "$logs"

# The reporting scenarios one by one, then the silent ones in one boot.
boots=$(sed 's/#.*//' "$expect" | awk -F'|' 'NF == 4 && $2 != "-" { print $1 }')
boots="$boots silent keep capacity switch"
if [ $# -gt 0 ]; then
	for sc in "$@"; do
		case "$sc" in silent | keep | capacity | switch) continue ;; esac
		echo "$boots" | grep -qw -- "$sc" ||
			die "no reporting scenario '$sc' in $expect"
	done
	boots=$*
fi
total=$(echo "$boots" | wc -w)

echo "KTAP version 1"
echo "1..$total"
n=0
fails=0
: >"$odir/scenarios.tsv"
for sc in $boots; do
	n=$((n + 1))
	log="$logs/$sc.log"
	case "$sc" in
	keep) words="lv.scenario=keep" ;;
	capacity) words="lv.capacity=1 lockdep.memory_kb=${LV_CAPACITY_KB:-1024}" ;;
	switch) words="lv.switch=${LV_SWITCH_SECONDS:-8} lockdep.prove=none lockdep.switch_window_ms=10" ;;
	*) words="lv.scenario=$sc lockdep.stop_at_first=1" ;;
	esac
	"$LV_TOP/scripts/boot.sh" --timeout "${LV_BOOT_TIMEOUT:-120}" \
		--append "$words" --log "$log" "$arch" "$set_name" \
		>/dev/null 2>&1 || true
	verdict=ok
	"$LV_TOP/scripts/console.py" verdict --label "$kernel" --no-selftest "$log" \
		>"$logs/$sc.ktap" 2>&1 || verdict="not ok"
	what=$(grep -E '^(not )?ok [0-9]+ .*scenario '"$sc"'([: ]|$)' "$logs/$sc.ktap" |
		head -n 1 | sed 's/^\(not \)\{0,1\}ok [0-9]* [^:]*: init: //')
	[ "$sc" = silent ] && what="the silent scenarios: $(grep -c '^ok .*: silent' "$logs/$sc.ktap" || true) silent"
	[ "$sc" = keep ] && what="keep proving: $(grep -c '^ok .*init: \(scenario\|/proc/lockdep_reports\|lockdep_stats\)' "$logs/$sc.ktap" || true) results ok"
	case "$sc" in capacity | switch)
		what="$sc: $(grep -c '^ok .*init: ' "$logs/$sc.ktap" || true) init results ok, $(grep -c '^ok .*# SKIP' "$logs/$sc.ktap" || true) skipped" ;;
	esac
	[ -n "$what" ] || what="scenario $sc: no verdict from init"
	if [ "$verdict" != ok ]; then
		fails=$((fails + 1))
		grep -E '^not ok' "$logs/$sc.ktap" | sed 's/^/# /' || true
	fi
	echo "$verdict $n $kernel: $what"
	# The keep, capacity and switch boots differ between engines by design.
	case "$sc" in keep | capacity | switch) continue ;; esac
	printf '%s\t%s\t%s\n' "$sc" "$verdict" "$("$LV_TOP/scripts/console.py" headline "$log")" >>"$odir/scenarios.tsv"
done
echo "# $kernel: $((total - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
