#!/bin/sh
# Our semantic patches (scripts/coccinelle/locks/ in the patched tree) on
# their fixtures, selftests/coccinelle/<rule>/: spatch in report mode must
# flag exactly the lines of pos.c marked "cocci: expect", and nothing in
# neg.c. A rule that misses, or says too much, fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

src=${LV_SRC:-${LV_BUILD:-$top/build}/src/linux-source-6.12}
rules=$(ls -d "$top"/selftests/coccinelle/*/ 2>/dev/null | xargs -n1 basename)
tap_start $(($(echo "$rules" | grep -c .) * 2))

# The line numbers spatch reports for FILE, sorted.
reported() {
	spatch -D report --very-quiet --sp-file "$1" "$2" 2>"$work/err" |
		sed -n 's/^[^:]*:\([0-9]*\):.*/\1/p' | sort -n | tr '\n' ' '
}

for r in $rules; do
	cocci="$src/scripts/coccinelle/locks/$r.cocci"
	fix="$top/selftests/coccinelle/$r"
	want=$(grep -n 'cocci: expect' "$fix/pos.c" | cut -d: -f1 | sort -n | tr '\n' ' ')
	got=
	[ -f "$cocci" ] && got=$(reported "$cocci" "$fix/pos.c")
	tap_check "$r: reports exactly the marked lines of pos.c (want: $want got: $got)" \
		test -n "$want" -a "$got" = "$want"
	got=
	[ -f "$cocci" ] && got=$(reported "$cocci" "$fix/neg.c")
	tap_check "$r: silent on neg.c (got: $got)" test -f "$cocci" -a -z "$got"
done
tap_end
