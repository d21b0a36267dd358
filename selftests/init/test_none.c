// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel built without a lock validator (lv.validator=none on its
 * command line): none of the validator's files may exist, so that the
 * "no validator" kernel of the family matrix and of the benchmark is
 * known to be what it claims.  Other kernels skip this suite.
 */
#include <errno.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

static const char *const validator_files[] = {
	"/proc/lockdep",
	"/proc/lockdep_stats",
	"/proc/lockdep_chains",
	"/proc/lockdep_reports",
	LV_PROVE_SWITCH,
};

static bool no_validator(void)
{
	return !validator_expected();
}

/* Called once for each of validator_files[]. */
static void file_absent(const char *name, int nth)
{
	const char *path = validator_files[nth];
	bool absent = access(path, F_OK) && errno == ENOENT;

	ktap_result(absent, "%s: %s does not exist", name, path);
}

static const struct lv_step none_steps[] = {
	{ "no validator", file_absent, NR_ENTRIES(validator_files) },
};

const struct lv_suite none_suite = {
	.name = "none", .enabled = no_validator, LV_STEPS(none_steps),
};
