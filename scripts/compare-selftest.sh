#!/bin/sh
# Differential test: the locking self-test tables printed by two kernels (two
# validator engines, or two arches) must match row by row. Prints KTAP.
# Usage: compare-selftest.sh CONSOLE_LOG_A CONSOLE_LOG_B
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: compare-selftest.sh CONSOLE_LOG_A CONSOLE_LOG_B"
a=$1
b=$2
name_a=$(basename "$(dirname "$a")")
name_b=$(basename "$(dirname "$b")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "KTAP version 1"
echo "1..3"
ok_a=ok
"$LV_TOP/scripts/console.py" selftest-table "$a" >"$work/a" 2>/dev/null || ok_a="not ok"
echo "$ok_a 1 $name_a: self-test table found ($(wc -l <"$work/a") rows)"
ok_b=ok
"$LV_TOP/scripts/console.py" selftest-table "$b" >"$work/b" 2>/dev/null || ok_b="not ok"
echo "$ok_b 2 $name_b: self-test table found ($(wc -l <"$work/b") rows)"
if [ "$ok_a" = ok ] && [ "$ok_b" = ok ] && diff -u "$work/a" "$work/b" >"$work/diff"; then
	echo "ok 3 $name_a and $name_b print the same self-test table"
	exit 0
fi
sed 's/^/# /' "$work/diff" 2>/dev/null || true
echo "not ok 3 $name_a and $name_b print the same self-test table"
exit 1
