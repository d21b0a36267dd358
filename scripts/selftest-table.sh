#!/bin/sh
# selftest-table.sh - print the locking self-test table (lib/locking-selftest.c)
# from a serial console log, without printk timestamps or trailing blanks,
# so that the tables of two boots (e.g. two validator engines) can be
# compared with diff:
#
#   diff <(selftest-table.sh a/console.log) <(selftest-table.sh b/console.log)
#
# Prints the rows between the "| Locking API testsuite:" header and the
# summary line ("Good, all N testcases passed! |" and the like).
# Exit status: 0 table printed, 1 no table (or no summary: the rows found
# are printed anyway), 2 usage error or unreadable log.
set -eu

prog=selftest-table.sh

if [ $# -ne 1 ] || [ "${1#-}" != "$1" ]; then
	echo "usage: $prog CONSOLE_LOG" >&2
	exit 2
fi
log=$1
if [ ! -f "$log" ] || [ ! -r "$log" ]; then
	echo "$prog: cannot read console log: $log" >&2
	exit 2
fi

# Same clean-up as parse-console.sh: drop NULs, CRs and control characters
# but ESC, which awk removes together with its escape sequence.
rc=0
tr -d '\000-\010\013-\032\034-\037\177' <"$log" |
LC_ALL=C awk -v prog="$prog" -v file="$log" '
BEGIN { ESC = sprintf("%c", 27); state = "before"; held = "" }
{
	s = $0
	gsub(ESC "\\[[0-?]*[ -/]*[@-~]", "", s)
	gsub(ESC "[()][0-9A-Za-z]", "", s)
	gsub(ESC ".?", "", s)
	sub(/^\[ *[0-9]+\.[0-9]+\]/, "", s)	# printk timestamp
	sub(/^\[ *[CT][0-9]+\]/, "", s)		# CONFIG_PRINTK_CALLER id
	sub(/^ /, "", s)
	sub(/[ \t]+$/, "", s)
}
state == "before" {
	if (s ~ /\| Locking API testsuite:/)
		state = "table"
	next
}
state == "table" {
	if (s ~ /testcases passed! \||unexpected failures \(out of|testcases failed, as expected\. \|/) {
		state = "done"
		exit
	}
	# A dashed line may be the top of the summary box: hold it back
	# until we know a table row follows.
	if (s ~ /^-+$/) {
		held = held s "\n"
		next
	}
	printf "%s%s\n", held, s
	held = ""
}
END {
	if (state == "before") {
		printf "%s: no locking self-test table in %s\n", prog, file > "/dev/stderr"
		exit 1
	}
	if (state == "table") {
		printf "%s: self-test table in %s has no summary line (boot stopped during the self-test?)\n", prog, file > "/dev/stderr"
		exit 1
	}
}
' || rc=$?
exit "$rc"
