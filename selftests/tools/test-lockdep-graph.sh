#!/bin/sh
# lockdep-graph.sh on saved /proc files and a real report: the whole graph,
# one class's neighbourhood, chains as dashed edges, a report's cycle, a
# rendered picture, and clear failures on bad input.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
graph="$top/scripts/lockdep-graph.sh"
fx="$here/fixtures"

edges() { grep -c -- ' -> ' "$1" || true; }
nodes() { grep -c -- '\[label=' "$1" || true; }

tap_start
"$graph" "$fx/lockdep.txt" >"$work/all.dot"
tap_check "whole graph: 6 classes" test "$(nodes "$work/all.dot")" -eq 6
tap_check "whole graph: 5 dependencies" test "$(edges "$work/all.dot")" -eq 5
"$graph" --class rename_lock "$fx/lockdep.txt" >"$work/one.dot"
tap_check "neighbourhood of rename_lock: 3 classes, 3 edges" \
	test "$(nodes "$work/one.dot")" -eq 3 -a "$(edges "$work/one.dot")" -eq 3
tap_check "... without the workqueue classes" \
	sh -c '! grep -q wq_completion "$1"' - "$work/one.dot"
"$graph" --class rename_lock --chains "$fx/lockdep_chains.txt" "$fx/lockdep.txt" >"$work/chains.dot"
tap_check "chains add 2 dashed edges" \
	test "$(grep -c 'style=dashed' "$work/chains.dot")" -eq 2
"$graph" --report "$fx/report-cycle3.log" >"$work/cycle.dot"
tap_check "report: a cycle of 3 edges, the new one in red" \
	test "$(edges "$work/cycle.dot")" -eq 3 -a "$(grep -c 'color=red' "$work/cycle.dot")" -eq 1
tap_check "report: the red edge closes sc_cycle_c -> sc_cycle_a" \
	has "$work/cycle.dot" '"sc_cycle_c" -> "sc_cycle_a" [color=red'
rc=0
"$graph" --class no_such_lock "$fx/lockdep.txt" >/dev/null 2>"$work/err" || rc=$?
tap_check "an unknown class fails with a message (rc $rc)" \
	test "$rc" -ne 0 -a -s "$work/err"
rc=0
"$graph" --report "$fx/good.log" >/dev/null 2>&1 || rc=$?
tap_check "a log without a circular report fails (rc $rc)" test "$rc" -ne 0
"$graph" -o "$work/all.png" "$fx/lockdep.txt" >/dev/null
tap_check "-o renders a PNG" \
	sh -c 'head -c 4 "$1" | grep -q PNG' - "$work/all.png"
tap_end
