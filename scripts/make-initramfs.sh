#!/bin/sh
# Pack the initramfs of one kernel: the static init and the nodes it needs,
# the kernel's modules, and busybox with the workload for sets that run it.
# Usage: make-initramfs.sh ARCH SET   (writes build/<arch>-<set>/initramfs.cpio)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: make-initramfs.sh ARCH SET"
arch=$(kernel_arch "$1")
odir=$(kernel_dir "$arch" "$2")
[ -d "$odir" ] || die "no kernel built in $odir"

# The tree's own packer, built once for the host.
packer="$LV_BUILD/tools/gen_init_cpio"
if [ ! -x "$packer" ] || [ "$LV_SRC/usr/gen_init_cpio.c" -nt "$packer" ]; then
	mkdir -p "$(dirname "$packer")"
	gcc -O2 -o "$packer" "$LV_SRC/usr/gen_init_cpio.c" ||
		die "cannot build gen_init_cpio"
fi

init=$("$LV_TOP/scripts/build-init.sh" "$arch")
list="$odir/initramfs.list"
cat >"$list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
nod /dev/null 0666 0 0 c 1 3
dir /proc 0755 0 0
dir /sys 0755 0 0
dir /tmp 1777 0 0
file /init $init 0755 0 0
LIST
# The kernel's modules (locktorture, test modules) go to /lib/modules.
modules=$(find "$odir" -name '*.ko' -not -path '*/scripts/*' | sort)
if [ -n "$modules" ]; then
	printf 'dir /lib 0755 0 0\ndir /lib/modules 0755 0 0\n' >>"$list"
	for m in $modules; do
		echo "file /lib/modules/$(basename "$m") $m 0644 0 0" >>"$list"
	done
fi
# A set with the workload fragment gets Debian's static busybox as /bin/sh
# and the workload script init runs with lv.workload=SECONDS.
set_file="$LV_CONFIGS/sets/$2"
if [ -f "$set_file" ] && sed -e 's/#.*//' -e 's/[[:space:]]//g' "$set_file" | grep -qx workload; then
	busybox=$("$LV_TOP/scripts/get-busybox.sh" "$arch") ||
		die "no busybox for $arch, which the workload of set $2 needs"
	cat >>"$list" <<LIST
dir /bin 0755 0 0
file /bin/busybox $busybox 0755 0 0
slink /bin/sh busybox 0777 0 0
file /workload.sh $LV_TOP/selftests/workload/workload.sh 0755 0 0
LIST
fi
"$packer" "$list" >"$odir/initramfs.cpio.new" ||
	die "gen_init_cpio failed on $list"
mv "$odir/initramfs.cpio.new" "$odir/initramfs.cpio"
echo "initramfs: $odir/initramfs.cpio"
