#!/bin/sh
# Turn the figures of the benchmark boots (DIR/<variant>-<round>.fig, from
# console.py figures) into one table of medians with ratios, the goals with
# the measured figures, DIR/bench.csv (every figure of every boot),
# DIR/medians.csv and DIR/bench.png (gnuplot: the lock+unlock pairs).
#
# The figures of the benchmark module are in UNIT: "instr" for boots under
# QEMU's -icount shift=0, "ns" for wall-clock boots.
#
# Usage: bench-report.sh [--unit instr|ns] DIR none classic lkv lkv-off
set -eu
. "$(dirname "$0")/lib.sh"

unit=$(bench_unit "$@") || exit 1
[ "${1:-}" != --unit ] || shift 2
[ $# -eq 5 ] || die "usage: bench-report.sh [--unit instr|ns] DIR none classic lkv lkv-off"
dir=$1
shift
variants="$*"
for v in $variants; do
	ls "$dir/$v"-[0-9]*.fig >/dev/null 2>&1 || die "no figures for $v in $dir"
done

# Every figure: variant,round,metric,value; of every variant in DIR, also
# those the table below does not show (bench-production.sh reads them).
echo "variant,round,metric,value" >"$dir/bench.csv"
for v in $(ls "$dir" | sed -n 's/-[0-9]*\.fig$//p' | sort -u); do
	for f in "$dir/$v"-[0-9]*.fig; do
		r=${f##*-}
		r=${r%.fig}
		awk -F'\t' -v v="$v" -v r="$r" '{ print v "," r "," $1 "," $2 }' "$f"
	done
done >>"$dir/bench.csv"

# Medians: "metric<TAB>variant<TAB>median", the values sorted first.
tail -n +2 "$dir/bench.csv" | awk -F, -v OFS='\t' '{ print $3, $1, $4 }' |
	sort -t "$(printf '\t')" -k1,1 -k2,2 -k3,3g |
	awk -F'\t' -v OFS='\t' '
		function flush() {
			if (n)
				print key_m, key_v, (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
			n = 0
		}
		$1 != key_m || $2 != key_v { flush(); key_m = $1; key_v = $2 }
		{ v[++n] = $3 }
		END { flush() }' >"$dir/medians.tsv"

# The table, the goals and medians.csv; metrics in the order lkv logs them.
order=$(cat "$dir/lkv"-1.fig "$dir"/*.fig | cut -f1 | awk '!seen[$0]++')
echo "$order" | awk -F'\t' -v OFS=',' -v csv="$dir/medians.csv" -v vs="$variants" -v pu="$unit" '
	FILENAME != "-" { med[$1 SUBSEP $2] = $3; next }
	{ order[++nm] = $0 }
	function get(m, v) { return ((m SUBSEP v) in med) ? med[m SUBSEP v] : "" }
	function ratio(a, b) { return (a != "" && b != "" && b > 0) ? sprintf("%.2f", a / b) : "-" }
	function show(x) { return x == "" ? "-" : x }
	function unit(m) {
		if (m ~ /^(pair|scale|flags) [a-z_0-9]+$/ && m !~ /^scale (classes|chains)$/) return pu
		if (m ~ /^learn [0-9a-z]+$/) return pu
		if (m ~ /^bug (clean|repeat)$/) return pu
		if (m ~ /^macro /) return pu
		if (m ~ /^boot /) return "s"
		if (m ~ /^memory /) return "kB"
		if (m ~ /^size /) return "B"
		return ""
	}
	# Geometric mean of a/b over the pair metrics.
	function pair_geomean(a, b,    i, m, s, k) {
		for (i = 1; i <= nm; i++) {
			m = order[i]
			if (m ~ /^pair / && get(m, a) != "" && get(m, b) > 0) {
				s += log(get(m, a) / get(m, b))
				k++
			}
		}
		return k ? exp(s / k) : -1
	}
	# The largest a/b over the pair metrics.
	function pair_worst(a, b,    i, m, w) {
		w = -1
		for (i = 1; i <= nm; i++) {
			m = order[i]
			if (m ~ /^pair / && get(m, a) != "" && get(m, b) > 0 &&
			    get(m, a) / get(m, b) > w)
				w = get(m, a) / get(m, b)
		}
		return w
	}
	# The largest "scale X" / "pair X" of variant a: a hit must not slow
	# down as the graph grows.
	function scale_worst(a,    i, m, p, w) {
		w = -1
		for (i = 1; i <= nm; i++) {
			m = order[i]
			if (m !~ /^scale / || m ~ /^scale (classes|chains)$/)
				continue
			p = m
			sub(/^scale /, "pair ", p)
			if (get(m, a) != "" && get(p, a) > 0 && get(m, a) / get(p, a) > w)
				w = get(m, a) / get(p, a)
		}
		return w
	}
	function goal(text, x, limit) {
		if (x < 0) {
			printf "goal: %-48s not measured\n", text
			return
		}
		printf "goal: %-48s %.2f (at most %.2f: %s)\n", text, x, limit,
			x <= limit ? "met" : "MISSED"
	}
	END {
		split(vs, v, " ")
		printf "%-28s %10s %10s %10s %10s %9s %9s %9s\n", "metric (median)",
			v[1], v[2], v[3], v[4], v[3] "/" v[1], v[3] "/" v[2], "off/" v[1]
		print "metric,unit," v[1] "," v[2] "," v[3] "," v[4] ",lkv/none,lkv/classic,off/none" >csv
		for (i = 1; i <= nm; i++) {
			m = order[i]
			a = get(m, v[1]); b = get(m, v[2]); c = get(m, v[3]); d = get(m, v[4])
			name = unit(m) != "" ? m " (" unit(m) ")" : m
			printf "%-28s %10s %10s %10s %10s %9s %9s %9s\n", name, show(a),
				show(b), show(c), show(d), ratio(c, a), ratio(c, b), ratio(d, a)
			print m, unit(m), a, b, c, d, ratio(c, a), ratio(c, b), ratio(d, a) >csv
		}
		print ""
		goal("lkv/classic, known-chain lock+unlock (geomean)", pair_geomean(v[3], v[2]), 0.5)
		goal("lkv/classic, known-chain lock+unlock (worst case)", pair_worst(v[3], v[2]), 0.6)
		goal("lkv, large graph / small graph (worst case)", scale_worst(v[3]), 1.1)
		x = pair_geomean(v[4], v[1])
		printf "figure: %-46s %.2f\n", "lkv-off/none, lock+unlock (geomean)", x
		x = pair_geomean(v[2], v[1])
		printf "figure: %-46s %.2f\n", "classic/none, lock+unlock (geomean)", x
		bc = get("bug clean", v[3]); br = get("bug repeat", v[3])
		goal("lkv, a known bug repeated / its clean order",
			(bc > 0 && br != "") ? br / bc : -1, 2)
		l1 = get("learn 100", v[3]); lm = get("learn max", v[3])
		goal("lkv, learning at " show(get("learn max classes", v[3])) " / at 100 classes",
			(l1 > 0 && lm != "") ? lm / l1 : -1, 3)
		ma = get("memory at boot", v[3]); mb = get("memory at boot", v[2])
		goal("lkv/classic, validator memory at boot", (ma != "" && mb > 0) ? ma / mb : -1, 0.25)
	}' "$dir/medians.tsv" -

# The plot: the lock+unlock pairs of each variant, on a log scale.
if command -v gnuplot >/dev/null 2>&1; then
	awk -F, 'NR > 1 && $1 ~ /^pair / {
		sub(/^pair /, "", $1); print "\"" $1 "\"", $3, $4, $5, $6 }' \
		"$dir/medians.csv" | sed 's/ ,/ /g; s/  */ /g' >"$dir/pairs.dat"
	gnuplot <<PLOT || die "gnuplot failed"
set terminal pngcairo size 1100,500 noenhanced
set output "$dir/bench.png"
set title "$unit per lock+unlock pair, known chains (median of the boots)"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set ylabel "$unit (log scale)"
set xtics rotate by -30
set key top left
plot "$dir/pairs.dat" using 2:xtic(1) title "none", '' using 3 title "classic", \
	'' using 4 title "lkv", '' using 5 title "lkv-off"
PLOT
	echo "plot: $dir/bench.png"
else
	note "gnuplot not found: no plot (scripts/install-deps.sh installs it)"
fi
echo "csv: $dir/bench.csv $dir/medians.csv"
