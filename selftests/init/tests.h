/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The test suites init runs. A suite says first how many KTAP results it
 * will print (so the plan comes before the results), then prints them.
 */
#ifndef LV_TESTS_H
#define LV_TESTS_H

struct lv_suite {
	const char *name;
	int (*count)(void);
	void (*run)(void);
};

extern const struct lv_suite proc_suite;
extern const struct lv_suite procfiles_suite;
extern const struct lv_suite torture_suite;
extern const struct lv_suite scenarios_suite;
extern const struct lv_suite real_suite;
extern const struct lv_suite machine_suite;
extern const struct lv_suite workload_suite;
extern const struct lv_suite capacity_suite;
extern const struct lv_suite switch_suite;
extern const struct lv_suite none_suite;
extern const struct lv_suite bench_suite;
extern const struct lv_suite lockstat_suite;

#endif
