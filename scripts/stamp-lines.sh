#!/bin/bash
# Copy standard input to LOG unchanged, and to TIMES with each line behind
# the seconds (host clock, millisecond resolution) since this started.
# Bash for $EPOCHREALTIME: a boot's console has too many lines to fork
# date(1) for each.
#
# Usage: stamp-lines.sh LOG TIMES
set -eu
export LC_ALL=C

[ $# -eq 2 ] || { echo "usage: stamp-lines.sh LOG TIMES" >&2; exit 2; }
exec 3>"$1" 4>"$2"
start=${EPOCHREALTIME/./}
while IFS= read -r line || [ -n "$line" ]; do
	printf '%s\n' "$line" >&3
	us=$((${EPOCHREALTIME/./} - start))
	printf '%d.%03d %s\n' $((us / 1000000)) $((us / 1000 % 1000)) "$line" >&4
done
