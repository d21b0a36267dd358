/* SPDX-License-Identifier: GPL-2.0 */
/* The tests init runs: each prints exactly one KTAP result. */
#ifndef LV_TESTS_H
#define LV_TESTS_H

struct lv_test {
	const char *name;
	void (*run)(const char *name);
};

extern const struct lv_test proc_tests[];
extern const int nr_proc_tests;

#endif
