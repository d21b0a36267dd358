#!/bin/sh
# scripts/compare-code.py, which the untouched test trusts to find any
# function whose machine code changed: on objects built here from small C
# files it must call identical code the same although its addresses moved
# (a function added before it, data placed elsewhere), find a function
# whose instructions changed, one that calls another function, and one
# only one side has, and refuse a file it cannot disassemble.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
cmp_code="$top/scripts/compare-code.py"

# build NAME: compile $work/NAME.c into $work/NAME.o.
build() {
	gcc -O2 -c -fno-asynchronous-unwind-tables -o "$work/$1.o" "$work/$1.c"
}

cat >"$work/a.c" <<'EOF'
int counter;
int helper(int x) { return x * 3; }
int same(int x) { return helper(x) + counter; }
int changed(int x) { return x + 1; }
int call(int x) { return helper(x); }
int gone(int x) { return x - 1; }
EOF
# The same functions shifted by a new one first and a new variable before
# the old one; changed() adds 2; call() calls another function; gone() is
# gone and new() is new.
cat >"$work/b.c" <<'EOF'
int padding[64];
int counter;
int first(int x) { return x * x * x + padding[x]; }
int helper(int x) { return x * 3; }
int other(int x) { return x * 5; }
int same(int x) { return helper(x) + counter; }
int changed(int x) { return x + 2; }
int call(int x) { return other(x); }
int new(int x) { return x - 2; }
EOF

tap_start
build a
build b
cp "$work/a.o" "$work/a2.o"
"$cmp_code" "$work/a.o" "$work/a2.o" >"$work/same.out" && rc=0 || rc=$?
tap_check "identical objects: exit 0, nothing differs" \
	sh -c '[ "$1" -eq 0 ] && grep -q "0 differ, 0 only in A, 0 only in B" "$2"' sh "$rc" "$work/same.out"
"$cmp_code" --show 50 "$work/a.o" "$work/b.o" >"$work/diff.out" && rc=0 || rc=$?
tap_explain() { cat "$work/diff.out"; }
tap_check "changed objects: exit 1" test "$rc" -eq 1
tap_check "a function whose instructions changed differs" has "$work/diff.out" "differs: changed:"
tap_check "a function calling another function differs" has "$work/diff.out" "differs: call:"
tap_check "identical code at another address does not differ" \
	sh -c '! grep -q "differs: same:\|differs: helper:" "$1"' sh "$work/diff.out"
tap_check "a function only in the first object is named" has "$work/diff.out" "only in A: gone"
tap_check "a function only in the second object is named" has "$work/diff.out" "only in B: new"
echo "not an object" >"$work/bad.o"
"$cmp_code" "$work/bad.o" "$work/a.o" >/dev/null 2>"$work/bad.err" && rc=0 || rc=$?
tap_explain() { cat "$work/bad.err"; }
tap_check "a file it cannot disassemble: exit 2 with a message" \
	sh -c '[ "$1" -eq 2 ] && grep -q "compare-code: " "$2"' sh "$rc" "$work/bad.err"
tap_end
