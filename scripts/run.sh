#!/bin/sh
# The main job: dependencies, tree, series, build, boot, then the self-test
# verdict, the validator's state and the path of the full console log.
# Usage: run.sh [ARCH [SET]]
# The default is x86_64 and the kernel of configs/suite's first boot line on
# ARCH, booted with that line's boot words and judged against its self-test
# count, exactly as 'make check' boots it; a SET the suite does not boot is
# booted without boot words.
set -eu
. "$(dirname "$0")/lib.sh"

arch=$(kernel_arch "${1:-x86_64}")
kernel=${2:+$arch-$2}
[ -n "$kernel" ] || kernel=$(suite_first_boot "$LV_CONFIGS/suite" "$arch")
[ -n "$kernel" ] || die "configs/suite has no boot line for $arch (give a SET)"
set_name=${kernel#*-}
[ -f "$LV_CONFIGS/sets/$set_name" ] || die "no config set '$set_name' in configs/sets"
line=$(suite_boot_line "$LV_CONFIGS/suite" "$kernel")
odir=$(kernel_dir "$arch" "$set_name")
s="$LV_TOP/scripts"

stage() {
	name=$1
	shift
	t=$(now)
	"$@" || die "stage '$name' failed"
	stage_done "$name" "$t"
}

stage deps "$s/install-deps.sh"
stage tree "$s/prepare-tree.sh"
stage series "$s/apply-series.sh"
stage build "$s/build-kernel.sh" "$arch" "$set_name"
stage initramfs "$s/make-initramfs.sh" "$arch" "$set_name"
verdict=0
t=$(now)
boot_suite_line "$line" "$odir/console.log" || verdict=$?
stage_done boot "$t"
grep -q '^ok [0-9]* .*: kernel reached init' "$odir/console.log.ktap" ||
	sed 's/^/boot: /' "$odir/console.log.boot"
echo
sed -n 's/^.* locking self-test: /self-test: /p' "$odir/console.log.ktap"
"$s/console.py" stats "$odir/console.log" || true
grep -E '^(not )?ok ' "$odir/console.log.ktap" | grep -v '^ok ' || true
tail -n 1 "$odir/console.log.ktap" | sed 's/^# //'
echo "console: $odir/console.log"
[ "$verdict" -eq 0 ] || die "the verdict has failures (see $odir/console.log.ktap)"
