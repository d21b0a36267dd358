#!/bin/sh
# Differential test: two kernels (two validator engines, or two arches)
# must print the same locking self-test table, row by row (selftest: their
# console logs), or give every scenario the same verdict and report
# headline (scenarios: the scenarios.tsv that check-scenarios.sh writes
# beside each kernel). Prints KTAP.
# Usage: compare.sh selftest|scenarios FILE_A FILE_B
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || die "usage: compare.sh selftest|scenarios FILE_A FILE_B"
kind=$1
case $kind in
selftest) what="self-test table" ;;
scenarios) what="scenario verdicts" ;;
*) die "compare.sh: unknown kind '$kind' (selftest, scenarios)" ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# rows FILE: the rows to compare, status 1 when there are none.
rows() {
	if [ "$kind" = selftest ]; then
		"$LV_TOP/scripts/console.py" selftest-table "$1" 2>/dev/null
	else
		cat "$1" 2>/dev/null && [ -s "$1" ]
	fi
}

echo "KTAP version 1"
echo "1..3"
n=0
fails=0
same=yes
for f in "$2" "$3"; do
	n=$((n + 1))
	name=$(basename "$(dirname "$f")")
	ok=ok
	rows "$f" >"$work/$n" || { ok="not ok"; same=; fails=$((fails + 1)); }
	echo "$ok $n $name: $what found ($(grep -c . "$work/$n") rows)"
	names="${names:+$names and }$name"
done
if [ -n "$same" ] && diff -u "$work/1" "$work/2" >"$work/diff"; then
	echo "ok 3 $names: the same $what"
	echo "# 3 passed, 0 failed"
	exit 0
fi
sed 's/^/# /' "$work/diff" 2>/dev/null || true
echo "not ok 3 $names: the same $what"
echo "# $((2 - fails)) passed, $((fails + 1)) failed"
exit 1
