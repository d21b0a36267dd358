// SPDX-License-Identifier: GPL-2.0
/*
 * The code paths the 2006 nesting annotations were written for, driven
 * from user space on today's kernel, must not make the validator speak:
 *   bdev:   open a partition of a loop device while the whole disk is open
 *           (partition table scanned by the kernel);
 *   dcache: rename files across directories (d_move() locks two dentries).
 * Their unannotated twins are scenarios of the scenario module. Runs in
 * the boot of the silent scenarios (lv.scenario=silent).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ktap.h"
#include "system.h"
#include "tests.h"

#define DISK_IMAGE "/tmp/lv-disk.img"
#define DISK_SECTORS 8192
#define PART_START 2048
#define PART_SECTORS 4096
#define RENAMES 200

static bool real_enabled(void)
{
	return cmdline_has("lv.scenario=silent");
}

static void put_le32(unsigned char *p, unsigned int v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* A disk image with an MBR holding one Linux partition. */
static bool make_disk_image(void)
{
	unsigned char mbr[512] = { 0 };
	unsigned char *entry = mbr + 446;
	int fd = open(DISK_IMAGE, O_RDWR | O_CREAT | O_TRUNC, 0600);
	bool ok;

	if (fd < 0)
		return false;
	entry[4] = 0x83;
	put_le32(entry + 8, PART_START);
	put_le32(entry + 12, PART_SECTORS);
	mbr[510] = 0x55;
	mbr[511] = 0xaa;
	ok = write(fd, mbr, sizeof(mbr)) == sizeof(mbr) &&
	     ftruncate(fd, DISK_SECTORS * 512L) == 0;
	close(fd);
	return ok;
}

/* Attach the image to a free loop device with partition scanning. */
static int attach_loop(char *dev, size_t size)
{
	struct loop_config config = { 0 };
	int ctl, nr, img, fd;

	ctl = open("/dev/loop-control", O_RDWR);
	if (ctl < 0)
		return -1;
	nr = ioctl(ctl, LOOP_CTL_GET_FREE);
	close(ctl);
	if (nr < 0)
		return -1;
	snprintf(dev, size, "/dev/loop%d", nr);
	img = open(DISK_IMAGE, O_RDWR);
	fd = open(dev, O_RDWR);
	if (img < 0 || fd < 0)
		goto fail;
	config.fd = img;
	config.info.lo_flags = LO_FLAGS_PARTSCAN;
	if (ioctl(fd, LOOP_CONFIGURE, &config) < 0)
		goto fail;
	close(img);
	return fd;
fail:
	if (img >= 0)
		close(img);
	if (fd >= 0)
		close(fd);
	return -1;
}

/* Open the first partition while the whole disk is open, read both. */
static bool open_partition_under_whole(int whole, const char *dev)
{
	char part[64], block[512];
	int fd = -1, i;
	bool ok;

	snprintf(part, sizeof(part), "%sp1", dev);
	/* The partition node appears once the kernel scanned the table. */
	for (i = 0; i < 200 && fd < 0; i++) {
		fd = open(part, O_RDONLY);
		if (fd < 0)
			usleep(10000);
	}
	if (fd < 0)
		return false;
	ok = pread(whole, block, sizeof(block), 0) == sizeof(block) &&
	     pread(fd, block, sizeof(block), 0) == sizeof(block);
	close(fd);
	return ok;
}

static void real_bdev(const char *name, int nth)
{
	char dev[32] = "";
	int whole, reports;
	bool ok = false;

	log_mark("bdev");
	if (make_disk_image()) {
		whole = attach_loop(dev, sizeof(dev));
		if (whole >= 0) {
			ok = open_partition_under_whole(whole, dev);
			ioctl(whole, LOOP_CLR_FD, 0);
			close(whole);
		}
	}
	unlink(DISK_IMAGE);
	reports = reports_since("bdev");
	ktap_result(ok && reports == 0,
		    "%s: partition of %s opened under the whole disk (%s, %d reports)",
		    name, dev[0] ? dev : "a loop device", ok ? "done" : "failed",
		    reports);
}

/* Rename files back and forth between two directories: d_move(). */
static void real_dcache(const char *name, int nth)
{
	int i, done = 0, reports;

	log_mark("dcache");
	mkdir("/tmp/lv-a", 0700);
	mkdir("/tmp/lv-b", 0700);
	close(open("/tmp/lv-a/f", O_WRONLY | O_CREAT, 0600));
	for (i = 0; i < RENAMES; i++) {
		const char *from = i % 2 ? "/tmp/lv-b/f" : "/tmp/lv-a/f";
		const char *to = i % 2 ? "/tmp/lv-a/f" : "/tmp/lv-b/f";

		done += rename(from, to) == 0;
	}
	unlink("/tmp/lv-a/f");
	unlink("/tmp/lv-b/f");
	rmdir("/tmp/lv-a");
	rmdir("/tmp/lv-b");
	reports = reports_since("dcache");
	ktap_result(done == RENAMES && reports == 0,
		    "%s: %d of %d cross-directory renames, %d reports",
		    name, done, RENAMES, reports);
}

static const struct lv_step real_steps[] = {
	{ "real bdev", real_bdev },
	{ "real dcache", real_dcache },
};

const struct lv_suite real_suite = {
	.name = "real", .enabled = real_enabled, LV_STEPS(real_steps),
};
