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

#define NR_FILES (int)(sizeof(validator_files) / sizeof(validator_files[0]))

static int none_count(void)
{
	return validator_expected() ? 0 : NR_FILES;
}

static void none_run(void)
{
	int i;

	if (validator_expected())
		return;
	for (i = 0; i < NR_FILES; i++) {
		bool absent = access(validator_files[i], F_OK) && errno == ENOENT;

		ktap_result(absent, "no validator: %s does not exist",
			    validator_files[i]);
	}
}

const struct lv_suite none_suite = { "none", none_count, none_run };
