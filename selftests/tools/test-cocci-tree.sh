#!/bin/sh
# The series' semantic patches over the patched tree's kernel/, fs/, mm/
# and block/ (scripts/cocci-tree.sh): every rule runs on every directory,
# every finding points at a real line of the tree, and every finding is
# explained in Documentation/coccinelle.rst, so a new finding fails until
# someone reads it. A directory that does not exist is refused.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
tree="$top/scripts/cocci-tree.sh"
doc="$top/Documentation/coccinelle.rst"
src=${LV_SRC:-${LV_BUILD:-$top/build}/src/linux-source-6.12}
out=${LV_BUILD:-$top/build}/cocci

rules=$("$tree" --rules)

# Is every "rule: file:line:..." finding a line that exists in the tree?
findings_real() {
	while IFS=: read -r _ file line _; do
		file=${file# }
		[ -f "$src/$file" ] || return 1
		[ "$line" -le "$(wc -l <"$src/$file")" ] || return 1
	done <"$work/findings"
}

# Is every finding's file:line named in the documentation?
findings_explained() {
	while IFS=: read -r _ file line _; do
		has "$doc" "${file# }:$line" || { echo "# unexplained: ${file# }:$line"; return 1; }
	done <"$work/findings"
}

tap_start
status=0
"$tree" >"$work/run" 2>"$work/err" || status=$?
tap_check "cocci-tree.sh ran every rule over kernel/ fs/ mm/ block/ (status $status)" \
	test "$status" -eq 0
for r in $rules; do
	tap_check "$r: a summary row with 4 directory counts, a total and seconds" \
		grep -q -E "^$r +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$" "$out/summary.txt"
done
grep -E '^[a-z_]+: [^ :]+:[0-9]+:[0-9]+-[0-9]+: ' "$work/run" >"$work/findings" || true
echo "# $(wc -l <"$work/findings") findings"
sed 's/^/# /' "$out/summary.txt"
tap_check "every finding is a line of the tree" findings_real
tap_check "every finding is explained in Documentation/coccinelle.rst" findings_explained
status=0
"$tree" no-such-dir >"$work/run" 2>"$work/err" || status=$?
tap_check "a directory that does not exist is refused (status $status)" \
	sh -c 'test "$1" -ne 0 && grep -q "no directory no-such-dir" "$2"' - "$status" "$work/err"
tap_end
