#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of scripts/console.py, in the manner of kunit_tool_test.py.

Each headline of the module's tables is fed as a console line and must
come out as its kind; the fixtures' logs must give the results their
names promise.  Prints KTAP version 1, one result per test, and ends with
"N passed, N failed"; exit status 1 if any test failed.
"""
import io
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import console  # noqa: E402


def boot_of(text):
    return console.Boot().feed(text.split("\n"))


def fixture(name):
    return console.read_lines(os.path.join(FIXTURES, name))


# One console line per validator headline, and the kind it must give.
HEADLINE_EXAMPLES = [
    ("WARNING: possible circular locking dependency detected",
     "possible circular locking dependency"),
    ("WARNING: inconsistent lock state", "inconsistent lock state"),
    ("WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected",
     "HARDIRQ-safe -> HARDIRQ-unsafe lock order"),
    ("WARNING: possible irq lock inversion dependency detected",
     "possible irq lock inversion dependency"),
    ("WARNING: possible recursive locking detected", "possible recursive locking"),
    ("WARNING: bad unlock balance detected!", "bad unlock balance"),
    ("WARNING: bad contention detected!", "bad contention"),
    ("WARNING: held lock freed!", "held lock freed"),
    ("WARNING: kworker/1:0/23 still has locks held!",
     "lock held at task exit (kworker/1:0/23 still has locks held)"),
    ("WARNING: lock held when returning to user space!",
     "lock held when returning to user space"),
    ("[ BUG: Invalid wait context ]", "Invalid wait context"),
    ("WARNING: suspicious RCU usage", "suspicious RCU usage"),
    ("WARNING: Nested lock was not taken", "nested lock was not taken"),
    ("WARNING: chain_key collision", "chain_key collision"),
    ("BUG: MAX_LOCKDEP_ENTRIES too low!", "MAX_LOCKDEP_ENTRIES too low"),
    ("BUG: key ffffffff81234567 has not been registered!",
     "lock key has not been registered"),
    ("BUG: looking up invalid subclass: 9", "looking up invalid subclass"),
    ("INFO: trying to register non-static key.", "trying to register non-static key"),
    ("DEBUG_LOCKS_WARN_ON(lock->magic != lock)", "DEBUG_LOCKS_WARN_ON(lock->magic != lock)"),
]


class HeadlineTable(unittest.TestCase):
    def test_every_headline_has_an_example(self):
        self.assertEqual(len(HEADLINE_EXAMPLES), len(console.VALIDATOR_HEADLINES))

    def test_every_example_gives_its_kind(self):
        for line, kind in HEADLINE_EXAMPLES:
            with self.subTest(line=line):
                self.assertEqual(console.validator_kind("foo" + line), kind)

    def test_each_headline_is_one_failing_result(self):
        for line, kind in HEADLINE_EXAMPLES:
            with self.subTest(line=line):
                boot = boot_of("[    1.000000] " + line)
                self.assertEqual(boot.validator,
                                 ["validator report: %s (console line 1)"
                                  % console.desc(kind)])

    def test_plain_text_is_no_headline(self):
        self.assertIsNone(console.validator_kind("possible circular locking"))


class Records(unittest.TestCase):
    def test_two_cpus_in_one_line(self):
        got = list(console.records("ok 3 fo[    1.000000] hello[    1.000001][  T12] world"))
        self.assertEqual(got, [("ok 3 fo", False), ("hello", True), ("world", True)])

    def test_no_timestamp(self):
        self.assertEqual(list(console.records("# lv-init: done")),
                         [("# lv-init: done", False)])

    def test_escapes_and_carriage_returns_dropped(self):
        path = os.path.join(FIXTURES, "good.log")
        self.assertFalse(any("\x1b" in s or "\r" in s for s in console.read_lines(path)))

    def test_desc_drops_hash_and_cuts_long_text(self):
        self.assertEqual(console.desc("  a # b "), "a  b")
        self.assertEqual(len(console.desc("x" * 200)), 120)


class Verdicts(unittest.TestCase):
    def results(self, name, selftest="any"):
        return console.verdict(console.Boot().feed(fixture(name)), selftest)

    def failing(self, name):
        return [text for ok, _, text in self.results(name) if not ok]

    def test_good_boot_passes(self):
        self.assertTrue(all(ok for ok, _, _ in self.results("good.log", (358, None))))

    def test_each_fixture_fails_as_named(self):
        cases = {
            "circular.log": "validator report: possible circular locking dependency",
            "debug-locks-warn.log": "validator report: DEBUG_LOCKS_WARN_ON(",
            "interleaved.log": "validator report: possible recursive locking",
            "rcu.log": "validator report: suspicious RCU usage",
            "warn.log": "WARNING at drivers/misc/lv_demo.c:42",
            "oops.log": "BUG: kernel NULL pointer dereference",
            "panic.log": "Kernel panic - not syncing: VFS",
            "timeout.log": "boot finished before the timeout # timed out after 300 s",
            "init-fail.log": "init: debug_locks is 1",
            "selftest-bug.log": "locking self-test: BUG: 3 unexpected failures",
            "scenario-crash.log": "BUG: kernel NULL pointer dereference",
        }
        for name, start in cases.items():
            with self.subTest(fixture=name):
                self.assertTrue(any(t.startswith(start) for t in self.failing(name)),
                                self.failing(name))

    def test_provoked_bugs_are_not_failures(self):
        self.assertEqual(self.failing("scenario.log"), [])

    def test_selftest_subset_and_unseen_cases(self):
        boot = console.Boot()
        boot.st_how, boot.st_summary = "expected", \
            "14 out of 358 testcases failed, as expected."
        self.assertTrue(console.selftest_result(boot, (358, 14))[0])
        self.assertFalse(console.selftest_result(boot, (358, 13))[0])
        self.assertTrue(console.selftest_result(boot, "subset")[0])
        self.assertFalse(console.selftest_result(boot, "any")[0])

    def test_bad_count_is_a_usage_error(self):
        with self.assertRaises(console.UsageError):
            console.parse_selftest_option("358-x")


class KtapResult(unittest.TextTestResult):
    """One KTAP line per test; what went wrong as diagnostics."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.n = self.passed = self.failed = 0
        self.why = []

    def startTest(self, test):
        super().startTest(test)
        self.why = []

    def note(self, test, err):
        self.why += self._exc_info_to_string(err, test).splitlines()

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.note(test, err)

    def addError(self, test, err):
        super().addError(test, err)
        self.note(test, err)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self.note(subtest, err)

    def stopTest(self, test):
        super().stopTest(test)
        self.n += 1
        ok = not self.why
        self.passed += ok
        self.failed += not ok
        print("%s %d %s" % ("ok" if ok else "not ok", self.n, test.id().split(".", 1)[1]))
        for text in self.why:
            print("# " + text)


def main():
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    print("KTAP version 1")
    print("1..%d" % suite.countTestCases())
    runner = unittest.TextTestRunner(stream=io.StringIO(), resultclass=KtapResult)
    result = runner.run(suite)
    print("%d passed, %d failed" % (result.passed, result.failed))
    return 1 if result.failed else 0


if __name__ == "__main__":
    sys.exit(main())
