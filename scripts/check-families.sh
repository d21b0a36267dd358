#!/bin/sh
# Boot a kernel that proves one lock family (PROVE_<FAMILY>_LOCKING) once
# per ABBA of the scenario module that involves a lock family: an ABBA whose
# locks are all of that family must be reported; an ABBA that needs another
# family must stay silent, since half of its cycle is not proven. Each boot
# is judged by the init (lv.unproven=1 asks it for silence) and by
# console.py verdict. Prints KTAP, one result per boot.
#
# Usage: check-families.sh ARCH SET FAMILY   (spin, rw, mutex, rwsem or map)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || die "usage: check-families.sh ARCH SET FAMILY"
family=$3
odir=$(bootable_kernel "$(kernel_arch "$1")" "$2") || exit 1
arch=$1
set_name=$2
kernel="$arch-$set_name"

logs="$odir/families"
mkdir -p "$logs"

# boot NAME WORDS: one boot, judged; its console is families/NAME.log.
boot() {
	boot_and_judge "$logs/$1.log" "$kernel" --no-selftest \
		--timeout "${LV_BOOT_TIMEOUT:-120}" --append "$2" "$arch" "$set_name"
}

# Each ABBA with the lock families its report needs proven, from the
# module's table (lv.scenario=list prints it): rt_mutex goes with mutex,
# percpu-rwsem with rwsem, seqcount and local_lock with map.
boot list "lv.scenario=list" || die "lv.scenario=list failed; see $logs/list.log"
abbas=$("$LV_TOP/scripts/console.py" scenarios --family-abbas "$logs/list.log") ||
	die "no ABBA of one lock family in the module's table; see $logs/list.log"
# Every family has an ABBA of its own, or the boot would prove nothing.
echo "$abbas" | grep -q ":$family\$" ||
	die "no ABBA of the $family family alone in the module's table"
echo "KTAP version 1"
n=0
fails=0
for pair in $abbas; do
	n=$((n + 1))
	sc=${pair%%:*}
	fams=${pair#*:}
	words="lv.scenario=$sc lockdep.stop_at_first=1"
	want="reported"
	if [ "$fams" != "$family" ]; then
		words="$words lv.unproven=1"
		want="silent, needs $fams proven"
	fi
	verdict=ok
	boot "$sc" "$words" || verdict="not ok"
	grep -q -E "^ok [0-9]+ .*init: scenario ${sc}[: ]" "$logs/$sc.log.ktap" || verdict="not ok"
	if [ "$verdict" != ok ]; then
		fails=$((fails + 1))
		grep -E '^not ok' "$logs/$sc.log.ktap" | sed 's/^/# /' || true
	fi
	echo "$verdict $n $kernel: $sc ($fams): $want"
done
echo "1..$n"
echo "# $kernel: $((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
