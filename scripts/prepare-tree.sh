#!/bin/sh
# Unpack Debian's linux-source-6.12 tarball into build/src once, and reuse it
# for as long as the package version is the same. Prints the version found.
set -eu
. "$(dirname "$0")/lib.sh"

[ -f "$LV_TARBALL" ] ||
	die "$LV_TARBALL not found: install linux-source-6.12 (scripts/install-deps.sh)"

pkgver=$(dpkg-query -W -f '${Version}' linux-source-6.12 2>/dev/null || echo unknown)
# The stamp names the tarball's identity, so a new package unpacks anew.
want="$pkgver $(stat -c '%s %Y' "$LV_TARBALL")"
stamp="$LV_SRC/.lv-unpacked"

if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
	note "unpacking $LV_TARBALL (package $pkgver)"
	rm -rf "$LV_SRC"
	mkdir -p "$(dirname "$LV_SRC")"
	tar -C "$(dirname "$LV_SRC")" -xJf "$LV_TARBALL" ||
		die "cannot unpack $LV_TARBALL"
	[ -f "$LV_SRC/Makefile" ] ||
		die "$LV_TARBALL did not unpack into $LV_SRC"
	echo "$want" >"$stamp"
fi

version=$(make -s -C "$LV_SRC" kernelversion 2>/dev/null) ||
	die "cannot read the kernel version of $LV_SRC"
echo "tree: Linux $version (package linux-source-6.12 $pkgver) in $LV_SRC"
