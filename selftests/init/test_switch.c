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

#define SW_MODULES "/lib/modules/"
#define SW_SCENARIO_RUN "/sys/kernel/debug/lockdep_scenarios/run"
/*
 * One bug of each family: an ABBA of each lock family's locks alone, as
 * in check-families.sh, of fs_reclaim and a mutex, and of might_lock()
 * and mutexes; for RCU's read side, a dereference outside of it, plain and
 * through the xarray, whose check may be out of line.  And a
 * bad unlock in a work item of a kernel thread started before the switch,
 * which is held to it only from its first clean point after the switch-on
 * (lockdep_clean_point()).
 */
static const char *const sw_bugs[] = {
	"abba_spin", "abba_rwlock_read", "abba_mutex", "abba_rwsem", "abba_lock_map",
	"abba_reclaim", "abba_might", "rcu_outside_reader", "xa_outside_reader",
	"bad_unlock_in_work",
};

#define SW_NR_BUGS (sizeof(sw_bugs) / sizeof(sw_bugs[0]))
#define SW_TESTS (6 + SW_NR_BUGS)

static int switch_seconds(void)
{
	return cmdline_number("lv.switch");
}

static int switch_count(void)
{
	return switch_seconds() > 0 ? SW_TESTS : 0;
}

/*
 * The switch reads what lockdep.prove= asked for at boot, all families
 * if nothing was asked.  The boot that runs this suite asks for "none",
 * so that init itself, its page faults and the load all start unproven.
 */
static void switch_reads_boot_choice(void)
{
	char state[64] = "", want[64] = LV_PROVE_ALL;

	if (cmdline_value("lockdep.prove", want, sizeof(want)) &&
	    !strcmp(want, "all"))
		strcpy(want, LV_PROVE_ALL);
	ktap_result(read_prove_switch(state, sizeof(state)) && !strcmp(state, want),
		    "the switch reads \"%s\" after boot (want \"%s\")", state, want);
}

/* A user without CAP_SYS_ADMIN may not switch the validator. */
static void switch_refuses_nobody(void)
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
		    "uid 65534 cannot write the switch (child status %d, 1 = it could, 100 = could not drop root)",
		    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* User processes that keep the kernel's locks busy: file churn in /tmp. */
static pid_t start_churn(int id)
{
	pid_t pid = fork();
	char path[64];

	if (pid != 0)
		return pid;
	snprintf(path, sizeof(path), "/tmp/lv-switch-%d", id);
	for (;;) {
		mkdir(path, 0700);
		write_text("/proc/self/comm", "lv-churn");
		rmdir(path);
		getppid();
	}
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

static void switch_under_load(int seconds)
{
	char params[128], *log;
	long reports, flips;
	int errors = 0, err;

	write_text("/dev/kmsg", "lv-switch: begin flips\n");
	err = load_module(SW_MODULES "torture.ko", "");
	snprintf(params, sizeof(params),
		 "torture_type=spin_lock nwriters_stress=2 shutdown_secs=0 stat_interval=0");
	if (!err)
		err = load_module(SW_MODULES "locktorture.ko", params);
	flips = flip_under_load(seconds, &errors);
	if (!err)
		err = unload_module("locktorture");
	log = kernel_log_since("lv-switch: begin flips\n");
	reports = log ? count_report_headlines(log) : -1;
	ktap_result(!err && !errors && flips >= 5 && reports == 0 &&
		    log && strstr(log, "End of test: SUCCESS"),
		    "%ld switch flips in %d s under locktorture and user load: %ld reports, %d write errors, torture error %d",
		    flips, seconds, reports, errors, err);
}

/*
 * Commit one bug of the scenario module; returns the reports it caused,
 * counted in the kernel log: RCU's reports are not the validator's.
 */
static long run_bug(const char *name)
{
	log_mark(name);
	if (write_text(SW_SCENARIO_RUN, name))
		return -1;
	usleep(200000);
	return reports_since(name);
}

static void switch_bugs(void)
{
	int err = load_module(SW_MODULES "test_lockdep_scenarios.ko", "");
	long off = 0, on;
	unsigned int i;

	if (err || write_text(LV_PROVE_SWITCH, "none"))
		off = -1;
	for (i = 0; off >= 0 && i < SW_NR_BUGS; i++) {
		long n = run_bug(sw_bugs[i]);

		off = n < 0 ? -1 : off + n;
	}
	ktap_result(off == 0, "a bug of every family committed while proving is off goes unnoticed (%ld reports, module error %d)",
		    off, err);
	err = err ? err : write_text(LV_PROVE_SWITCH, "all");
	for (i = 0; i < SW_NR_BUGS; i++) {
		on = err ? -1 : run_bug(sw_bugs[i]);
		ktap_result(on == 1, "%s after switching on is reported (%ld reports)",
			    sw_bugs[i], on);
	}
	ktap_diag("lv-scenario: switch abba done");
}

static void switch_run(void)
{
	int seconds = switch_seconds();

	if (seconds <= 0)
		return;
	if (!validator_is_ours()) {
		ktap_skip_n(SW_TESTS, "the classic engine has no run-time switch", "switch");
		return;
	}
	mount_fs("tmpfs", "/tmp");
	switch_reads_boot_choice();
	switch_refuses_nobody();
	switch_under_load(seconds);
	switch_bugs();
	ktap_result(lockdep_stat("debug_locks") == 1,
		    "the validator is still on (untracked releases ignored: %ld)",
		    lockdep_stat("untracked releases ignored"));
	ktap_result(write_text(LV_PROVE_SWITCH, "bogus") != 0,
		    "an unknown family name is refused");
}

const struct lv_suite switch_suite = { "switch", switch_count, switch_run };
