// SPDX-License-Identifier: GPL-2.0
/*
 * Lock statistics (lv.lockstat=1): /proc/lock_stat parsed strictly in the
 * layout of Documentation/locking/lockstat.rst, which both engines must
 * print, and its figures checked against contention made on purpose by
 * the scenario module's "contend" file: one thread per CPU fighting over
 * sc_stat_spin, sc_stat_rwsem and sc_stat_mutex, the writer alone taking
 * sc_stat_quiet.  Then clearing, statistics without proving (the LKV engine),
 * switching them off through kernel.lock_stat, and root only.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define LS_FILE "/proc/lock_stat"
#define LS_SWITCH "/proc/sys/kernel/lock_stat"
#define LS_MODULE "/lib/modules/test_lockdep_scenarios.ko"
#define LS_CONTEND "/sys/kernel/debug/lockdep_scenarios/contend"
/* How long the threads contend, in milliseconds. */
#define LS_CONTEND_MS 400
/* Name column, then 12 columns of 14 and their separators. */
#define LS_NAME_WIDTH 40
#define LS_RULE (LS_NAME_WIDTH + 1 + 12 * 15)
#define LS_COLUMNS 12

static char text[1 << 20];

/* One class line: the 12 figures after "name:". */
struct ls_class {
	char name[48];
	unsigned long con_bounces, contentions, acq_bounces, acquisitions;
	double wait[4], hold[4];	/* min, max, total, avg in us */
	int points;			/* point lines naming it */
	int points_in_contender;	/* ... in sc_contend_fn() */
};

struct ls_file {
	struct ls_class classes[4096];
	int nr, bad;
};

static struct ls_file file;

static bool is_rule(const char *line, char c, int indent, int len)
{
	int i;

	for (i = 0; i < indent; i++)
		if (line[i] != ' ')
			return false;
	for (i = 0; i < len; i++)
		if (line[indent + i] != c)
			return false;
	return line[indent + len] == '\0';
}

/* A name rule: spaces, then dashes, 40 columns in all. */
static bool is_name_rule(const char *line)
{
	int spaces = strspn(line, " ");

	return spaces < LS_NAME_WIDTH &&
	       is_rule(line, '-', spaces, LS_NAME_WIDTH - spaces);
}

static bool parse_uint(const char *tok, unsigned long *v)
{
	char *end;

	if (!isdigit((unsigned char)*tok))
		return false;
	*v = strtoul(tok, &end, 10);
	return *end == '\0';
}

/* "123.45": microseconds with two decimals. */
static bool parse_time(const char *tok, double *v)
{
	const char *dot = strchr(tok, '.');
	char *end;

	if (!dot || strlen(dot) != 3 || !isdigit((unsigned char)*tok))
		return false;
	*v = strtod(tok, &end);
	return *end == '\0';
}

/* The right-aligned name of the first 40 columns. */
static void column_name(const char *line, char *name, size_t size)
{
	int start = strspn(line, " ");
	int len = LS_NAME_WIDTH - start;

	if (len < 0 || (size_t)len >= size)
		len = 0;
	memcpy(name, line + start, len);
	name[len] = '\0';
}

static struct ls_class *find_class(const char *name)
{
	int i;

	for (i = 0; i < file.nr; i++)
		if (!strcmp(file.classes[i].name, name))
			return &file.classes[i];
	return NULL;
}

/* "name:" then con-bounces, contentions, 4 wait times, acq-bounces, ... */
static bool parse_class_line(char *line)
{
	struct ls_class *c = &file.classes[file.nr];
	char *tok, *save;
	int n = 0;
	bool ok = true;

	if ((int)strlen(line) <= LS_NAME_WIDTH || line[LS_NAME_WIDTH] != ':' ||
	    file.nr == (int)(sizeof(file.classes) / sizeof(file.classes[0])))
		return false;
	memset(c, 0, sizeof(*c));
	column_name(line, c->name, sizeof(c->name));
	for (tok = strtok_r(line + LS_NAME_WIDTH + 1, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save), n++) {
		switch (n) {
		case 0: ok &= parse_uint(tok, &c->con_bounces); break;
		case 1: ok &= parse_uint(tok, &c->contentions); break;
		case 2: case 3: case 4: case 5:
			ok &= parse_time(tok, &c->wait[n - 2]); break;
		case 6: ok &= parse_uint(tok, &c->acq_bounces); break;
		case 7: ok &= parse_uint(tok, &c->acquisitions); break;
		case 8: case 9: case 10: case 11:
			ok &= parse_time(tok, &c->hold[n - 8]); break;
		default: ok = false;
		}
	}
	if (!ok || n != LS_COLUMNS || !c->name[0])
		return false;
	file.nr++;
	return true;
}

/*
 * "%40s %14lu %29s %pS": name, count, [<address>], symbol (a module's
 * ends in " [module]").
 */
static bool parse_point_line(const char *line)
{
	char name[48], site[64];
	const char *sym;
	unsigned long count;
	struct ls_class *c;
	int n = 0;

	if ((int)strlen(line) <= LS_NAME_WIDTH || line[LS_NAME_WIDTH] != ' ')
		return false;
	column_name(line, name, sizeof(name));
	if (sscanf(line + LS_NAME_WIDTH, " %lu %63s %n", &count, site, &n) != 2 ||
	    !n || strncmp(site, "[<", 2) || strcmp(site + strlen(site) - 2, ">]"))
		return false;
	sym = line + LS_NAME_WIDTH + n;
	if (!*sym || *sym == ' ')
		return false;
	/* The class line came first ("-W"/"-R" lines name it with a suffix). */
	c = file.nr ? &file.classes[file.nr - 1] : NULL;
	if (!c || strncmp(c->name, name, strlen(name)))
		return false;
	c->points++;
	c->points_in_contender += !strncmp(sym, "sc_contend_fn+", 14);
	return true;
}

/* The header both engines print: version, rule, column names, rule. */
static bool parse_header(char **lines, int nr, int *next)
{
	static const char *const columns[LS_COLUMNS] = {
		"con-bounces", "contentions", "waittime-min", "waittime-max",
		"waittime-total", "waittime-avg", "acq-bounces",
		"acquisitions", "holdtime-min", "holdtime-max",
		"holdtime-total", "holdtime-avg",
	};
	char want[512];
	int i = 0, len, c;

	if (nr < 5 || strcmp(lines[i++], "lock_stat version 0.4"))
		return false;
	if (!strncmp(lines[i], "*WARNING*", 9))
		i++;
	len = snprintf(want, sizeof(want), "%40s", "class name");
	for (c = 0; c < LS_COLUMNS; c++)
		len += snprintf(want + len, sizeof(want) - len, " %14s",
				columns[c]);
	if (i + 3 >= nr || !is_rule(lines[i], '-', 0, LS_RULE) ||
	    strcmp(lines[i + 1], want) || !is_rule(lines[i + 2], '-', 0, LS_RULE) ||
	    lines[i + 3][0])
		return false;
	*next = i + 4;
	return true;
}

/* Read and parse the whole file; false if unreadable or the header is off. */
static bool read_lock_stat(void)
{
	static char *lines[1 << 16];
	char *line, *save;
	int nr = 0, i;

	memset(&file, 0, sizeof(file));
	if (read_text(LS_FILE, text, sizeof(text)) < 0)
		return false;
	/* strtok_r() would swallow the blank lines the layout has. */
	for (line = text; line && nr < NR_ENTRIES(lines);
	     nr++) {
		lines[nr] = line;
		save = strchr(line, '\n');
		if (save)
			*save++ = '\0';
		line = save && *save ? save : NULL;
	}
	if (!parse_header(lines, nr, &i))
		return false;
	for (; i < nr; i++) {
		line = lines[i];
		if (!line[0] || is_rule(line, '.', 0, LS_RULE) ||
		    is_name_rule(line) || parse_class_line(line) ||
		    parse_point_line(line))
			continue;
		if (file.bad++ < 3)
			ktap_diag("bad %s line: %.120s", LS_FILE, line);
	}
	return true;
}

static bool contend(void)
{
	char ms[16];

	snprintf(ms, sizeof(ms), "%d", LS_CONTEND_MS);
	return write_text(LS_CONTEND, ms) == 0;
}

static bool clear_stats(void)
{
	return write_text(LS_FILE, "0") == 0;
}

static bool set_switch(const char *value)
{
	char now[8];

	return write_text(LS_SWITCH, value) == 0 &&
	       read_text(LS_SWITCH, now, sizeof(now)) > 0 && now[0] == value[0];
}

/*
 * Contended, with wait times that add up: min <= avg <= max <= total, no
 * wait longer than the whole run, and no more waits than acquisitions.
 */
static bool contended_sanely(const char *name)
{
	const struct ls_class *c = find_class(name);
	double run_us = LS_CONTEND_MS * 1000.0;
	bool ok;

	if (!c) {
		ktap_diag("%s: no line in %s", name, LS_FILE);
		return false;
	}
	ok = c->contentions > 0 && c->acquisitions >= c->contentions &&
	     c->wait[0] <= c->wait[3] + 0.01 && c->wait[3] <= c->wait[1] + 0.01 &&
	     c->wait[1] <= c->wait[2] + 0.01 && c->wait[1] > 0 &&
	     c->wait[1] < run_us;
	ktap_diag("%s: %lu contentions, wait min %.2f max %.2f total %.2f avg %.2f us, %lu acquisitions",
		  name, c->contentions, c->wait[0], c->wait[1], c->wait[2],
		  c->wait[3], c->acquisitions);
	return ok;
}

/* The locks the contend file fights over. */
static const char *const contended_locks[] = {
	"sc_stat_spin", "sc_stat_rwsem", "sc_stat_mutex",
};

/* All of them, each checked (and described) even after a failure. */
static bool all_contended_sanely(void)
{
	bool ok = true;
	size_t i;

	for (i = 0; i < NR_ENTRIES(contended_locks); i++)
		ok &= contended_sanely(contended_locks[i]);
	return ok;
}

/* Not listed, or listed with nothing counted. */
static bool counted_nothing(const char *name)
{
	const struct ls_class *c = find_class(name);

	return !c || (!c->contentions && !c->acquisitions);
}

static bool none_contended_counted(void)
{
	size_t i;

	for (i = 0; i < NR_ENTRIES(contended_locks); i++) {
		if (!counted_nothing(contended_locks[i]))
			return false;
	}
	return true;
}

static void layout(const char *name, int nth)
{
	bool ok = clear_stats() && contend() && read_lock_stat();

	ktap_result(ok && !file.bad && file.nr > 0,
		    "%s (%d classes, %d bad lines)", name, file.nr, file.bad);
}

static void contended(const char *name, int nth)
{
	ktap_result(all_contended_sanely(), "%s", name);
}

static void points(const char *name, int nth)
{
	const struct ls_class *m = find_class("sc_stat_mutex");
	const struct ls_class *s = find_class("sc_stat_spin");

	ktap_result(m && s && m->points_in_contender && s->points_in_contender,
		    "%s (sc_stat_mutex %d of %d, sc_stat_spin %d of %d point lines)",
		    name, m ? m->points_in_contender : 0, m ? m->points : 0,
		    s ? s->points_in_contender : 0, s ? s->points : 0);
}

static void uncontended(const char *name, int nth)
{
	const struct ls_class *c = find_class("sc_stat_quiet");

	ktap_result(c && c->acquisitions >= 100 && !c->contentions,
		    "%s (%lu acquisitions, %lu contentions)", name,
		    c ? c->acquisitions : 0, c ? c->contentions : 0);
}

static void clearing(const char *name, int nth)
{
	bool ok = clear_stats() && read_lock_stat() && !file.bad;

	ktap_result(ok && none_contended_counted() &&
		    counted_nothing("sc_stat_quiet"),
		    "%s", name);
}

/* Our engine counts contention of families it does not prove. */
static void without_proving(const char *name, int nth)
{
	char was[128];
	bool ok;

	if (!validator_is_ours() || !read_prove_switch(was, sizeof(was))) {
		ktap_skip("the classic engine cannot stop proving", "%s", name);
		return;
	}
	ok = write_text(LV_PROVE_SWITCH, "none") == 0 && clear_stats() &&
	     contend() && read_lock_stat() && !file.bad;
	ok = ok && all_contended_sanely();
	ok &= write_text(LV_PROVE_SWITCH, was[0] ? was : "none") == 0;
	ktap_result(ok, "%s (proving '%s' restored)", name, was);
}

static void switched_off(const char *name, int nth)
{
	bool ok = set_switch("0") && clear_stats() && contend() &&
		  read_lock_stat() && !file.bad;

	ktap_result(ok && none_contended_counted(),
		    "%s", name);
}

/* In a child that gave up root: no read, no switching. */
static void root_only(const char *name, int nth)
{
	static const char *const files[] = { LS_FILE, LS_SWITCH };
	static const int flags[] = { O_RDONLY, O_WRONLY };
	int opened = opened_as_nobody(files, flags, 2);

	ktap_result(opened == 0,
		    "%s (%d of 2 opened by uid 65534, 100 = could not drop root, -1 = no child)",
		    name, opened);
}

/* The switch as the boot left it, put back by the last step. */
static char switch_was[8];

static void switched_on(const char *name, int nth)
{
	int err = load_module(LS_MODULE, "");
	bool ok = !err && read_text(LS_SWITCH, switch_was, sizeof(switch_was)) > 0 &&
		  set_switch("1");

	ktap_result(ok, "%s (module: %s, was %c)", name, strerror(err),
		    switch_was[0] ? switch_was[0] : '?');
}

static void switch_restored(const char *name, int nth)
{
	const char *was = switch_was[0] == '1' ? "1" : "0";

	ktap_result(set_switch(was), "%s (to %s)", name, was);
}

static const struct lv_step lockstat_steps[] = {
	{ "lock_stat: switched on through " LS_SWITCH, switched_on, .needed = true },
	{ "lock_stat: " LS_FILE " parses strictly in the documented layout", layout },
	{ "lock_stat: the contended spinlock, rwsem and mutex show sane wait times", contended },
	{ "lock_stat: their contention points name the contending function", points },
	{ "lock_stat: an uncontended lock shows acquisitions, no contention", uncontended },
	{ "lock_stat: writing 0 clears the counters", clearing },
	{ "lock_stat: contention is counted without proving", without_proving },
	{ "lock_stat: switched off through " LS_SWITCH ", nothing is counted", switched_off },
	{ "lock_stat: " LS_FILE " and " LS_SWITCH " are root's", root_only },
	{ "lock_stat: " LS_SWITCH " is put back as the boot left it", switch_restored },
};

static bool lockstat_enabled(void)
{
	return cmdline_has("lv.lockstat=1");
}

const struct lv_suite lockstat_suite = {
	.name = "lockstat", .enabled = lockstat_enabled, LV_STEPS(lockstat_steps),
};
