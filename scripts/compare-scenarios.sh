#!/bin/sh
# Differential test: two kernels (two validator engines, or two arches)
# must give every scenario the same verdict and the same report headline.
# Reads build/<kernel>/scenarios.tsv written by check-scenarios.sh.
# Prints KTAP. Usage: compare-scenarios.sh KERNEL_A KERNEL_B
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: compare-scenarios.sh KERNEL_A KERNEL_B"
a="$LV_BUILD/$1/scenarios.tsv"
b="$LV_BUILD/$2/scenarios.tsv"
echo "KTAP version 1"
echo "1..3"
ok=ok
[ -s "$a" ] || ok="not ok"
echo "$ok 1 $1: scenario table found ($(grep -c . "$a" 2>/dev/null || echo 0) rows)"
ok=ok
[ -s "$b" ] || ok="not ok"
echo "$ok 2 $2: scenario table found ($(grep -c . "$b" 2>/dev/null || echo 0) rows)"
if [ -s "$a" ] && [ -s "$b" ] && diff -u "$a" "$b" >"$LV_BUILD/check/scenarios-$1-$2.diff" 2>&1; then
	echo "ok 3 $1 and $2 give every scenario the same verdict and headline"
	exit 0
fi
sed 's/^/# /' "$LV_BUILD/check/scenarios-$1-$2.diff" 2>/dev/null || true
echo "not ok 3 $1 and $2 give every scenario the same verdict and headline"
exit 1
