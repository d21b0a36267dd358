#!/bin/sh
# Our engine's files compile without a single W=1 warning, in the
# configuration of each suite kernel that uses our engine (both arches;
# the i386 one with LOCK_STAT, whose file only it compiles, and the
# production kernel, built without the basic lock checks).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

kernels=${LV_W1_KERNELS:-x86_64-prove i386-prove-stat x86_64-production}
tap_start "$(echo $kernels | wc -w)"
for k in $kernels; do
	rc=0
	"$top/scripts/check-warnings.sh" "${k%%-*}" "${k#*-}" >"$work/out" 2>&1 || rc=$?
	sed 's/^/# /' "$work/out"
	tap_check "$k: our engine compiles with W=1 and no warning" test "$rc" -eq 0
done
tap_end
