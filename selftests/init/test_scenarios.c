// SPDX-License-Identifier: GPL-2.0
/*
 * Every kind of locking bug, committed on purpose by the scenario module
 * (lib/test_lockdep_scenarios.c), must be reported once, with the right
 * headline and the right lock classes, and nothing else; every correctly
 * annotated twin must stay silent while the validator is on.
 *
 * A report switches the validator off, and switching it back on while the
 * system runs is not sound (locks and irq states change meanwhile without
 * being tracked), so a boot judges one reporting scenario, or all the
 * silent ones. The kernel command line says which:
 *   lv.scenario=NAME     commit the bug NAME
 *   lv.scenario=silent   run every annotated twin
 *   lv.scenario=keep     several bugs in one boot, one of them twice: our
 *                        engine keeps proving, tells each once, counts the
 *                        repeat and logs all in /proc/lockdep_reports
 *   lv.scenario=list     just print the module's table, for the scripts
 * What each scenario must give comes from the module's own table, which
 * its "list" file prints: name|headline|detail|classes|families.
 *
 * Each scenario runs in a child process that writes its name to the
 * module's "run" file and exits, so that a lock the scenario leaves held
 * (returning to user space with it, say) dies with the child.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define SC_RUN "/sys/kernel/debug/lockdep_scenarios/run"
#define SC_LIST "/sys/kernel/debug/lockdep_scenarios/list"
#define SC_MODULE "/lib/modules/test_lockdep_scenarios.ko"
#define MAX_SCENARIOS 128
#define MAX_CLASSES 4

struct expect {
	char *name;
	char *headline;		/* NULL: the scenario must stay silent */
	char *detail;		/* more text the report must contain, or NULL */
	char *classes[MAX_CLASSES];	/* lock classes it must name */
};

static struct expect expects[MAX_SCENARIOS];
static int nr_expects;
static char table[16384];
static char table_copy[sizeof(table)];	/* as read, for print_table() */
static char wanted[64];
static int table_err = -1;	/* errno of loading the module and its table */

static char *field(char *s)
{
	return strcmp(s, "-") ? s : NULL;
}

/* Parse the "name|headline|detail|classes|families" lines of the table. */
static int parse_table(void)
{
	char *line, *save;

	for (line = strtok_r(table, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct expect *e = &expects[nr_expects];
		char *f[5], *p = line, *cls, *csave;
		int i;

		for (i = 0; i < 5; i++) {
			f[i] = strsep(&p, "|");
			if (!f[i])
				return EINVAL;
		}
		if (nr_expects == MAX_SCENARIOS)
			return E2BIG;
		e->name = f[0];
		e->headline = field(f[1]);
		e->detail = field(f[2]);
		i = 0;
		if (field(f[3])) {
			for (cls = strtok_r(f[3], " ", &csave);
			     cls && i < MAX_CLASSES;
			     cls = strtok_r(NULL, " ", &csave))
				e->classes[i++] = cls;
		}
		nr_expects++;
	}
	return nr_expects ? 0 : ENOENT;
}

/* Load the module and its table, once; 0 or the errno that stopped it. */
static int load_table(void)
{
	if (table_err >= 0)
		return table_err;
	table_err = load_module(SC_MODULE, "");
	if (!table_err && read_text(SC_LIST, table, sizeof(table)) < 0)
		table_err = errno;
	memcpy(table_copy, table, sizeof(table));
	if (!table_err)
		table_err = parse_table();
	return table_err;
}

static bool scenarios_enabled(void)
{
	return cmdline_value("lv.scenario", wanted, sizeof(wanted));
}

static bool list_run(void)
{
	return !strcmp(wanted, "list");
}

static bool silent_run(void)
{
	return !strcmp(wanted, "silent");
}

/*
 * The keep-proving run: distinct bugs, among them one that is only there
 * because the validator went on learning after a refused edge, then a
 * repeat of a dependency bug and of a usage bug, then a silent twin.  After a held lock is freed its
 * entry must leave the held stack: its thread then exits holding nothing,
 * so the findings stay distinct (no "held at exit" on top).  Freed from an
 * interrupt, it must stay: its thread's release then balances (no "bad
 * unlock" on top).
 */
static const char *const keep_sequence[] = {
	"abba_spin", "recursive_mutex", "irq_inconsistent_hard", "bad_unlock",
	"held_lock_freed", "held_lock_freed_in_irq", "nest_lock_not_held",
	"refused_edge", "cycle_behind_refused", "abba_spin",
	"irq_inconsistent_hard", "ok_spin_nested",
};

static bool keep_run(void)
{
	return !strcmp(wanted, "keep");
}

/* Is the NTH scenario of the keep run a repeat of an earlier one? */
static bool keep_repeats(int nth)
{
	int j;

	for (j = 0; j < nth; j++) {
		if (!strcmp(keep_sequence[j], keep_sequence[nth]))
			return true;
	}
	return false;
}

/* Run SCENARIO in a child; returns the errno of its write (0 on success). */
static int run_in_child(const char *scenario)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return errno;
	if (pid == 0) {
		int fd = open(SC_RUN, O_WRONLY);

		if (fd < 0)
			_exit(errno);
		if (write(fd, scenario, strlen(scenario)) < 0)
			_exit(errno);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return EIO;
	/*
	 * The child was reaped, but it may still be on its way out of
	 * do_exit(), where it checks for held locks: let it finish.
	 */
	usleep(20000);
	return WEXITSTATUS(status);
}

/* The kernel log from "begin SCENARIO" to the next scenario's begin. */
static char *scenario_window(const char *scenario)
{
	char begin[96];
	char *start, *end;

	snprintf(begin, sizeof(begin), "lockdep_scenarios: begin %s\n",
		 scenario);
	start = kernel_log_since(begin);
	if (!start)
		return NULL;
	end = strstr(start + strlen(begin), "lockdep_scenarios: begin ");
	if (end)
		*end = '\0';
	return start;
}

/* Is NAME printed as a class, "(NAME)", "(NAME){", "(NAME#2" or "(NAME/1"? */
static bool names_class(const char *window, const char *name)
{
	size_t len = strlen(name);
	const char *p = window;

	while ((p = strstr(p, name))) {
		if (p > window && p[-1] == '(' && p[len] && strchr("){#/", p[len]))
			return true;
		p += len;
	}
	return false;
}

static void judge_silent(const struct expect *e, int err, const char *window)
{
	long on = lockdep_stat("debug_locks");
	int headlines = window ? count_report_headlines(window) : -1;

	ktap_result(window && !err && on == 1 && headlines == 0,
		    "scenario %s: silent (write %d, validator on %ld, %d reports)",
		    e->name, err, on, headlines);
}

static void judge_report(const struct expect *e, int err, const char *window)
{
	int headlines = window ? count_report_headlines(window) : -1;
	int i;

	if (!window || err || headlines != 1 || !strstr(window, e->headline)) {
		ktap_result(false,
			    "scenario %s: one report \"%s\" (write %d, %d reports)",
			    e->name, e->headline, err, headlines);
		return;
	}
	if (e->detail && !strstr(window, e->detail)) {
		ktap_result(false, "scenario %s: report lacks \"%s\"",
			    e->name, e->detail);
		return;
	}
	for (i = 0; i < MAX_CLASSES && e->classes[i]; i++) {
		if (!names_class(window, e->classes[i])) {
			ktap_result(false, "scenario %s: report does not name class %s",
				    e->name, e->classes[i]);
			return;
		}
	}
	ktap_result(true, "scenario %s: %s", e->name, e->headline);
}

static void run_one(const struct expect *e)
{
	int err;

	err = run_in_child(e->name);
	if (err == EOPNOTSUPP) {
		ktap_skip("needs another config", "scenario %s", e->name);
		return;
	}
	/* lv.unproven=1: the kernel does not prove this scenario's family. */
	if (e->headline && !cmdline_has("lv.unproven=1"))
		judge_report(e, err, scenario_window(e->name));
	else
		judge_silent(e, err, scenario_window(e->name));
}

static const struct expect *find_expect(const char *name);

static const char *const report_kinds[] = {
	"circular", "recursive", "inconsistent", "nmi", "irq-inversion",
	"irq-order", "bad-unlock", "wait-context", "nest-lock",
	"held-lock-freed", "bad-contention", "held-at-exit",
	"held-at-user-return",
};

static bool known_kind(const char *kind)
{
	size_t i;

	for (i = 0; i < NR_ENTRIES(report_kinds); i++) {
		if (!strcmp(kind, report_kinds[i]))
			return true;
	}
	return false;
}

/* "seconds.microseconds" since boot; -1 if malformed. */
static double report_time(const char *s)
{
	unsigned long sec;
	unsigned int usec;
	int end = 0;

	if (sscanf(s, "%lu.%6u%n", &sec, &usec, &end) != 2 || s[end] ||
	    strlen(strchr(s, '.') + 1) != 6)
		return -1;
	return sec + usec / 1e6;
}

/*
 * One finding: "kind<TAB>count<TAB>first<TAB>last<TAB>classes<TAB>chain",
 * a known kind, a count of at least one, first no later than last, and
 * non-empty classes and chain. Returns its count, or -1 if malformed.
 */
static long parse_finding(char *line, char **kind, char **classes)
{
	char *f[6], *p = line, *end;
	double first, last;
	long count;
	int i;

	for (i = 0; i < 6; i++) {
		f[i] = strsep(&p, "\t");
		if (!f[i] || !*f[i])
			return -1;
	}
	count = strtol(f[1], &end, 10);
	first = report_time(f[2]);
	last = report_time(f[3]);
	if (p || !known_kind(f[0]) || *end || count < 1 || first < 0 ||
	    last < first)
		return -1;
	*kind = f[0];
	*classes = f[4];
	return count;
}

/* @kind names a finding of kind @want between classes @a and @b (or @a). */
static bool finding_is(const char *kind, const char *classes, const char *want,
		       const char *a, const char *b)
{
	return !strcmp(kind, want) && strstr(classes, a) &&
	       (!b || strstr(classes, b));
}

/* The finding each repeated scenario of the keep run must count. */
static const struct repeat_key {
	const char *scenario, *kind, *a, *b;
} repeat_keys[] = {
	{ "abba_spin", "circular", "sc_spin_a", "sc_spin_b" },
	{ "irq_inconsistent_hard", "inconsistent", "sc_hardirq_lock", NULL },
};

/*
 * Scenarios silent alone that report in the keep run, after the ones
 * before them: the finding each must make there.
 */
static const struct repeat_key keep_findings[] = {
	{ "cycle_behind_refused", "circular", "sc_hid_x", "sc_hid_b" },
};

static const struct repeat_key *find_key(const struct repeat_key *keys,
					 size_t n, const char *scenario)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(keys[i].scenario, scenario))
			return &keys[i];
	}
	return NULL;
}

static const struct repeat_key *find_repeat_key(const char *scenario)
{
	return find_key(repeat_keys, NR_ENTRIES(repeat_keys), scenario);
}

static const struct repeat_key *find_keep_finding(const char *scenario)
{
	return find_key(keep_findings, NR_ENTRIES(keep_findings), scenario);
}

/* The count /proc/lockdep_reports gives finding @k; -1 if it has none. */
static long finding_count(const struct repeat_key *k)
{
	static char log[16384];
	char *line, *save, *kind, *classes;
	long count;

	if (!k || read_text("/proc/lockdep_reports", log, sizeof(log)) < 0)
		return -1;
	for (line = strtok_r(log, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (*line == '#')
			continue;
		count = parse_finding(line, &kind, &classes);
		if (count > 0 && finding_is(kind, classes, k->kind, k->a, k->b))
			return count;
	}
	return -1;
}

/*
 * A bug already reported once must not be printed again, and its count
 * must go up.  A usage bug may count more than once per run: the refused
 * usage is checked again wherever it recurs, at the acquisition and each
 * time interrupts are enabled while the lock is held.
 */
static void judge_repeat(const char *name, int err, const char *window,
			 long before, long after)
{
	int headlines = window ? count_report_headlines(window) : -1;

	ktap_result(window && !err && headlines == 0 && before > 0 &&
		    after > before,
		    "scenario %s again: counted (%ld then %ld), not printed (write %d, %d reports)",
		    name, before, after, err, headlines);
}

/* How many distinct bugs the keep run commits: its reporting scenarios. */
static int keep_distinct(void)
{
	int i, n = 0;

	for (i = 0; i < NR_ENTRIES(keep_sequence); i++) {
		const struct expect *e = find_expect(keep_sequence[i]);

		n += e && (e->headline || find_keep_finding(e->name)) &&
		     !keep_repeats(i);
	}
	return n;
}

/* /proc/lockdep_reports: one line per distinct bug, the ABBA counted twice. */
static void judge_report_log(const char *name, int nth)
{
	static char log[16384];
	char *line, *save, *kind, *classes;
	int lines = 0, bad = 0;
	long abba_count;

	if (read_text("/proc/lockdep_reports", log, sizeof(log)) < 0) {
		ktap_result(false, "%s: /proc/lockdep_reports is readable", name);
		return;
	}
	for (line = strtok_r(log, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (*line == '#') {
			bad += strcmp(line, "# kind\tcount\tfirst\tlast\tclasses\tchain") != 0;
			continue;
		}
		lines++;
		ktap_diag("lv-reports: %s", line);
		if (parse_finding(line, &kind, &classes) < 0) {
			ktap_diag("bad /proc/lockdep_reports line %d", lines);
			bad++;
		}
	}
	abba_count = finding_count(find_repeat_key("abba_spin"));
	ktap_result(lines == keep_distinct() && abba_count == 2 && !bad,
		    "%s: %d findings (want %d), the ABBA counted %ld times (want 2), %d bad lines",
		    name, lines, keep_distinct(), abba_count, bad);
}

/*
 * Both repeats of the keep run are of refusals the validator remembers
 * (a chain, a usage bit), so it counts them without checking again.
 */
static void judge_keep_stats(const char *name, int nth)
{
	long reports = lockdep_stat("reports so far");
	long repeats = lockdep_stat("repeats suppressed");
	long remembered = lockdep_stat("repeats remembered");
	long on = lockdep_stat("debug_locks");

	ktap_result(reports == keep_distinct() && repeats >= 2 &&
		    remembered >= 2 && remembered <= repeats && on == 1,
		    "%s: %ld reports, %ld repeats suppressed, %ld of them remembered, debug_locks %ld",
		    name, reports, repeats, remembered, on);
}

/* A finding only the keep run makes: one report, logged once. */
static void judge_keep_finding(const char *name, int err, const char *window,
			       const struct repeat_key *k)
{
	int headlines = window ? count_report_headlines(window) : -1;
	long count = finding_count(k);

	ktap_result(window && !err && headlines == 1 && count == 1,
		    "scenario %s after the others: one report, a %s of %s and %s logged once (write %d, %d reports, count %ld)",
		    name, k->kind, k->a, k->b, err, headlines, count);
}

/* Called once for each of keep_sequence[]. */
static void keep_step(const char *name, int nth)
{
	const struct expect *e = find_expect(keep_sequence[nth]);
	long before;
	int err;

	if (!e) {
		ktap_result(false, "scenario %s: not in the module's list",
			    keep_sequence[nth]);
		return;
	}
	before = finding_count(find_repeat_key(e->name));
	err = run_in_child(e->name);
	if (keep_repeats(nth))
		judge_repeat(e->name, err, scenario_window(e->name), before,
			     finding_count(find_repeat_key(e->name)));
	else if (find_keep_finding(e->name))
		judge_keep_finding(e->name, err, scenario_window(e->name),
				   find_keep_finding(e->name));
	else if (e->headline)
		judge_report(e, err, scenario_window(e->name));
	else
		judge_silent(e, err, scenario_window(e->name));
}

static const struct lv_step keep_steps[] = {
	{ "keep proving: the scenarios in turn", keep_step, NR_ENTRIES(keep_sequence) },
	{ "/proc/lockdep_reports: one finding per distinct bug", judge_report_log },
	{ "lockdep_stats: reports and repeats counted", judge_keep_stats },
};

static const char *keep_skip(void)
{
	return validator_is_ours() ? NULL :
	       "the classic engine stops at its first report";
}

/* The keep run is a suite of its own inside this one. */
static const struct lv_suite keep_suite = {
	.name = "keep", .enabled = keep_run, .skip = keep_skip,
	LV_STEPS(keep_steps),
};

static const struct expect *find_expect(const char *name)
{
	int i;

	for (i = 0; i < nr_expects; i++) {
		if (!strcmp(expects[i].name, name))
			return &expects[i];
	}
	return NULL;
}

/* The table on the console, for the scripts that choose what to boot. */
static void print_table(void)
{
	char *line, *save;

	for (line = strtok_r(table_copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		ktap_diag("lv-scenario-table: %s", line);
}

static void silent_scenarios(void)
{
	int i;

	for (i = 0; i < nr_expects; i++) {
		if (!expects[i].headline)
			run_one(&expects[i]);
	}
	ktap_result(lockdep_stat("debug_locks") == 1,
		    "the validator is still on after the silent scenarios");
}

static int scenarios_count(void)
{
	int i, n = 1;

	if (!scenarios_enabled())
		return 0;
	if (load_table() || list_run())
		return n;
	if (keep_run())
		return n + suite_planned(&keep_suite);
	if (!silent_run())
		return n + 1;
	for (i = 0; i < nr_expects; i++)
		n += !expects[i].headline;
	return n + 1;
}

static void scenarios_run(void)
{
	const struct expect *e;
	int err;

	if (!scenarios_enabled())
		return;
	err = load_table();
	ktap_result(!err, "module test_lockdep_scenarios loads and lists %d scenarios (error %d)",
		    nr_expects, err);
	if (!err && (list_run() || silent_run()))
		print_table();
	if (err || list_run()) {
		ktap_diag("lv-scenario: %s done", wanted);
		return;
	}
	if (keep_run()) {
		suite_run(&keep_suite);
		ktap_diag("lv-scenario: keep done");
	} else if (silent_run()) {
		silent_scenarios();
	} else {
		e = find_expect(wanted);
		if (!e)
			ktap_result(false, "scenario %s: not in the module's list", wanted);
		else
			run_one(e);
		ktap_diag("lv-scenario: %s done", wanted);
	}
}

const struct lv_suite scenarios_suite = {
	.name = "scenarios", .count = scenarios_count, .run = scenarios_run,
};
