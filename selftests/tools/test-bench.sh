#!/bin/sh
# The benchmark cannot rot: one quick round of scripts/bench.sh on the
# suite's kernels (none, prove-tree, prove) must give a full table, the
# goals with measured figures, CSV and a PNG; and its parts must refuse
# bad input with a message and a non-zero exit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

arch=${LV_BENCH_ARCH:-x86_64}
out="${LV_BUILD:-$top/build}/bench-$arch"
tap_start 15

rc=0
"$top/scripts/bench.sh" --quick "$arch" >"$work/table" 2>"$work/err" || rc=$?
sed 's/^/# /' "$work/table" "$work/err"
tap_check "bench.sh --quick $arch succeeds (rc $rc)" test "$rc" -eq 0

# A row of the table: metric, then the four variants and three ratios.
row_complete() {
	grep -E "^$1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$" \
		"$work/table" >/dev/null
}
tap_check "the table has a full row for spin flat" row_complete "pair spin flat \\(ns\\)"
tap_check "the table has a full row for mutex nest4" row_complete "pair mutex nest4 \\(ns\\)"
tap_check "the table has a full row for the mixed nest" row_complete "pair mixed nest4 \\(ns\\)"
tap_check "the table has a full row for learning at 100 classes" row_complete "learn 100 \\(ns\\)"
pairs=$(grep -c -E '^pair [a-z_]+ (flat|nest4) \(ns\) +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ ' \
	"$work/table" || true)
tap_check "15 lock+unlock pair rows with four figures each ($pairs)" test "$pairs" -eq 15
goals=$(grep -c -E '^goal: .* [0-9]+\.[0-9]+ \(at most [0-9.]+: (met|MISSED)\)$' "$work/table" || true)
tap_check "four goals, each with a measured figure ($goals)" test "$goals" -eq 4
variants=$(tail -n +2 "$out/bench.csv" 2>/dev/null | cut -d, -f1 | sort -u | tr '\n' ' ')
tap_check "bench.csv has figures of all four variants ($variants)" \
	test "$variants" = "none ours ours-off tree "
# Each variant's figures are its own (ours-off is not ours): one round,
# so 15 pair figures each, never more.
counts=$(awk -F, '$3 ~ /^pair / { n[$1]++ } END { for (v in n) print n[v] }' \
	"$out/bench.csv" 2>/dev/null | sort -u | tr '\n' ' ')
tap_check "each variant has its own 15 pair figures ($counts)" test "$counts" = "15 "
tap_check "medians.csv has the ratio columns" has "$out/medians.csv" "ours/none,ours/tree,off/none"
png_magic=$(od -A n -t x1 -N 4 "$out/bench.png" 2>/dev/null | tr -d ' ')
tap_check "bench.png is a PNG ($png_magic)" test "$png_magic" = 89504e47

# Bad input.
rc=0
"$top/scripts/bench.sh" --rounds x >/dev/null 2>"$work/err" || rc=$?
tap_check "bench.sh --rounds x: refused (rc $rc)" test "$rc" -ne 0
mkdir "$work/empty"
rc=0
"$top/scripts/bench-report.sh" "$work/empty" none tree ours ours-off >/dev/null 2>"$work/err" || rc=$?
tap_check "bench-report.sh without figures: refused (rc $rc)" test "$rc" -ne 0
tap_check "... and says what is missing" has "$work/err" "no figures for none"
printf '[    1.000000] Linux version 6.12\n' >"$work/nobench.log"
rc=0
"$top/scripts/bench-figures.sh" "$work/nobench.log" >/dev/null 2>&1 || rc=$?
tap_check "bench-figures.sh on a boot without the benchmark: exit 1 ($rc)" test "$rc" -eq 1
tap_end
