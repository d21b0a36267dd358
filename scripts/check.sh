#!/bin/sh
# The test suite: build, boot and judge every kernel the suite names, then
# test the pipeline's own tools on bad input. Prints KTAP, one subtest per
# kernel and per tool test, and ends with the line "N passed, N failed".
#
# Usage: check.sh [--no-tools] [SUITE_FILE]   (default: configs/suite)
set -eu
. "$(dirname "$0")/lib.sh"

with_tools=yes
if [ "${1:-}" = --no-tools ]; then
	with_tools=
	shift
fi
suite=${1:-$LV_CONFIGS/suite}
[ -f "$suite" ] || die "no suite file $suite"
s="$LV_TOP/scripts"
# The suite's lines in its columns TEST KERNEL ARGUMENT [BOOT WORDS...]
# (see the head of configs/suite); a line that does not fit stops the run.
lines=$(suite_lines "$suite")
bad=$(echo "$lines" | awk 'NF > 0 && (NF < 3 || $1 !~ /^(boot|point|compare-selftest|scenarios|compare-scenarios|families|warnings|switch-stress|untouched|skip-tool)$/)')
[ -z "$bad" ] || die "$suite: not a test line: $(echo "$bad" | head -n 1)"

# of TEST: "KERNEL:ARGUMENT" of each line of that test.
of() {
	echo "$lines" | awk -v t="$1" '$1 == t { print $2 ":" $3 }'
}
kernels=$(of boot | cut -d: -f1)
# A kernel boots once: the tests of its other lines look its boot line up.
twice=$(echo "$kernels" | sort | uniq -d | head -n 1)
[ -z "$twice" ] || die "$suite: two boot lines for $twice: merge their boot words"
skipped=$(of skip-tool | cut -d: -f1)
[ -n "$kernels$(of point)" ] || die "$suite names no kernel"
tools=
[ -z "$with_tools" ] || tools=$(ls "$LV_TOP"/selftests/tools/test-*.sh "$LV_TOP"/selftests/tools/test-*.py 2>/dev/null |
	while read -r t; do
		n=$(basename "$t")
		echo "$skipped" | grep -qx "${n%.*}" || echo "$t"
	done)
results="$LV_BUILD/check"
mkdir -p "$results"

stage() {
	name=$1
	shift
	t=$(now)
	"$@" >"$results/$name.log" 2>&1 || {
		cat "$results/$name.log" >&2
		die "stage '$name' failed"
	}
	echo "# stage: $name: $(($(now) - t)) s"
}

n=0
total_pass=0
total_fail=0

# Report one subtest from its KTAP file: indent it, count its results.
subtest() {
	name=$1
	file=$2
	n=$((n + 1))
	sed -e 's/^\([0-9][0-9]* passed, [0-9][0-9]* failed.*\)/# \1/' \
		-e 's/^/    /' "$file"
	p=$(grep -c -E '^ok ' "$file" || true)
	f=$(grep -c -E '^not ok ' "$file" || true)
	if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "    not ok 1 $name printed no result"
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	if [ "$f" -eq 0 ]; then
		echo "ok $n $name"
	else
		echo "not ok $n $name"
	fi
}

# Build, boot and judge one kernel of a "boot" line; KTAP into
# $results/<kernel>.ktap.
check_kernel() {
	arch=${1%%-*}
	set_name=${1#*-}
	out="$results/$1.ktap"
	line=$(suite_boot_line "$suite" "$1")
	t=$(now)
	# The build's progress line goes to the KTAP stream as a comment.
	if ! LV_PROGRESS_FD=3 "$s/build-kernel.sh" "$arch" "$set_name" 3>&1 \
		>"$results/$1.build" 2>&1; then
		tail -n 30 "$results/$1.build" | sed 's/^/# /' >"$out"
		echo "not ok 1 $1: kernel builds" >>"$out"
		return
	fi
	echo "# stage: build $1: $(($(now) - t)) s"
	log="$(kernel_dir "$arch" "$set_name")/console.log"
	t=$(now)
	if "$s/make-initramfs.sh" "$arch" "$set_name" >/dev/null 2>"$results/$1.initramfs"; then
		boot_suite_line "$line" "$log" || true
		cp "$log.ktap" "$out"
	else
		sed 's/^/# /' "$results/$1.initramfs" >"$out"
		echo "not ok 1 $1: initramfs made" >>"$out"
	fi
	echo "# stage: boot $1: $(($(now) - t)) s"
}

echo "KTAP version 1"
stage deps "$s/install-deps.sh"
stage tree "$s/prepare-tree.sh"
stage series "$s/apply-series.sh"

for k in $kernels; do
	check_kernel "$k"
	subtest "$k" "$results/$k.ktap"
done

# How each test of a suite line runs: run_TEST KERNEL ARGUMENT.
run_point() {
	"$s/check-point.sh" "${1%%-*}" "${1#*-}" "$2"
}
run_compare_selftest() {
	"$s/compare.sh" selftest "$LV_BUILD/$1/console.log" "$LV_BUILD/$2/console.log"
}
run_scenarios() {
	# shellcheck disable=SC2046
	"$s/check-scenarios.sh" "${1%%-*}" "${1#*-}" $([ "$2" = all ] || echo "$2" | tr ',' ' ')
}
run_families() {
	"$s/check-families.sh" "${1%%-*}" "${1#*-}" "$2"
}
run_compare_scenarios() {
	"$s/compare.sh" scenarios "$LV_BUILD/$1/scenarios.tsv" "$LV_BUILD/$2/scenarios.tsv"
}
run_warnings() {
	"$s/check-warnings.sh" "${1%%-*}" "${1#*-}"
}

run_switch_stress() {
	LV_SUITE=$suite "$s/check-switch-stress.sh" "$1" "$2" "$3"
}
run_untouched() {
	"$s/check-untouched.sh" "${1%%-*}" "${1#*-}"
}

# One subtest per suite line of TEST: per_line TEST, in the suite's order.
# A line's boot words, if any, are the third argument of run_TEST and part
# of the subtest's name.
per_line() {
	while read -r test k arg words; do
		[ "$test" = "$1" ] || continue
		name="$1 $k$([ "$arg" = - ] || echo " $arg")${words:+ $words}"
		out="$results/$(echo "$name" | tr ' ,' '--').ktap"
		t=$(now)
		"run_$(echo "$1" | tr '-' '_')" "$k" "$arg" "$words" >"$out" 2>&1 </dev/null || true
		echo "# stage: $name: $(($(now) - t)) s"
		subtest "$name" "$out"
	done <<LINES
$lines
LINES
}

# The scenario comparison reads what the scenario boots wrote.
for test in point compare-selftest scenarios families compare-scenarios warnings switch-stress untouched; do
	per_line "$test"
done

# The tool tests may boot the suite's first kernel (a panic, a hang).
LV_TEST_KERNEL=$(echo "$kernels" | head -n 1)
export LV_TEST_KERNEL
for t in $tools; do
	name=$(basename "$t")
	name=${name%.*}
	start=$(now)
	"$t" >"$results/$name.ktap" 2>"$results/$name.err" || true
	echo "# stage: $name: $(($(now) - start)) s"
	subtest "$name" "$results/$name.ktap"
done

echo "1..$n"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
