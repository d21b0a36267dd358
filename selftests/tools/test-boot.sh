#!/bin/sh
# boot.sh and console.py verdict on kernels that go wrong: one that panics
# (no init to run) and one whose init hangs. Each must end inside its timeout
# with a clear message and a non-zero exit; a bad option is refused.
# Boots the kernel named by LV_TEST_KERNEL (<arch>-<set>, already built by
# the suite).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
test_kernel

tap_start

# A kernel that panics: rdinit names a program that is not there.
rc=0
start=$(date +%s)
timeout 200 "$top/scripts/boot.sh" --timeout 150 --append rdinit=/missing \
	--log "$work/panic.log" "$arch" "$set_name" >"$work/panic.out" 2>&1 || rc=$?
took=$(($(date +%s) - start))
tap_check "a panicking kernel ends QEMU by itself (rc $rc, $took s)" test "$rc" -eq 0
rc=0
"$top/scripts/console.py" verdict --no-selftest "$work/panic.log" >"$work/panic.ktap" 2>&1 || rc=$?
tap_check "the parser fails a panicking kernel (rc $rc)" test "$rc" -eq 1
tap_check "the parser names the panic" \
	sh -c 'grep "^not ok" "$1" | grep -qi panic' - "$work/panic.ktap"
tap_check "the parser says init was not reached" \
	sh -c 'grep "^not ok" "$1" | grep -q "reached init"' - "$work/panic.ktap"

# A kernel whose init never ends.
rc=0
start=$(date +%s)
timeout 120 "$top/scripts/boot.sh" --timeout 20 --append lv.mode=hang \
	--log "$work/hang.log" "$arch" "$set_name" >"$work/hang.out" 2>&1 || rc=$?
took=$(($(date +%s) - start))
tap_check "a hanging kernel is stopped at its timeout (rc $rc, $took s)" \
	test "$rc" -ne 0 -a "$rc" -ne 124 -a "$took" -lt 60
tap_check "the boot says it timed out" has "$work/hang.out" "no end after 20 s"
rc=0
"$top/scripts/console.py" verdict --no-selftest "$work/hang.log" >"$work/hang.ktap" 2>&1 || rc=$?
tap_check "the parser fails a timed-out boot (rc $rc)" test "$rc" -eq 1
tap_check "the parser names the timeout" \
	sh -c 'grep "^not ok" "$1" | grep -q "timeout"' - "$work/hang.ktap"

# Bad options are refused before QEMU starts.
rc=0
"$top/scripts/boot.sh" --disk 0 "$arch" "$set_name" >"$work/disk.out" 2>&1 || rc=$?
tap_check "a disk of 0 MB is refused (rc $rc)" test "$rc" -ne 0
tap_check "... with a message naming --disk" has "$work/disk.out" "--disk wants a size"
for f in panic.out panic.ktap hang.out hang.ktap disk.out; do
	sed "s/^/# $f: /" "$work/$f"
done
tap_end
