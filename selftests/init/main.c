// SPDX-License-Identifier: GPL-2.0
/*
 * The whole user space of the test kernels: mount the pseudo file systems,
 * run the tests, print KTAP on the console and end the machine. Static, so
 * the initramfs needs nothing else.
 *
 * Kernel command line words it obeys (read from /proc/cmdline, since dotted
 * words are not passed to init):
 *   lv.mode=hang   never end, to test the host's boot timeout
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
}

static void run_tests(const struct lv_test *tests, int count)
{
	int i;

	for (i = 0; i < count; i++)
		tests[i].run(tests[i].name);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_all();
	ktap_header(nr_proc_tests);
	run_tests(proc_tests, nr_proc_tests);
	if (cmdline_has("lv.mode=hang")) {
		ktap_diag("lv-init: hanging on purpose (lv.mode=hang)");
		for (;;)
			pause();
	}
	ktap_footer();
	end_machine();
}
