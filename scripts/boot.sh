#!/bin/sh
# Boot one built kernel with its initramfs under QEMU and keep the serial
# console in a log beside the build. Never hangs: QEMU is killed after the
# timeout, and the log then ends with a TIMEOUT marker for the parser.
#
# With --times, each console line is also written to LOG.times behind the
# host's seconds since QEMU started, for boot-time measurements that do not
# trust the guest's early clock.
#
# With --icount, QEMU runs under TCG with -icount shift=0,sleep=off: the
# guest clock advances one nanosecond per guest instruction, so whatever
# the guest times in nanoseconds is a count of instructions, the same on
# every run and blind to the host's load.
#
# With --smp N the guest gets N virtual CPUs instead of 2; the command line
# says how many (lv.cpus=N), so that init can check they all came up.
#
# With --disk MB the guest gets a fresh ext4 file system of MB megabytes
# (build/<arch>-<set>/disk.img, made by mkfs.ext4 before each boot) on a
# virtio-blk disk, /dev/vda.
#
# With --plugin SPEC, QEMU loads a TCG plugin (-plugin SPEC: the shared
# object and its arguments, as profile.sh does with insn-profile.c).
#
# Usage: boot.sh [--timeout S] [--append "WORDS"] [--log FILE] [--times]
#                [--icount] [--smp N] [--disk MB] [--plugin SPEC] ARCH SET
# Environment: LV_ACCEL=auto|tcg|kvm (auto: KVM only if a trial boot works)
set -eu
. "$(dirname "$0")/lib.sh"

timeout_s=${LV_BOOT_TIMEOUT:-120}
append=
log=
times=
icount=
smp=2
disk_mb=
plugin=
while [ $# -gt 2 ]; do
	case "$1" in
	--timeout) timeout_s=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--times) times=yes; shift ;;
	--icount) icount="-icount shift=0,sleep=off"; shift ;;
	--smp) smp=$2; shift 2 ;;
	--disk) disk_mb=$2; shift 2 ;;
	--plugin) plugin="-plugin $2"; shift 2 ;;
	*) die "unknown option $1" ;;
	esac
done
[ $# -eq 2 ] || die "usage: boot.sh [--timeout S] [--append WORDS] [--log FILE] [--times] [--icount] [--smp N] [--disk MB] [--plugin SPEC] ARCH SET"
case $smp in '' | *[!0-9]* | 0) die "--smp wants a positive number, not '$smp'" ;; esac
case $disk_mb in *[!0-9]* | 0) die "--disk wants a size in megabytes, not '$disk_mb'" ;; esac
arch=$(kernel_arch "$1")
odir=$(kernel_dir "$arch" "$2")
kernel="$odir/arch/x86/boot/bzImage"
initrd="$odir/initramfs.cpio"
log=${log:-$odir/console.log}
[ -f "$kernel" ] || die "no kernel at $kernel: build it first"
[ -f "$initrd" ] || die "no initramfs at $initrd: make it first"

case "$arch" in
x86_64) qemu=qemu-system-x86_64 ;;
i386) qemu=qemu-system-i386 ;;
esac
command -v "$qemu" >/dev/null 2>&1 || die "$qemu not found (scripts/install-deps.sh)"

# The disk, made anew for every boot so that no run sees another's files.
drive=
if [ -n "$disk_mb" ]; then
	image="$odir/disk.img"
	command -v mkfs.ext4 >/dev/null 2>&1 ||
		die "mkfs.ext4 not found (scripts/install-deps.sh installs e2fsprogs)"
	rm -f "$image"
	truncate -s "${disk_mb}M" "$image"
	mkfs.ext4 -q -F "$image" >"$image.log" 2>&1 ||
		die "mkfs.ext4 failed on $image: $(cat "$image.log")"
	drive="-drive file=$image,format=raw,if=virtio"
fi

# QEMU itself: qemu_cmd ACCEL TIMEOUT SERIAL. TCG runs its vCPUs on one
# host thread: with one thread per vCPU (MTTCG), live code patching
# (text_poke_bp() of static keys, JUMP_LABEL) has ended in an unhandled
# int3 or a triple fault when another vCPU ran the patched code.
qemu_cmd() {
	accel_opt=$1
	[ "$1" != tcg ] || accel_opt=tcg,thread=single
	# shellcheck disable=SC2086
	timeout -k 5 "$2" "$qemu" -accel "$accel_opt" $icount $plugin -smp "$smp" -m 512 $drive \
		-display none -monitor none -nodefaults -no-reboot \
		-serial "$3" -kernel "$kernel" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 rdinit=/init lv.cpus=$smp $append" </dev/null
}

# The console through stdout, each line stamped on arrival; QEMU's exit
# status is passed on through a file, since a pipe keeps only the last.
qemu_stamped() {
	rcfile="$3.rc"
	{
		rc=0
		qemu_cmd "$1" "$2" stdio 2>"$3.qemu" || rc=$?
		echo "$rc" >"$rcfile"
	} | "$LV_TOP/scripts/stamp-lines.sh" "$3" "$3.times"
	rc=$(cat "$rcfile")
	rm -f "$rcfile"
	return "$rc"
}

# One QEMU run: run_qemu ACCEL TIMEOUT LOG. Appends the end marker to LOG.
run_qemu() {
	rc=0
	if [ -n "$times" ]; then
		qemu_stamped "$1" "$2" "$3" || rc=$?
	else
		qemu_cmd "$1" "$2" "file:$3" >"$3.qemu" 2>&1 || rc=$?
	fi
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		echo "### lv-boot: TIMEOUT after $2 s" >>"$3"
	else
		echo "### lv-boot: qemu exited rc=$rc" >>"$3"
	fi
	return "$rc"
}

# KVM is used only when a trial boot with it reaches the end of init; the
# answer is kept per machine (build/kvm-probe).
choose_accel() {
	case "${LV_ACCEL:-auto}" in
	tcg | kvm) echo "$LV_ACCEL"; return ;;
	esac
	probe="$LV_BUILD/kvm-probe"
	if [ ! -f "$probe" ]; then
		verdict=tcg
		if [ -w /dev/kvm ] && run_qemu kvm 20 "$probe.log" &&
			grep -q '# lv-init: done' "$probe.log"; then
			verdict=kvm
		fi
		echo "$verdict" >"$probe"
	fi
	cat "$probe"
}

accel=$(choose_accel)
[ -z "$icount" ] || accel=tcg
start=$(now)
rc=0
run_qemu "$accel" "$timeout_s" "$log" || rc=$?
if tail -n 1 "$log" | grep -q TIMEOUT; then
	die "$arch-$2: no end after $timeout_s s ($accel); QEMU killed, console kept in $log"
fi
[ "$rc" -eq 0 ] || die "$qemu failed (rc $rc): $(head -c 400 "$log.qemu"); console in $log"
echo "boot: $arch-$2 ended after $(($(now) - start)) s ($accel), console in $log"
