#!/bin/sh
# Fetch Debian's static busybox for one architecture, for the initramfs's
# workload: the busybox-static package, downloaded with apt (the i386 one
# needs dpkg's i386 architecture, added once) and unpacked with dpkg -x.
# Nothing is done when the binary is already there.
#
# Usage: get-busybox.sh ARCH   (prints the path of $LV_BUILD/tools/busybox-ARCH)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: get-busybox.sh ARCH"
arch=$(kernel_arch "$1")
out="$LV_BUILD/tools/busybox-$arch"
if [ -x "$out" ]; then
	echo "$out"
	exit 0
fi

case "$arch" in
x86_64) debarch=amd64 ;;
i386) debarch=i386 ;;
esac
pkg=busybox-static
[ "$debarch" = "$(dpkg --print-architecture)" ] || pkg="busybox-static:$debarch"

# A foreign architecture's packages are only listed once dpkg knows it
# (and apt has updated its lists, which the download's retry does).
if [ "$debarch" != "$(dpkg --print-architecture)" ] &&
	! dpkg --print-foreign-architectures | grep -qx "$debarch"; then
	[ "$(id -u)" -eq 0 ] ||
		die "dpkg does not know architecture $debarch (run as root to add it)"
	note "adding dpkg architecture $debarch"
	dpkg --add-architecture "$debarch" || die "dpkg --add-architecture $debarch failed"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# apt-get download writes into the current directory; the sandbox user _apt
# must be able to write there too, hence the mode.
chmod 0755 "$work"
if ! (cd "$work" && apt-get download -qq "$pkg" >download.log 2>&1); then
	# The package lists may be stale or missing the architecture: once
	# more after an update.  A mirror in mid-sync may fail one index (the
	# security archive's, say) and serve the rest: the download decides.
	if [ "$(id -u)" -eq 0 ]; then
		apt-get update -qq >/dev/null 2>&1 ||
			note "apt-get update reported errors; trying the download anyway"
	fi
	(cd "$work" && apt-get download -qq "$pkg" >download.log 2>&1) ||
		die "apt-get download $pkg failed: $(tail -n 3 "$work/download.log")"
fi
for deb in "$work"/busybox-static_*.deb; do
	break
done
[ -f "$deb" ] || die "apt-get download $pkg left no .deb in $work"
dpkg -x "$deb" "$work/root" || die "dpkg -x $deb failed"
[ -f "$work/root/bin/busybox" ] || die "$deb holds no bin/busybox"

# The binary must be the architecture asked for and static: the initramfs
# has no libraries.
info=$(file -b "$work/root/bin/busybox" 2>/dev/null || true)
case "$arch:$info" in
x86_64:*x86-64* | i386:*80386*) ;;
*:"") ;;
*) die "$deb holds a busybox for the wrong architecture: $info" ;;
esac
case "$info" in
*dynamically*) die "$deb holds a dynamic busybox: $info" ;;
esac

mkdir -p "$(dirname "$out")"
cp "$work/root/bin/busybox" "$out.new"
chmod 0755 "$out.new"
mv "$out.new" "$out"
note "busybox for $arch from $(basename "$deb")"
echo "$out"
