#!/bin/sh
# Apply the quilt series to the tree, no fuzz allowed. Nothing is done when
# the series and its patches are unchanged since the last successful run; a
# changed series is popped (quilt restores its backups) and pushed again.
# A patch that does not apply stops the run, naming the patch and showing the
# rejected hunks.
#
# Usage: apply-series.sh [TREE [SERIES [PATCHES_DIR]]]
set -eu
. "$(dirname "$0")/lib.sh"

tree=$(cd "${1:-$LV_SRC}" && pwd) || die "no tree at ${1:-$LV_SRC}"
series=$(realpath "${2:-$LV_SERIES}")
patches=$(realpath "${3:-$LV_PATCHES}")
[ -f "$series" ] || die "no series file at $series"

export QUILT_PATCHES="$patches" QUILT_SERIES="$series" QUILT_PC=.pc

# The patch names of the series, comments and blank lines left out.
series_entries() {
	sed -e 's/#.*//' -e 's/[[:space:]].*//' "$series" | grep -v '^$' || true
}

check_entries() {
	for p in $(series_entries); do
		[ -f "$patches/$p" ] || die "series names $p, missing from $patches"
	done
}

series_hash() {
	{
		cat "$series"
		for p in $(series_entries); do
			cat "$patches/$p"
		done
	} | sha256sum | cut -d' ' -f1
}

# Show what a failed patch rejects, by applying it with rejects written to a
# scratch copy of the files it touches.
show_rejects() {
	scratch=$(mktemp -d)
	grep '^+++ ' "$patches/$1" | sed -e 's/^+++ //' -e 's/\t.*//' \
		-e 's|^[^/]*/||' | while read -r f; do
		if [ -f "$tree/$f" ]; then
			mkdir -p "$scratch/$(dirname "$f")"
			cp "$tree/$f" "$scratch/$f"
		fi
	done
	(cd "$scratch" && patch -p1 -f --fuzz=0 --no-backup-if-mismatch \
		<"$patches/$1" >/dev/null 2>&1) || true
	find "$scratch" -name '*.rej' | sort | while read -r rej; do
		echo "--- rejected hunks for ${rej#"$scratch"/}:" >&2
		cat "$rej" >&2
	done
	rm -rf "$scratch"
}

check_entries
hash=$(series_hash)
stamp="$tree/.lv-series"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
	echo "series: unchanged, $(series_entries | wc -l) patches applied"
	exit 0
fi

cd "$tree"
rm -f "$stamp"
# Take the old series off with quilt's own backups. The series file may
# name other patches by now (patches renamed or dropped), so quilt pops
# by the list of what it applied, which its backups match.
if [ -s .pc/applied-patches ]; then
	cp .pc/applied-patches .pc/old-series
	QUILT_SERIES=.pc/old-series quilt pop -a -f -q >/dev/null ||
		die "cannot pop the old series from $tree; remove build/src to start afresh"
	rm -rf .pc
fi

for p in $(series_entries); do
	if ! out=$(quilt push -q --fuzz=0 "$p" 2>&1); then
		echo "$out" >&2
		show_rejects "$p"
		die "patch $p does not apply to $tree (no fuzz allowed)"
	fi
done
echo "$hash" >"$stamp"
echo "series: $(series_entries | wc -l) patches applied"
