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
arch=$(kernel_arch "$1")
set_name=$2
family=$3
kernel="$arch-$set_name"
odir=$(kernel_dir "$arch" "$set_name")
[ -f "$odir/arch/x86/boot/bzImage" ] || die "$kernel is not built"
[ -f "$odir/initramfs.cpio" ] || die "$kernel has no initramfs"

# Each ABBA with the families of its two locks, as the lock hooks group
# them: rt_mutex with mutex, percpu-rwsem with rwsem, seqcount and
# local_lock with map (whose scenarios pair them with a spinlock), and the
# pure pseudo-lock cycle of two lockdep_maps.
abbas="abba_spin:spin abba_spin_replayed:spin abba_rwlock_read:rw abba_mutex:mutex abba_rtmutex:mutex
abba_rwsem:rwsem abba_percpu_rwsem:rwsem+mutex abba_seqcount:map+spin
abba_local_lock:map+spin abba_lock_map:map"
case $family in
spin | rw | mutex | rwsem | map) ;;
*) die "unknown family '$family' (spin, rw, mutex, rwsem, map)" ;;
esac
logs="$odir/families"
mkdir -p "$logs"

# Every family has an ABBA of its own, or the boot would prove nothing.
echo "$abbas" | tr ' ' '\n' | grep -q ":$family\$" ||
	die "no ABBA of the $family family alone in the table"
echo "KTAP version 1"
echo "1..$(echo "$abbas" | wc -w)"
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
	log="$logs/$sc.log"
	"$LV_TOP/scripts/boot.sh" --timeout "${LV_BOOT_TIMEOUT:-120}" \
		--append "$words" --log "$log" "$arch" "$set_name" >/dev/null 2>&1 || true
	verdict=ok
	"$LV_TOP/scripts/console.py" verdict --label "$kernel" --no-selftest "$log" \
		>"$logs/$sc.ktap" 2>&1 || verdict="not ok"
	grep -q -E "^ok [0-9]+ .*init: scenario $sc[: ]" "$logs/$sc.ktap" || verdict="not ok"
	if [ "$verdict" != ok ]; then
		fails=$((fails + 1))
		grep -E '^not ok' "$logs/$sc.ktap" | sed 's/^/# /' || true
	fi
	echo "$verdict $n $kernel: $sc ($fams): $want"
done
echo "# $kernel: $((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
