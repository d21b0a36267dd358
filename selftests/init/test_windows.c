// SPDX-License-Identifier: GPL-2.0
/*
 * The windows of our engine's hit path (lv.windows=SECONDS, with
 * lockdep.window_ns=N to widen them, kernel/locking/lkv/window.c): the
 * windows module (lib/test_lockdep_windows.c) drives hardirqs, softirqs
 * and preemption at them from every CPU for that long, while the
 * validator audits the held stack of every task-context hit.  Each stack
 * found not exact is counted in /proc/lockdep_stats ("held-stack
 * faults"), and none may be; nor may anything be reported.  Boot with
 * preempt=full, so that the exit of an interrupt can preempt.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define WIN_MODULE LV_MODULES "test_lockdep_windows.ko"
#define WIN_KNOB "/sys/module/lockdep/parameters/window_ns"
#define WIN_MARK "windows"

static int windows_seconds(void)
{
	return cmdline_number("lv.windows");
}

static long faults_before;

static void windows_knob_set(const char *name, int nth)
{
	char value[32] = "";
	long ns = read_text(WIN_KNOB, value, sizeof(value)) > 0 ? atol(value) : -1;

	ktap_result(ns > 0, "%s: window_ns %ld", name, ns);
}

static void windows_audit_counts(const char *name, int nth)
{
	faults_before = lockdep_stat("held-stack faults");
	ktap_result(faults_before >= 0, "%s: %ld so far", name, faults_before);
}

/* The module's line: every CPU made rounds and took every kind of interrupt. */
static void windows_load_ran(const char *name, int nth)
{
	unsigned long rounds = 0, hard = 0, soft = 0, resched = 0;
	unsigned int cpus = 0;
	char params[32];
	const char *log;
	int err;

	log_mark(WIN_MARK);
	snprintf(params, sizeof(params), "seconds=%d", windows_seconds());
	err = load_module(WIN_MODULE, params);
	log = kernel_log_since("lv-init: begin " WIN_MARK "\n");
	log = log ? strstr(log, "lockdep_windows: ") : NULL;
	if (log)
		sscanf(log, "lockdep_windows: %lu rounds, %lu hardirqs, %lu softirqs, %lu preemptions asked, on %u CPUs",
		       &rounds, &hard, &soft, &resched, &cpus);
	ktap_result(!err && rounds && hard && soft && resched && cpus >= 2,
		    "%s: load %d, %lu rounds, %lu hardirqs, %lu softirqs, %lu preemptions asked, %u CPUs",
		    name, err, rounds, hard, soft, resched, cpus);
}

static void windows_no_fault(const char *name, int nth)
{
	long after = lockdep_stat("held-stack faults");

	ktap_result(after == faults_before && after >= 0,
		    "%s: %ld before, %ld after", name, faults_before, after);
}

static void windows_no_report(const char *name, int nth)
{
	int reports = reports_since(WIN_MARK);

	ktap_result(reports == 0, "%s: %d", name, reports);
}

static const struct lv_step windows_steps[] = {
	{ "the window knob is set", windows_knob_set, 0, true },
	{ "the held-stack audit is counted", windows_audit_counts, 0, true },
	{ "the windows module tortured every CPU", windows_load_ran, 0, true },
	{ "no held stack was seen not exact", windows_no_fault },
	{ "no report", windows_no_report },
};

static bool windows_enabled(void)
{
	return windows_seconds() > 0;
}

static const char *windows_skip(void)
{
	return validator_is_ours() ? NULL :
	       "only our engine has the window knob";
}

const struct lv_suite windows_suite = {
	.name = "windows", .enabled = windows_enabled, .skip = windows_skip,
	LV_STEPS(windows_steps),
};
