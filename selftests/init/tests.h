/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The test suites init runs. A suite says first how many KTAP results it
 * will print (so the plan comes before the results), then prints them.
 * Most suites are a table of steps, and their count is the table's;
 * steps.c runs them.
 */
#ifndef LV_TESTS_H
#define LV_TESTS_H

#include <stdbool.h>

/*
 * One step prints one KTAP result, or one per call when it is called
 * TIMES times (0 means once) with NTH from 0; NAME is its description.
 * When a NEEDED step fails, the steps after it cannot run.
 */
struct lv_step {
	const char *name;
	void (*run)(const char *name, int nth);
	int times;
	bool needed;
};

#define NR_ENTRIES(table) ((int)(sizeof(table) / sizeof((table)[0])))

/*
 * A suite of steps runs when ENABLED says the command line asks for it:
 * PREPARE first if there is one, then its steps, or all of them skipped
 * when SKIP gives a reason.  A suite whose results depend on more than a
 * table (STEPS NULL) counts and prints them itself: COUNT and RUN.
 */
struct lv_suite {
	const char *name;
	bool (*enabled)(void);
	const struct lv_step *steps;
	int nr_steps;
	const char *(*skip)(void);
	void (*prepare)(void);
	int (*count)(void);
	void (*run)(void);
};

#define LV_STEPS(table) .steps = (table), .nr_steps = NR_ENTRIES(table)

int suite_planned(const struct lv_suite *suite);
void suite_run(const struct lv_suite *suite);

extern const struct lv_suite proc_suite;
extern const struct lv_suite procfiles_suite;
extern const struct lv_suite torture_suite;
extern const struct lv_suite scenarios_suite;
extern const struct lv_suite real_suite;
extern const struct lv_suite machine_suite;
extern const struct lv_suite workload_rounds_suite;
extern const struct lv_suite workload_suite;
extern const struct lv_suite capacity_suite;
extern const struct lv_suite switch_suite;
extern const struct lv_suite none_suite;
extern const struct lv_suite bench_suite;
extern const struct lv_suite lockstat_suite;
extern const struct lv_suite stress_suite;
extern const struct lv_suite windows_suite;

/* The switch stress starts before any suite: see test_stress.c. */
void stress_start(void);

#endif
