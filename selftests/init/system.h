/* SPDX-License-Identifier: GPL-2.0 */
/* The little the init program needs from the system. */
#ifndef LV_SYSTEM_H
#define LV_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>

/* Our engine's run-time switch, and what it reads with every family on. */
#define LV_PROVE_SWITCH "/sys/module/lockdep/parameters/prove"
#define LV_MODULES "/lib/modules/"
#define LV_SCENARIO_RUN "/sys/kernel/debug/lockdep_scenarios/run"
#define LV_PROVE_ALL "map,spin,rw,mutex,rwsem,rcu,reclaim,might"

bool mount_fs(const char *type, const char *dir);
ssize_t read_text(const char *path, char *buf, size_t size);
ssize_t read_text_in_pieces(const char *path, char *buf, size_t size,
			    size_t piece);
int write_text(const char *path, const char *text);
bool cmdline_has(const char *word);
bool cmdline_value(const char *name, char *value, size_t size);
int cmdline_number(const char *name);
double monotonic_seconds(void);
void sleep_seconds(int seconds);
int load_module(const char *path, const char *params);
int unload_module(const char *name);
long stats_value(const char *stats, const char *name);
char *kernel_log_since(const char *mark);
int count_report_headlines(const char *text);
void log_mark(const char *name);
int reports_since(const char *name);
long commit_scenario_bug(const char *name);
void churn_files(const char *path, int which, void (*count)(int which))
	__attribute__((noreturn));
int load_spin_torture(void);
long lockdep_stat(const char *name);
bool validator_is_ours(void);
bool validator_expected(void);
bool read_prove_switch(char *state, size_t size);
void random_families(char *buf, size_t size);
bool proving_all_families(void);
int opened_as_nobody(const char *const paths[], const int flags[], int n);
void end_machine(void) __attribute__((noreturn));

#endif
