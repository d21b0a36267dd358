#!/bin/sh
# test-init-steps.sh - the init's suites of steps (selftests/init/steps.c),
# built on the host with a driver whose steps misbehave on purpose: the
# plan must be counted from the tables, a failed needed step must stop its
# suite with the rest reported as not run, a step that prints nothing must
# fail, a skipped suite must skip every result. Prints KTAP and ends with
# "P passed, F failed".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
init=$here/../init

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
out=$tmp/out

# line N: the Nth line of the driver's output.
line() {
	sed -n "$1p" "$out"
}

# is N TEXT: the Nth line is TEXT.
is() {
	[ "$(line "$1")" = "$2" ]
}

tap_start
cc -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
	-Werror -I"$init" -o "$tmp/driver" "$here/fixtures/init-steps/driver.c" \
	"$init/steps.c" "$init/ktap.c"
"$tmp/driver" >"$out"
tap_check "the plan counts every step and its repeats: 4 + 3 + 3 + 4" is 2 "1..14"
tap_check "a step called 3 times prints 3 results" is 5 "ok 3 walk 2"
tap_check "a failed needed step fails" is 7 "not ok 5 load"
tap_check "the steps after it are reported as not run" \
	is 8 'not ok 6 stop: use (1): not run, "load" failed'
tap_check "each of their repeats too" is 9 'not ok 7 stop: use (2): not run, "load" failed'
tap_check "a failed step that is not needed fails" is 10 "not ok 8 lax"
tap_check "and lets the suite go on: a step that prints nothing is a failure" \
	is 11 "not ok 9 lax: quiet: the step printed no result"
tap_check "the step after it runs" is 12 "ok 10 later 0"
tap_check "a skipped suite skips every result, by step name" is 13 \
	"ok 11 walk (1) # SKIP not here"
tap_check "a step that does not repeat is skipped by its name alone" is 16 \
	"ok 14 after # SKIP not here"
tap_check "a suite not enabled prints nothing" \
	[ "$(grep -c '^\(not \)\{0,1\}ok ' "$out")" -eq 14 ]
tap_check "the counts at the end" has "$out" "# lv-init: 5 passed, 5 failed, 4 skipped"
tap_end
