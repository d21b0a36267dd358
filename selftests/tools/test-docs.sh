#!/bin/sh
# The documentation: the series' Documentation/locking/lock-validator.rst
# and our own Documentation/*.rst build with Sphinx without a warning, and
# the tree's make htmldocs builds lock-validator.rst without complaint;
# lock-validator.rst names every /proc/lockdep_stats field and every
# report kind the engine has; every command the README shows exists.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
src=${LV_SRC:-${LV_BUILD:-$top/build}/src/linux-source-6.12}
rst="$src/Documentation/locking/lock-validator.rst"

# sphinx-build -W on one RST file as the master document of a bare project.
sphinx_clean() {
	rm -rf "$work/sx"
	mkdir -p "$work/sx"
	cp "$1" "$work/sx/index.rst"
	echo "project = 'check'" >"$work/sx/conf.py"
	sphinx-build -q -W -b html "$work/sx" "$work/sx/_build" >"$work/sx.log" 2>&1 ||
		{ sed 's/^/# /' "$work/sx.log"; return 1; }
}

# The tree's own "make htmldocs" for Documentation/locking/: it must make
# lock-validator.html and say nothing about lock-validator.rst.
tree_htmldocs() {
	out=${LV_BUILD:-$top/build}/htmldocs
	rm -rf "$out"
	make -C "$src" O="$out" SPHINXDIRS=locking htmldocs >"$work/htmldocs.log" 2>&1 ||
		{ tail -5 "$work/htmldocs.log" | sed 's/^/# /'; return 1; }
	if grep -i 'lock-validator' "$work/htmldocs.log" | grep -q -i -E 'warning|error'; then
		grep -i 'lock-validator' "$work/htmldocs.log" | sed 's/^/# /'
		return 1
	fi
	test -s "$out/Documentation/output/locking/lock-validator.html"
}

# The quoted names of lkv_seq_stat*() lines and report kinds in the engine.
stat_fields() {
	sed -n 's/.*lkv_seq_stat\(_max\)\?(m, "\([^"]*\):".*/\2/p' "$src/kernel/locking/lkv/proc.c"
}
report_kinds() {
	sed -n '/lkv_report_kind_names\[LKV_NR_REPORT_KINDS\] = {/,/^};/s/.*= "\([^"]*\)".*/\1/p' \
		"$src/kernel/locking/lkv/findings.c"
}

# Does the RST name each line of stdin (in double backquotes)? An empty
# list fails: the names were not found in the engine's source.
all_named() {
	missing=
	n=0
	while read -r name; do
		n=$((n + 1))
		grep -q -F "\`\`$name\`\`" "$rst" || missing="$missing [$name]"
	done
	[ "$n" -gt 0 ] || { echo "# no names read from the engine's source"; return 1; }
	[ -z "$missing" ] || { echo "# not in lock-validator.rst:$missing"; return 1; }
}

stats_named() { stat_fields | all_named; }
kinds_named() { report_kinds | all_named; }

# The commands of the indented examples in the README and testing.rst:
# "make T" needs a target T in the Makefile, a path under scripts/ or
# selftests/ an executable file.
commands_exist() {
	bad=
	guides="$top/README $top/Documentation/testing.rst"
	# shellcheck disable=SC2086
	for t in $(sed -n 's/^    make \([a-z-]*\).*/\1/p' $guides); do
		grep -q "^$t:" "$top/Makefile" || bad="$bad make-$t"
	done
	# shellcheck disable=SC2086
	for p in $(sed -n 's/^    \(scripts\/[^ ]*\|selftests\/[^ ]*\.\(sh\|py\)\).*/\1/p' $guides); do
		[ -x "$top/$p" ] || bad="$bad $p"
	done
	[ -z "$bad" ] || { echo "# missing:$bad"; return 1; }
}

docs=$(ls "$top"/Documentation/*.rst)
tap_start
tap_check "lock-validator.rst is in the patched tree" test -f "$rst"
tap_check "lock-validator.rst builds with Sphinx without warnings" sphinx_clean "$rst"
tap_check "the tree's make htmldocs (SPHINXDIRS=locking) builds it without a word about it" \
	tree_htmldocs
for d in $docs; do
	tap_check "Documentation/$(basename "$d") builds with Sphinx without warnings" \
		sphinx_clean "$d"
done
tap_check "lock-validator.rst names every /proc/lockdep_stats field ($(stat_fields | wc -l))" \
	stats_named
tap_check "lock-validator.rst names every report kind ($(report_kinds | wc -l))" kinds_named
tap_check "every command the README and testing.rst show exists" commands_exist
tap_end
