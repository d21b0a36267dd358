/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP output for the init program: results are numbered in the order the
 * tests run; the host-side parser reads them from the serial console.
 */
#ifndef LV_KTAP_H
#define LV_KTAP_H

#include <stdbool.h>

void ktap_header(int planned);
void ktap_result(bool ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void ktap_skip(const char *reason, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void ktap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ktap_footer(void);
int ktap_failed(void);
int ktap_results(void);

#endif
