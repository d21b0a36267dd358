#!/bin/sh
# Run the series' own semantic patches (the scripts/coccinelle/locks/*.cocci
# its patches add) in report mode over directories of the patched tree,
# and summarize the findings per rule.
# Usage: scripts/cocci-tree.sh [DIR...]   (default: kernel fs mm block)
#        scripts/cocci-tree.sh --rules    (only name the rules, one a line)
# Writes build/cocci/<rule>.txt (the findings, sorted) and
# build/cocci/summary.txt; dies if spatch fails on a rule.
set -eu
. "$(dirname "$0")/lib.sh"

# The rules the series adds, by name.
rules=$(sed -n 's|^+++ b/scripts/coccinelle/locks/\(.*\)\.cocci$|\1|p' \
	$(sed "s|^|$LV_PATCHES/|" "$LV_SERIES") | sort -u)
[ -n "$rules" ] || die "the series adds no rule under scripts/coccinelle/locks/"
if [ "${1:-}" = --rules ]; then
	echo "$rules"
	exit 0
fi

[ -d "$LV_SRC" ] || die "no tree at $LV_SRC: run 'make series' first"
command -v spatch >/dev/null || die "spatch not found: run scripts/install-deps.sh"
dirs=${*:-kernel fs mm block}
out=$LV_BUILD/cocci
mkdir -p "$out"

for d in $dirs; do
	[ -d "$LV_SRC/$d" ] || die "no directory $d in $LV_SRC"
done

# One rule over one directory: its findings on stdout, paths relative to
# the tree. spatch's own options come from the rule's "Options:" line.
run_rule() {
	opts=$(sed -n 's|^// Options: ||p' "$LV_SRC/scripts/coccinelle/locks/$1.cocci")
	(cd "$LV_SRC" && spatch -D report --very-quiet --jobs "$LV_JOBS" \
		--chunksize 1 $opts \
		--sp-file "scripts/coccinelle/locks/$1.cocci" --dir "$2") \
		2>"$out/$1.err" || die "spatch failed on $1 over $2: see $out/$1.err"
	! grep -q -i -e 'error' -e 'failure' "$out/$1.err" ||
		die "spatch reported errors on $1 over $2: see $out/$1.err"
}

{
	printf '%-20s' rule
	for d in $dirs; do printf ' %6s' "$d/"; done
	printf ' %6s %8s\n' total seconds
} >"$out/summary.txt"

for r in $rules; do
	start=$(date +%s)
	: >"$out/$r.txt"
	line=$(printf '%-20s' "$r")
	for d in $dirs; do
		run_rule "$r" "$d" >"$out/$r.$d.raw"
		sort -t: -k1,1 -k2,2n "$out/$r.$d.raw" >"$out/$r.$d"
		line="$line$(printf ' %6d' "$(wc -l <"$out/$r.$d")")"
		cat "$out/$r.$d" >>"$out/$r.txt"
		rm -f "$out/$r.$d" "$out/$r.$d.raw"
	done
	printf '%s %6d %8d\n' "$line" "$(wc -l <"$out/$r.txt")" \
		"$(($(date +%s) - start))" >>"$out/summary.txt"
done

cat "$out/summary.txt"
for r in $rules; do
	sed "s|^|$r: |" "$out/$r.txt"
done
