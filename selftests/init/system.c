// SPDX-License-Identifier: GPL-2.0
/* Mounting, file reading and ending the machine for the init program. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/klog.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "system.h"

bool mount_fs(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount(type, dir, type, 0, NULL) == 0 || errno == EBUSY)
		return true;
	printf("# mount %s on %s: %s\n", type, dir, strerror(errno));
	return false;
}

/* Read a whole (small) text file, NUL-terminated; -1 when unreadable. */
ssize_t read_text(const char *path, char *buf, size_t size)
{
	return read_text_in_pieces(path, buf, size, size);
}

/* The same, reading at most PIECE bytes per read(). */
ssize_t read_text_in_pieces(const char *path, char *buf, size_t size,
			    size_t piece)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	while (len < (ssize_t)size - 1) {
		size_t want = size - 1 - len;

		n = read(fd, buf + len, want < piece ? want : piece);
		if (n <= 0)
			break;
		len += n;
	}
	close(fd);
	buf[len] = '\0';
	return len;
}

/* Is WORD one of the space-separated words of the kernel command line? */
/* Write TEXT to the file PATH in one write(); 0 or the errno. */
int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	int err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, text, strlen(text)) < 0)
		err = errno;
	close(fd);
	return err;
}

bool cmdline_has(const char *word)
{
	char line[4096], *tok, *save;

	if (read_text("/proc/cmdline", line, sizeof(line)) < 0)
		return false;
	for (tok = strtok_r(line, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save))
		if (!strcmp(tok, word))
			return true;
	return false;
}

/* The value of NAME=value on the kernel command line, if present. */
bool cmdline_value(const char *name, char *value, size_t size)
{
	char line[4096], *tok, *save;
	size_t len = strlen(name);

	if (read_text("/proc/cmdline", line, sizeof(line)) < 0)
		return false;
	for (tok = strtok_r(line, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		if (strncmp(tok, name, len) || tok[len] != '=')
			continue;
		snprintf(value, size, "%s", tok + len + 1);
		return true;
	}
	return false;
}

/* The number N of NAME=N on the kernel command line; 0 if absent. */
int cmdline_number(const char *name)
{
	char value[32];

	return cmdline_value(name, value, sizeof(value)) ? atoi(value) : 0;
}

double monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Sleep until SECONDS have really passed, whatever wakes us early. */
void sleep_seconds(int seconds)
{
	double deadline = monotonic_seconds() + seconds;
	double left;

	while ((left = deadline - monotonic_seconds()) > 0) {
		struct timespec ts = {
			.tv_sec = (time_t)left,
			.tv_nsec = (long)((left - (time_t)left) * 1e9),
		};

		if (nanosleep(&ts, NULL) && errno != EINTR) {
			printf("# nanosleep: %s\n", strerror(errno));
			break;
		}
	}
}

/* Load a module file with its parameters; 0 or an errno value. */
int load_module(const char *path, const char *params)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int ret;

	if (fd < 0)
		return errno;
	ret = syscall(SYS_finit_module, fd, params, 0);
	close(fd);
	if (ret && errno != EEXIST)
		return errno;
	return 0;
}

/* Unload a module by name; its exit function runs before this returns. */
int unload_module(const char *name)
{
	return syscall(SYS_delete_module, name, O_NONBLOCK) ? errno : 0;
}

/* The kernel's log buffer as it stands, like dmesg. */
static ssize_t read_kernel_log(char *buf, size_t size)
{
	int len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, size - 1);

	if (len < 0)
		return -1;
	buf[len] = '\0';
	return len;
}

/* The number after "NAME:" in /proc/lockdep_stats text; -1 if absent. */
long stats_value(const char *stats, const char *name)
{
	const char *p = stats;
	size_t len = strlen(name);

	while ((p = strstr(p, name))) {
		bool line_start = p == stats || p[-1] == '\n' || p[-1] == ' ';

		if (line_start && p[len] == ':')
			return strtol(p + len + 1, NULL, 10);
		p += len;
	}
	return -1;
}

/*
 * The kernel log from the last occurrence of MARK on, or NULL if MARK is
 * not in it. The text lives in one buffer, valid until the next call.
 */
char *kernel_log_since(const char *mark)
{
	static char log[1 << 20];
	char *start = NULL, *p;

	if (read_kernel_log(log, sizeof(log)) < 0)
		return NULL;
	for (p = log; (p = strstr(p, mark)); p++)
		start = p;
	return start;
}

/* The text of a log line after its "<level>[ timestamp] " prefix. */
static const char *log_line_text(const char *line)
{
	const char *p;

	if (*line == '<' && (p = strchr(line, '>')))
		line = p + 1;
	if (*line == '[' && (p = strstr(line, "] ")))
		line = p + 2;
	return line;
}

/* Report headlines in TEXT: lines starting "WARNING: ", "BUG: ", "[ BUG: ". */
int count_report_headlines(const char *text)
{
	const char *line = text;
	int n = 0;

	while (line && *line) {
		const char *t = log_line_text(line);

		if (!strncmp(t, "WARNING: ", 9) || !strncmp(t, "BUG: ", 5) ||
		    !strncmp(t, "[ BUG: ", 7))
			n++;
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return n;
}

/* Mark the kernel log, so that what follows can be judged alone. */
void log_mark(const char *name)
{
	char line[128];
	int err;

	snprintf(line, sizeof(line), "lv-init: begin %s\n", name);
	err = write_text("/dev/kmsg", line);
	if (err)
		printf("# cannot write to /dev/kmsg: %s\n", strerror(err));
}

/* Report headlines in the kernel log since the mark for NAME; -1 if lost. */
int reports_since(const char *name)
{
	char mark[128];
	const char *start;

	snprintf(mark, sizeof(mark), "lv-init: begin %s\n", name);
	start = kernel_log_since(mark);
	return start ? count_report_headlines(start) : -1;
}

/*
 * Commit the bug NAME of the scenario module (loaded by the caller);
 * returns the reports it caused, counted in the kernel log (RCU's
 * reports are not the validator's), or -1.
 */
long commit_scenario_bug(const char *name)
{
	log_mark(name);
	if (write_text(LV_SCENARIO_RUN, name))
		return -1;
	usleep(200000);
	return reports_since(name);
}

/*
 * Keep the kernel's locks busy from user space, for ever: make and remove
 * the directory PATH (in a tmpfs) and rename the task, calling COUNT
 * (WHICH) after each round when it is given.
 */
void churn_files(const char *path, int which, void (*count)(int which))
{
	for (;;) {
		mkdir(path, 0700);
		write_text("/proc/self/comm", "lv-churn");
		rmdir(path);
		if (count)
			count(which);
	}
}

/*
 * locktorture's spin_lock writers, two kernel threads, until
 * unload_module("locktorture"); 0 or the error of the load.
 */
int load_spin_torture(void)
{
	int err = load_module(LV_MODULES "torture.ko", "");

	return err ? err : load_module(LV_MODULES "locktorture.ko",
				       "torture_type=spin_lock nwriters_stress=2 shutdown_secs=0 stat_interval=0");
}

/* One value of /proc/lockdep_stats, read now; -1 if absent or unreadable. */
long lockdep_stat(const char *name)
{
	static char stats[16384];

	if (read_text("/proc/lockdep_stats", stats, sizeof(stats)) < 0)
		return -1;
	return stats_value(stats, name);
}

/* "none", "all", or a random mix of the families. */
void random_families(char *buf, size_t size)
{
	static const char *const families[] = {
		"spin", "rw", "mutex", "rwsem", "map", "rcu", "reclaim", "might",
	};
	int r = rand(), i;

	snprintf(buf, size, "%s", r % 4 == 0 ? "none" : "all");
	if (r % 4 < 2)
		return;
	buf[0] = '\0';
	for (i = 0; i < (int)(sizeof(families) / sizeof(families[0])); i++) {
		if (rand() & 1)
			snprintf(buf + strlen(buf), size - strlen(buf), "%s%s",
				 buf[0] ? "," : "", families[i]);
	}
	if (!buf[0])
		snprintf(buf, size, "none");
}

/* The families LKV proves now, without the newline; false if none. */
bool read_prove_switch(char *state, size_t size)
{
	if (read_text(LV_PROVE_SWITCH, state, size) < 0)
		return false;
	state[strcspn(state, "\n")] = '\0';
	return true;
}

/*
 * Does the validator prove every lock family?  The classic engine always
 * does; LKV says in its run-time switch.
 */
bool proving_all_families(void)
{
	char state[64];

	return !read_prove_switch(state, sizeof(state)) ||
	       !strcmp(state, LV_PROVE_ALL);
}

/* Kernels built without a validator say so: lv.validator=none. */
bool validator_expected(void)
{
	return !cmdline_has("lv.validator=none");
}

/* Our engine counts its reports; the classic engine has no such line. */
bool validator_is_ours(void)
{
	return lockdep_stat("reports so far") >= 0;
}

/*
 * Power off where the kernel can (ACPI on x86_64); elsewhere reboot, which
 * QEMU's -no-reboot turns into an exit. Init must never return: the kernel
 * would panic.
 */
void end_machine(void)
{
	struct stat st;

	sync();
	if (stat("/sys/firmware/acpi", &st) == 0)
		reboot(RB_POWER_OFF);
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}

/*
 * How many of @paths a child that gave up root (uid and gid 65534) could
 * open, each with its open(2) flags: a refusal other than EACCES counts
 * as opened.  100 if the child could not give up root, -1 if no child
 * ran.
 */
int opened_as_nobody(const char *const paths[], const int flags[], int n)
{
	int status, i;
	pid_t pid = fork();

	if (pid == 0) {
		int opened = 0;

		if (setgid(65534) || setuid(65534))
			_exit(100);
		for (i = 0; i < n; i++) {
			int fd = open(paths[i], flags[i]);

			if (fd >= 0 || errno != EACCES)
				opened++;
			if (fd >= 0)
				close(fd);
		}
		_exit(opened);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}
