#!/bin/sh
# Boot a kernel that proves one lock family (PROVE_<FAMILY>_LOCKING) once
# per family ABBA of the scenario module: the ABBA of its own family must be
# reported, those of the other families must stay silent, since their locks
# are not proven. Each boot is judged by the init (lv.unproven=1 asks it for
# silence) and by parse-console.sh. Prints KTAP, one result per boot.
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

# One ABBA per family and per primitive the family groups, as the lock
# hooks group them: rt_mutex with mutex, percpu-rwsem with rwsem, seqcount
# and local_lock with map.
abbas="spin:abba_spin rw:abba_rwlock_read mutex:abba_mutex mutex:abba_rtmutex
rwsem:abba_rwsem rwsem:abba_percpu_rwsem map:abba_seqcount map:abba_local_lock"
echo "$abbas" | tr ' ' '\n' | grep -q "^$family:" ||
	die "unknown family '$family' (spin, rw, mutex, rwsem, map)"
logs="$odir/families"
mkdir -p "$logs"

echo "KTAP version 1"
echo "1..$(echo "$abbas" | wc -w)"
n=0
fails=0
for pair in $abbas; do
	n=$((n + 1))
	fam=${pair%%:*}
	sc=${pair#*:}
	words="lv.scenario=$sc lockdep.stop_at_first=1"
	want="reported"
	if [ "$fam" != "$family" ]; then
		words="$words lv.unproven=1"
		want="silent, $fam is not proven"
	fi
	log="$logs/$sc.log"
	"$LV_TOP/scripts/boot.sh" --timeout "${LV_BOOT_TIMEOUT:-120}" \
		--append "$words" --log "$log" "$arch" "$set_name" >/dev/null 2>&1 || true
	verdict=ok
	"$LV_TOP/scripts/parse-console.sh" --label "$kernel" --no-selftest "$log" \
		>"$logs/$sc.ktap" 2>&1 || verdict="not ok"
	grep -q -E "^ok [0-9]+ .*init: scenario $sc[: ]" "$logs/$sc.ktap" || verdict="not ok"
	if [ "$verdict" != ok ]; then
		fails=$((fails + 1))
		grep -E '^not ok' "$logs/$sc.ktap" | sed 's/^/# /' || true
	fi
	echo "$verdict $n $kernel: $sc ($fam family): $want"
done
echo "# $kernel: $((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
