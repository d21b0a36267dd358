# shellcheck shell=sh
# TAP helpers for the tool tests. Sourced; the test sets "set -eu" itself.
tap_n=0
tap_pass=0
tap_fail=0

# The plan comes last, from the results printed, so that no count is kept
# by hand.
tap_start() {
	echo "KTAP version 1"
}

# tap_check DESCRIPTION COMMAND...: one result from the command's status.
# A test that defines tap_explain has it print diagnostics after a failure.
tap_check() {
	desc=$1
	shift
	tap_n=$((tap_n + 1))
	if "$@"; then
		tap_pass=$((tap_pass + 1))
		echo "ok $tap_n $desc"
	else
		tap_fail=$((tap_fail + 1))
		echo "not ok $tap_n $desc"
		if type tap_explain >/dev/null 2>&1; then
			tap_explain | sed 's/^/# /'
		fi
	fi
}

tap_end() {
	echo "1..$tap_n"
	echo "$tap_pass passed, $tap_fail failed"
	[ "$tap_fail" -eq 0 ]
}

# Does FILE contain the fixed string TEXT?
has() {
	grep -q -F -- "$2" "$1"
}

# The kernel a tool test boots or rebuilds: LV_TEST_KERNEL (<arch>-<set>,
# built by the suite) split into $kernel, $arch and $set_name.
test_kernel() {
	kernel=${LV_TEST_KERNEL:-x86_64-prove}
	arch=${kernel%%-*}
	set_name=${kernel#*-}
}

# Every test that sources this file (after setting $here) gets the
# repository's top folder and a scratch folder that goes away at exit.
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
