#!/bin/sh
# The production kernel's figures from a benchmark run: the LKV engine built
# for proving on demand (config set production), switched off and on,
# against its baseline without a validator (production-none), against
# the LKV engine in the PROVE_LOCKING kernel (lkv), and beside the classic
# engine (classic, shown only: its kernel is not on the production base).
# Reads DIR/medians.tsv,
# written by bench-report.sh, and prints the table and the goals:
#   off - baseline   at most +4 per lock+unlock pair, +2 per irq
#                    save/restore pair
#   on / lkv         at most 1.00 per lock+unlock pair
#   off / baseline   at most 1.02 for the macro workload
# and the lock statistics' table: the production kernel (prod-off), the
# same with LOCK_STAT but off (prod-stat-off) and on, proving nothing
# (prod-stat-on), with the goal
#   stat-off - off   at most +2 per lock+unlock pair
# With the two kernels' vmlinux files, also what the validator adds to the
# image (text, data and bss, as size(1) counts them).
#
# Usage: bench-production.sh [--unit instr|ns] DIR [VMLINUX_NONE VMLINUX_PROD]
set -eu
. "$(dirname "$0")/lib.sh"

unit=$(bench_unit "$@") || exit 1
[ "${1:-}" != --unit ] || shift 2
[ $# -eq 1 ] || [ $# -eq 3 ] ||
	die "usage: bench-production.sh [--unit instr|ns] DIR [VMLINUX_NONE VMLINUX_PROD]"
medians="$1/medians.tsv"
[ -r "$medians" ] || die "no $medians: run bench-report.sh on $1 first"
for v in prod-none prod-off prod-on prod-stat-off prod-stat-on lkv classic; do
	grep -q "	$v	" "$medians" || die "no figures of $v in $medians"
done

awk -F'\t' -v pu="$unit" '
	{ med[$1 SUBSEP $2] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
	function get(m, v) { return ((m SUBSEP v) in med) ? med[m SUBSEP v] : "" }
	function show(x) { return x == "" ? "-" : x }
	function goal(text, x, limit, fmt) {
		if (x == "") {
			printf "goal: %-50s not measured\n", text
			return
		}
		printf "goal: %-50s " fmt " (at most " fmt ": %s)\n", text, x, limit,
			x <= limit ? "met" : "MISSED"
	}
	END {
		printf "%-28s %10s %10s %10s %10s %10s %9s %8s\n", "metric (median)",
			"prod-none", "prod-off", "prod-on", "lkv", "classic", "off-none",
			"on/lkv"
		for (i = 1; i <= n; i++) {
			m = order[i]
			if (m !~ /^(pair|flags|size|macro) /)
				continue
			a = get(m, "prod-none"); b = get(m, "prod-off")
			c = get(m, "prod-on"); d = get(m, "lkv"); t = get(m, "classic")
			delta = (a != "" && b != "") ? sprintf("%+.1f", b - a) : "-"
			r = (c != "" && d > 0) ? sprintf("%.2f", c / d) : "-"
			u = m ~ /^size / ? "B" : pu
			printf "%-28s %10s %10s %10s %10s %10s %9s %8s\n", m " (" u ")",
				show(a), show(b), show(c), show(d), show(t), delta, r
			if (m ~ /^pair / && a != "" && b != "") {
				if (worst_off == "" || b - a > worst_off) worst_off = b - a
			}
			if (m == "flags irq_save" && a != "" && b != "")
				irq_off = b - a
			if (m ~ /^pair / && c != "" && d > 0) {
				if (worst_on == "" || c / d > worst_on) worst_on = c / d
			}
			if (m == "macro workload" && a > 0 && b != "")
				macro_off = b / a
		}
		print ""
		goal("prod-off - prod-none, lock+unlock (worst case)", worst_off, 4, "%+.1f")
		goal("prod-off - prod-none, irq save/restore", irq_off, 2, "%+.1f")
		goal("prod-on / lkv, lock+unlock (worst case)", worst_on, 1, "%.2f")
		goal("prod-off / prod-none, macro workload", macro_off, 1.02, "%.3f")
		print ""
		print "# Lock statistics: compiled out, compiled in but off, on"
		printf "%-28s %10s %13s %12s %9s %8s\n", "metric (median)",
			"prod-off", "prod-stat-off", "prod-stat-on", "stat-off", "on/off"
		for (i = 1; i <= n; i++) {
			m = order[i]
			if (m !~ /^(pair|macro) /)
				continue
			a = get(m, "prod-off"); b = get(m, "prod-stat-off")
			c = get(m, "prod-stat-on")
			delta = (a != "" && b != "") ? sprintf("%+.1f", b - a) : "-"
			r = (c != "" && b > 0) ? sprintf("%.2f", c / b) : "-"
			printf "%-28s %10s %13s %12s %9s %8s\n", m " (" pu ")",
				show(a), show(b), show(c), delta, r
			if (m ~ /^pair / && a != "" && b != "") {
				if (worst_stat == "" || b - a > worst_stat) worst_stat = b - a
			}
		}
		print ""
		goal("prod-stat-off - prod-off, lock+unlock (worst case)", worst_stat, 2, "%+.1f")
	}' "$medians"

if [ $# -eq 3 ]; then
	for f in "$2" "$3"; do
		[ -r "$f" ] || die "cannot read $f"
	done
	none=$(size "$2" | awk 'NR == 2 { print $4 }')
	prod=$(size "$3" | awk 'NR == 2 { print $4 }')
	echo "image: text+data+bss $none bytes without a validator, $prod with" \
		"(+$((prod - none)), $(awk -v a="$prod" -v b="$none" 'BEGIN { printf "%.2f", a / b }')x)"
fi
