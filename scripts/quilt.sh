#!/bin/sh
# Run quilt in the unpacked tree on the project's series and patches/, with
# the patch format the series uses (a/ b/ paths, no timestamps, a diffstat).
# Usage: scripts/quilt.sh new|add|edit|refresh|header|push|pop|... [ARGS]
set -eu
. "$(dirname "$0")/lib.sh"

[ -d "$LV_SRC" ] || die "no tree at $LV_SRC: run 'make series' first"
export QUILT_PATCHES="$LV_PATCHES" QUILT_SERIES="$LV_SERIES" QUILT_PC=.pc
export QUILT_REFRESH_ARGS="-p ab --no-timestamps --no-index --diffstat --sort"
export QUILT_DIFF_ARGS="-p ab --no-timestamps --no-index --color=auto"
# Hunk headers name the function they are in, as git does.
export QUILT_DIFF_OPTS="-p"
cd "$LV_SRC"
# /etc/quilt.quiltrc would override the settings above: read no rc file.
exec quilt --quiltrc /dev/null "$@"
