// SPDX-License-Identifier: GPL-2.0
/*
 * Our engine's run-time switch, /sys/module/lockdep/parameters/prove: with
 * lv.switch=SECONDS on the command line (and lockdep.prove=none, so that
 * the boot itself runs switched off), the families are switched off and
 * on every few milliseconds for that long while locktorture and a few
 * user processes take locks, which must cause no report at all; then a
 * bug of each family (sw_bugs[]) committed while proving is off must go
 * unnoticed, and each committed again after switching on must be reported
 * once. Only root may write the switch.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

/*
 * One bug of each family: an ABBA of each lock family's locks alone, as
 * in check-families.sh (spinlocks also through spin_lock_irqsave(), whose
 * two bodies in a kernel that proves on demand must name the same call
 * sites: console.py fails a report that names a primitive), of
 * fs_reclaim and a mutex, and of might_lock()
 * and mutexes; for RCU's read side, a dereference outside of it, plain and
 * through the xarray, whose check may be out of line.  And a
 * bad unlock in a work item of a kernel thread started before the switch,
 * and one in an interrupt on an idle CPU (on its idle task), each held to
 * the switch only from its first clean point after the switch-on
 * (lockdep_clean_point()).
 */
static const char *const sw_bugs[] = {
	"abba_spin", "abba_spin_irqsave", "abba_rwlock_read", "abba_mutex", "abba_rwsem", "abba_lock_map",
	"abba_reclaim", "abba_might", "rcu_outside_reader", "xa_outside_reader",
	"bad_unlock_in_work", "bad_unlock_on_idle",
};

static int switch_seconds(void)
{
	return cmdline_number("lv.switch");
}

/*
 * The switch reads what lockdep.prove= asked for at boot, all families
 * if nothing was asked.  The boot that runs this suite asks for "none",
 * so that init itself, its page faults and the load all start unproven.
 */
static void switch_reads_boot_choice(const char *name, int nth)
{
	char state[64] = "", want[64] = LV_PROVE_ALL;

	if (cmdline_value("lockdep.prove", want, sizeof(want)) &&
	    !strcmp(want, "all"))
		strcpy(want, LV_PROVE_ALL);
	ktap_result(read_prove_switch(state, sizeof(state)) && !strcmp(state, want),
		    "%s: \"%s\" (want \"%s\")", name, state, want);
}

/* A user without CAP_SYS_ADMIN may not switch the validator. */
static void switch_refuses_nobody(const char *name, int nth)
{
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(100);
		_exit(write_text(LV_PROVE_SWITCH, "none") ? 0 : 1);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
	ktap_result(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		    "%s (child status %d, 1 = it could, 100 = could not drop root)",
		    name, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* User processes that keep the kernel's locks busy: file churn in /tmp. */
static pid_t start_churn(int id)
{
	pid_t pid = fork();
	char path[64];

	if (pid != 0)
		return pid;
	snprintf(path, sizeof(path), "/tmp/lv-switch-%d", id);
	churn_files(path, id, NULL);
}

static const char *const states[] = {
	"none", "all", "spin,mutex,rcu", "rw,rwsem,map,reclaim,might", "spin",
	"all",
};

/* Flip the switch for SECONDS under load; returns the flips done. */
static long flip_under_load(int seconds, int *errors)
{
	double end = monotonic_seconds() + seconds;
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	pid_t churn[2];
	long flips = 0;
	int i;

	for (i = 0; i < 2; i++)
		churn[i] = start_churn(i);
	while (monotonic_seconds() < end) {
		*errors += write_text(LV_PROVE_SWITCH, states[flips % 6]) != 0;
		flips++;
		nanosleep(&pause, NULL);
	}
	*errors += write_text(LV_PROVE_SWITCH, "all") != 0;
	for (i = 0; i < 2; i++) {
		if (churn[i] > 0) {
			kill(churn[i], SIGKILL);
			waitpid(churn[i], NULL, 0);
		}
	}
	return flips;
}

static void switch_under_load(const char *name, int nth)
{
	int seconds = switch_seconds();
	char *log;
	long reports, flips;
	int errors = 0, err;

	write_text("/dev/kmsg", "lv-switch: begin flips\n");
	err = load_spin_torture();
	flips = flip_under_load(seconds, &errors);
	if (!err)
		err = unload_module("locktorture");
	log = kernel_log_since("lv-switch: begin flips\n");
	reports = log ? count_report_headlines(log) : -1;
	ktap_result(!err && !errors && flips >= 5 && reports == 0 &&
		    log && strstr(log, "End of test: SUCCESS"),
		    "%s: %ld flips in %d s, %ld reports, %d write errors, torture error %d",
		    name, flips, seconds, reports, errors, err);
}

static void switch_bugs_off(const char *name, int nth)
{
	int err = load_module(LV_MODULES "test_lockdep_scenarios.ko", "");
	long off = 0;
	unsigned int k;

	if (err || write_text(LV_PROVE_SWITCH, "none"))
		off = -1;
	for (k = 0; off >= 0 && k < NR_ENTRIES(sw_bugs); k++) {
		long n = commit_scenario_bug(sw_bugs[k]);

		off = n < 0 ? -1 : off + n;
	}
	ktap_result(off == 0, "%s (%ld reports, module error %d)", name, off, err);
}

/*
 * The tasks not clean since the last switch-on, as the kernel lists them
 * (kernel/locking/lkv/switch.c): pid, times scheduled out, K for a kernel
 * thread, name.
 */
#define SW_UNCLEAN "/sys/kernel/debug/lockdep_unclean"
#define SW_MAX_TASKS 512

struct sw_task {
	int pid;
	unsigned long runs;
	char kind;
	char name[32];
};

static struct sw_task sw_unclean_at_on[SW_MAX_TASKS];
static int sw_nr_unclean_at_on = -1;

/* Read the list into @t; the number of tasks, or -1. */
static int read_unclean(struct sw_task *t, int max)
{
	FILE *f = fopen(SW_UNCLEAN, "r");
	char line[128];
	int n = 0;

	if (!f)
		return -1;
	while (n < max && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%d %lu %c %31[^\n]", &t[n].pid, &t[n].runs,
			   &t[n].kind, t[n].name) != 4) {
			n = -1;
			break;
		}
		n++;
	}
	fclose(f);
	return n;
}

/* How often @t was scheduled out since the switch-on, as far as known. */
static unsigned long runs_since_on(const struct sw_task *t)
{
	int k;

	for (k = 0; k < sw_nr_unclean_at_on; k++)
		if (sw_unclean_at_on[k].pid == t->pid)
			return t->runs - sw_unclean_at_on[k].runs;
	return t->runs;
}

/*
 * A kernel thread scheduled out three times since the switch-on has been
 * back where it waits for work at least once: if it is still not clean,
 * its loop has no clean point.  Those of @t, named into @names.
 */
static int unclean_busy_kthreads(const struct sw_task *t, int n, char *names,
				 size_t size)
{
	int k, busy = 0;
	size_t len = 0;

	names[0] = 0;
	for (k = 0; k < n; k++) {
		unsigned long runs = runs_since_on(&t[k]);

		if (t[k].kind != 'K' || runs < 3)
			continue;
		if (busy++ < 6 && len < size)
			len += snprintf(names + len, size - len, " %s(%lu)",
					t[k].name, runs);
	}
	return busy;
}

/* Called once for each of sw_bugs[], switched on at the first. */
static void switch_bug_on(const char *name, int nth)
{
	int err = nth == 0 ? write_text(LV_PROVE_SWITCH, "all") : 0;
	long on;

	if (nth == 0 && !err)
		sw_nr_unclean_at_on = read_unclean(sw_unclean_at_on, SW_MAX_TASKS);
	on = err ? -1 : commit_scenario_bug(sw_bugs[nth]);

	ktap_result(on == 1, "%s: %s (%ld reports)", name, sw_bugs[nth], on);
	if (nth == NR_ENTRIES(sw_bugs) - 1)
		ktap_diag("lv-scenario: switch abba done");
}

static void switch_still_on(const char *name, int nth)
{
	ktap_result(lockdep_stat("debug_locks") == 1,
		    "%s (untracked releases ignored: %ld)", name,
		    lockdep_stat("untracked releases ignored"));
}

/* Name the unclean kernel threads that have not run: they wait for work. */
static void show_idle_unclean(const struct sw_task *t, int n)
{
	char line[512] = "";
	size_t len = 0;
	int k;

	for (k = 0; k < n && len < sizeof(line); k++)
		if (t[k].kind == 'K' && runs_since_on(&t[k]) < 3)
			len += snprintf(line + len, sizeof(line) - len, " %s", t[k].name);
	ktap_diag("unclean kernel threads waiting for work:%s", line);
}

/*
 * "Unclean" must end: every kernel thread that keeps running gets clean
 * at a clean point of its loop (lockdep_clean_point()).  Allow 10 s.
 */
static void switch_kthreads_get_clean(const char *name, int nth)
{
	static struct sw_task now[SW_MAX_TASKS];
	char names[256] = "";
	int n = -1, busy = -1, tries;

	for (tries = 0; sw_nr_unclean_at_on >= 0 && tries < 100; tries++) {
		n = read_unclean(now, SW_MAX_TASKS);
		busy = n < 0 ? -1 : unclean_busy_kthreads(now, n, names, sizeof(names));
		if (busy <= 0)
			break;
		usleep(100 * 1000);
	}
	ktap_result(busy == 0,
		    "%s: %d unclean at the switch-on, %d now, %d of them kernel threads scheduled 3+ times:%s",
		    name, sw_nr_unclean_at_on, n, busy, names);
	show_idle_unclean(now, n);
}

static void switch_refuses_unknown(const char *name, int nth)
{
	ktap_result(write_text(LV_PROVE_SWITCH, "bogus") != 0, "%s", name);
}

static const struct lv_step switch_steps[] = {
	{ "the switch reads the boot's choice", switch_reads_boot_choice },
	{ "uid 65534 cannot write the switch", switch_refuses_nobody },
	{ "switch flips under locktorture and user load", switch_under_load },
	{ "a bug of every family committed while proving is off goes unnoticed",
	  switch_bugs_off },
	{ "after switching on, each bug is reported once", switch_bug_on,
	  NR_ENTRIES(sw_bugs) },
	{ "the validator is still on", switch_still_on },
	{ "every busy kernel thread gets clean", switch_kthreads_get_clean },
	{ "an unknown family name is refused", switch_refuses_unknown },
};

static bool switch_enabled(void)
{
	return switch_seconds() > 0;
}

static const char *switch_skip(void)
{
	return validator_is_ours() ? NULL :
	       "the classic engine has no run-time switch";
}

/*
 * The churning processes make their directories in a tmpfs; the list of
 * unclean tasks is in debugfs.
 */
static void switch_prepare(void)
{
	mount_fs("tmpfs", "/tmp");
	mount_fs("debugfs", "/sys/kernel/debug");
}

const struct lv_suite switch_suite = {
	.name = "switch", .enabled = switch_enabled, .skip = switch_skip,
	.prepare = switch_prepare, LV_STEPS(switch_steps),
};
