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
kernels=$(sed 's/#.*//' "$suite" |
	awk 'NF >= 2 && $1 !~ /^(compare|scenarios|compare-scenarios|families|warnings|skip-tool)$/ { print $1 "-" $2 }')
compares=$(sed 's/#.*//' "$suite" | awk '$1 == "compare" && NF == 3 { print $2 ":" $3 }')
scenarios=$(sed 's/#.*//' "$suite" |
	awk '$1 == "scenarios" && NF >= 2 { $1 = ""; sub(/^ /, ""); gsub(/ /, ","); print }')
scompares=$(sed 's/#.*//' "$suite" |
	awk '$1 == "compare-scenarios" && NF == 3 { print $2 ":" $3 }')
families=$(sed 's/#.*//' "$suite" | awk '$1 == "families" && NF == 3 { print $2 ":" $3 }')
warnings=$(sed 's/#.*//' "$suite" | awk '$1 == "warnings" && NF == 2 { print $2 }')
[ -n "$kernels" ] || die "$suite names no kernel"
# Tool tests the suite leaves to the full matrix: "skip-tool test-NAME".
skipped=$(sed 's/#.*//' "$suite" | awk '$1 == "skip-tool" && NF == 2 { print $2 }')
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

# Build, boot and parse one kernel; KTAP into $results/<kernel>.ktap.
# Its suite line: <arch> <set> [<self-test count>|subset|none|-] [<kernel words>...].
check_kernel() {
	arch=${1%%-*}
	set_name=${1#*-}
	out="$results/$1.ktap"
	line=$(sed 's/#.*//' "$suite" |
		awk -v a="$arch" -v s="$set_name" '$1 == a && $2 == s { $1 = $1; print }')
	count=$(echo "$line" | awk 'NF > 2 && $3 != "-" { print $3 }')
	words=$(echo "$line" | cut -s -d' ' -f4-)
	# Words "--OPTION=VALUE" are boot.sh's options, the others the kernel's.
	opts=$(for w in $words; do
		case $w in --?*=*) printf '%s %s ' "${w%%=*}" "${w#*=}" ;; esac
	done)
	words=$(for w in $words; do
		case $w in --?*=*) ;; *) printf '%s ' "$w" ;; esac
	done)
	t=$(now)
	if ! "$s/build-kernel.sh" "$arch" "$set_name" >"$results/$1.build" 2>&1; then
		tail -n 30 "$results/$1.build" | sed 's/^/# /' >"$out"
		echo "not ok 1 $1: kernel builds" >>"$out"
		return
	fi
	echo "# stage: build $1: $(($(now) - t)) s"
	case $count in
	subset) how=--selftest-subset ;;
	none) how=--no-selftest ;;
	'') how= ;;
	*) how="--selftest-count=$count" ;;
	esac
	log="$(kernel_dir "$arch" "$set_name")/console.log"
	t=$(now)
	if "$s/make-initramfs.sh" "$arch" "$set_name" >/dev/null 2>"$results/$1.initramfs"; then
		# shellcheck disable=SC2086
		boot_and_judge "$log" "$1" "$how" $opts --append "$words" "$arch" "$set_name" || true
		cp "$log.ktap" "$out"
	else
		sed 's/^/# /' "$results/$1.initramfs" >"$out"
		echo "not ok 1 $1: initramfs made" >>"$out"
	fi
	echo "# stage: boot $1: $(($(now) - t)) s"
}

echo "KTAP version 1"
echo "1..$(($(echo "$kernels" | wc -l) + $(echo "$compares" | grep -c . || true) + \
	$(echo "$scenarios" | grep -c . || true) + $(echo "$scompares" | grep -c . || true) + \
	$(echo "$families" | grep -c . || true) + $(echo "$warnings" | grep -c . || true) + \
	$(echo "$tools" | grep -c . || true)))"
stage deps "$s/install-deps.sh"
stage tree "$s/prepare-tree.sh"
stage series "$s/apply-series.sh"

for k in $kernels; do
	check_kernel "$k"
	subtest "$k" "$results/$k.ktap"
done

# Differential, one subtest per pair of kernels "A:B": compare_pairs
# KIND FILE PAIRS... runs compare.sh KIND on the FILE of both kernels.
compare_pairs() {
	kind=$1
	file=$2
	shift 2
	for c in "$@"; do
		a=${c%%:*}
		b=${c#*:}
		"$s/compare.sh" "$kind" "$LV_BUILD/$a/$file" "$LV_BUILD/$b/$file" \
			>"$results/compare-$kind-$a-$b.ktap" 2>&1 || true
		subtest "compare $kind $a $b" "$results/compare-$kind-$a-$b.ktap"
	done
}

# The same self-test table, row by row.
# shellcheck disable=SC2086
compare_pairs selftest console.log $compares

# Every bug the scenario module commits, one boot each (see the script).
for line in $scenarios; do
	k=${line%%,*}
	only=
	[ "$k" = "$line" ] || only=$(echo "${line#*,}" | tr ',' ' ')
	t=$(now)
	# shellcheck disable=SC2086
	"$s/check-scenarios.sh" "${k%%-*}" "${k#*-}" $only >"$results/scenarios-$k.ktap" 2>&1 || true
	echo "# stage: scenarios $k: $(($(now) - t)) s"
	subtest "scenarios $k" "$results/scenarios-$k.ktap"
done
# A kernel proving one lock family: its ABBA reported, the others' not.
for f in $families; do
	k=${f%%:*}
	t=$(now)
	"$s/check-families.sh" "${k%%-*}" "${k#*-}" "${f#*:}" >"$results/families-$k.ktap" 2>&1 || true
	echo "# stage: families $k: $(($(now) - t)) s"
	subtest "families $k" "$results/families-$k.ktap"
done
# The same verdict and headline for every scenario.
# shellcheck disable=SC2086
compare_pairs scenarios scenarios.tsv $scompares
# Our files without a W=1 warning, the build without an objtool warning.
for k in $warnings; do
	rc=0
	"$s/check-warnings.sh" "${k%%-*}" "${k#*-}" >"$results/warnings-$k.log" 2>&1 || rc=$?
	{
		echo "KTAP version 1"
		echo "1..1"
		sed 's/^/# /' "$results/warnings-$k.log"
		[ "$rc" -eq 0 ] || printf 'not '
		echo "ok 1 $k: no W=1 warning in our files, no objtool warning"
		echo "# $k: $((rc == 0)) passed, $((rc != 0)) failed"
	} >"$results/warnings-$k.ktap"
	subtest "warnings $k" "$results/warnings-$k.ktap"
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

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
