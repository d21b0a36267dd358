// SPDX-License-Identifier: GPL-2.0
/*
 * The validator's state as the running kernel exposes it in /proc: it must be
 * there, readable, and still switched on after the boot (a report switches
 * the classic engine off, which debug_locks shows).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

static char stats[16384];

static void stats_readable(const char *name, int nth)
{
	ssize_t len = read_text("/proc/lockdep_stats", stats, sizeof(stats));
	const char *line, *end;

	ktap_result(len > 0, "%s", name);
	/* Print it for the host: 'make run' shows the validator's state. */
	for (line = stats; len > 0 && *line; line = end + 1) {
		end = strchrnul(line, '\n');
		ktap_diag("lv-stats: %.*s", (int)(end - line), line);
		if (!*end)
			break;
	}
}

/*
 * A kernel that proves some families only may learn no dependency at all
 * during boot (rwlock_t alone never nests there); it must still know
 * classes and chains.
 */
static void stats_have_classes(const char *name, int nth)
{
	long classes = stats_value(stats, "lock-classes");
	long deps = stats_value(stats, "direct dependencies");
	long chains = stats_value(stats, "dependency chains");
	long min_deps = proving_all_families() ? 1 : 0;

	ktap_result(classes > 0 && deps >= min_deps && chains > 0,
		    "%s (classes %ld, dependencies %ld, at least %ld, chains %ld)",
		    name, classes, deps, min_deps, chains);
}

static void validator_still_on(const char *name, int nth)
{
	long on = stats_value(stats, "debug_locks");

	ktap_result(on == 1, "%s (debug_locks %ld)", name, on);
}

/* A normal boot fits in what the LKV engine allocates: nothing is dropped. */
static void nothing_dropped(const char *name, int nth)
{
	long dropped = stats_value(stats, "events dropped");

	if (!validator_is_ours()) {
		ktap_skip("the classic engine has no drop count", "%s", name);
		return;
	}
	ktap_result(dropped == 0, "%s (events dropped %ld, memory %ld kB)",
		    name, dropped, stats_value(stats, "memory allocated (kB)"));
}

static void class_list_readable(const char *name, int nth)
{
	static char buf[4096];
	ssize_t len = read_text("/proc/lockdep", buf, sizeof(buf));

	ktap_result(len > 0, "%s (%zd bytes read)", name, len);
}

/* Every CPU the machine was given (lv.cpus=N, from boot.sh) came up. */
static void smp_online(const char *name, int nth)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	char given[16];
	long want = 2;

	if (cmdline_value("lv.cpus", given, sizeof(given)))
		want = strtol(given, NULL, 10);
	ktap_result(want > 0 && cpus == want, "%s (%ld online, %ld given)", name,
		    cpus, want);
}

static const struct lv_step proc_steps[] = {
	{ "/proc/lockdep_stats is readable", stats_readable },
	{ "the validator knows classes, dependencies and chains",
	  stats_have_classes },
	{ "the validator is still on after boot", validator_still_on },
	{ "the validator dropped nothing during boot", nothing_dropped },
	{ "/proc/lockdep is readable", class_list_readable },
	{ "every CPU given is online", smp_online },
};

const struct lv_suite proc_suite = {
	.name = "proc", .enabled = validator_expected, LV_STEPS(proc_steps),
};
