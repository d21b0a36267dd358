// SPDX-License-Identifier: GPL-2.0
/* KTAP printing and counting for the init program. */
#include <stdarg.h>
#include <stdio.h>

#include "ktap.h"

static int results, passed, failed, skipped;

void ktap_header(int planned)
{
	printf("KTAP version 1\n1..%d\n", planned);
}

static void vresult(const char *verdict, const char *directive,
		    const char *fmt, va_list ap)
{
	printf("%s %d ", verdict, ++results);
	vprintf(fmt, ap);
	if (directive)
		printf(" # SKIP %s", directive);
	putchar('\n');
	fflush(stdout);
}

void ktap_result(bool ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vresult(ok ? "ok" : "not ok", NULL, fmt, ap);
	va_end(ap);
	if (ok)
		passed++;
	else
		failed++;
}

void ktap_skip(const char *reason, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vresult("ok", reason, fmt, ap);
	va_end(ap);
	skipped++;
}

void ktap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void ktap_footer(void)
{
	ktap_diag("lv-init: %d passed, %d failed, %d skipped",
		  passed, failed, skipped);
	ktap_diag("lv-init: done");
}

int ktap_failed(void)
{
	return failed;
}

int ktap_results(void)
{
	return results;
}
