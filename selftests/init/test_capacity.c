// SPDX-License-Identifier: GPL-2.0
/*
 * Our engine's storage must never run out silently. With lv.capacity=1 on
 * the command line (and lockdep.memory_kb=N to make memory scarce) the
 * capacity module (lib/test_lockdep_capacity.c) makes thousands of lock
 * classes and dependencies; the test checks in /proc/lockdep_stats that
 * each one was learned or counted as dropped, that the console said so
 * once, that a real bug is still reported afterwards, that learning
 * resumes when memory is allowed again, and that the class table's hard
 * limit is handled the same way.
 *
 * "Accounted for": what the module made equals what the validator learned
 * plus what it dropped. Nothing may go missing, so the surplus is never
 * negative; it may be positive, since other code that meets an empty store
 * meanwhile has its new dependencies dropped too, and counted again each
 * time it retries them: at most 1% of what the module made (or 50).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define CAP_RUN "/sys/kernel/debug/lockdep_capacity/run"
#define CAP_MODULE "/lib/modules/test_lockdep_capacity.ko"
#define CAP_LIMIT "/sys/module/lockdep/parameters/memory_kb"
#define CAP_CHAIN_MAX "/sys/module/lockdep/parameters/chain_table_max"
#define CAP_CHAINS "/proc/lockdep_chains"
#define CAP_SLACK 50
#define CAP_SLACK_PERCENT 1

/* What the counters said before a step. */
struct cap_counts {
	long classes, classes_dropped, deps, deps_dropped, reports;
};

static bool capacity_enabled(void)
{
	return cmdline_has("lv.capacity=1");
}

static void read_counts(struct cap_counts *c)
{
	c->classes = lockdep_stat("lock-classes");
	c->classes_dropped = lockdep_stat("lock classes dropped");
	c->deps = lockdep_stat("direct dependencies");
	c->deps_dropped = lockdep_stat("dependencies dropped");
	c->reports = lockdep_stat("reports so far");
}

/* Run one module command; the module's line about it is returned. */
static const char *cap_command(const char *cmd, const char *line_start)
{
	static char line[256];
	char mark[64];
	const char *log, *end;

	snprintf(mark, sizeof(mark), "lockdep_capacity: step %s\n", cmd);
	write_text("/dev/kmsg", mark);
	if (write_text(CAP_RUN, cmd))
		return NULL;
	log = kernel_log_since(mark);
	log = log ? strstr(log, line_start) : NULL;
	if (!log)
		return NULL;
	end = strchrnul(log, '\n');
	snprintf(line, sizeof(line), "%.*s", (int)(end - log), log);
	return line;
}

static bool accounted(long made, long learned, long dropped)
{
	long surplus = learned + dropped - made;
	long slack = made * CAP_SLACK_PERCENT / 100;

	return surplus >= 0 && surplus <= (slack > CAP_SLACK ? slack : CAP_SLACK);
}

/*
 * Run "VERB N" with the counters read before (A) and after (B); the
 * module's line about it is returned, NULL if it said nothing.
 */
static const char *counted_step(const char *verb, unsigned int n,
				struct cap_counts *a, struct cap_counts *b)
{
	char cmd[32], line_start[48];
	const char *line;

	snprintf(cmd, sizeof(cmd), "%s %u", verb, n);
	snprintf(line_start, sizeof(line_start), "lockdep_capacity: %s ", verb);
	read_counts(a);
	line = cap_command(cmd, line_start);
	read_counts(b);
	return line;
}

/* "classes N": each new lock got a class or counted one dropped class. */
static void classes_made(unsigned int n, bool want_drops, const char *what)
{
	struct cap_counts a, b;
	unsigned int got = 0, without = 0;
	const char *line = counted_step("classes", n, &a, &b);

	if (!line || sscanf(line, "lockdep_capacity: classes %*u: %u with a class, %u without",
			    &got, &without) != 2) {
		ktap_result(false, "%s: the module did not say what it made", what);
		return;
	}
	ktap_result(got + without == n &&
		    accounted(got, b.classes - a.classes, 0) &&
		    accounted(without, 0, b.classes_dropped - a.classes_dropped) &&
		    (!want_drops || without > 0),
		    "%s: %u locks, %u got a class (%ld learned), %u did not (%ld dropped), %ld classes now",
		    what, n, got, b.classes - a.classes, without,
		    b.classes_dropped - a.classes_dropped, b.classes);
}

/* What a "deps N" step changed, for the step that judges it next. */
struct deps_change {
	long learned, dropped;
};

/*
 * "deps N": each pair taken is a learned or a dropped dependency; what
 * changed goes to *CHANGE (-1 each if the module said nothing).
 */
static void deps_taken(unsigned int n, const char *what, struct deps_change *change)
{
	struct cap_counts a, b;
	unsigned int pairs = 0;
	const char *line = counted_step("deps", n, &a, &b);

	change->learned = -1;
	change->dropped = -1;
	if (!line || sscanf(line, "lockdep_capacity: deps %*u: %u pairs taken",
			    &pairs) != 1) {
		ktap_result(false, "%s: the module did not say what it did", what);
		return;
	}
	change->learned = b.deps - a.deps;
	change->dropped = b.deps_dropped - a.deps_dropped;
	ktap_result(pairs > 0 && accounted(pairs, change->learned, change->dropped),
		    "%s: %u pairs taken, %ld dependencies learned + %ld dropped",
		    what, pairs, change->learned, change->dropped);
}

/* The counters when the suite began, and what the deps steps changed. */
static struct cap_counts start;
static struct deps_change deps_limited, deps_regrown;
static int limit_lift_err;

static void step_load(const char *name, int nth)
{
	int err;

	read_counts(&start);
	err = load_module(CAP_MODULE, "");
	if (!err)
		err = write_text(CAP_RUN, "witness");
	ktap_result(!err, "%s (error %d)", name, err);
}

static void step_classes(const char *name, int nth)
{
	classes_made(2000, false, name);
}

static void step_deps_limited(const char *name, int nth)
{
	deps_taken(30000, name, &deps_limited);
}

static void step_ran_out(const char *name, int nth)
{
	ktap_result(deps_limited.dropped > 0, "%s (%ld dropped)", name,
		    deps_limited.dropped);
}

/* The console notice about drops: one line, however many drops. */
static void step_notice_once(const char *name, int nth)
{
	const char *log = kernel_log_since("Lock dependency validator");
	const char *p = log;
	int n = 0;

	while (p && (p = strstr(p, "lockdep: out of memory for "))) {
		n++;
		p++;
	}
	ktap_result(n == 1, "%s (%d times, %ld events dropped)",
		    name, n, lockdep_stat("events dropped"));
}

/* A dependency learned before the storage ran out still closes a cycle. */
static void step_cycle(const char *name, int nth)
{
	struct cap_counts a, b;
	const char *line, *window;

	/* console.py verdict ignores the report this window is expected to hold. */
	write_text("/dev/kmsg", "lockdep_capacity: begin cycle\n");
	read_counts(&a);
	line = cap_command("cycle", "lockdep_capacity: cycle done");
	read_counts(&b);
	window = kernel_log_since("lockdep_capacity: begin cycle\n");
	ktap_result(line && window &&
		    strstr(window, "WARNING: possible circular locking dependency detected") &&
		    b.reports == a.reports + 1,
		    "%s (reports %ld -> %ld)", name, a.reports, b.reports);
}

static void step_cycle_logged(const char *name, int nth)
{
	static char log[16384];
	bool logged = false;

	if (read_text("/proc/lockdep_reports", log, sizeof(log)) > 0) {
		char *l, *save;

		for (l = strtok_r(log, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
			logged |= !strncmp(l, "circular\t", 9) &&
				  strstr(l, "capacity_a") && strstr(l, "capacity_b");
	}
	ktap_result(logged && lockdep_stat("debug_locks") == 1, "%s", name);
	ktap_diag("lv-scenario: capacity cycle done");
}

/* With the limit lifted, the worker grows the pools and learning resumes. */
static void step_regrow(const char *name, int nth)
{
	limit_lift_err = write_text(CAP_LIMIT, "0");
	/* A pool that failed to grow tries again after a second. */
	sleep_seconds(2);
	deps_taken(20000, name, &deps_regrown);
}

static void step_resumed(const char *name, int nth)
{
	ktap_result(!limit_lift_err && deps_regrown.learned > 10000,
		    "%s (%ld dependencies learned, limit write error %d)", name,
		    deps_regrown.learned, limit_lift_err);
}

static void step_class_table_full(const char *name, int nth)
{
	classes_made(7000, true, name);
}

/*
 * The table of checked chains, once its refill worker is done: only one
 * table is allocated (the old ones were freed), of SLOTS slots.  Waits up
 * to 10 s for a replacement in progress; false if there is still more.
 */
static bool one_chain_table(long *slots, long *kb)
{
	int tries;

	for (tries = 0; tries < 10; tries++) {
		*slots = lockdep_stat("chain table slots");
		*kb = lockdep_stat("chain table memory (kB)");
		if (*slots > 0 && *kb == *slots * 8 / 1024)
			return true;
		sleep_seconds(1);
	}
	return false;
}

/* The chain table grew as far as lockdep.chain_table_max lets it. */
static void step_chain_cap(const char *name, int nth)
{
	long slots = 0, kb = 0, cap = -1;
	char text[32];
	bool one = one_chain_table(&slots, &kb);

	if (read_text(CAP_CHAIN_MAX, text, sizeof(text)) > 0)
		cap = atol(text);
	ktap_result(one && slots == cap && lockdep_stat("chains left uncached") > 0 &&
		    lockdep_stat("chain tables replaced") > 0,
		    "%s (%ld slots, cap %ld, %ld kB allocated, %ld uncached, %ld replaced)",
		    name, slots, cap, kb, lockdep_stat("chains left uncached"),
		    lockdep_stat("chain tables replaced"));
}

/* What the counters said before the free step. */
static long freed_before_free, replaced_before_free;

static void step_free(const char *name, int nth)
{
	struct cap_counts b;
	const char *line;

	freed_before_free = lockdep_stat("stack traces freed");
	replaced_before_free = lockdep_stat("chain tables replaced");
	line = cap_command("free", "lockdep_capacity: free ");
	read_counts(&b);
	ktap_result(line && b.classes <= start.classes + CAP_SLACK &&
		    lockdep_stat("debug_locks") == 1,
		    "%s (%ld classes, %ld before the test)", name, b.classes,
		    start.classes);
}

/*
 * The edges of the classes that went held their traces: the trace of the
 * module's pairs, which only their edges use (they are all taken from one
 * place, and identical traces are stored once), is freed.  That of the
 * module's first acquisitions may stay: the class that stands for locks
 * the full table left without one used it too.
 */
static void step_traces_freed(const char *name, int nth)
{
	long freed = lockdep_stat("stack traces freed") - freed_before_free;

	ktap_result(freed_before_free >= 0 && freed >= 1,
		    "%s (%ld freed, %ld traces now)", name, freed,
		    lockdep_stat("number of stack traces"));
}

static void step_classes_after_free(const char *name, int nth)
{
	classes_made(300, false, name);
}

static struct deps_change deps_after_free;

static void step_deps_after_free(const char *name, int nth)
{
	deps_taken(5000, name, &deps_after_free);
}

/*
 * Once the classes went, the table filled with stale identities, and was
 * replaced by an empty one of the same size (the cap); learning went on.
 */
static void step_stale_table(const char *name, int nth)
{
	long slots = 0, kb = 0, replaced = lockdep_stat("chain tables replaced");
	char text[32];
	long cap = -1;
	bool one = one_chain_table(&slots, &kb);

	if (read_text(CAP_CHAIN_MAX, text, sizeof(text)) > 0)
		cap = atol(text);
	ktap_result(one && slots == cap && deps_after_free.learned > 4000 &&
		    replaced > replaced_before_free,
		    "%s (%ld slots, %ld kB, replaced %ld -> %ld)", name, slots, kb,
		    replaced_before_free, replaced);
}

static int compare_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The capacity chains in /proc/lockdep_chains, each listed once: a
 * replaced table keeps the marks of what was recorded.  Counts the
 * chains into *ALL and the repeated ones into *TWICE.
 */
static bool count_capacity_chains(long *all, long *twice)
{
	FILE *f = fopen(CAP_CHAINS, "r");
	char *line = NULL, *block = NULL, **blocks = NULL, **more;
	size_t cap = 0, len = 0, room = 0, n = 0, i;
	bool ok = true;

	*all = 0;
	*twice = 0;
	if (!f)
		return false;
	while (ok && getline(&line, &cap, f) >= 0) {
		if (!strncmp(line, "irq_context:", 12)) {
			free(block);
			block = NULL;
			len = 0;
		}
		if (line[0] != '\n') {
			char *longer = realloc(block, len + strlen(line) + 1);

			ok = longer;
			if (ok) {
				block = longer;
				strcpy(block + len, line);
				len += strlen(line);
			}
			continue;
		}
		if (block && strstr(block, "capacity_lock")) {
			if (n == room) {
				room = room ? 2 * room : 1024;
				more = realloc(blocks, room * sizeof(*blocks));
				ok = more;
				if (!ok)
					break;
				blocks = more;
			}
			blocks[n++] = block;
			block = NULL;
		}
		free(block);
		block = NULL;
		len = 0;
	}
	fclose(f);
	free(line);
	free(block);
	if (n)
		qsort(blocks, n, sizeof(*blocks), compare_text);
	for (i = 1; i < n; i++)
		*twice += !strcmp(blocks[i], blocks[i - 1]);
	for (i = 0; i < n; i++)
		free(blocks[i]);
	free(blocks);
	*all = n;
	return ok;
}

static void step_chains_once(const char *name, int nth)
{
	long all, twice;
	bool read = count_capacity_chains(&all, &twice);

	ktap_result(read && all > 4000 && !twice,
		    "%s (%ld capacity chains listed, %ld more than once)", name,
		    all, twice);
}

static const struct lv_step capacity_steps[] = {
	{ "capacity module loads and learns capacity_a -> capacity_b", step_load,
	  .needed = true },
	{ "2000 classes with dynamic keys", step_classes },
	{ "30000 dependencies under lockdep.memory_kb", step_deps_limited },
	{ "the dependency store ran out under the memory limit", step_ran_out },
	{ "the console says once that memory ran out", step_notice_once },
	{ "a real ABBA after the storage ran out is reported", step_cycle },
	{ "/proc/lockdep_reports logs it and the validator stays on", step_cycle_logged },
	{ "with memory allowed again", step_regrow },
	{ "learning resumes once memory is allowed", step_resumed },
	{ "the chain table grows to lockdep.chain_table_max, one table kept",
	  step_chain_cap },
	{ "past the class table's 8191 slots", step_class_table_full },
	{ "unregistering the keys frees their classes", step_free },
	{ "their stack traces are freed", step_traces_freed },
	{ "300 classes after the free", step_classes_after_free },
	{ "5000 dependencies after the free", step_deps_after_free },
	{ "the stale chain table was replaced by an empty one", step_stale_table },
	{ "each recorded chain is listed once", step_chains_once },
};

/* The classic engine's tables are fixed: nothing to fill. */
static const char *capacity_skip(void)
{
	return validator_is_ours() ? NULL : "the classic engine has fixed tables";
}

const struct lv_suite capacity_suite = {
	.name = "capacity", .enabled = capacity_enabled, .skip = capacity_skip,
	LV_STEPS(capacity_steps),
};
