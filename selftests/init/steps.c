// SPDX-License-Identifier: GPL-2.0
/*
 * Running the suites and their tables of steps: the plan is counted from
 * the tables, a step that cannot let its suite go on stops it, and every
 * step still prints its results, as failures not run or as skips, so that
 * the results always match the plan.
 */
#include <stddef.h>
#include <stdio.h>

#include "ktap.h"
#include "tests.h"

static int step_results(const struct lv_step *step)
{
	return step->times ? step->times : 1;
}

static int steps_planned(const struct lv_step *steps, int nr_steps)
{
	int i, n = 0;

	for (i = 0; i < nr_steps; i++)
		n += step_results(&steps[i]);
	return n;
}

/* One run of STEP; false if the rest of its suite cannot run. */
static bool step_once(const char *suite, const struct lv_step *step, int nth)
{
	int before = ktap_results(), failed = ktap_failed();
	int printed;

	step->run(step->name, nth);
	printed = ktap_results() - before;
	if (printed == 0)
		ktap_result(false, "%s: %s: the step printed no result", suite,
			    step->name);
	else if (printed > 1)
		ktap_diag("lv-init: %s: %s printed %d results, planned 1",
			  suite, step->name, printed);
	return !step->needed || ktap_failed() == failed;
}

/* NAME, numbered when STEP repeats: "NAME (NTH + 1)". */
static const char *step_label(const struct lv_step *step, int nth)
{
	static char label[256];

	if (!step->times)
		return step->name;
	snprintf(label, sizeof(label), "%s (%d)", step->name, nth + 1);
	return label;
}

static void steps_run(const char *suite, const struct lv_step *steps, int nr_steps)
{
	const char *stopped_by = NULL;
	int i, k;

	for (i = 0; i < nr_steps; i++) {
		for (k = 0; k < step_results(&steps[i]); k++) {
			if (stopped_by)
				ktap_result(false, "%s: %s: not run, \"%s\" failed",
					    suite, step_label(&steps[i], k), stopped_by);
			else if (!step_once(suite, &steps[i], k))
				stopped_by = steps[i].name;
		}
	}
}

static void steps_skip(const char *reason, const struct lv_step *steps, int nr_steps)
{
	int i, k;

	for (i = 0; i < nr_steps; i++) {
		for (k = 0; k < step_results(&steps[i]); k++)
			ktap_skip(reason, "%s", step_label(&steps[i], k));
	}
}

int suite_planned(const struct lv_suite *suite)
{
	if (!suite->steps)
		return suite->count();
	if (!suite->enabled())
		return 0;
	return steps_planned(suite->steps, suite->nr_steps);
}

void suite_run(const struct lv_suite *suite)
{
	const char *why;

	if (!suite->steps) {
		suite->run();
		return;
	}
	if (!suite->enabled())
		return;
	why = suite->skip ? suite->skip() : NULL;
	if (why) {
		steps_skip(why, suite->steps, suite->nr_steps);
		return;
	}
	if (suite->prepare)
		suite->prepare();
	steps_run(suite->name, suite->steps, suite->nr_steps);
}
