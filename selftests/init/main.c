// SPDX-License-Identifier: GPL-2.0
/*
 * The whole user space of the test kernels: mount the pseudo file systems,
 * run the tests, print KTAP on the console and end the machine. Static, so
 * the initramfs needs nothing else.
 *
 * Kernel command line words it obeys (read from /proc/cmdline, since dotted
 * words are not passed to init):
 *   lv.mode=hang        never end, to test the host's boot timeout
 *   lv.torture=SECONDS  run the tree's locktorture for each lock type
 *   lv.torture_types=a,b,...  the lock types (default: all but the busted)
 *   lv.scenario=NAME    commit the locking bug NAME of the scenario module
 *   lv.scenario=silent  run its annotated twins and the real code paths
 *   lv.unproven=1       the scenario's lock family is not proven: expect silence
 *   lv.machine=1        ext4 on /dev/vda, loopback TCP, the ww_mutex self-test
 *   lv.workload=SECONDS busybox sh runs /workload.sh (user-space load) that long
 *   lv.capacity=1       fill LKV's storage with the capacity module
 *   lv.switch=SECONDS   flip LKV's run-time switch under load that long
 *   lv.switch_stress=N  switch N times at random moments from the first
 *                       instant of user space, under load (test_stress.c);
 *                       with lockdep.switch_stress=N the kernel switches
 *                       from an early initcall, and init adds the load
 *   lv.validator=none   the kernel has no validator: check that, skip /proc
 *   lv.lockstat=1       check /proc/lock_stat against contention made on purpose
 *   lv.bench=1          run the benchmark module (lv.bench_iterations=N, ...)
 *   lv.windows=SECONDS  torture the hit path's windows (lockdep.window_ns=N)
 */
#include <stdio.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

static void mount_all(void)
{
	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	mount_fs("debugfs", "/sys/kernel/debug");
	/* Block devices, loop devices, /dev/kmsg for the tests that need them. */
	mount_fs("devtmpfs", "/dev");
}

/*
 * The switch stress first: its load and its switches started with user
 * space, and every other suite runs after them.
 */
static const struct lv_suite *const suites[] = {
	&stress_suite,
	&none_suite,
	&proc_suite,
	&procfiles_suite,
	&torture_suite,
	&scenarios_suite,
	&real_suite,
	&machine_suite,
	&workload_rounds_suite,
	&workload_suite,
	&capacity_suite,
	&switch_suite,
	&windows_suite,
	&lockstat_suite,
	&bench_suite,
};

static void run_suites(void)
{
	int i, planned = 0;

	for (i = 0; i < NR_ENTRIES(suites); i++)
		planned += suite_planned(suites[i]);
	ktap_header(planned);
	for (i = 0; i < NR_ENTRIES(suites); i++)
		suite_run(suites[i]);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_all();
	stress_start();
	run_suites();
	if (cmdline_has("lv.mode=hang")) {
		ktap_diag("lv-init: hanging on purpose (lv.mode=hang)");
		for (;;)
			pause();
	}
	ktap_footer();
	end_machine();
}
