// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark boot (lv.bench=1): load the benchmark module
 * (lib/test_lockdep_bench.c), which logs its figures on the console for
 * scripts/bench.sh, and check that the figures can be trusted: the module
 * ran to the end, the validator did not switch itself off on the way (a
 * validator that stopped early would look cheap), and the LKV engine dropped
 * nothing (a dependency dropped is one not paid for).
 *
 * lv.bench_iterations=N, lv.bench_runs=N, lv.bench_learn=N,
 * lv.bench_scale_classes=N and lv.bench_scale_chains=N pass on the
 * module's parameters of the same names.  The graph may grow to 8000
 * classes, or to what the validator has room for beside the classes it
 * already knows.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define BENCH_MODULE "/lib/modules/test_lockdep_bench.ko"
#define BENCH_CLASSES 8000
/* Classes other code may make while the benchmark runs. */
#define BENCH_CLASS_SLACK 64
/* Guest seconds for the work earlier tests left behind; see bench_settle(). */
#define BENCH_SETTLE_SECONDS 2

static bool bench_enabled(void)
{
	return cmdline_has("lv.bench=1");
}

/* The "[max: N]" of the lock-classes line, or -1. */
static long class_table_size(void)
{
	static char stats[16384];
	const char *p;

	if (read_text("/proc/lockdep_stats", stats, sizeof(stats)) < 0)
		return -1;
	p = strstr(stats, "lock-classes:");
	p = p ? strstr(p, "[max: ") : NULL;
	return p ? strtol(p + 6, NULL, 10) : -1;
}

/* How many classes the benchmark may make. */
static long bench_room(void)
{
	long size = class_table_size();
	long room;

	if (!validator_expected() || size < 0)
		return BENCH_CLASSES;
	room = size - lockdep_stat("lock-classes") - BENCH_CLASS_SLACK;
	return room < BENCH_CLASSES ? room : BENCH_CLASSES;
}

/* Append " NAME=VALUE" for each lv.bench_NAME=VALUE on the command line. */
static void bench_params(char *params, size_t size)
{
	static const char *const names[] = { "iterations", "runs", "learn",
					      "scale_classes", "scale_chains" };
	char word[32], value[32];
	size_t len = strlen(params);
	unsigned int i;

	for (i = 0; i < NR_ENTRIES(names); i++) {
		snprintf(word, sizeof(word), "lv.bench_%s", names[i]);
		if (cmdline_value(word, value, sizeof(value)) && len < size)
			len += snprintf(params + len, size - len, " %s=%s",
					names[i], value);
	}
}

/*
 * The workload before the benchmark leaves work behind: RCU callbacks
 * for what its processes freed, kworkers, writeback.  On a single CPU it
 * would run inside the timed loops and be counted as lock cost, more of
 * it the slower the validator makes it (README has the figure).  Idle
 * time is free under -icount with sleep=off, so let it run first.
 */
static void bench_settle(void)
{
	sync();
	sleep(BENCH_SETTLE_SECONDS);
}

/* The drop count before the benchmark, for the last step. */
static long dropped_before;

static void bench_ran(const char *name, int nth)
{
	char params[256], prove[64];
	int err;

	dropped_before = lockdep_stat("events dropped");
	/* The host checks that an "off" run really ran switched off. */
	if (read_prove_switch(prove, sizeof(prove)))
		ktap_diag("lv-bench: proving %s", prove);
	snprintf(params, sizeof(params), "max_classes=%ld", bench_room());
	bench_params(params, sizeof(params));
	bench_settle();
	ktap_diag("lv-bench: loading the benchmark with %s", params);
	err = load_module(BENCH_MODULE, params);
	ktap_result(!err, "%s (error %d)", name, err);
}

static void bench_still_on(const char *name, int nth)
{
	if (!validator_expected())
		ktap_skip("no validator in this kernel", "%s", name);
	else
		ktap_result(lockdep_stat("debug_locks") == 1, "%s", name);
}

static void bench_dropped_nothing(const char *name, int nth)
{
	long dropped = lockdep_stat("events dropped");

	if (!validator_expected())
		ktap_skip("no validator in this kernel", "%s", name);
	else if (!validator_is_ours())
		ktap_skip("the classic engine has no drop count", "%s", name);
	else
		ktap_result(dropped == dropped_before, "%s (%ld before, %ld after)",
			    name, dropped_before, dropped);
}

static const struct lv_step bench_steps[] = {
	/* Figures of a benchmark that did not run say nothing. */
	{ "the benchmark module ran to the end", bench_ran, .needed = true },
	{ "the validator is still on after the benchmark", bench_still_on },
	{ "nothing was dropped during the benchmark", bench_dropped_nothing },
};

const struct lv_suite bench_suite = {
	.name = "bench", .enabled = bench_enabled, LV_STEPS(bench_steps),
};
