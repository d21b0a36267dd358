// SPDX-License-Identifier: GPL-2.0
/*
 * The validator's /proc files, parsed strictly: every line of
 * /proc/lockdep, /proc/lockdep_chains and /proc/lockdep_stats must have
 * the documented shape, also when read a few bytes at a time, the class
 * count must agree with the statistics,
 * only root may read them, and SysRq-D must list every class (the LKV engine).
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

static char text[1 << 20];
static char stats[16384];

/*
 * A %p key: hex digits, or "(____ptrval____)" ("(ptrval)" on 32-bit)
 * while the pointer-hashing key is not ready yet.
 */
static const char *parse_key(const char *p)
{
	const char *start = p;

	if (!strncmp(p, "(____ptrval____)", 16))
		return p + 16;
	if (!strncmp(p, "(ptrval)", 8))
		return p + 8;
	while (isxdigit((unsigned char)*p))
		p++;
	return p - start >= 8 ? p : NULL;
}

/* "KEY FD:%5lu BD:%5lu UUUU: NAME" */
static bool class_line_ok(const char *line)
{
	const char *p = parse_key(line);
	unsigned long fd, bd;
	char usage[5];
	int n = 0;

	if (!p || sscanf(p, " FD:%lu BD:%lu %4[-+?.]: %n", &fd, &bd, usage, &n) < 3)
		return false;
	return n > 0 && strlen(usage) == 4 && p[n] && p[n] != '\n';
}

/* " -> [KEY] NAME" */
static bool dep_line_ok(const char *line)
{
	const char *p;

	if (strncmp(line, " -> [", 5))
		return false;
	p = parse_key(line + 5);
	return p && p[0] == ']' && p[1] == ' ' && p[2] && p[2] != '\n';
}

/* Apply CHECK to each line; returns the number of bad lines. */
static int for_lines(char *buf, int (*check)(const char *line, void *data),
		     void *data)
{
	char *line, *save;
	int bad = 0;

	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		bad += !check(line, data);
	return bad;
}

struct lockdep_counts {
	long classes;
	bool header;
};

static int check_lockdep_line(const char *line, void *data)
{
	struct lockdep_counts *c = data;

	if (!c->header) {
		c->header = !strcmp(line, "all lock classes:");
		return c->header;
	}
	if (dep_line_ok(line))
		return 1;
	if (class_line_ok(line)) {
		c->classes++;
		return 1;
	}
	ktap_diag("bad /proc/lockdep line: %.100s", line);
	return 0;
}

/*
 * Classes come and go at any time (a kworker, a timer, a module), so a
 * listing is judged against the class count of lockdep_stats read just
 * before and just after it: the same count twice must be matched exactly,
 * a count that moved must at least bound the listing.
 */
static bool count_fits(long n, long before, long after)
{
	if (before == after)
		return n == before;
	return before < after ? n >= before && n <= after :
				n >= after && n <= before;
}

/*
 * One pass: the class count of lockdep_stats read just before and just
 * after /proc/lockdep, so a class registered meanwhile is seen as such.
 */
struct lockdep_pass {
	struct lockdep_counts counts;
	long before, after;
	int bad;
};

/*
 * PATH into TEXT, PIECE bytes per read() (0: all it gives at once):
 * seq_file then stops and resumes the walk between records and inside
 * them.  The length read, or -1.
 */
static ssize_t read_in_pieces(const char *path, size_t piece)
{
	return read_text_in_pieces(path, text, sizeof(text),
				   piece ? piece : sizeof(text));
}

static bool lockdep_read_pass(struct lockdep_pass *pass, size_t piece)
{
	memset(pass, 0, sizeof(*pass));
	pass->before = lockdep_stat("lock-classes");
	if (read_in_pieces("/proc/lockdep", piece) < 0)
		return false;
	pass->after = lockdep_stat("lock-classes");
	pass->bad = for_lines(text, check_lockdep_line, &pass->counts);
	return pass->before >= 0 && pass->after >= 0;
}

/*
 * Classes are registered at any time (a kworker, a timer), so a pass
 * during which the count moved proves nothing: try again.  When it held
 * still, /proc/lockdep must list exactly that many classes.
 */
static void judge_lockdep(const char *name, size_t piece)
{
	struct lockdep_pass pass;
	bool ok;
	int tries;

	for (tries = 1; tries <= 10; tries++) {
		if (!lockdep_read_pass(&pass, piece)) {
			ktap_result(false, "%s: unreadable", name);
			return;
		}
		if (pass.before == pass.after)
			break;
		usleep(100 * 1000);
	}
	ok = pass.counts.header && !pass.bad && pass.counts.classes > 0 &&
	     count_fits(pass.counts.classes, pass.before, pass.after);
	ktap_result(ok,
		    "%s (%ld classes, lockdep_stats says %ld then %ld, %d bad lines, %d passes)",
		    name, pass.counts.classes, pass.before, pass.after,
		    pass.bad, tries > 10 ? 10 : tries);
}

static void lockdep_format(const char *name, int nth)
{
	judge_lockdep(name, 0);
}

/* A record skipped or shown twice on resuming would miss the count. */
static void lockdep_in_pieces(const char *name, int nth)
{
	judge_lockdep(name, 61);
}

struct chain_counts {
	long chains;
	long classes;
	bool header;
};

static int check_chain_line(const char *line, void *data)
{
	struct chain_counts *c = data;
	const char *p;

	if (!c->header) {
		c->header = !strcmp(line, "all lock chains:");
		return c->header;
	}
	if (!strcmp(line, "irq_context: 0") ||
	    !strcmp(line, "irq_context: softirq") ||
	    !strcmp(line, "irq_context: hardirq") ||
	    !strcmp(line, "irq_context: hardirq|softirq")) {
		c->chains++;
		return 1;
	}
	/* A chain whose classes did not fit in the validator's pool. */
	if (!strcmp(line, "(classes not recorded: pool full)")) {
		c->classes++;
		return 1;
	}
	if (line[0] == '[' && (p = parse_key(line + 1)) && p[0] == ']' &&
	    p[1] == ' ' && p[2]) {
		c->classes++;
		return 1;
	}
	ktap_diag("bad /proc/lockdep_chains line: %.100s", line);
	return 0;
}

static void judge_chains(const char *name, size_t piece)
{
	struct chain_counts c = { 0 };
	int bad;

	if (read_in_pieces("/proc/lockdep_chains", piece) < 0) {
		ktap_result(false, "%s: unreadable", name);
		return;
	}
	bad = for_lines(text, check_chain_line, &c);
	ktap_result(c.header && !bad && c.chains > 0 && c.classes >= c.chains,
		    "%s (%ld chains, %ld class lines, %d bad lines)",
		    name, c.chains, c.classes, bad);
}

static void chains_format(const char *name, int nth)
{
	judge_chains(name, 0);
}

static void chains_in_pieces(const char *name, int nth)
{
	judge_chains(name, 37);
}

/* " name:   value" or " name:   value [max: N]" */
static int check_stats_line(const char *line, void *data)
{
	const char *colon = strchr(line, ':');
	unsigned long value, max;
	char tail[16];
	int n;

	(void)data;
	if (line[0] != ' ' || !colon || colon == line + 1)
		goto bad;
	n = sscanf(colon + 1, " %lu %15s", &value, tail);
	if (n == 1)
		return 1;
	if (n == 2 && sscanf(colon + 1, " %lu [max: %lu]", &value, &max) == 2)
		return 1;
bad:
	ktap_diag("bad /proc/lockdep_stats line: %.100s", line);
	return 0;
}

static void stats_format(const char *name, int nth)
{
	static const char *const fields[] = {
		"lock-classes", "direct dependencies", "dependency chains",
		"max locking depth", "debug_locks",
	};
	unsigned int i, missing = 0;
	int bad;

	if (read_text("/proc/lockdep_stats", stats, sizeof(stats)) < 0) {
		ktap_result(false, "%s: unreadable", name);
		return;
	}
	for (i = 0; i < NR_ENTRIES(fields); i++)
		missing += stats_value(stats, fields[i]) < 0;
	memcpy(text, stats, sizeof(stats));
	bad = for_lines(text, check_stats_line, NULL);
	ktap_result(!bad && !missing, "%s (%d bad lines, %u fields missing)",
		    name, bad, missing);
}

/* In a child that gave up root: every file must refuse to open. */
static void root_only(const char *name, int nth)
{
	static const char *const files[] = {
		"/proc/lockdep", "/proc/lockdep_chains", "/proc/lockdep_stats",
	};
	static const int flags[] = { O_RDONLY, O_RDONLY, O_RDONLY };
	int opened = opened_as_nobody(files, flags, 3);

	ktap_result(opened == 0,
		    "%s (%d of 3 opened by uid 65534, 100 = could not drop root, -1 = no child)",
		    name, opened);
}

/* SysRq-D prints our class list after the held locks; count its lines. */
static void sysrq_d(const char *name, int nth)
{
	const char *header = "Lock classes known to the validator (";
	long want = -1, got = 0, before, after;
	char *p, *start;
	bool ok;
	int fd;

	if (!validator_is_ours()) {
		ktap_skip("the classic engine prints no class list", "%s", name);
		return;
	}
	before = lockdep_stat("lock-classes");
	fd = open("/proc/sysrq-trigger", O_WRONLY);
	if (fd < 0 || write(fd, "d", 1) != 1) {
		ktap_result(false, "%s: cannot write /proc/sysrq-trigger", name);
		if (fd >= 0)
			close(fd);
		return;
	}
	close(fd);
	after = lockdep_stat("lock-classes");
	start = kernel_log_since(header);
	if (start) {
		want = strtol(start + strlen(header), NULL, 10);
		for (p = start; (p = strstr(p, " FD:")); p++)
			got++;
	}
	/* Classes registered while the list printed may be listed or not. */
	ok = start && want > 0 && count_fits(want, before, after) &&
	     count_fits(got, before, after);
	ktap_result(ok, "%s (header says %ld classes, %ld listed, lockdep_stats %ld then %ld)",
		    name, want, got, before, after);
}

static const struct lv_step procfiles_steps[] = {
	{ "/proc/lockdep: every line well formed", lockdep_format },
	{ "/proc/lockdep read 61 bytes at a time: every class once", lockdep_in_pieces },
	{ "/proc/lockdep_chains: every line well formed", chains_format },
	{ "/proc/lockdep_chains read 37 bytes at a time: every line well formed",
	  chains_in_pieces },
	{ "/proc/lockdep_stats: every line well formed", stats_format },
	{ "the /proc files are for root only", root_only },
	{ "SysRq-D lists every lock class", sysrq_d },
};

const struct lv_suite procfiles_suite = {
	.name = "procfiles", .enabled = validator_expected,
	LV_STEPS(procfiles_steps),
};
