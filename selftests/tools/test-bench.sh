#!/bin/sh
# The benchmark cannot rot: one quick round of scripts/bench.sh on the
# suite's kernels (none, prove-classic, prove) must give full tables of
# instruction counts and of wall-clock times, the goals with measured
# figures, CSV and a PNG; and its parts must refuse bad input with a
# message and a non-zero exit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

arch=${LV_BENCH_ARCH:-x86_64}
out="${LV_BUILD:-$top/build}/bench-$arch"
tap_start

rc=0
"$top/scripts/bench.sh" --quick --no-production "$arch" >"$work/table" 2>"$work/err" || rc=$?
sed 's/^/# /' "$work/table" "$work/err"
tap_check "bench.sh --quick $arch succeeds (rc $rc)" test "$rc" -eq 0
# The first table is the instruction counts, the second the wall clock.
sed -n '/^# Instructions/,/^# Wall clock/p' "$work/table" >"$work/icount"
sed -n '/^# Wall clock/,$p' "$work/table" >"$work/wall"

# A row of a table: metric, then the four variants and three ratios.
row_complete() {
	grep -E "^$2 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$" \
		"$work/$1" >/dev/null
}
tap_check "instructions: a full row for spin" row_complete icount "pair spin \\(instr\\)"
tap_check "instructions: a full row for the mutex+mutex+spin nest" \
	row_complete icount "pair mutex_mutex_spin \\(instr\\)"
tap_check "instructions: a full row for spin at scale" row_complete icount "scale spin \\(instr\\)"
tap_check "instructions: a full row for learning at 100 classes" \
	row_complete icount "learn 100 \\(instr\\)"
# The classic engine stops at its first report: it has no known-bug figures.
tap_check "instructions: the known bug repeated, measured but on the classic engine" \
	grep -E "^bug repeat \\(instr\\) +[0-9.]+ +- +[0-9.]+ +[0-9.]+ +[0-9.]+ +- +[0-9.]+$" "$work/icount"
tap_check "wall clock: a full row for spin_irqsave" row_complete wall "pair spin_irqsave \\(ns\\)"
tap_check "instructions: a full row for the macro workload" \
	row_complete icount "macro workload \\(instr\\)"
pairs=$(grep -c -E '^pair [a-z_0-9]+ \(instr\) +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ ' \
	"$work/icount" || true)
tap_check "9 lock+unlock pair rows with four figures each ($pairs)" test "$pairs" -eq 9
goals=$(grep -c -E '^goal: .* [0-9]+\.[0-9]+ \(at most [0-9.]+: (met|MISSED)\)$' "$work/icount" || true)
tap_check "six goals, each with a measured figure ($goals)" test "$goals" -eq 6
# Instruction counts measure something: the classic engine costs more
# than no validator at all on a spinlock pair.
spin_none=$(awk '/^pair spin \(instr\)/ { print $4 }' "$work/icount")
spin_tree=$(awk '/^pair spin \(instr\)/ { print $5 }' "$work/icount")
tap_check "a validated spinlock pair costs more instructions than none ($spin_tree > $spin_none)" \
	awk -v a="${spin_tree:-0}" -v b="${spin_none:-0}" 'BEGIN { exit !(b > 0 && a > b) }'
variants=$(tail -n +2 "$out/icount/bench.csv" 2>/dev/null | cut -d, -f1 | sort -u | tr '\n' ' ')
tap_check "icount/bench.csv has figures of all four variants ($variants)" \
	test "$variants" = "classic lkv lkv-off none "
# Each variant's figures are its own (lkv-off is not lkv): one round,
# so 9 pair figures each, never more.
counts=$(awk -F, '$3 ~ /^pair / { n[$1]++ } END { for (v in n) print n[v] }' \
	"$out/icount/bench.csv" 2>/dev/null | sort -u | tr '\n' ' ')
tap_check "each variant has its own 9 pair figures ($counts)" test "$counts" = "9 "
tap_check "medians.csv has the ratio columns" has "$out/icount/medians.csv" "lkv/none,lkv/classic,off/none"
png_magic=$(od -A n -t x1 -N 4 "$out/icount/bench.png" 2>/dev/null | tr -d ' ')
tap_check "bench.png is a PNG ($png_magic)" test "$png_magic" = 89504e47

# Bad input.
rc=0
"$top/scripts/bench.sh" --rounds x >/dev/null 2>"$work/err" || rc=$?
tap_check "bench.sh --rounds x: refused (rc $rc)" test "$rc" -ne 0
rc=0
"$top/scripts/bench.sh" --icount-rounds 0 >/dev/null 2>"$work/err" || rc=$?
tap_check "bench.sh --icount-rounds 0: refused (rc $rc)" test "$rc" -ne 0
mkdir "$work/empty"
rc=0
"$top/scripts/bench-report.sh" --unit instr "$work/empty" none classic lkv lkv-off >/dev/null 2>"$work/err" || rc=$?
tap_check "bench-report.sh without figures: refused (rc $rc)" test "$rc" -ne 0
tap_check "... and says what is missing" has "$work/err" "no figures for none"
# The production table from known medians: the worst pair is +3 over
# the baseline (met), the worst on/lkv 1.20 (missed), lock statistics
# off cost +3 over compiled out (missed).
mkdir "$work/prod"
printf '%s\t%s\t%s\n' \
	"pair spin" prod-none 20 "pair spin" prod-off 23 "pair spin" prod-on 300 \
	"pair spin" lkv 250 "pair spin" classic 261 "pair mutex" prod-none 18 \
	"pair mutex" prod-off 19 "pair mutex" prod-on 400 "pair mutex" lkv 400 \
	"pair mutex" classic 420 \
	"flags irq_save" prod-none 10 "flags irq_save" prod-off 11 \
	"flags irq_save" prod-on 90 "flags irq_save" lkv 180 \
	"pair spin" prod-stat-off 26 "pair spin" prod-stat-on 40 \
	"pair mutex" prod-stat-off 19 "pair mutex" prod-stat-on 60 >"$work/prod/medians.tsv"
rc=0
"$top/scripts/bench-production.sh" --unit instr "$work/prod" >"$work/prod.out" 2>&1 || rc=$?
sed 's/^/# /' "$work/prod.out"
tap_check "bench-production.sh: the worst pair over the baseline, +3.0, met" \
	has "$work/prod.out" "+3.0 (at most +4.0: met)"
tap_check "... the irq save/restore pair, +1.0, met" has "$work/prod.out" "+1.0 (at most +2.0: met)"
tap_check "... the worst on/lkv, 1.20, missed" has "$work/prod.out" "1.20 (at most 1.00: MISSED)"
tap_check "... statistics off against compiled out, +3.0, missed" \
	has "$work/prod.out" "+3.0 (at most +2.0: MISSED)"
tap_check "... the classic engine shown beside lkv (261)" \
	sh -c 'grep "^pair spin (instr)" "$1" | grep -q " 250 *261 "' - "$work/prod.out"
grep -v prod-on "$work/prod/medians.tsv" >"$work/empty/medians.tsv"
rc=0
"$top/scripts/bench-production.sh" "$work/empty" >/dev/null 2>"$work/err" || rc=$?
tap_check "bench-production.sh without prod-on figures: refused (rc $rc)" \
	sh -c '[ "$1" -ne 0 ] && grep -q "no figures of prod-on" "$2"' - "$rc" "$work/err"
printf '[    1.000000] Linux version 6.12\n' >"$work/nobench.log"
rc=0
"$top/scripts/console.py" figures "$work/nobench.log" >/dev/null 2>&1 || rc=$?
tap_check "console.py figures on a boot without the benchmark: exit 1 ($rc)" test "$rc" -eq 1
tap_end
