// SPDX-License-Identifier: GPL-2.0
/*
 * The windows of our engine's hit path (lv.windows=SECONDS, with
 * lockdep.window_ns=N to widen them, kernel/locking/lkv/window.c): the
 * windows module (lib/test_lockdep_windows.c) drives hardirqs, softirqs,
 * NMIs and preemption at them from every CPU for that long, while a
 * process switches the proven families at random moments and the
 * validator audits the held stack of every task-context hit.  Each stack
 * found not exact is counted in /proc/lockdep_stats ("held-stack
 * faults"), and none may be; nor may anything be reported, nor may
 * local_bh_enable() come back with interrupts off.  Boot with
 * preempt=full, so that the exit of an interrupt can preempt.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

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
static unsigned long tasklets, left_off;

/* The families switched at random until killed; counted in *@switches. */
static void switch_families(volatile long *switches)
{
	char families[128];

	srand(getpid());
	for (;;) {
		random_families(families, sizeof(families));
		if (!write_text(LV_PROVE_SWITCH, families))
			__atomic_add_fetch(switches, 1, __ATOMIC_RELAXED);
		usleep(rand() % 2000);
	}
}

/* A switcher process, the count of its switches shared with us. */
static pid_t start_switcher(volatile long **switches)
{
	pid_t pid;

	*switches = mmap(NULL, sizeof(**switches), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (*switches == MAP_FAILED) {
		*switches = NULL;
		return -1;
	}
	pid = fork();
	if (pid == 0)
		switch_families(*switches);
	return pid;
}

/* The switcher stopped, and the families put back as they were. */
static long stop_switcher(pid_t pid, volatile long *switches,
			  const char *families)
{
	long n = switches ? *switches : 0;

	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	if (switches)
		munmap((void *)switches, sizeof(*switches));
	if (write_text(LV_PROVE_SWITCH, families))
		return -1;
	return n;
}

/* An NMI is only sent where the module knows how: on x86. */
static bool nmis_expected(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return true;
#else
	return false;
#endif
}

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

/*
 * The module's line: every CPU made rounds and took every kind of
 * interrupt, while the families were switched.
 */
static void windows_load_ran(const char *name, int nth)
{
	unsigned long rounds = 0, hard = 0, soft = 0, resched = 0, nmis = 0;
	unsigned int cpus = 0;
	volatile long *switches;
	char params[32], families[128] = "all";
	const char *log;
	long switched;
	pid_t switcher;
	int err;

	log_mark(WIN_MARK);
	read_prove_switch(families, sizeof(families));
	snprintf(params, sizeof(params), "seconds=%d", windows_seconds());
	switcher = start_switcher(&switches);
	err = load_module(WIN_MODULE, params);
	switched = stop_switcher(switcher, switches, families);
	log = kernel_log_since("lv-init: begin " WIN_MARK "\n");
	log = log ? strstr(log, "lockdep_windows: ") : NULL;
	if (log)
		sscanf(log, "lockdep_windows: %lu rounds, %lu hardirqs, %lu softirqs, %lu preemptions asked, %lu NMIs, %lu tasklets, %lu left irqs off, on %u CPUs",
		       &rounds, &hard, &soft, &resched, &nmis, &tasklets,
		       &left_off, &cpus);
	ktap_result(!err && rounds && hard && soft && resched && tasklets &&
		    (nmis || !nmis_expected()) && cpus >= 2 && switched > 0,
		    "%s: load %d, %lu rounds, %lu hardirqs, %lu softirqs, %lu preemptions asked, %lu NMIs, %lu tasklets, %u CPUs, %ld switches",
		    name, err, rounds, hard, soft, resched, nmis, tasklets, cpus,
		    switched);
}

static void windows_bh_enable_restored(const char *name, int nth)
{
	ktap_result(left_off == 0, "%s: %lu of %lu left interrupts off",
		    name, left_off, tasklets);
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
	{ "local_bh_enable() gave interrupts back", windows_bh_enable_restored },
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
