#!/bin/sh
# Check every patch of the series the way a maintainer would before merging:
# the tree's checkpatch.pl --strict, and a header of the form
#   From: ..., Subject: [PATCH n/m] subsys: summary, a description,
#   Signed-off-by: ..., a diffstat
# with n the patch's place in the series and m the series length.
# Prints one line per problem; exits non-zero if there is any.
# Usage: check-patches.sh [TREE [SERIES [PATCHES]]]
set -eu
. "$(dirname "$0")/lib.sh"

tree=${1:-$LV_SRC}
series=${2:-$LV_SERIES}
pdir=${3:-$LV_PATCHES}
[ -x "$tree/scripts/checkpatch.pl" ] ||
	die "no checkpatch.pl in $tree (run scripts/prepare-tree.sh first)"

total=$(sed 's/#.*//' "$series" | grep -c . || true)
n=0
bad=0
problem() {
	echo "$1: $2"
	bad=$((bad + 1))
}
for p in $(sed 's/#.*//' "$series"); do
	n=$((n + 1))
	f="$pdir/$p"
	[ -f "$f" ] || { problem "$p" "missing"; continue; }
	head -n 1 "$f" | grep -q '^From: .*<.*@.*>' ||
		problem "$p" "first line is not 'From: Name <address>'"
	grep -q "^Subject: \[PATCH $n/$total\] [a-z0-9/_-]*: ." "$f" ||
		problem "$p" "no 'Subject: [PATCH $n/$total] subsys: summary'"
	grep -q '^Signed-off-by: .*<.*@.*>' "$f" ||
		problem "$p" "no Signed-off-by"
	grep -q -E '^ [0-9]+ files? changed' "$f" || problem "$p" "no diffstat"
	# The description: some text between the Subject and the first '---'.
	desc=$(awk '/^Subject:/ { s = 1; next } /^---$/ { exit }
		s && /^[A-Za-z]/ && !/^Signed-off-by:/ { n++ } END { print n + 0 }' "$f")
	[ "$desc" -ge 2 ] || problem "$p" "no description"
	out=$(cd "$tree" && ./scripts/checkpatch.pl --strict --quiet "$f" 2>&1) ||
		problem "$p" "checkpatch --strict: $(echo "$out" | grep -E '^(ERROR|WARNING|CHECK)' | head -3 | tr '\n' ' ')"
done
[ "$n" -gt 0 ] || problem "$series" "no patches"
[ "$bad" -eq 0 ] || die "$bad problem(s) in the series' patches"
echo "patches: $n checked, checkpatch --strict clean, headers well formed"
