// SPDX-License-Identifier: GPL-2.0
/*
 * The tree's locktorture, run unmodified, once per lock type: load the
 * module, let it hammer the lock for the time asked, unload it and read its
 * verdict ("End of test: SUCCESS") from the kernel log. Validator reports
 * during the run are caught on the host side, from the console.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define MODULES "/lib/modules/"

static const char *const default_types =
	"spin_lock,spin_lock_irq,rw_lock,rw_lock_irq,mutex_lock,rwsem_lock,"
	"rtmutex_lock,ww_mutex_lock,percpu_rwsem_lock";

static char types[512];
static int seconds;

static bool torture_enabled(void)
{
	seconds = cmdline_number("lv.torture");
	if (!cmdline_value("lv.torture_types", types, sizeof(types)))
		snprintf(types, sizeof(types), "%s", default_types);
	return seconds > 0;
}

static int torture_count(void)
{
	int n = 1;
	const char *p;

	if (!torture_enabled())
		return 0;
	for (p = types; *p; p++)
		n += *p == ',';
	return n;
}

/* The verdict locktorture printed last for TYPE, or NULL. */
static const char *torture_verdict(const char *type)
{
	char tag[96];
	char *last;

	snprintf(tag, sizeof(tag), "%s-torture:--- End of test: ", type);
	last = kernel_log_since(tag);
	if (!last)
		return NULL;
	last += strlen(tag);
	last[strcspn(last, " :\n")] = '\0';
	return last;
}

static void torture_one(const char *type)
{
	char params[128];
	const char *verdict;
	double start, ran;
	int err;

	snprintf(params, sizeof(params), "torture_type=%s stat_interval=0", type);
	err = load_module(MODULES "torture.ko", "");
	if (!err)
		err = load_module(MODULES "locktorture.ko", params);
	if (err) {
		ktap_result(false, "locktorture %s: module loads (error %d)",
			    type, err);
		return;
	}
	start = monotonic_seconds();
	sleep_seconds(seconds);
	ran = monotonic_seconds() - start;
	err = unload_module("locktorture");
	verdict = torture_verdict(type);
	ktap_result(!err && ran >= seconds && verdict && !strcmp(verdict, "SUCCESS"),
		    "locktorture %s for %.1f s: %s", type, ran,
		    verdict ? verdict : "no verdict in the kernel log");
}

static void torture_run(void)
{
	char list[512], *type, *save;

	if (!torture_enabled())
		return;
	snprintf(list, sizeof(list), "%s", types);
	for (type = strtok_r(list, ",", &save); type;
	     type = strtok_r(NULL, ",", &save))
		torture_one(type);
}

const struct lv_suite torture_suite = {
	.name = "torture", .count = torture_count, .run = torture_run,
};
