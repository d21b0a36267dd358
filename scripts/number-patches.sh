#!/bin/sh
# Rewrite the "[PATCH n/m]" of every patch's Subject to its place in the
# series, after a patch was added, dropped or moved.
# Usage: number-patches.sh [SERIES [PATCHES]]
set -eu
. "$(dirname "$0")/lib.sh"

series=${1:-$LV_SERIES}
pdir=${2:-$LV_PATCHES}
total=$(sed 's/#.*//' "$series" | grep -c . || true)
n=0
for p in $(sed 's/#.*//' "$series"); do
	n=$((n + 1))
	[ -f "$pdir/$p" ] || die "$p is in the series but not in $pdir"
	sed -i "1,/^Subject:/s|^Subject: \[PATCH[^]]*\]|Subject: [PATCH $n/$total]|" "$pdir/$p"
done
echo "patches: $n numbered"
