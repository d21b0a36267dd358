// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin that counts guest instructions per translated block:
 * each block's start address, its length in instructions and how often it
 * ran, written at exit as "ADDRESS LENGTH RUNS" lines (hex, decimal,
 * decimal) to the file named by out=FILE.  profile-diff.py turns two such
 * files into instructions per kernel function.
 *
 * The counters are added inline by the translated code, so counting costs
 * little; they are not atomic, which is exact with one vCPU (profile.sh
 * boots with --smp 1).  The few plugin API calls used are declared here,
 * as QEMU 7.2 exports them (API version 1), since Debian ships no header.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*tb_trans_cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*udata_cb)(qemu_plugin_id_t id, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, tb_trans_cb cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_cb cb,
				    void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* One block, found again by address and length when it is retranslated. */
struct block {
	uint64_t addr;
	uint64_t insns;
	uint64_t runs;
	struct block *next;
};

#define BUCKETS (1u << 20)
static struct block *buckets[BUCKETS];
static const char *out_path;

static struct block *block_of(uint64_t addr, uint64_t insns)
{
	unsigned int h = (addr ^ (addr >> 20) ^ insns) & (BUCKETS - 1);
	struct block *b;

	for (b = buckets[h]; b; b = b->next)
		if (b->addr == addr && b->insns == insns)
			return b;
	b = calloc(1, sizeof(*b));
	if (!b)
		abort();
	b->addr = addr;
	b->insns = insns;
	b->next = buckets[h];
	buckets[h] = b;
	return b;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = block_of(qemu_plugin_tb_vaddr(tb),
				   qemu_plugin_tb_n_insns(tb));

	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->runs, 1);
}

static void write_counts(qemu_plugin_id_t id, void *userdata)
{
	FILE *f = fopen(out_path, "w");
	unsigned int i;
	struct block *b;

	if (!f) {
		perror(out_path);
		return;
	}
	for (i = 0; i < BUCKETS; i++)
		for (b = buckets[i]; b; b = b->next)
			if (b->runs)
				fprintf(f, "%llx %llu %llu\n",
					(unsigned long long)b->addr,
					(unsigned long long)b->insns,
					(unsigned long long)b->runs);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			out_path = argv[i] + 4;
	if (!out_path) {
		fprintf(stderr, "insn-profile: no out=FILE given\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, write_counts, NULL);
	return 0;
}
