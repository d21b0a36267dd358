#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Read the QEMU serial console of a lock-validator boot.

    console.py verdict [--label NAME] [--selftest-count N[-F] |
                        --selftest-subset | --no-selftest] [--boot-only] LOG
    console.py selftest-table LOG
    console.py stats LOG
    console.py figures LOG
    console.py headline LOG
    console.py scenarios [--reporting | --family-abbas] LOG

verdict         KTAP version 1: did the kernel reach init, did the locking
                self-test pass, did the validator (or anything else)
                complain, did the boot end before its timeout, and what the
                init's own KTAP said (--boot-only: only that it finished,
                for a kernel older than the init's tests).  Exit 0 all ok,
                1 some result not ok.
selftest-table  the rows of lib/locking-selftest.c's table, without printk
                timestamps, for diff between two boots.  Exit 1: no table.
stats           the validator's state in one line, from the "# lv-stats:"
                copy of /proc/lockdep_stats the init prints.
figures         "<metric><TAB><value>" for each benchmark figure the boot
                printed.  Exit 1: no benchmark figures at all.
headline        the first report headline inside a scenario's window, with
                task names and CPU numbers masked, for comparing engines.
scenarios       the scenario module's table as the init printed it
                ("# lv-scenario-table:" lines): one line per scenario,
                name|headline|detail|classes|families; --reporting: the
                names of those that must report; --family-abbas:
                "name:families" of those a lock family's ABBA is made of.
                Exit 1: no table.

Exit status 2: usage error or unreadable log.  The message strings in the
tables below are those Linux 6.12 prints (kernel/locking/lockdep.c,
lib/locking-selftest.c, kernel/panic.c, arch/x86/kernel/dumpstack.c, ...).
"""
import argparse
import os
import re
import sys

# ------------------------------------------------------------ the tables

# Lock-validator report headlines: (pattern, kind).  kind is the text of
# the result, or a function of the match that makes it.  A headline is
# searched anywhere in a record: another CPU may have left a fragment of
# its own line in front of it.
VALIDATOR_HEADLINES = [
    (r"WARNING: possible circular locking dependency detected",
     "possible circular locking dependency"),
    (r"WARNING: inconsistent lock state", "inconsistent lock state"),
    (r"WARNING: ([A-Z_]+-safe -> [A-Z_]+-unsafe lock order) detected",
     lambda m: m.group(1)),
    (r"WARNING: possible irq lock inversion dependency detected",
     "possible irq lock inversion dependency"),
    (r"WARNING: possible recursive locking detected",
     "possible recursive locking"),
    (r"WARNING: bad unlock balance detected!", "bad unlock balance"),
    (r"WARNING: bad contention detected!", "bad contention"),
    (r"WARNING: held lock freed!", "held lock freed"),
    # debug_check_no_locks_held(), at do_exit() and when freezing
    (r"WARNING: (.*/[0-9]+) still has locks held!",
     lambda m: "lock held at task exit (%s still has locks held)" % m.group(1)),
    (r"WARNING: lock held when returning to user space!",
     "lock held when returning to user space"),
    (r"\[ BUG: Invalid wait context \]", "Invalid wait context"),
    (r"WARNING: suspicious RCU usage", "suspicious RCU usage"),
    (r"WARNING: Nested lock was not taken", "nested lock was not taken"),
    (r"WARNING: chain_key collision", "chain_key collision"),
    # print_lockdep_off(): "BUG: MAX_LOCKDEP_ENTRIES too low!" and friends
    (r"BUG: (MAX_[A-Z_]+ too low)!", lambda m: m.group(1)),
    (r"BUG: key [0-9a-fx]+ has not been registered!",
     "lock key has not been registered"),
    (r"BUG: looking up invalid subclass: ", "looking up invalid subclass"),
    (r"INFO: trying to register non-static key\.",
     "trying to register non-static key"),
    # Its "WARNING: CPU: ..." line follows and is the same report.
    (r"DEBUG_LOCKS_WARN_ON\(.*\)", lambda m: m.group(0)),
]
VALIDATOR_HEADLINES = [(re.compile(p), k) for p, k in VALIDATOR_HEADLINES]

# Headlines of a crash: they count inside a scenario's window too.
CRASH = re.compile(r"Kernel panic|BUG: unable to handle|BUG: kernel NULL pointer|"
                   r"[Kk]ernel BUG at|general protection fault|Oops|"
                   r"Unable to handle kernel")
# The crash headlines whose "Oops:" line follows within 10 lines.
FAULT_START = re.compile(r"BUG: unable to handle|BUG: kernel NULL pointer|"
                         r"[Kk]ernel BUG at|Unable to handle kernel")

# A held lock's "at:" is the call site of its lock operation. A lock
# primitive there means the primitive reported its own return address,
# as an out-of-line body reached by a call rather than a sibling call
# would (frame pointers forbid sibling calls): a wrong report, in a
# scenario's window too.
PRIMITIVE_SITE = re.compile(r", at: (_raw_(?:spin|read|write)_[a-z_]*(?:lock|unlock)[a-z_]*)\+0x")

WARN_AT = re.compile(r"(?:^|[^A-Za-z0-9_])WARNING: (?:CPU: [0-9]+ PID: [0-9]+ )?at ")
PANIC = re.compile(r"Kernel panic - not syncing")
PANIC_END = re.compile(r"---\[ end Kernel panic - not syncing")
BUG = [re.compile(r"[Kk]ernel BUG at "), re.compile(r"Unable to handle kernel "),
       re.compile(r"(?:^|[^A-Za-z0-9_])BUG: ")]
OOPS = [re.compile(r"(?:^|[^A-Za-z0-9_])(?:Oops: |Internal error: )"),
        re.compile(r"general protection fault.*: [0-9a-f]+ \[#[0-9]+\]")]
STALL = [re.compile(r"INFO: task .* blocked for more than [0-9]+ seconds"),
         re.compile(r"INFO: [a-z_]+ (?:self-)?detected (?:expedited )?stalls?")]

# lib/locking-selftest.c: its header, and its summary lines with their kind.
SELFTEST_HEADER = re.compile(r"\| Locking API testsuite:")
SELFTEST_DISABLED = re.compile(r"\| Locking API testsuite disabled \|")
SELFTEST_SUMMARIES = [
    (re.compile(r"Good, all +[0-9]+ testcases passed! \|"), "good"),
    (re.compile(r"BUG: +[0-9]+ unexpected failures \(out of +[0-9]+\)"), "bug"),
    (re.compile(r"(?:[0-9]+ out of +)?[0-9]+ testcases failed, as expected\. \|"),
     "expected"),
]

# A printk timestamp "[    1.234567]", maybe followed by a caller id
# "[    T1]" (CONFIG_PRINTK_CALLER) and one blank.
TIMESTAMP = re.compile(r"\[ *[0-9]+\.[0-9]{6}\]")
CALLER_ID = re.compile(r"^\[ *[CT][0-9]+\] ?|^ ")
# Control characters but tab, newline and ESC; then escape sequences.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f]")
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b.?")

TAP_RESULT = re.compile(r"^(not )?ok [0-9]+(?:[ \t]|$)")
DIRECTIVE = re.compile(r"[ \t]*#[ \t]*((?:[Ss][Kk][Ii][Pp]|[Tt][Oo][Dd][Oo])"
                       r"(?:[^A-Za-z].*)?)$")


# --------------------------------------------------------- reading a log

class UsageError(Exception):
    pass


def read_lines(path):
    """The console's lines, control characters and escapes removed.

    Bytes are read as Latin-1, one character each, so that a log holding
    bytes that are not UTF-8 still parses; a line's index + 1 is its
    console line number.
    """
    if not os.path.exists(path):
        raise UsageError("no such console log: %s" % path)
    if not os.path.isfile(path):
        raise UsageError("not a regular file: %s" % path)
    try:
        with open(path, "rb") as f:
            text = f.read().decode("latin-1")
    except OSError as e:
        raise UsageError("cannot read console log: %s (%s)" % (path, e.strerror))
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ESCAPES.sub("", CONTROL.sub("", line)) for line in lines]


def records(line):
    """Split a console line at every printk timestamp.

    Yields (text, stamped): each piece is one printk record (stamped) or
    text written without a timestamp (by init, or the head of a line that
    another CPU's record cut), even when two CPUs wrote into one line.
    """
    stamps = list(TIMESTAMP.finditer(line))
    if not stamps:
        yield line, False
        return
    if stamps[0].start() > 0:
        yield line[:stamps[0].start()], False
    for i, m in enumerate(stamps):
        end = stamps[i + 1].start() if i + 1 < len(stamps) else len(line)
        yield CALLER_ID.sub("", line[m.end():end], count=1), True


def desc(s):
    """Kernel text fit for a KTAP description: no "#", at most 120 chars."""
    s = s.replace("#", "").strip(" \t")
    return s if len(s) <= 120 else s[:117] + "..."


def validator_kind(s):
    """The kind of lock-validator report whose headline is in s, or None."""
    for pattern, kind in VALIDATOR_HEADLINES:
        m = pattern.search(s)
        if m:
            return kind(m) if callable(kind) else kind
    return None


def first_match(patterns, s):
    for p in patterns:
        m = p.search(s)
        if m:
            return m
    return None


def after_separator(s):
    """s without the one character that may precede a headline."""
    return s[1:] if s and not re.match(r"[A-Za-z]", s) else s


# ------------------------------------------------------------ the verdict

class Boot:
    """What one boot's console says, record by record."""

    def __init__(self):
        self.nr = 0
        self.validator = []         # result texts, in console order
        self.other = []
        self.last_validator = -100  # console line of the last report
        self.last_dlwo = -100       # ... of the last DEBUG_LOCKS_WARN_ON()
        self.last_crash = -100      # ... of the last fault headline
        self.last_frame = -100      # ... of the last "=====" frame line
        self.in_window = False      # inside a provoked bug's window
        self.st_header = self.st_end = self.st_disabled = 0
        self.st_how = self.st_summary = None
        self.st_count = 0
        self.failed_rows = []
        self.init_start = self.init_done = 0
        self.init_plan = -1
        self.init_results = []      # (ok, verdict word, text)
        self.bail = None
        self.timeout = None
        self.exited = None

    def in_selftest(self):
        # A self-test that never printed its summary (a crash) does not
        # stretch past the start of init.
        return self.st_header and not self.st_end and not self.init_start

    def where(self):
        during = ", during the locking self-test" if self.in_selftest() else ""
        return " (console line %d%s)" % (self.nr, during)

    def add_validator(self, kind):
        self.validator.append("validator report: " + desc(kind) + self.where())
        self.last_validator = self.nr

    def add_other(self, text):
        self.other.append(desc(text) + self.where())

    def feed(self, lines):
        for self.nr, line in enumerate(lines, 1):
            for text, stamped in records(line):
                self.record(text, stamped)
        return self

    def record(self, s, stamped):
        if not s.strip(" \t"):
            return
        for step in (self.boot_marker, self.init_output, self.selftest,
                     self.primitive_site, self.provoked, self.validator_report,
                     self.trouble):
            if step(s, stamped):
                return

    def boot_marker(self, s, stamped):
        """boot.sh's end markers, maybe after a partial line."""
        m = re.search(r"### lv-boot: TIMEOUT after ([0-9]+) s", s)
        if m:
            self.timeout = m.group(1)
            return True
        m = re.search(r"### lv-boot: qemu exited rc=(-?[0-9]+)", s)
        if m:
            self.exited = m.group(1)
            return True
        # The init has judged the provoked bug: what follows counts again.
        if re.match(r"# lv-scenario: .* done", s):
            self.in_window = False
        return False

    def init_output(self, s, stamped):
        """The init's KTAP; TAP-shaped text elsewhere is never a headline."""
        if not self.init_start and not stamped and \
                re.search(r"KTAP version 1[ \t]*$", s):
            self.init_start = self.nr
            return True
        if self.init_start and not self.init_done:
            if s.startswith("# lv-init: done"):
                self.init_done = self.nr
            elif TAP_RESULT.match(s):
                self.init_result(s)
            elif re.match(r"1\.\.[0-9]+", s):
                self.init_plan = int(re.match(r"[0-9]+", s[3:]).group(0))
            elif s.startswith("Bail out!"):
                self.bail = desc(s)
            elif not s.startswith("#"):
                return False
            return True
        return bool(TAP_RESULT.match(s) or s.startswith("# "))

    def init_result(self, s):
        word = "not ok" if s.startswith("not ") else "ok"
        rest = re.sub(r"^-[ \t]+", "", TAP_RESULT.sub("", s).lstrip(" \t"))
        directive = ""
        m = DIRECTIVE.search(rest)
        if m:
            rest = rest[:m.start()]
            directive = " # " + m.group(1).strip(" \t")
        # SKIP and TODO results count as passed.
        ok = word == "ok" or bool(directive)
        self.init_results.append((ok, word, "init: " + rest.strip(" \t") + directive))

    def selftest(self, s, stamped):
        if SELFTEST_HEADER.search(s):
            self.st_header = self.st_header or self.nr
            return True
        if SELFTEST_DISABLED.search(s):
            self.st_disabled = self.nr
            return True
        for pattern, how in SELFTEST_SUMMARIES:
            m = pattern.search(s)
            if m:
                self.selftest_summary(m.group(0), how)
                return True
        # A table row ("   A-A deadlock:  ok  |FAILED|..."): never a report.
        if self.in_selftest() and "|" in s:
            if "FAILED|" in s and len(self.failed_rows) < 3:
                colon = s.find(":")
                self.failed_rows.append(s[:colon].strip(" \t") if colon >= 0 else "")
            return True
        return False

    def selftest_summary(self, t, how):
        if self.st_summary is not None:
            return
        self.st_end = self.nr
        t = re.sub(r" \|$", "", t)
        t = re.sub(r" +", " ", t)
        self.st_how = how
        self.st_summary = re.sub(r"!$", "", t)
        self.st_count = int(re.search(r"[0-9]+", t).group(0))

    def primitive_site(self, s, stamped):
        m = PRIMITIVE_SITE.search(s)
        if m:
            self.add_other("a report names the lock primitive %s as a call site"
                           % m.group(1))
        return bool(m)

    def provoked(self, s, stamped):
        """Bugs the scenario and capacity modules commit on purpose.

        The init judges each one from the kernel log; here they are not
        failures, unless the kernel crashed on the way.
        """
        if re.search(r"lockdep_(scenarios|capacity|bench): begin ", s):
            self.in_window = True
            return True
        # The benchmark's one known bug ends where the module says so.
        if re.search(r"lockdep_bench: end ", s):
            self.in_window = False
            return True
        return self.in_window and not CRASH.search(s)

    def validator_report(self, s, stamped):
        if re.match(r"=+[ \t]*$", s) and len(s) >= 8:
            self.last_frame = self.nr
            return True
        kind = validator_kind(s)
        if kind is not None:
            # DEBUG_LOCKS_WARN_ON() is followed by a "WARNING: CPU:" line,
            # "non-static key" and "too low!" by "turning off ...": each
            # pair is one report.
            if kind.startswith("DEBUG_LOCKS_WARN_ON("):
                self.last_dlwo = self.nr
            self.add_validator(kind)
            return True
        if "turning off the locking correctness validator." in s:
            if self.nr > self.last_validator + 5:
                self.add_validator("locking correctness validator turned off")
            return True
        # A headline we do not know, framed like a lockdep report.
        if self.nr <= self.last_frame + 2 and (
                s.startswith("WARNING: ") and not s.startswith("WARNING: CPU: ") or
                re.match(r"\[ BUG: .*\]$", s)):
            k = re.sub(r" \]$", "", re.sub(r"^\[ ", "", s))
            self.add_validator("unrecognised: " + re.sub(r"^(WARNING|BUG): ", "", k))
            return True
        # After a crash the kernel taints itself and stops lock debugging;
        # only worth a result when nothing else explains it.
        if "Disabling lock debugging due to kernel taint" in s:
            if not self.validator and not self.other:
                self.add_validator("lock debugging disabled due to kernel taint")
            return True
        return False

    def trouble(self, s, stamped):
        """Everything else that goes wrong (kernel/panic.c __warn() etc.)."""
        m = WARN_AT.search(s)
        if m:
            if self.nr <= self.last_dlwo + 3:   # DEBUG_LOCKS_WARN_ON()'s
                return True
            where = s[m.end():]
            if where.startswith("kernel/locking/lockdep"):
                self.add_validator("lockdep WARNING at " + where)
            else:
                self.add_other("WARNING at " + where)
            return True
        if PANIC_END.search(s):
            return True
        m = PANIC.search(s)
        if m:
            self.add_other(s[m.start():])
            return True
        m = first_match(BUG, s)
        if m:
            t = after_separator(s[m.start():])
            self.add_other(t)
            if FAULT_START.match(t):
                self.last_crash = self.nr
            return True
        # x86 __die_header(): "Oops: general protection fault, ...: 0000
        # [#1] SMP"; arm64 die(): "Internal error: Oops: ...".  After a
        # fault headline above it is the same crash, not counted twice.
        m = first_match(OOPS, s)
        if m:
            if self.nr > self.last_crash + 10:
                self.add_other(after_separator(s[m.start():]))
            return True
        m = first_match(STALL, s)
        if m:
            self.add_other(s[m.start():])
            return True
        return False


def parse_selftest_option(value):
    """--selftest-count's "N" or "N-F" as (N, F or None)."""
    m = re.fullmatch(r"([0-9]+)(?:-([0-9]+))?", value)
    if not m:
        raise UsageError("--selftest-count wants a number N or N-F, got '%s'" % value)
    return int(m.group(1)), (int(m.group(2)) if m.group(2) else None)


def selftest_result(boot, want):
    """(ok, text) of the locking self-test.

    want: "any", "subset", or (N, F): N testcases, F of them failing as
    expected (None: all pass).
    """
    summary = boot.st_summary
    if boot.st_how == "good":
        if want == "any" or isinstance(want, tuple) and want[1] is None and \
                boot.st_count == want[0]:
            return True, summary
        expected = want if want == "subset" else \
            str(want[0]) + ("-%d" % want[1] if want[1] is not None else "")
        return False, "%s, but %s expected" % (summary, expected)
    if boot.st_how == "bug":
        rows = "; FAILED rows: " + ", ".join(boot.failed_rows) if boot.failed_rows else ""
        return False, summary + rows
    if boot.st_how == "expected":
        if isinstance(want, tuple) and want[1] is not None:
            n, f = want
            return (summary == "%d out of %d testcases failed, as expected." % (f, n),
                    "%s (%d of %d expected to fail in this kernel)" % (summary, f, n))
        if want == "subset":
            return True, summary + " (lock families not proven)"
        return False, summary + " (CONFIG_PROVE_LOCKING off?)"
    if boot.st_disabled:
        return False, ("testsuite disabled, the validator was off before it ran "
                       "(console line %d)" % boot.st_disabled)
    if boot.st_header:
        return False, "no summary after the header at console line %d" % boot.st_header
    return False, "summary missing"


def verdict(boot, selftest, init_results=True):
    """The boot's results as (ok, verdict word or None, text), in order."""
    res = [(bool(boot.init_start), None, "kernel reached init")]
    if selftest != "none":
        ok, text = selftest_result(boot, selftest)
        res.append((ok, None, "locking self-test: " + text))
    res += [(False, None, t) for t in boot.validator] or \
        [(True, None, "no validator report")]
    res += [(False, None, t) for t in boot.other] or \
        [(True, None, "no WARNING, BUG, Oops or panic")]
    done = "boot finished before the timeout"
    if boot.timeout is not None:
        res.append((False, None, done + " # timed out after %s s" % boot.timeout))
    elif boot.exited is None:
        res.append((False, None, done + " # no lv-boot end marker, log truncated?"))
    else:
        res.append((True, None, done))
    if init_results:
        res += boot.init_results
    if boot.init_start:
        if not boot.init_done:
            res.append((False, None, 'init finished # no "# lv-init: done" line'))
        elif boot.bail is not None:
            res.append((False, None, "init finished # " + boot.bail))
        elif init_results and boot.init_plan >= 0 and \
                boot.init_plan != len(boot.init_results):
            res.append((False, None, "init finished # planned %d results, got %d"
                        % (boot.init_plan, len(boot.init_results))))
        else:
            res.append((True, None, "init finished"))
    return res


def print_ktap(label, results, out):
    out.write("KTAP version 1\n1..%d\n" % len(results))
    for i, (ok, word, text) in enumerate(results, 1):
        out.write("%s %d %s: %s\n" % (word or ("ok" if ok else "not ok"), i, label, text))
    passed = sum(1 for r in results if r[0])
    out.write("# %s: %d passed, %d failed\n" % (label, passed, len(results) - passed))
    return 0 if passed == len(results) else 1


# ------------------------------------------------- the other subcommands

def strip_stamp(line):
    line = re.sub(r"^\[ *[0-9]+\.[0-9]+\]", "", line, count=1)
    return CALLER_ID.sub("", line, count=1)


def selftest_table(lines):
    """The self-test's rows, or None without a table; raises on no summary."""
    rows, held, inside = [], [], False
    for line in lines:
        s = strip_stamp(line).rstrip(" \t")
        if not inside:
            inside = bool(SELFTEST_HEADER.search(s))
            continue
        if re.search(r"testcases passed! \||unexpected failures \(out of|"
                     r"testcases failed, as expected\. \|", s):
            return rows, True
        # A dashed line may be the top of the summary box: hold it back
        # until a table row follows.
        if re.fullmatch(r"-+", s):
            held.append(s)
            continue
        rows += held + [s]
        held = []
    return (rows, False) if inside else (None, False)


STATS_FIELDS = ["lock-classes", "direct dependencies", "dependency chains",
                "max locking depth", "debug_locks"]


def stats(lines):
    """The "# lv-stats: name: value" lines as a dict (first word of value)."""
    found = {}
    for line in lines:
        m = re.match(r".*# lv-stats: +(.*)", line)
        if m:
            name, _, value = m.group(1).partition(":")
            found[name] = value.lstrip(" ").split(" ")[0]
    return found


def figures(lines):
    """The benchmark's figures as (metric, value), in console order."""
    out, learned, memory, pairs, after = [], 0, [], 0, False
    for raw in lines:
        line = strip_stamp(raw)
        f = line.split()
        if re.fullmatch(r"lockdep_bench: (pair|scale|flags|bug) [a-z_0-9]+ [0-9.]+ ns", line):
            out.append((f[1] + " " + f[2], f[3]))
            pairs += 1
        if re.fullmatch(r"lockdep_bench: size [a-z_]+ [0-9]+ bytes", line):
            out.append(("size " + f[2], f[3]))
        if re.fullmatch(r"lockdep_bench: scale graph classes [0-9]+ chains [0-9]+", line):
            out += [("scale classes", f[4]), ("scale chains", f[6])]
        if line.startswith("lockdep_bench: learn classes "):
            learned += 1
            size = {1: "100", 2: "1000"}.get(learned, "max")
            out.append(("learn " + size, f[4]))
            if size == "max":
                out.append(("learn max classes", f[3]))
        if re.match(r" memory used (by lock dependency info|for stack traces): [0-9]+ kB", line):
            memory.append(int(raw.split()[-2]))
        if re.fullmatch(r"# lv-bench: workload [0-9]+ rounds [0-9]+ ns", raw):
            out.append(("macro workload", raw.split()[-2]))
        if not after and re.match(r"# lv-stats: +memory allocated \(kB\): +[0-9]+", raw):
            after = True
            out.append(("memory after boot", raw.split()[-1]))
    if len(memory) == 2:
        out.append(("memory at boot", str(sum(memory))))
    return out, pairs > 0


def arrivals(times_path):
    """Host seconds at which the self-test ended and init started.

    boot.sh --times writes "<seconds> <console line>" per line: the guest's
    printk clock restarts while the TSC is set up, the host's does not.
    """
    marks = [("boot to self-test end",
              r"Good, all +[0-9]+ testcases passed!|testcases failed, as expected[.]|"
              r"unexpected failures [(]out of"),
             ("boot to init", r"Run /init as init process")]
    try:
        with open(times_path, encoding="latin-1") as f:
            times = f.read().split("\n")
    except OSError:
        return []
    out = []
    for name, pattern in marks:
        for line in times:
            if re.search(pattern, line):
                out.append((name, line.split()[0] if line.split() else ""))
                break
    return out


def headline(lines):
    """The first WARNING:/BUG: line inside a scenario's window, masked."""
    inside = False
    for line in lines:
        if "lockdep_scenarios: begin " in line:
            inside = True
        if re.search(r"# lv-scenario: .* done", line):
            inside = False
        m = re.search(r"(WARNING|BUG): .*", line) if inside else None
        if m:
            t = re.sub(r" [^ ]*/[0-9]* still ", " TASK still ", m.group(0), count=1)
            return re.sub(r"CPU: [0-9]* PID: [0-9]* at .*", "CPU: ...", t, count=1)
    return ""


SCENARIO_COLUMNS = ("name", "headline", "detail", "classes", "families")


def scenario_table(lines):
    """The scenario module's table lines the init copied to the console."""
    return [m.group(1) for m in
            (re.match(r"# lv-scenario-table: (.*)", line) for line in lines) if m]


def scenario_rows(table):
    """The table's lines as dicts of SCENARIO_COLUMNS; "-" is empty."""
    rows = []
    for line in table:
        cells = [c if c != "-" else "" for c in line.split("|")]
        rows.append(dict(zip(SCENARIO_COLUMNS, cells)))
    return rows


# -------------------------------------------------------------- commands

def cmd_verdict(args):
    lines = read_lines(args.log)
    label = args.label or os.path.basename(
        os.path.realpath(os.path.dirname(os.path.abspath(args.log))))
    if args.selftest_count is not None:
        selftest = parse_selftest_option(args.selftest_count)
    else:
        selftest = args.selftest
    boot = Boot().feed(lines)
    return print_ktap(label, verdict(boot, selftest, not args.boot_only), sys.stdout)


def cmd_selftest_table(args):
    rows, complete = selftest_table(read_lines(args.log))
    if rows is None:
        print("console.py: no locking self-test table in %s" % args.log, file=sys.stderr)
        return 1
    sys.stdout.write("".join(r + "\n" for r in rows))
    if not complete:
        print("console.py: self-test table in %s has no summary line "
              "(boot stopped during the self-test?)" % args.log, file=sys.stderr)
        return 1
    return 0


def cmd_stats(args):
    st = stats(read_lines(args.log))
    if "lock-classes" not in st:
        print("validator: no /proc/lockdep_stats in the console log")
        return 1
    print("validator: %s lock classes, %s direct dependencies, %s dependency "
          "chains, max locking depth %s, debug_locks %s"
          % tuple(st.get(k, "") for k in STATS_FIELDS))
    return 0


def cmd_figures(args):
    found, complete = figures(read_lines(args.log))
    for metric, value in found:
        print("%s\t%s" % (metric, value))
    if not complete:
        return 1
    for metric, value in arrivals(args.log + ".times"):
        print("%s\t%s" % (metric, value))
    return 0


def cmd_headline(args):
    print(headline(read_lines(args.log)))
    return 0


def cmd_scenarios(args):
    table = scenario_table(read_lines(args.log))
    if args.select == "reporting":
        table = [r["name"] for r in scenario_rows(table) if r.get("headline")]
    elif args.select == "family-abbas":
        table = ["%s:%s" % (r["name"], r["families"])
                 for r in scenario_rows(table) if r.get("families")]
    for line in table:
        print(line)
    return 0 if table else 1


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message + "\n" + self.format_usage().rstrip())


def parse_args(argv):
    p = Parser(prog="console.py", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    v = sub.add_parser("verdict", help="KTAP verdict of a boot")
    v.add_argument("--label", help="prefix of every result (default: the "
                   "log's directory name)")
    how = v.add_mutually_exclusive_group()
    how.add_argument("--selftest-count", metavar="N[-F]",
                     help="exactly N testcases passed, or exactly F of N "
                     "failed as expected and none unexpectedly")
    how.add_argument("--selftest-subset", dest="selftest", action="store_const",
                     const="subset", help="some lock families are not proven: "
                     "their cases fail as expected, none unexpectedly")
    how.add_argument("--no-selftest", dest="selftest", action="store_const",
                     const="none", help="the kernel has no locking self-test")
    v.add_argument("--boot-only", action="store_true",
                   help="leave out the init's own results (a kernel of an "
                   "intermediate point of the series lacks what they test)")
    v.set_defaults(func=cmd_verdict, selftest="any")
    for name, func, text in (
            ("selftest-table", cmd_selftest_table, "the self-test's rows"),
            ("stats", cmd_stats, "the validator's state in one line"),
            ("figures", cmd_figures, "the benchmark's figures"),
            ("headline", cmd_headline, "the first headline in a scenario window"),
            ("scenarios", cmd_scenarios, "the scenario module's table")):
        c = sub.add_parser(name, help=text)
        c.set_defaults(func=func)
    which = sub.choices["scenarios"].add_mutually_exclusive_group()
    which.add_argument("--reporting", dest="select", action="store_const",
                       const="reporting", help="only the names of the "
                       "scenarios that must report")
    which.add_argument("--family-abbas", dest="select", action="store_const",
                       const="family-abbas", help='"name:families" of the '
                       "ABBAs of one lock family")
    for c in sub.choices.values():
        c.add_argument("log", metavar="LOG", help="QEMU serial console log")
    return p.parse_args(argv)


def main(argv):
    try:
        args = parse_args(argv)
        return args.func(args)
    except UsageError as e:
        print("console.py: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
