#!/bin/sh
# Measure what the lock validator costs. Three kernels from one patched
# tree, whose configs differ only in the validator (configs/sets: none,
# prove-classic, prove), make four variants:
#   none      no validator
#   classic   the classic engine (kernel/locking/lockdep.c)
#   lkv       the LKV engine (kernel/locking/lkv/), proving everything
#   lkv-off   the LKV engine built in, switched off at boot (lockdep.prove=none)
# and, from two more kernels on a production-like base (config sets
# production-none and production, PROVE_LOCKING_ON_DEMAND):
#   prod-none  the production base without a validator
#   prod-off   the LKV engine built for proving on demand, as it boots (off)
#   prod-on    the same kernel proving everything (lockdep.prove=all)
# and what lock statistics cost (production-stat: the same kernel with
# CONFIG_LOCK_STAT):
#   prod-stat-off  the production kernel with LOCK_STAT, off
#   prod-stat-on   the same collecting statistics, proving nothing
#                  (lockdep.lock_stat=1)
# Each variant boots with the benchmark module (lv.bench=1), first on one
# vCPU under QEMU's -icount shift=0 (boot.sh --icount): the guest clock
# then advances one nanosecond per guest instruction, so every figure is
# an instruction count, blind to the host's load. That is the table that
# counts. A boot's figures are not quite the same on every run (the
# macro figure moves by some tenths of a percent: timer interrupts and
# background work land differently), so the table takes the median of
# ICOUNT_ROUNDS such boots per variant. Then the same boots on the wall
# clock, ROUNDS times, interleaved (none classic lkv lkv-off none classic ...),
# as a second view.
# Every boot also runs a fixed amount of the busybox workload
# (lv.workload_rounds, 10 rounds) and init logs the guest time it took: the
# macro figure, total instructions under -icount.
# Every boot must pass the console checks, and an "off" boot must show the
# switch off, or nothing is reported. bench-report.sh prints medians,
# ratios and goals, and writes CSV and a plot, under
# build/bench-<arch>/icount/ and build/bench-<arch>/wall/.
#
# bench-production.sh then prints the production kernel's table and goals.
#
# Usage: bench.sh [--rounds N] [--icount-rounds N] [--quick] [--no-production] [ARCH]
#   --rounds N         wall-clock rounds (3)
#   --icount-rounds N  instruction-count rounds (3)
#   --quick            short runs, one round of each, to check that it all works
#   --no-production    only the first four variants (two kernels fewer)
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/bench-variants.sh"

rounds=3
icount_rounds=3
extra="lv.workload_rounds=10"
production=yes
usage="usage: bench.sh [--rounds N] [--icount-rounds N] [--quick] [--no-production] [ARCH]"
while [ $# -gt 0 ]; do
	case "$1" in
	--rounds)
		[ $# -ge 2 ] || die "--rounds needs a number"
		rounds=$2; shift 2 ;;
	--icount-rounds)
		[ $# -ge 2 ] || die "--icount-rounds needs a number"
		icount_rounds=$2; shift 2 ;;
	--quick)
		rounds=1
		icount_rounds=1
		extra="lv.workload_rounds=1 lv.bench_iterations=2000 lv.bench_runs=3 lv.bench_learn=30"
		extra="$extra lv.bench_scale_classes=500 lv.bench_scale_chains=5000"
		shift ;;
	--no-production) production=; shift ;;
	-*) die "$usage" ;;
	*) break ;;
	esac
done
case $rounds in '' | *[!0-9]* | 0) die "--rounds wants a positive number, not '$rounds'" ;; esac
case $icount_rounds in
'' | *[!0-9]* | 0) die "--icount-rounds wants a positive number, not '$icount_rounds'" ;;
esac
[ $# -le 1 ] || die "$usage"
arch=$(kernel_arch "${1:-x86_64}")
s="$LV_TOP/scripts"
out="$LV_BUILD/bench-$arch"
variants="none classic lkv lkv-off"
sets="none prove-classic prove"
if [ -n "$production" ]; then
	variants="$variants prod-none prod-off prod-on prod-stat-off prod-stat-on"
	sets="$sets production-none production production-stat"
fi

for set_name in $sets; do
	t=$(now)
	"$s/build-kernel.sh" "$arch" "$set_name" >/dev/null
	"$s/make-initramfs.sh" "$arch" "$set_name" >/dev/null
	echo "# stage: bench build $arch-$set_name: $(($(now) - t)) s"
done

# The options two kernels' configs differ in, so that the table can be
# read knowing exactly what was compared.
config_diff() {
	for k in "$1" "$2"; do
		grep '^CONFIG_' "$(kernel_dir "$arch" "$k")/.config" | sort >"$out/config-$k"
	done
	comm -3 "$out/config-$1" "$out/config-$2" | sed 's/^\t//; s/=.*//' | sort -u
}

mkdir -p "$out"
pairs="none:prove prove-classic:prove"
[ -z "$production" ] || pairs="$pairs production-none:production production:production-stat"
for pair in $pairs; do
	opts=$(config_diff "${pair%%:*}" "${pair#*:}")
	echo "# config: $arch-${pair%%:*} and $arch-${pair#*:} differ in $(echo "$opts" | grep -c .) options:" \
		$opts
done

# One boot of one variant: bench_boot DIR VARIANT ROUND [boot.sh options].
# Its figures go to DIR/<variant>-<round>.fig.
bench_boot() {
	dir=$1
	v=$2
	r=$3
	shift 3
	log="$dir/$v-$r.log"
	boot_and_judge "$log" "bench $v $r" "$(checks_of "$v")" "$@" \
		--timeout "${LV_BOOT_TIMEOUT:-600}" \
		--append "lv.bench=1 $(words_of "$v") $extra" "$arch" "$(set_of "$v")" ||
		die "bench boot $v round $r failed its checks: $(grep '^not ok' "$log.ktap" | head -3); see $log"
	case $v in lkv-off | prod-off | prod-stat-off | prod-stat-on)
		grep -q '^# lv-bench: proving none' "$log" ||
			die "bench boot $v round $r did not run switched off; see $log" ;;
	esac
	"$s/console.py" figures "$log" >"$dir/$v-$r.fig" ||
		die "bench boot $v round $r logged no figures; see $log"
}

# ROUNDS interleaved rounds of every variant: bench_rounds DIR ROUNDS [boot.sh options].
bench_rounds() {
	dir=$1
	n=$2
	shift 2
	rm -rf "$dir"
	mkdir -p "$dir"
	r=1
	while [ "$r" -le "$n" ]; do
		t=$(now)
		for v in $variants; do
			bench_boot "$dir" "$v" "$r" "$@"
		done
		echo "# stage: bench $(basename "$dir") round $r of $n: $(($(now) - t)) s"
		r=$((r + 1))
	done
}

# One vCPU under -icount: guest time then counts this CPU's instructions
# only, not whatever another vCPU happens to run meanwhile.
bench_rounds "$out/icount" "$icount_rounds" --icount --smp 1
bench_rounds "$out/wall" "$rounds" --times

# The production kernel's table, after each of the first four's.
production_report() {
	[ -n "$production" ] || return 0
	echo
	echo "# Production kernel (PROVE_LOCKING_ON_DEMAND) against its baseline"
	"$s/bench-production.sh" --unit "$1" "$2" \
		"$(kernel_dir "$arch" production-none)/vmlinux" \
		"$(kernel_dir "$arch" production)/vmlinux"
}

echo "# Instructions (QEMU -icount shift=0: 1 ns of guest time = 1 instruction; $icount_rounds rounds)"
"$s/bench-report.sh" --unit instr "$out/icount" none classic lkv lkv-off
production_report instr "$out/icount"
echo
echo "# Wall clock (TCG, $rounds rounds; host-dependent, a second view)"
"$s/bench-report.sh" --unit ns "$out/wall" none classic lkv lkv-off
production_report ns "$out/wall"
