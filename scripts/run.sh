#!/bin/sh
# The main job: dependencies, tree, series, build, boot, then the self-test
# verdict, the validator's state and the path of the full console log.
# Usage: run.sh [ARCH [SET]]   (default: x86_64 and the suite's first set)
set -eu
. "$(dirname "$0")/lib.sh"

arch=${1:-x86_64}
set_name=${2:-$(awk -v a="$arch" '$1 == a { print $2; exit }' "$LV_CONFIGS/suite")}
[ -n "$set_name" ] || die "no config set for $arch in configs/suite"
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
boot_and_judge "$odir/console.log" "$arch-$set_name" "" "$arch" "$set_name" || verdict=$?
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
