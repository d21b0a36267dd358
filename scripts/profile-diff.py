#!/usr/bin/env python3
"""Per-function guest instructions of two kernels, and where they differ.

Reads the block counts that insn-profile.c wrote for two boots of each
kernel, one with A and one with B rounds of the workload, so that the
difference of the two boots is B - A rounds of the workload alone (boot,
benchmark and shutdown cancel out: under -icount both boots run the same
instructions up to the workload).  Each block's instructions (length x
runs) go to the kernel function its start address falls in, by the
kernel's System.map; user space is one line, "[user]", modules
another, "[modules]".  Prints both
totals, their ratio, and the functions whose instructions differ most,
with how often each was entered (runs of the block at its first byte).

Usage: profile-diff.py [--top N] BASE_MAP BASE_A BASE_B NEW_MAP NEW_A NEW_B
"""
import argparse
import bisect
import collections
import sys

# A block further than this past the last symbol below it is not the
# image's: a module's (they are loaded far above the kernel's text).
FAR = 1 << 20


def read_map(path):
    """Text symbols of a System.map, sorted: (addresses, names)."""
    syms = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 3 and fields[1] in "tTwW":
                syms.append((int(fields[0], 16), fields[2]))
    if not syms:
        sys.exit("profile-diff: no text symbols in %s" % path)
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def read_blocks(path):
    """(address, instructions, runs) of each line of an insn-profile file."""
    blocks = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            try:
                if len(fields) != 3:
                    raise ValueError
                blocks.append((int(fields[0], 16), int(fields[1]),
                               int(fields[2])))
            except ValueError:
                sys.exit("profile-diff: %s:%d: not 'ADDRESS LENGTH RUNS': %r"
                         % (path, number, line.rstrip("\n")))
    return blocks


def per_function(blocks, symbols):
    """Instructions and entries per function name."""
    addrs, names = symbols
    insns = collections.Counter()
    entries = collections.Counter()
    for addr, length, runs in blocks:
        i = bisect.bisect_right(addrs, addr) - 1
        if i < 0:
            name = "[user]"
        elif addr - addrs[i] > FAR:
            name = "[modules]"
        else:
            name = names[i]
        insns[name] += length * runs
        if i >= 0 and addrs[i] == addr:
            entries[name] += runs
    return insns, entries


def workload_only(symbols, path_a, path_b):
    """Counts of boot B minus boot A."""
    ins_a, ent_a = per_function(read_blocks(path_a), symbols)
    ins_b, ent_b = per_function(read_blocks(path_b), symbols)
    ins_b.subtract(ins_a)
    ent_b.subtract(ent_a)
    return ins_b, ent_b


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("files", nargs=6)
    args = ap.parse_args()
    base_map, base_a, base_b, new_map, new_a, new_b = args.files
    base, base_ent = workload_only(read_map(base_map), base_a, base_b)
    new, new_ent = workload_only(read_map(new_map), new_a, new_b)
    total_base = sum(base.values())
    total_new = sum(new.values())
    if total_base <= 0:
        sys.exit("profile-diff: the base's B boot ran no more than its A boot")
    print("# profile: base %d new %d instructions, ratio %.4f, difference %+d"
          % (total_base, total_new, total_new / total_base,
             total_new - total_base))
    delta = collections.Counter(new)
    delta.subtract(base)
    print("# %12s %12s %12s %9s %9s  %s" % ("new", "base", "delta",
                                           "new-calls", "base-calls",
                                           "function"))
    ranked = sorted(delta.items(), key=lambda kv: (-abs(kv[1]), kv[0]))
    for name, d in ranked[:args.top]:
        print("  %12d %12d %+12d %9d %9d  %s"
              % (new[name], base[name], d, new_ent[name], base_ent[name],
                 name))


if __name__ == "__main__":
    main()
