#!/bin/sh
# Our semantic patches (scripts/coccinelle/locks/ in the patched tree) on
# their fixtures, selftests/coccinelle/<rule>/. Each mode a rule declares
# is held to the lines of pos.c marked "cocci: expect":
#   report   flags exactly the marked lines, and nothing in neg.c;
#   context  marks every marked line with "-", and nothing in neg.c;
#   org      gives one TODO per marked line;
#   patch    changes pos.c so that report mode finds nothing left, and
#            leaves neg.c alone.
# A rule that misses, says too much, or lacks a mode it declares fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

src=${LV_SRC:-${LV_BUILD:-$top/build}/src/linux-source-6.12}
rules=$(ls -d "$top"/selftests/coccinelle/*/ 2>/dev/null | xargs -n1 basename)

# The modes RULE declares ("virtual report" ...), one per line.
modes() {
	sed -n 's/^virtual \(report\|context\|org\|patch\)$/\1/p' "$1" 2>/dev/null
}

# spatch in MODE with RULE on FILE; its diagnostics go to $work/err.
cocci() {
	spatch -D "$1" --very-quiet --sp-file "$2" "$3" 2>"$work/err" || true
}

# The line numbers report mode flags in FILE, sorted.
reported() {
	cocci report "$1" "$2" |
		sed -n 's/^[^:]*:\([0-9]*\):.*/\1/p' | sort -n | tr '\n' ' '
}

# The marked lines of FILE, sorted.
marked() {
	grep -n 'cocci: expect' "$1" | cut -d: -f1 | sort -n | tr '\n' ' '
}

# How many removed lines of context mode's diff carry the marker.
context_marked() {
	cocci context "$1" "$2" | grep -c '^-.*cocci: expect' || true
}

# Does the patch mode's diff turn FILE into one report mode is silent on?
patch_fixes() {
	cp "$2" "$work/fixed.c"
	cocci patch "$1" "$2" >"$work/fix.diff"
	[ -s "$work/fix.diff" ] || return 1
	patch -s -p0 "$work/fixed.c" <"$work/fix.diff" || return 1
	[ -z "$(reported "$1" "$work/fixed.c")" ]
}

tap_start

for r in $rules; do
	rule="$src/scripts/coccinelle/locks/$r.cocci"
	pos="$top/selftests/coccinelle/$r/pos.c"
	neg="$top/selftests/coccinelle/$r/neg.c"
	want=$(marked "$pos")
	n=$(echo "$want" | wc -w)
	got=
	[ -f "$rule" ] && got=$(reported "$rule" "$pos")
	tap_check "$r report: exactly the marked lines of pos.c (want: $want got: $got)" \
		test -n "$want" -a "$got" = "$want"
	got=
	[ -f "$rule" ] && got=$(reported "$rule" "$neg")
	tap_check "$r report: silent on neg.c (got: $got)" test -f "$rule" -a -z "$got"
	for m in $(modes "$rule" | grep -v report); do
		case $m in
		context)
			got=$(context_marked "$rule" "$pos")
			tap_check "$r context: marks all $n marked lines (got $got)" \
				test "$got" -eq "$n"
			got=$(cocci context "$rule" "$neg" | grep -c '^-' || true)
			tap_check "$r context: marks nothing in neg.c (got $got)" \
				test "$got" -eq 0
			;;
		org)
			got=$(cocci org "$rule" "$pos" | grep -c '^\* TODO' || true)
			tap_check "$r org: one TODO per marked line (want $n got $got)" \
				test "$got" -eq "$n"
			got=$(cocci org "$rule" "$neg" | grep -c '^\* TODO' || true)
			tap_check "$r org: no TODO for neg.c (got $got)" test "$got" -eq 0
			;;
		patch)
			tap_check "$r patch: the fixed pos.c is clean in report mode" \
				patch_fixes "$rule" "$pos"
			tap_check "$r patch: leaves neg.c alone" \
				test -z "$(cocci patch "$rule" "$neg")"
			;;
		esac
	done
done
tap_end
