#!/bin/sh
# A second build with nothing changed must compile and link nothing, and the
# config step must leave .config untouched (its time stamp drives kbuild).
# Uses the kernel named by LV_TEST_KERNEL (<arch>-<set>, built by the suite).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
test_kernel
odir="${LV_BUILD:-$top/build}/$kernel"

tap_start
before=$(stat -c %Y "$odir/.config" 2>/dev/null || echo none)
rc=0
start=$(date +%s)
"$top/scripts/build-kernel.sh" "$arch" "$set_name" >"$work/out" 2>&1 || rc=$?
took=$(($(date +%s) - start))
tap_check "the rebuild succeeds (rc $rc)" test "$rc" -eq 0
tap_check "the config step found nothing to do" has "$work/out" "unchanged"
tap_check ".config was not rewritten" \
	test "$before" = "$(stat -c %Y "$odir/.config" 2>/dev/null || echo gone)"
compiled=$(grep -c -E '^  (CC|LD|AS|AR|OBJCOPY) ' "$odir/build.log" || true)
tap_check "nothing was compiled or linked ($compiled steps, $took s)" \
	test "$compiled" -eq 0
tap_end
