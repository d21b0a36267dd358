#!/bin/sh
# Every patch of the series must build and boot on its own: build one
# kernel with the series applied up to PATCH only, in a tree of its own
# (build/points/PATCH/: the tarball unpacked again, the series prefix
# applied, the kernel built there with the same ccache), boot it and judge
# its console (the init's own tests are left out: they test the whole
# series). Prints KTAP, the verdict's results.
#
# Usage: check-point.sh ARCH SET PATCH
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || die "usage: check-point.sh ARCH SET PATCH"
arch=$(kernel_arch "$1")
set_name=$2
patch=$3
grep -qxF -- "$patch" "$LV_SERIES" || die "no patch $patch in $LV_SERIES"
s="$LV_TOP/scripts"

# The point's own build folder; the tools (busybox, gen_init_cpio) shared.
dir="$LV_BUILD/points/$patch"
mkdir -p "$dir" "$LV_BUILD/tools"
[ -e "$dir/tools" ] || ln -s "$LV_BUILD/tools" "$dir/tools"
awk -v p="$patch" '{ print } $0 == p { exit }' "$LV_SERIES" >"$dir/series"
LV_BUILD=$dir
LV_SRC=$dir/src/linux-source-6.12
LV_SERIES=$dir/series
export LV_BUILD LV_SRC LV_SERIES

log="$dir/$arch-$set_name/console.log"
label="$arch-$set_name at $patch"
mkdir -p "$(dirname "$log")"
if ! { "$s/prepare-tree.sh" && "$s/apply-series.sh" &&
	"$s/build-kernel.sh" "$arch" "$set_name" &&
	"$s/make-initramfs.sh" "$arch" "$set_name"; } >"$dir/build.log" 2>&1; then
	echo "KTAP version 1"
	echo "1..1"
	tail -n 20 "$dir/build.log" | sed 's/^/# /'
	echo "not ok 1 $label: builds (see $dir/build.log)"
	echo "# $label: 0 passed, 1 failed"
	exit 1
fi
rc=0
boot_and_judge "$log" "$label" --boot-only "$arch" "$set_name" || rc=$?
cat "$log.ktap"
exit "$rc"
