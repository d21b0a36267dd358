#!/bin/sh
# lock-stat-top.py on a saved /proc/lock_stat: the top classes in order,
# by contentions or by total wait, a class taken both ways as two rows,
# a rendered picture, and a clear refusal of a file that does not parse.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
top_py="$top/scripts/lock-stat-top.py"
fx="$here/fixtures/lock_stat.txt"

tap_start
python3 "$top_py" "$fx" >"$work/top"
sed 's/^/# /' "$work/top"
tap_check "4 contended rows under a header" test "$(wc -l <"$work/top")" -eq 5
tap_check "the most contended class first: sc_stat_mutex, 412" \
	sh -c 'sed -n 2p "$1" | grep -Eq "^sc_stat_mutex +412 "' - "$work/top"
tap_check "uncontended classes are left out" \
	sh -c '! grep -q -e sc_stat_quiet -e rcu_read_lock "$1"' - "$work/top"
tap_check "a rwsem's -R row carries its contention point" \
	has "$work/top" 'lock_mm_and_find_vma+0x2e/0x2a0'
python3 "$top_py" -n 2 --by waittime "$fx" >"$work/wait"
tap_check "-n 2 --by waittime: mutex (2400 us) then spinlock (1900 us)" \
	sh -c 'test "$(cut -c1-14 "$1" | sed 1d | tr -d " " | tr "\n" ,)" = "sc_stat_mutex,sc_stat_spin,"' - "$work/wait"
python3 "$top_py" -o "$work/top.png" "$fx" >/dev/null
tap_check "-o draws a PNG" sh -c 'head -c 4 "$1" | grep -q PNG' - "$work/top.png"
sed 's/  *[0-9]*\.[0-9][0-9]$/ 1.5/' "$fx" >"$work/bad"
rc=0
python3 "$top_py" "$work/bad" >/dev/null 2>"$work/err" || rc=$?
sed 's/^/# /' "$work/err"
tap_check "a malformed file is refused with the line at fault (rc $rc)" \
	sh -c 'test "$1" -eq 1 && grep -q "line [0-9]*:" "$2"' - "$rc" "$work/err"
tap_end
