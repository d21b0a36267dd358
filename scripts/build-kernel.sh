#!/bin/sh
# Build one kernel out of tree, incrementally, into build/<arch>-<set>.
# The build log is kept beside it; its tail is shown when the build fails.
#
# Usage: build-kernel.sh ARCH SET
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: build-kernel.sh ARCH SET"
arch=$(kernel_arch "$1")
odir=$(kernel_dir "$arch" "$2")

"$LV_TOP/scripts/configure.sh" "$arch" "$2"

cc=gcc
command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
# Paths below build/ are hashed relative to it, so that another checkout
# of the project (a second tree, a CI clone) hits the same cache.
export CCACHE_BASEDIR="$LV_BUILD" CCACHE_NOHASHDIR=true
log="$odir/build.log"
if ! make -C "$LV_SRC" O="$odir" ARCH="$arch" CC="$cc" HOSTCC="$cc" \
	-j"$LV_JOBS" >"$log" 2>&1; then
	grep -E 'error|Error|warning:' "$log" | head -40 >&2 || true
	tail -n 20 "$log" >&2
	die "build of $arch-$2 failed (full log: $log)"
fi
[ -f "$odir/arch/x86/boot/bzImage" ] || die "no bzImage in $odir"
echo "kernel: $odir/arch/x86/boot/bzImage"
