// SPDX-License-Identifier: GPL-2.0
/*
 * What a real machine does, on the real-config kernel (lv.machine=1): a
 * file system on a disk, TCP over loopback and the tree's ww_mutex
 * self-test, each from several processes at once on the machine's CPUs,
 * with no report from the validator while they run:
 *   ext4: write, fsync, rename across directories, read back and remove
 *         files on the ext4 disk boot.sh attached as /dev/vda (virtio-blk);
 *   tcp:  echo round trips over 127.0.0.1 between client and server
 *         processes;
 *   ww_mutex: load test-ww_mutex.ko, whose init runs the tree's wound/wait
 *         mutex tests and fails the load if one fails.
 * Loop devices, locktorture and the busybox workload run in their own
 * suites in the same boot.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define DISK "/dev/vda"
#define DISK_DIR "/mnt/disk"
#define WORKERS 4
#define FILES 32
#define FILE_BYTES (64 * 1024)
#define ROUND_TRIPS 256
#define MESSAGE_BYTES 1024
#define WW_MUTEX_MODULE "/lib/modules/test-ww_mutex.ko"

static bool machine_enabled(void)
{
	return cmdline_has("lv.machine=1");
}

/* Run WORK(i) in WORKERS child processes; true if every one exits 0. */
static bool run_workers(bool (*work)(int worker))
{
	pid_t pids[WORKERS];
	bool ok = true;
	int i, status;

	for (i = 0; i < WORKERS; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(work(i) ? 0 : 1);
		ok &= pids[i] > 0;
	}
	for (i = 0; i < WORKERS; i++)
		if (pids[i] > 0)
			ok &= waitpid(pids[i], &status, 0) == pids[i] &&
			      WIFEXITED(status) && WEXITSTATUS(status) == 0;
	return ok;
}

/* The byte at OFFSET of file N of WORKER: each file its own pattern. */
static unsigned char pattern_byte(int worker, int n, long offset)
{
	return (unsigned char)(worker * 131 + n * 31 + offset * 7);
}

static bool write_file(const char *path, int worker, int n)
{
	static unsigned char buf[FILE_BYTES];
	long i;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	bool ok;

	if (fd < 0)
		return false;
	for (i = 0; i < FILE_BYTES; i++)
		buf[i] = pattern_byte(worker, n, i);
	ok = write(fd, buf, sizeof(buf)) == sizeof(buf) && fsync(fd) == 0;
	return close(fd) == 0 && ok;
}

static bool file_holds_pattern(const char *path, int worker, int n)
{
	static unsigned char buf[FILE_BYTES];
	long i;
	int fd = open(path, O_RDONLY);
	bool ok;

	if (fd < 0)
		return false;
	ok = read(fd, buf, sizeof(buf)) == sizeof(buf);
	close(fd);
	for (i = 0; ok && i < FILE_BYTES; i++)
		ok = buf[i] == pattern_byte(worker, n, i);
	return ok;
}

/* One worker's files: written in a/, renamed to b/, read back, removed. */
static bool ext4_worker(int worker)
{
	char a[64], b[64], from[96], to[96];
	bool ok = true;
	int n;

	snprintf(a, sizeof(a), DISK_DIR "/w%d-a", worker);
	snprintf(b, sizeof(b), DISK_DIR "/w%d-b", worker);
	if (mkdir(a, 0700) || mkdir(b, 0700))
		return false;
	for (n = 0; ok && n < FILES; n++) {
		snprintf(from, sizeof(from), "%s/f%d", a, n);
		snprintf(to, sizeof(to), "%s/f%d", b, n);
		ok = write_file(from, worker, n) && rename(from, to) == 0 &&
		     file_holds_pattern(to, worker, n) && unlink(to) == 0;
	}
	return ok && rmdir(a) == 0 && rmdir(b) == 0;
}

static void machine_ext4(const char *name, int nth)
{
	bool mounted, ok = false;
	int reports;

	log_mark("ext4");
	mkdir("/mnt", 0755);
	mkdir(DISK_DIR, 0755);
	mounted = mount(DISK, DISK_DIR, "ext4", 0, NULL) == 0;
	if (!mounted)
		ktap_diag("mount %s as ext4: %s", DISK, strerror(errno));
	else
		ok = run_workers(ext4_worker) && umount(DISK_DIR) == 0;
	reports = reports_since("ext4");
	ktap_result(ok && reports == 0,
		    "%s on %s: %d processes x %d files written, renamed, read back (%s, %d reports)",
		    name, DISK, WORKERS, FILES, ok ? "done" : "failed", reports);
}

/* Bring the loopback interface up: the kernel starts with it down. */
static bool loopback_up(void)
{
	struct ifreq ifr = { 0 };
	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	bool ok;

	if (fd < 0)
		return false;
	strcpy(ifr.ifr_name, "lo");
	ok = ioctl(fd, SIOCGIFFLAGS, &ifr) == 0;
	ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
	ok = ok && ioctl(fd, SIOCSIFFLAGS, &ifr) == 0;
	close(fd);
	return ok;
}

static bool transfer(int fd, char *buf, bool sending)
{
	size_t done = 0;

	while (done < MESSAGE_BYTES) {
		ssize_t n = sending ? write(fd, buf + done, MESSAGE_BYTES - done) :
				      read(fd, buf + done, MESSAGE_BYTES - done);

		if (n <= 0)
			return false;
		done += n;
	}
	return true;
}

static struct sockaddr_in server_addr;

/* A client: ROUND_TRIPS messages sent and their echoes checked. */
static bool tcp_client(int worker)
{
	char out[MESSAGE_BYTES], in[MESSAGE_BYTES];
	int fd = socket(AF_INET, SOCK_STREAM, 0), i;
	bool ok;

	ok = fd >= 0 && connect(fd, (struct sockaddr *)&server_addr,
				sizeof(server_addr)) == 0;
	for (i = 0; ok && i < ROUND_TRIPS; i++) {
		memset(out, 'a' + (worker + i) % 26, sizeof(out));
		ok = transfer(fd, out, true) && transfer(fd, in, false) &&
		     !memcmp(in, out, sizeof(in));
	}
	if (fd >= 0)
		close(fd);
	return ok;
}

/* The server side of one connection: echo what comes until it closes. */
static void tcp_echo(int fd)
{
	char buf[MESSAGE_BYTES];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(fd, buf, n) != n)
			_exit(1);
	_exit(n == 0 ? 0 : 1);
}

/* Accept WORKERS connections, each echoed by a process of its own. */
static bool tcp_serve(int listener)
{
	int i, fd, status;
	bool ok = true;
	pid_t pid;

	for (i = 0; i < WORKERS; i++) {
		fd = accept(listener, NULL, NULL);
		if (fd < 0)
			return false;
		pid = fork();
		if (pid == 0)
			tcp_echo(fd);
		close(fd);
		ok &= pid > 0;
	}
	while ((pid = wait(&status)) > 0)
		ok &= WIFEXITED(status) && WEXITSTATUS(status) == 0;
	return ok;
}

static int tcp_listener(void)
{
	socklen_t len = sizeof(server_addr);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	server_addr.sin_family = AF_INET;
	server_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	server_addr.sin_port = 0;
	if (fd < 0 ||
	    bind(fd, (struct sockaddr *)&server_addr, sizeof(server_addr)) ||
	    listen(fd, WORKERS) ||
	    getsockname(fd, (struct sockaddr *)&server_addr, &len)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

static void machine_tcp(const char *name, int nth)
{
	bool ok = false;
	int listener, reports, status;
	pid_t server;

	log_mark("tcp");
	listener = loopback_up() ? tcp_listener() : -1;
	if (listener >= 0) {
		server = fork();
		if (server == 0)
			_exit(tcp_serve(listener) ? 0 : 1);
		ok = server > 0 && run_workers(tcp_client);
		ok &= server > 0 && waitpid(server, &status, 0) == server &&
		      WIFEXITED(status) && WEXITSTATUS(status) == 0;
		close(listener);
	}
	reports = reports_since("tcp");
	ktap_result(ok && reports == 0,
		    "%s: %d clients x %d echo round trips (%s, %d reports)",
		    name, WORKERS, ROUND_TRIPS, ok ? "done" : "failed", reports);
}

static void machine_ww_mutex(const char *name, int nth)
{
	int err, reports;

	log_mark("ww_mutex");
	err = load_module(WW_MUTEX_MODULE, "");
	if (!err)
		unload_module("test_ww_mutex");
	reports = reports_since("ww_mutex");
	ktap_result(!err && reports == 0,
		    "%s (%s, %d reports)",
		    name, err ? strerror(err) : "passed", reports);
}

static const struct lv_step machine_steps[] = {
	{ "machine: ext4", machine_ext4 },
	{ "machine: loopback TCP", machine_tcp },
	{ "machine: ww_mutex self-test module loaded", machine_ww_mutex },
};

const struct lv_suite machine_suite = {
	.name = "machine", .enabled = machine_enabled, LV_STEPS(machine_steps),
};
