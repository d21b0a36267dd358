#!/bin/sh
# Measure what the lock validator costs. Three kernels from one patched
# tree, whose configs differ only in the validator (configs/sets: none,
# prove-tree, prove), make four variants:
#   none      no validator
#   tree      the tree's engine (kernel/locking/lockdep.c)
#   ours      our engine (kernel/lockdep.c), proving everything
#   ours-off  our engine built in, switched off at boot (lockdep.prove=none)
# Each variant boots with the benchmark module (lv.bench=1) ROUNDS times,
# interleaved (none tree ours ours-off none tree ...), so that a slow
# patch of the host hits them all alike. Every boot must pass the console
# checks, and an "off" boot must show the switch off, or nothing is
# reported. Then bench-report.sh prints the medians and ratios and writes
# CSV and a plot, all under build/bench-<arch>/.
#
# Usage: bench.sh [--rounds N] [--quick] [ARCH]   (default: 5 rounds, x86_64)
#   --quick  one round of short runs, to check that it all still works
set -eu
. "$(dirname "$0")/lib.sh"

rounds=5
extra=
while [ $# -gt 0 ]; do
	case "$1" in
	--rounds)
		[ $# -ge 2 ] || die "--rounds needs a number"
		rounds=$2; shift 2 ;;
	--quick)
		rounds=1
		extra="lv.bench_iterations=2000 lv.bench_runs=3 lv.bench_learn=30"
		shift ;;
	-*) die "usage: bench.sh [--rounds N] [--quick] [ARCH]" ;;
	*) break ;;
	esac
done
case $rounds in '' | *[!0-9]* | 0) die "--rounds wants a positive number, not '$rounds'" ;; esac
[ $# -le 1 ] || die "usage: bench.sh [--rounds N] [--quick] [ARCH]"
arch=$(kernel_arch "${1:-x86_64}")
s="$LV_TOP/scripts"
out="$LV_BUILD/bench-$arch"
variants="none tree ours ours-off"

set_of() {
	case $1 in
	none) echo none ;;
	tree) echo prove-tree ;;
	ours | ours-off) echo prove ;;
	esac
}

words_of() {
	case $1 in
	none) echo "lv.validator=none" ;;
	ours-off) echo "lockdep.prove=none" ;;
	*) echo "" ;;
	esac
}

mkdir -p "$out"
rm -f "$out"/*.log "$out"/*.times "$out"/*.fig "$out"/*.ktap
for set_name in none prove-tree prove; do
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

for pair in none:prove prove-tree:prove; do
	opts=$(config_diff "${pair%%:*}" "${pair#*:}")
	echo "# config: $arch-${pair%%:*} and $arch-${pair#*:} differ in $(echo "$opts" | grep -c .) options:" \
		$opts
done

# One boot of one variant; its figures go to <variant>-<round>.fig.
bench_boot() {
	v=$1
	log="$out/$v-$2.log"
	set_name=$(set_of "$v")
	check=
	[ "$v" != none ] || check=--no-selftest
	"$s/boot.sh" --times --timeout "${LV_BOOT_TIMEOUT:-300}" \
		--append "lv.bench=1 $(words_of "$v") $extra" --log "$log" \
		"$arch" "$set_name" >/dev/null
	# shellcheck disable=SC2086
	"$s/parse-console.sh" --label "bench $v $2" $check "$log" >"$log.ktap" 2>&1 ||
		die "bench boot $v round $2 failed its checks: $(grep '^not ok' "$log.ktap" | head -3); see $log"
	if [ "$v" = ours-off ]; then
		grep -q '^# lv-bench: proving none' "$log" ||
			die "bench boot $v round $2 did not run switched off; see $log"
	fi
	"$s/bench-figures.sh" "$log" >"$out/$v-$2.fig" ||
		die "bench boot $v round $2 logged no figures; see $log"
}

r=1
while [ "$r" -le "$rounds" ]; do
	t=$(now)
	for v in $variants; do
		bench_boot "$v" "$r"
	done
	echo "# stage: bench round $r of $rounds: $(($(now) - t)) s"
	r=$((r + 1))
done
"$s/bench-report.sh" "$out" $variants
