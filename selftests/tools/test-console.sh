#!/bin/sh
# test-console.sh - run scripts/console.py's subcommands over the console
# logs in fixtures/ and check their exit status and output.  Prints KTAP
# and ends with "P passed, F failed"; exits 1 if any check failed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
console=$top/scripts/console.py
fx=$here/fixtures

# check DESC COMMAND...: one test result, ok if COMMAND succeeds; after a
# failure, the output under test is shown as diagnostics.
check() {
	desc=$1
	shift
	tap_check "$name: $desc" quietly "$@"
}

# quietly COMMAND...: COMMAND with its own output dropped.
quietly() {
	"$@" >/dev/null 2>&1
}

tap_explain() {
	echo "exit status $st; output:"
	sed 's/^/  /' "$work/out" "$work/err"
}

# run NAME COMMAND ARGS...: run a console.py subcommand, keep stdout,
# stderr and status.
run() {
	name=$1; shift
	st=0
	"$console" "$@" >"$work/out" 2>"$work/err" || st=$?
}

status_is()	{ [ "$st" -eq "$1" ]; }
has_line()	{ grep -qxF -- "$1" "$work/out"; }
lacks()		{ ! grep -qE -- "$1" "$work/out"; }
count_is()	{ [ "$(grep -cE -- "$1" "$work/out")" -eq "$2" ]; }
last_line_is()	{ [ "$(tail -n 1 "$work/out")" = "$1" ]; }
has_error()	{ [ -s "$work/err" ]; }
same_as()	{ cmp -s "$1" "$work/out"; }

tap_start

# ---------------------------------------------------------------- good.log
run good verdict --label x86_64 "$fx/good.log"
check "exit status 0" status_is 0
cat >"$work/expected" <<'EOF'
KTAP version 1
1..10
ok 1 x86_64: kernel reached init
ok 2 x86_64: locking self-test: Good, all 358 testcases passed
ok 3 x86_64: no validator report
ok 4 x86_64: no WARNING, BUG, Oops or panic
ok 5 x86_64: boot finished before the timeout
ok 6 x86_64: init: lockdep is enabled (/proc/lockdep exists)
ok 7 x86_64: init: debug_locks is 1
ok 8 x86_64: init: lv_abba module loads and unloads # SKIP lv_abba.ko not built
ok 9 x86_64: init: dmesg has no BUG: or WARNING: lines
ok 10 x86_64: init finished
# x86_64: 10 passed, 0 failed
EOF
check "whole KTAP output as expected (CRs and escape sequences gone)" same_as "$work/expected"

run good-default-label verdict "$fx/good.log"
check "label defaults to the log's directory name" has_line "ok 1 fixtures: kernel reached init"

run good-count verdict --label x86_64 --selftest-count 358 "$fx/good.log"
check "exit status 0 with the right --selftest-count" status_is 0
check "self-test ok with the right count" \
	has_line "ok 2 x86_64: locking self-test: Good, all 358 testcases passed"

run good-no-selftest verdict --label x86_64 --no-selftest "$fx/good.log"
check "exit status 0" status_is 0
check "no self-test result" lacks "locking self-test"
check "results renumbered without it" has_line "ok 2 x86_64: no validator report"
check "plan is 1..9" has_line "1..9"

# An intermediate point of the series: the init's own results left out.
run good-boot-only verdict --label x86_64 --boot-only "$fx/good.log"
check "--boot-only: exit status 0" status_is 0
check "--boot-only: no init result" lacks ": init: "
check "--boot-only: init finished kept, plan 1..6" has_line "1..6"

# A kernel proving some lock families only: the other families' cases fail
# as expected, which is right there and wrong everywhere else.
sed 's/Good, all 358 testcases passed! |/162 out of 358 testcases failed, as expected. |/' \
	"$fx/good.log" >"$work/subset.log"
run subset verdict --label x86_64 --selftest-subset "$work/subset.log"
check "--selftest-subset accepts expected failures" status_is 0
check "... and says why" \
	has_line "ok 2 x86_64: locking self-test: 162 out of 358 testcases failed, as expected. (lock families not proven)"
run subset-not-asked verdict --label x86_64 "$work/subset.log"
check "expected failures without --selftest-subset are a failure" status_is 1
run subset-all-good verdict --label x86_64 --selftest-subset "$fx/good.log"
check "--selftest-subset with every case passing is a failure" status_is 1

# A kernel that cannot see some cases by design (the production kernel's
# ww_mutex API cases): exactly F of N fail as expected, no more, no fewer.
sed 's/Good, all 358 testcases passed! |/ 14 out of 358 testcases failed, as expected. |/' \
	"$fx/good.log" >"$work/unseen.log"
run unseen verdict --label x86_64 --selftest-count 358-14 "$work/unseen.log"
check "--selftest-count 358-14 accepts 14 expected failures" status_is 0
check "... and says so" \
	has_line "ok 2 x86_64: locking self-test: 14 out of 358 testcases failed, as expected. (14 of 358 expected to fail in this kernel)"
run unseen-more verdict --label x86_64 --selftest-count 358-13 "$work/unseen.log"
check "--selftest-count 358-13 with 14 expected failures is a failure" status_is 1
run unseen-good verdict --label x86_64 --selftest-count 358-14 "$fx/good.log"
check "--selftest-count 358-14 with every case passing is a failure" status_is 1
run unseen-bad verdict --label x86_64 --selftest-count 358-x "$fx/good.log"
check "--selftest-count 358-x is a usage error" status_is 2

# ------------------------------------------------------ count mismatch
run count-mismatch verdict --label x86_64 --selftest-count 999 "$fx/good.log"
check "exit status 1" status_is 1
check "self-test not ok, names both counts" \
	has_line "not ok 2 x86_64: locking self-test: Good, all 358 testcases passed, but 999 expected"
check "summary line counts the failure" last_line_is "# x86_64: 9 passed, 1 failed"

# -------------------------------------------------------- selftest-bug.log
run selftest-bug verdict --label x86_64 "$fx/selftest-bug.log"
check "exit status 1" status_is 1
check "self-test not ok with the unexpected failures and FAILED rows" \
	has_line "not ok 2 x86_64: locking self-test: BUG: 3 unexpected failures (out of 358); FAILED rows: A-B-B-A deadlock, double unlock, hard-irq lock-inversion/123"
check "self-test summary BUG: line is not a kernel BUG" \
	has_line "ok 4 x86_64: no WARNING, BUG, Oops or panic"
check "self-test table is not a validator report" has_line "ok 3 x86_64: no validator report"
check "only the self-test failed" last_line_is "# x86_64: 9 passed, 1 failed"

# ------------------------------------------------------------ circular.log
run circular verdict --label x86_64 "$fx/circular.log"
check "exit status 1" status_is 1
check "circular dependency report named with its console line" \
	has_line "not ok 3 x86_64: validator report: possible circular locking dependency (console line 37)"
check "exactly one validator report" count_is "validator report" 1
check "report headline is not a generic WARNING" has_line "ok 4 x86_64: no WARNING, BUG, Oops or panic"
check "init SKIP result keeps its directive" \
	has_line "ok 8 x86_64: init: dmesg has no BUG: or WARNING: lines # SKIP lockdep already reported"
check "init output is not scanned for kernel messages" count_is "^not ok" 1
check "summary line" last_line_is "# x86_64: 8 passed, 1 failed"

# --------------------------------------------------------- interleaved.log
run interleaved verdict --label x86_64 "$fx/interleaved.log"
check "exit status 1" status_is 1
check "headline found in the middle of another CPU's line" \
	has_line "not ok 3 x86_64: validator report: possible recursive locking (console line 36)"
check "exactly one validator report" count_is "validator report" 1
check "no other failure" has_line "ok 4 x86_64: no WARNING, BUG, Oops or panic"
check "init result cut by a kernel line is still one result" count_is ": init: " 2
check "init finished" has_line "ok 8 x86_64: init finished"

# ---------------------------------------------------------------- warn.log
run warn verdict --label x86_64 "$fx/warn.log"
check "exit status 1" status_is 1
check "generic WARNING named with location and console line" \
	has_line "not ok 4 x86_64: WARNING at drivers/misc/lv_demo.c:42 lv_demo_probe+0x5d/0x90 (console line 34)"
check "a WARNING is not a validator report" has_line "ok 3 x86_64: no validator report"
check "exactly one failure" count_is "^not ok" 1

# ---------------------------------------------------- debug-locks-warn.log
run debug-locks-warn verdict --label x86_64 "$fx/debug-locks-warn.log"
check "exit status 1" status_is 1
check "DEBUG_LOCKS_WARN_ON is a validator report" \
	has_line "not ok 3 x86_64: validator report: DEBUG_LOCKS_WARN_ON(lock->magic != lock) (console line 34)"
check "its WARNING: line is not counted again" has_line "ok 4 x86_64: no WARNING, BUG, Oops or panic"

# --------------------------------------------------------------- panic.log
run panic verdict --label x86_64 "$fx/panic.log"
check "exit status 1" status_is 1
check "init not reached" has_line "not ok 1 x86_64: kernel reached init"
check "panic named with its console line" \
	has_line "not ok 4 x86_64: Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0) (console line 32)"
check "end-of-panic marker not counted again" count_is "Kernel panic" 1
check "no init results" lacks ": init"
check "plan 1..5" has_line "1..5"
check "qemu exited by itself" has_line "ok 5 x86_64: boot finished before the timeout"

# ---------------------------------------------------------------- oops.log
run oops verdict --label x86_64 "$fx/oops.log"
check "exit status 1" status_is 1
check "BUG: headline named" \
	has_line "not ok 4 x86_64: BUG: kernel NULL pointer dereference, address: 0000000000000008 (console line 34)"
check "its Oops: line is the same crash" lacks "Oops"
check "the panic is its own result" \
	has_line "not ok 5 x86_64: Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000009 (console line 42)"

# ------------------------------------------------------------- timeout.log
run timeout verdict --label x86_64 "$fx/timeout.log"
check "exit status 1" status_is 1
check "timeout reported with its duration" \
	has_line "not ok 5 x86_64: boot finished before the timeout # timed out after 300 s"
check "init results before the timeout kept" has_line "ok 7 x86_64: init: debug_locks is 1"
check "init did not finish" \
	has_line 'not ok 8 x86_64: init finished # no "# lv-init: done" line'

# ----------------------------------------------------------- truncated log
sed '$d' "$fx/good.log" >"$work/truncated.log"
run truncated verdict --label x86_64 "$work/truncated.log"
check "exit status 1" status_is 1
check "missing lv-boot marker is a failure" \
	has_line "not ok 5 x86_64: boot finished before the timeout # no lv-boot end marker, log truncated?"

# ----------------------------------------------------------- init-fail.log
run init-fail verdict --label x86_64 "$fx/init-fail.log"
check "exit status 1" status_is 1
check "init's not ok kept" has_line "not ok 7 x86_64: init: debug_locks is 1"
check "init's ok kept" has_line "ok 6 x86_64: init: lockdep is enabled (/proc/lockdep exists)"
check "summary line" last_line_is "# x86_64: 8 passed, 1 failed"

# ----------------------------------------------------------------- rcu.log
run rcu verdict --label x86_64 "$fx/rcu.log"
check "exit status 1" status_is 1
check "suspicious RCU usage named with its console line" \
	has_line "not ok 3 x86_64: validator report: suspicious RCU usage (console line 35)"
check "no generic WARNING" has_line "ok 4 x86_64: no WARNING, BUG, Oops or panic"

# ------------------------------------------------------------ scenario.log
# Bugs the scenario module commits on purpose are judged by init, not here.
run scenario verdict --label x86_64 "$fx/scenario.log"
check "exit status 0: provoked reports are not failures" status_is 0
check "no validator report outside the scenario windows" \
	has_line "ok 3 x86_64: no validator report"
check "the provoked WARN is not a failure either" \
	has_line "ok 4 x86_64: no WARNING, BUG, Oops or panic"

sed '/lv-scenario: .* done/{p;s/.*/[    1.2] WARNING: possible recursive locking detected/;}' \
	"$fx/scenario.log" >"$work/after-window.log"
run scenario-after verdict --label x86_64 "$work/after-window.log"
check "a report after the window closed is a failure" status_is 1
check "... named as a validator report" \
	count_is "^not ok [0-9]+ x86_64: validator report: possible recursive locking" 2

# The capacity test's cycle window is judged by init too; its other steps
# are not windows, so a report there is a failure.
sed 's/lockdep_scenarios: begin abba_spin/lockdep_capacity: begin cycle/' \
	"$fx/scenario.log" >"$work/capacity.log"
run capacity verdict --label x86_64 "$work/capacity.log"
check "a report in the capacity cycle window is not a failure" status_is 0
sed 's/lockdep_scenarios: begin abba_spin/lockdep_capacity: step deps 30000/' \
	"$fx/scenario.log" >"$work/capacity-step.log"
run capacity-step verdict --label x86_64 "$work/capacity-step.log"
check "a report in another capacity step is a failure" status_is 1

# The benchmark commits one known bug, between its own begin and end lines.
sed 's/lockdep_scenarios: begin abba_spin/lockdep_bench: begin known bug/
s/lockdep_scenarios: end abba_spin: 0/lockdep_bench: end known bug/' \
	"$fx/scenario.log" >"$work/bench-bug.log"
run bench-bug verdict --label x86_64 "$work/bench-bug.log"
check "a report in the benchmark's known-bug window is not a failure" status_is 0
sed '/lockdep_scenarios: begin abba_spin/{s/.*/[    1.0] lockdep_bench: begin known bug/;p;s/begin/end/;}' \
	"$fx/scenario.log" >"$work/bench-after.log"
run bench-after verdict --label x86_64 "$work/bench-after.log"
check "a report after the benchmark's window ended is a failure" status_is 1

# A lock primitive named as a held lock's call site is a wrong report,
# in a scenario's window too; a caller's name is not.
sed 's/at: sc_abba_spin_ba+0x1a/at: _raw_spin_lock_irqsave+0x1a/' \
	"$fx/scenario.log" >"$work/primitive-site.log"
run primitive-site verdict --label x86_64 "$work/primitive-site.log"
check "a lock primitive as a call site is a failure" status_is 1
check "... named with the primitive" \
	has_line "not ok 4 x86_64: a report names the lock primitive _raw_spin_lock_irqsave as a call site (console line 64)"
sed 's/at: sc_abba_spin_ba+0x1a/at: raw_spin_lock_irqsave_user+0x1a/' \
	"$fx/scenario.log" >"$work/primitive-caller.log"
run primitive-caller verdict --label x86_64 "$work/primitive-caller.log"
check "a caller whose name contains a primitive's is not" status_is 0

run scenario-crash verdict --label x86_64 "$fx/scenario-crash.log"
check "a crash inside a scenario window is still a failure" status_is 1
check "... named by its headline" \
	has_line "not ok 4 x86_64: BUG: kernel NULL pointer dereference, address: 0000000000000008 (console line 58)"

# ------------------------------------------------------------ usage errors
run usage-no-args verdict
check "no argument: exit status 2" status_is 2
check "no argument: usage on stderr" has_error
run usage-missing verdict "$work/no-such.log"
check "missing log: exit status 2" status_is 2
check "missing log: message on stderr" has_error
run usage-option verdict --bogus "$fx/good.log"
check "unknown option: exit status 2" status_is 2
run usage-count verdict --selftest-count many "$fx/good.log"
check "non-numeric count: exit status 2" status_is 2
run usage-both verdict --selftest-count 358 --no-selftest "$fx/good.log"
check "--selftest-count with --no-selftest: exit status 2" status_is 2

# ---------------------------------------------------------- selftest-table
run table-good selftest-table "$fx/good.log"
check "exit status 0" status_is 0
check "rows without timestamps" \
	has_line "                     A-A deadlock:  ok  |  ok  |  ok  |  ok  |  ok  |  ok  |  ok  |"
check "no timestamps left" lacks '^\[ *[0-9]+\.[0-9]+\]'
check "no trailing whitespace" lacks '[[:space:]]$'
check "stops before the summary" lacks "testcases passed"
check "last row is the last testcase" \
	last_line_is "      hardirq_unsafe_softirq_safe:  ok  |"
cp "$work/out" "$work/table-good"

run table-bug selftest-table "$fx/selftest-bug.log"
check "exit status 0" status_is 0
check "stops before the BUG: summary" lacks "unexpected failures"
diff "$work/table-good" "$work/out" >"$work/diff" || true
check "diff against good.log shows the 3 FAILED rows" \
	[ "$(grep -c '^>.*FAILED|' "$work/diff")" -eq 3 ]

run table-none selftest-table "$fx/panic.log"
check "short table found in panic.log" status_is 0
grep -v 'Locking API testsuite:' "$fx/good.log" >"$work/no-table.log"
run table-missing selftest-table "$work/no-table.log"
check "no table: exit status 1" status_is 1
check "no table: message on stderr" has_error
run table-usage selftest-table
check "no argument: exit status 2" status_is 2

# ------------------------------------------------------------------ stats
run stats stats "$fx/bench.log"
check "exit status 0" status_is 0
check "the validator's state in one line" has_line \
	"validator: 404 lock classes, 937 direct dependencies, 361 dependency chains, max locking depth 10, debug_locks 1"
run stats-none stats "$fx/good.log"
check "no /proc/lockdep_stats copy: exit status 1" status_is 1

# ---------------------------------------------------------------- figures
run figures figures "$fx/bench.log"
check "exit status 0" status_is 0
check "a pair figure" has_line "$(printf 'pair spin_irqsave\t674.2')"
check "the graph's size" has_line "$(printf 'scale chains\t5000')"
check "three learn figures, the last at the largest size" \
	has_line "$(printf 'learn max classes\t7677')"
check "both engines' boot memory lines summed" has_line "$(printf 'memory at boot\t1502')"
check "memory after boot from the init's copy" has_line "$(printf 'memory after boot\t1710')"
check "macro workload from the init" has_line "$(printf 'macro workload\t638227968')"
check "boot times from the .times file" has_line "$(printf 'boot to init\t1.727')"
check "29 figures in all" count_is "	" 29
run figures-none figures "$fx/good.log"
check "no benchmark figures: exit status 1" status_is 1

# --------------------------------------------------------------- headline
run headline headline "$fx/scenario.log"
check "exit status 0" status_is 0
check "the first headline inside a scenario window" \
	last_line_is "WARNING: possible circular locking dependency detected"
sed 's/^\(.*\)WARNING: possible circular.*$/\1WARNING: CPU: 1 PID: 61 at lib\/x.c:1 f+0x1\/0x2/' \
	"$fx/scenario.log" >"$work/masked.log"
run headline-masked headline "$work/masked.log"
check "CPU and PID masked" last_line_is "WARNING: CPU: ..."
run headline-none headline "$fx/good.log"
check "no window: an empty line" last_line_is ""

# -------------------------------------------------------------- scenarios
sed '/lv-init: done/i # lv-scenario-table: abba_spin|WARNING: possible circular locking dependency detected|-|sc_spin_a sc_spin_b|spin\
# lv-scenario-table: ok_trylock|-|-|-|-' "$fx/good.log" >"$work/table.log"
run scenarios scenarios "$work/table.log"
check "exit status 0" status_is 0
check "one line per scenario, as the module printed it" \
	has_line "ok_trylock|-|-|-|-"
check "two scenarios" count_is "[|]" 2
run scenarios-reporting scenarios --reporting "$work/table.log"
check "--reporting: exit status 0" status_is 0
check "--reporting: the scenario with a headline, by name" last_line_is "abba_spin"
check "--reporting: not the silent one" lacks "ok_trylock"
run scenarios-abbas scenarios --family-abbas "$work/table.log"
check "--family-abbas: name and family" last_line_is "abba_spin:spin"
check "--family-abbas: one line" count_is "." 1
run scenarios-none scenarios "$fx/good.log"
check "no table: exit status 1" status_is 1

run usage-command "$fx/good.log"
check "no subcommand: exit status 2" status_is 2
check "no subcommand: usage on stderr" has_error

tap_end
