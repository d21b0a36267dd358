// SPDX-License-Identifier: GPL-2.0
/*
 * The run-time switch under stress (Documentation/testing.rst, "Switch
 * stress"):
 *   lv.switch_stress=N       a process switches N times, at random moments,
 *                            from the first instant of user space
 *   lockdep.switch_stress=N  the kernel switches N times from an early
 *                            initcall (kernel/locking/lkv/switch_stress.c)
 * while load runs from the same instant: file churn, timers and signals,
 * tasks hopping between CPUs (IPIs), CPU hotplug where the kernel has it,
 * and locktorture's kernel threads.  No report and no crash may follow,
 * every CPU must come back, and a switch-on must still prove.
 *
 * In a kernel without a validator (the pristine tree's control) the
 * process flips trace events instead: the same kind of change, static
 * keys patched in and out of running code, under the same load, so that
 * a crash there is known to be the emulator's or the tree's, not ours.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define ST_KERNEL_LEFT "/sys/module/lockdep/parameters/switch_stress"
#define ST_TRACING "/sys/kernel/tracing"
#define ST_CPU_ONLINE "/sys/devices/system/cpu/cpu%d/online"
#define ST_MARK "lv-stress: begin"
#define ST_KERNEL_MARK "lockdep: switch stress: "
#define ST_WAIT_SECONDS 300

/* What the load processes did, counted where the parent can read it. */
enum { LOAD_CHURN, LOAD_TIMERS, LOAD_HOPS, LOAD_HOTPLUG, NR_LOADS };
static const char *const load_names[NR_LOADS] = {
	"churn loops", "timer wake-ups", "CPU hops", "hotplug cycles",
};
static volatile long *load_done;
static pid_t load_pids[NR_LOADS];
static pid_t switcher = -1;
static int torture_err = -1;
static bool stress_in_kernel;

static int user_switches(void)
{
	return cmdline_number("lv.switch_stress");
}

static int nr_cpus(void)
{
	return cmdline_number("lv.cpus");
}

static void count_load(int which)
{
	__atomic_add_fetch(&load_done[which], 1, __ATOMIC_RELAXED);
}

static void churn(int which)
{
	char path[64];

	snprintf(path, sizeof(path), "/tmp/lv-stress-%d", getpid());
	churn_files(path, which, count_load);
}

static void on_alarm(int sig)
{
}

/* An interval timer's signal every millisecond, and short sleeps between. */
static void timers(int which)
{
	struct itimerval every_ms = { { 0, 1000 }, { 0, 1000 } };
	struct timespec pause = { 0, 50 * 1000 };

	signal(SIGALRM, on_alarm);
	setitimer(ITIMER_REAL, &every_ms, NULL);
	for (;;) {
		nanosleep(&pause, NULL);
		count_load(which);
	}
}

/* Moving a running task to another CPU takes IPIs and the stopper. */
static void hops(int which)
{
	int cpus = nr_cpus() > 0 ? nr_cpus() : 1;
	cpu_set_t set;
	long k;

	for (k = 0;; k++) {
		CPU_ZERO(&set);
		CPU_SET(k % cpus, &set);
		sched_setaffinity(0, sizeof(set), &set);
		count_load(which);
	}
}

static bool cpu_online_file(int cpu, char *path, size_t size)
{
	snprintf(path, size, ST_CPU_ONLINE, cpu);
	return access(path, W_OK) == 0;
}

/* Take a random CPU other than the boot CPU down and up again. */
static void hotplug(int which)
{
	int cpus = nr_cpus();
	char path[64];

	for (;;) {
		int cpu = cpus > 1 ? 1 + rand() % (cpus - 1) : 0;

		if (cpu && cpu_online_file(cpu, path, sizeof(path)) &&
		    !write_text(path, "0") && !write_text(path, "1"))
			count_load(which);
		usleep(5000);
	}
}

static bool hotplug_possible(void)
{
	char path[64];

	return nr_cpus() > 1 && cpu_online_file(1, path, sizeof(path));
}

static void (*const loads[NR_LOADS])(int) = { churn, timers, hops, hotplug };

static void start_loads(void)
{
	int i;

	load_done = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (load_done == MAP_FAILED) {
		load_done = NULL;
		return;
	}
	for (i = 0; i < NR_LOADS; i++) {
		if (i == LOAD_HOTPLUG && !hotplug_possible())
			continue;
		load_pids[i] = fork();
		if (load_pids[i] == 0) {
			srand(getpid());
			loads[i](i);
		}
	}
	torture_err = load_spin_torture();
}

static void stop_loads(void)
{
	char path[64];
	int i;

	for (i = 0; i < NR_LOADS; i++) {
		if (load_pids[i] > 0) {
			kill(load_pids[i], SIGKILL);
			waitpid(load_pids[i], NULL, 0);
		}
	}
	for (i = 1; i < nr_cpus(); i++) {
		if (cpu_online_file(i, path, sizeof(path)))
			write_text(path, "1");
	}
	if (!torture_err)
		torture_err = unload_module("locktorture");
}

/* Write TEXT to PATH; 1 if that failed, said in the kernel log. */
static int failed_write(const char *path, const char *text)
{
	char line[400];
	int err = write_text(path, text);

	if (!err)
		return 0;
	snprintf(line, sizeof(line), "lv-stress: writing %s to %s: %s\n",
		 text, path, strerror(err));
	write_text("/dev/kmsg", line);
	return 1;
}

/* One trace event subsystem switched on or off, or all of them. */
static int flip_trace_events(void)
{
	struct dirent *e;
	char path[320];
	int n = 0, pick;
	DIR *d = opendir(ST_TRACING "/events");

	if (!d)
		return 1;
	pick = rand() % 32;
	snprintf(path, sizeof(path), ST_TRACING "/events/enable");
	while ((e = readdir(d))) {
		/* ftrace's own events are not switchable. */
		if (e->d_name[0] != '.' && e->d_type == DT_DIR &&
		    strcmp(e->d_name, "ftrace") && n++ == pick)
			snprintf(path, sizeof(path), ST_TRACING "/events/%s/enable",
				 e->d_name);
	}
	closedir(d);
	return failed_write(path, rand() & 1 ? "1" : "0");
}

/* The switcher's exit status: how many switches failed (at most 255). */
static void switch_at_random(int switches)
{
	bool validator = access(LV_PROVE_SWITCH, W_OK) == 0;
	char families[128];
	int errors = 0, k;

	srand(getpid());
	for (k = 0; k < switches; k++) {
		random_families(families, sizeof(families));
		if (validator)
			errors += failed_write(LV_PROVE_SWITCH,
					       k == switches - 1 ? "none" : families);
		else
			errors += flip_trace_events();
		if (rand() % 8)
			usleep(rand() % 2000);
	}
	if (!validator)
		errors += failed_write(ST_TRACING "/events/enable", "0");
	_exit(errors > 255 ? 255 : errors);
}

/*
 * Called first thing, once /proc and /sys are there, before the KTAP plan:
 * the switches and the load start at the first instant of user space.
 */
void stress_start(void)
{
	stress_in_kernel = cmdline_number("lockdep.switch_stress") > 0;
	if (!stress_in_kernel && user_switches() <= 0)
		return;
	mount_fs("tmpfs", "/tmp");
	mount_fs("tracefs", ST_TRACING);
	write_text("/dev/kmsg", ST_MARK "\n");
	if (!stress_in_kernel) {
		switcher = fork();
		if (switcher == 0)
			switch_at_random(user_switches());
	}
	start_loads();
}

static bool stress_enabled(void)
{
	return stress_in_kernel || user_switches() > 0;
}

/* The kernel's switcher counts down in its parameter; 0 when done. */
static int wait_kernel_switcher(void)
{
	double end = monotonic_seconds() + ST_WAIT_SECONDS;
	char left[32] = "";

	while (monotonic_seconds() < end) {
		if (read_text(ST_KERNEL_LEFT, left, sizeof(left)) > 0 && atoi(left) == 0)
			return 0;
		usleep(100000);
	}
	return -1;
}

static void stress_switches_done(const char *name, int nth)
{
	int status = -1, n = user_switches();

	if (stress_in_kernel) {
		ktap_result(wait_kernel_switcher() == 0,
			    "%s: %d from an early initcall, on %d CPUs", name,
			    cmdline_number("lockdep.switch_stress"), nr_cpus());
	} else {
		if (switcher > 0)
			waitpid(switcher, &status, 0);
		ktap_result(WIFEXITED(status) && WEXITSTATUS(status) == 0,
			    "%s: %d at random moments from the first instant of user space, on %d CPUs, %d failed",
			    name, n, nr_cpus(), WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	stop_loads();
}

static void stress_load_ran(const char *name, int nth)
{
	char counts[256] = "";
	bool ran = load_done && !torture_err;
	int i;

	for (i = 0; load_done && i < NR_LOADS; i++) {
		if (i == LOAD_HOTPLUG && !hotplug_possible())
			continue;
		ran = ran && load_done[i] > 0;
		snprintf(counts + strlen(counts), sizeof(counts) - strlen(counts),
			 "%s%ld %s", counts[0] ? ", " : "", load_done[i], load_names[i]);
	}
	ktap_result(ran, "%s: %s%s, locktorture error %d", name, counts,
		    hotplug_possible() ? "" : " (no CPU hotplug)", torture_err);
}

static void stress_cpus_back(const char *name, int nth)
{
	char online[64] = "", want[64];

	snprintf(want, sizeof(want), nr_cpus() > 1 ? "0-%d" : "0", nr_cpus() - 1);
	read_text("/sys/devices/system/cpu/online", online, sizeof(online));
	online[strcspn(online, "\n")] = '\0';
	ktap_result(!strcmp(online, want), "%s: online \"%s\" (want \"%s\")",
		    name, online, want);
}

static void stress_log_clean(const char *name, int nth)
{
	char *log = kernel_log_since(stress_in_kernel ? ST_KERNEL_MARK : ST_MARK);
	int reports = log ? count_report_headlines(log) : -1;
	bool crash = log && (strstr(log, "Oops") || strstr(log, "Call Trace"));

	ktap_result(reports == 0 && !crash && (!stress_in_kernel || strstr(log, ST_KERNEL_MARK "done")),
		    "%s: %d reports, %s", name, reports,
		    crash ? "a crash or a stack trace" : "no stack trace");
}

static void stress_still_proves(const char *name, int nth)
{
	long reports;

	if (!validator_expected()) {
		ktap_skip("no validator", "%s", name);
		return;
	}
	reports = load_module(LV_MODULES "test_lockdep_scenarios.ko", "") ||
		  write_text(LV_PROVE_SWITCH, "all") ? -1 : commit_scenario_bug("abba_spin");
	ktap_result(reports == 1, "%s: abba_spin after switching on, %ld reports",
		    name, reports);
}

static const struct lv_step stress_steps[] = {
	{ "the switches were made", stress_switches_done },
	{ "the load ran", stress_load_ran },
	{ "every CPU is online again", stress_cpus_back },
	{ "no report, no crash", stress_log_clean },
	{ "a switch-on still proves", stress_still_proves },
};

const struct lv_suite stress_suite = {
	.name = "stress", .enabled = stress_enabled, LV_STEPS(stress_steps),
};
