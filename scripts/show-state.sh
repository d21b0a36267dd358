#!/bin/sh
# Print the validator's one-line state from a console log: the init program
# copies /proc/lockdep_stats there as "# lv-stats: name: value" lines.
# Usage: show-state.sh CONSOLE_LOG
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] && [ -r "$1" ] || die "usage: show-state.sh CONSOLE_LOG"
tr -d '\r' <"$1" | awk '
	/# lv-stats: / {
		line = $0; sub(/.*# lv-stats: */, "", line)
		name = line; sub(/:.*/, "", name)
		value = line; sub(/^[^:]*: */, "", value); sub(/ .*/, "", value)
		stat[name] = value
	}
	END {
		if (!("lock-classes" in stat)) {
			print "validator: no /proc/lockdep_stats in the console log"
			exit 1
		}
		printf "validator: %s lock classes, %s direct dependencies, " \
		       "%s dependency chains, max locking depth %s, debug_locks %s\n",
		       stat["lock-classes"], stat["direct dependencies"],
		       stat["dependency chains"], stat["max locking depth"],
		       stat["debug_locks"]
	}'
