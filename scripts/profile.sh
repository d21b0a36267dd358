#!/bin/sh
# Where do two kernels' instructions differ? Boots each benchmark variant
# (bench-variants.sh) twice under -icount with the insn-profile.c plugin,
# once with A and once with B rounds of the busybox workload, and prints
# per kernel function the instructions of the B - A rounds and their
# difference (profile-diff.py). For the macro figure's gap: which functions
# the validator makes dearer, which it changes by changing the compiler's
# inlining, and how often each is called.
#
# Usage: profile.sh [--rounds A,B] [--top N] ARCH BASE_VARIANT NEW_VARIANT
#   for instance: profile.sh x86_64 prod-none prod-off
# Output: build/profile-<arch>/ (block counts and consoles) and the table.
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/bench-variants.sh"

usage="usage: profile.sh [--rounds A,B] [--top N] ARCH BASE_VARIANT NEW_VARIANT"
rounds=10,40
top=40
while [ $# -gt 3 ]; do
	case "$1" in
	--rounds) rounds=$2; shift 2 ;;
	--top) top=$2; shift 2 ;;
	*) die "$usage" ;;
	esac
done
[ $# -eq 3 ] || die "$usage"
a=${rounds%,*}
b=${rounds#*,}
case "$a,$b" in
*[!0-9,]* | ,* | *,) die "--rounds wants two numbers A,B with A < B, not '$rounds'" ;;
esac
[ "$a" -lt "$b" ] || die "--rounds wants A < B, not '$rounds'"
arch=$(kernel_arch "$1")
# Both variants are known before anything is built or booted.
set_of "$2" >/dev/null
set_of "$3" >/dev/null
s="$LV_TOP/scripts"
out="$LV_BUILD/profile-$arch"
mkdir -p "$out" "$LV_BUILD/tools"

command -v gcc >/dev/null 2>&1 || die "gcc not found (scripts/install-deps.sh)"
plugin="$LV_BUILD/tools/insn-profile.so"
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$s/insn-profile.c" ||
	die "the QEMU plugin insn-profile.c did not build"

# One boot of VARIANT with ROUNDS rounds: its counts go to out/VARIANT-ROUNDS.tb.
profile_boot() {
	v=$1
	r=$2
	log="$out/$v-$r.log"
	rm -f "$out/$v-$r.tb"
	boot_and_judge "$log" "profile $v $r" "$(checks_of "$v")" \
		--icount --smp 1 --timeout "${LV_BOOT_TIMEOUT:-900}" \
		--plugin "$plugin,out=$out/$v-$r.tb" \
		--append "lv.bench=1 lv.workload_rounds=$r $(words_of "$v")" \
		"$arch" "$(set_of "$v")" ||
		die "$v with $r rounds failed its checks: $(grep '^not ok' "$log.ktap" | head -3); see $log"
	grep -q "^# lv-bench: workload $r rounds" "$log" ||
		die "$v with $r rounds ran no workload; see $log"
	[ -s "$out/$v-$r.tb" ] || die "$v with $r rounds left no counts; see $log.qemu"
}

for v in "$2" "$3"; do
	set_name=$(set_of "$v")
	"$s/build-kernel.sh" "$arch" "$set_name" >/dev/null
	"$s/make-initramfs.sh" "$arch" "$set_name" >/dev/null
	profile_boot "$v" "$a"
	profile_boot "$v" "$b"
done
map() {
	echo "$(kernel_dir "$arch" "$(set_of "$1")")/System.map"
}
echo "# profile: $arch, $((b - a)) rounds of the workload, base $2, new $3"
"$s/profile-diff.py" --top "$top" \
	"$(map "$2")" "$out/$2-$a.tb" "$out/$2-$b.tb" \
	"$(map "$3")" "$out/$3-$a.tb" "$out/$3-$b.tb"
