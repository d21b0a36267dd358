// SPDX-License-Identifier: GPL-2.0
/*
 * A real user-space workload under the validator: busybox sh runs
 * /workload.sh for the time asked (lv.workload=SECONDS), with fork and exec,
 * pipes, tmpfs, ramfs, loop mounts, renames, signals and module loading
 * going on at once. The script prints one "# workload: NAME N iterations"
 * line per activity; init relays its output to the console and checks that
 * it ran the whole time, that every activity made progress and that it
 * ended well. Validator reports are caught on the host side, from the
 * console.
 *
 * lv.workload_rounds=N asks for a fixed amount of it instead (workload.sh
 * --rounds N), before any timed run: init then prints the guest time it
 * took, "# lv-bench: workload N rounds T ns", the benchmark's macro figure
 * (an instruction count under QEMU's -icount).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define SHELL "/bin/sh"
#define SCRIPT "/workload.sh"

/* The activities of the script, in the order it reports them. */
static const char *const activities[] = {
	"fork", "pipes", "tmpfs", "ramfs", "loop", "rename", "signals", "modules",
};

static long iterations[NR_ENTRIES(activities)];
static int seconds;
static int rounds;

static bool rounds_enabled(void)
{
	rounds = cmdline_number("lv.workload_rounds");
	return rounds > 0;
}

static bool workload_enabled(void)
{
	seconds = cmdline_number("lv.workload");
	return seconds > 0;
}

/*
 * The script in its own process group, its output (stderr too) into a pipe:
 * init reads it, and can kill whatever the script leaves behind.
 */
static pid_t workload_start(int *out, bool fixed)
{
	char arg[16];
	int fds[2];
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		setpgid(0, 0);
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		snprintf(arg, sizeof(arg), "%d", fixed ? rounds : seconds);
		if (fixed)
			execl(SHELL, "sh", SCRIPT, "--rounds", arg, (char *)NULL);
		else
			execl(SHELL, "sh", SCRIPT, arg, (char *)NULL);
		printf("# workload: cannot run %s %s: %s\n", SHELL, SCRIPT,
		       strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);
	close(fds[1]);
	*out = fds[0];
	return pid;
}

/* One line of the script: shown on the console, counts taken from it. */
static void workload_line(const char *line)
{
	char name[32];
	long n;
	int i;

	/* Shown as a KTAP diagnostic, so the host never reads it as a result. */
	if (line[0] == '#')
		printf("%s\n", line);
	else
		ktap_diag("workload: %s", line);
	if (sscanf(line, "# workload: %31s %ld iterations", name, &n) != 2)
		return;
	for (i = 0; i < NR_ENTRIES(activities); i++)
		if (!strcmp(name, activities[i]))
			iterations[i] = n;
}

/*
 * Relay the script's output line by line until it closes the pipe, or
 * until DEADLINE (monotonic seconds): a job that hangs must not hang init.
 * Returns false on the deadline.
 */
static bool workload_read(int fd, double deadline)
{
	static char buf[4096];
	size_t len = 0;
	char *nl;
	ssize_t n;

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		double left = deadline - monotonic_seconds();

		if (left <= 0)
			return false;
		if (poll(&pfd, 1, (int)(left * 1000) + 1) <= 0)
			continue;
		n = read(fd, buf + len, sizeof(buf) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
		buf[len] = '\0';
		while ((nl = strchr(buf, '\n'))) {
			*nl = '\0';
			workload_line(buf);
			len -= nl + 1 - buf;
			memmove(buf, nl + 1, len + 1);
		}
		/* A line longer than the buffer is shown in pieces. */
		if (len == sizeof(buf) - 1) {
			workload_line(buf);
			len = 0;
		}
	}
	if (len)
		workload_line(buf);
	return true;
}

/* How the script ended, for the result line. */
static const char *end_text(bool ended, int status)
{
	static char text[32];

	if (status == -1)
		return "never started";
	if (!ended)
		return "killed, it did not end in time";
	if (WIFSIGNALED(status))
		snprintf(text, sizeof(text), "signal %d", WTERMSIG(status));
	else
		snprintf(text, sizeof(text), "status %d", WEXITSTATUS(status));
	return text;
}

/*
 * Run the script (FIXED: the rounds) to its end or to DEADLINE; returns
 * whether it ended, its wait status in *STATUS (-1: never started).
 */
static bool workload_once(bool fixed, double deadline, int *status)
{
	bool ended;
	pid_t pid;
	int fd;

	*status = -1;
	pid = workload_start(&fd, fixed);
	if (pid < 0) {
		ktap_diag("workload: cannot start %s: %s", SCRIPT, strerror(errno));
		return false;
	}
	ended = workload_read(fd, deadline);
	close(fd);
	if (!ended)
		ktap_diag("workload: no end by the deadline, killed");
	/* Nothing of the workload may outlive it, hung or not. */
	kill(-pid, SIGKILL);
	waitpid(pid, status, 0);
	/* Init is their parent now: reap those of them already gone. */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	return ended;
}

/* The fixed amount, timed in guest nanoseconds. */
static void workload_rounds(const char *name, int nth)
{
	double start = monotonic_seconds(), took;
	bool ended, ok;
	int status;

	ended = workload_once(true, start + 60 + rounds * 10.0, &status);
	took = monotonic_seconds() - start;
	ok = ended && WIFEXITED(status) && WEXITSTATUS(status) == 0;
	if (ok)
		ktap_diag("lv-bench: workload %d rounds %.0f ns", rounds, took * 1e9);
	ktap_result(ok, "%s: %d rounds in %.3f s of guest time (%s)", name,
		    rounds, took, end_text(ended, status));
}

/* How the timed run went, for the steps that judge it. */
static struct {
	bool ended;
	int status;
	double ran;
} timed;

static void workload_timed(const char *name, int nth)
{
	double start = monotonic_seconds();

	/* The jobs finish their iteration after the time: leave them room. */
	timed.ended = workload_once(false, start + 2 * seconds + 60, &timed.status);
	timed.ran = monotonic_seconds() - start;
	ktap_result(timed.ended && timed.ran >= seconds, "%s: %.1f s of %d",
		    name, timed.ran, seconds);
}

/* Called once for each of activities[]. */
static void workload_progress(const char *name, int nth)
{
	ktap_result(iterations[nth] > 0, "%s: %s (%ld iterations)", name,
		    activities[nth], iterations[nth]);
}

static void workload_exit_status(const char *name, int nth)
{
	ktap_result(timed.ended && WIFEXITED(timed.status) &&
		    WEXITSTATUS(timed.status) == 0,
		    "%s (%s)", name, end_text(timed.ended, timed.status));
}

static const struct lv_step rounds_steps[] = {
	{ "workload", workload_rounds },
};

static const struct lv_step timed_steps[] = {
	{ "workload ran the whole time", workload_timed },
	{ "workload: each activity made progress", workload_progress,
	  NR_ENTRIES(activities) },
	{ "workload script exited 0", workload_exit_status },
};

const struct lv_suite workload_rounds_suite = {
	.name = "workload rounds", .enabled = rounds_enabled,
	LV_STEPS(rounds_steps),
};

const struct lv_suite workload_suite = {
	.name = "workload", .enabled = workload_enabled, LV_STEPS(timed_steps),
};
