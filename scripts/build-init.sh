#!/bin/sh
# Build the static init program of the test kernels for one architecture.
# Usage: build-init.sh ARCH   (prints the path of the init binary)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: build-init.sh ARCH"
arch=$(kernel_arch "$1")
out="$LV_BUILD/init-$arch"
mkdir -p "$out"
make -s -C "$LV_TOP/selftests/init" ARCH="$arch" OUT="$out" >&2 ||
	die "cannot build the $arch init (gcc-multilib missing for i386?)"
echo "$out/init"
