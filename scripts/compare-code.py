#!/usr/bin/env python3
"""Compare the machine code of two kernels, function by function.

Usage: compare-code.py [--show N] VMLINUX_A VMLINUX_B

Disassembles both images (objdump -d) and compares each function's
instructions with the addresses taken out: the address column, branch and
call targets (kept as <symbol+offset>), rip-relative displacements (the
symbol objdump names in its comment is kept) and absolute addresses in
operands. So a function is "the same" if it has the same instructions,
calling and reaching the same symbols, wherever the linker put it. A
function only one kernel has counts as differing.

Prints one line per differing function (at most N, default 20, with the
first instruction that differs) and a summary line:
  "functions: T compared, D differ, O only in A, P only in B"
Exits 0 if no function differs, 1 if some do, 2 on bad input.
"""
import re
import subprocess
import sys

HEADER = re.compile(r'^[0-9a-f]+ <(.+)>:$')
INSN = re.compile(r'^\s*[0-9a-f]+:\t(.*)$')
TARGET = re.compile(r'\b[0-9a-f]{6,16} (<[^>]+>)')
RIP = re.compile(r'-?0x[0-9a-f]+\(%rip\)')
COMMENT_ADDR = re.compile(r'#\s*[0-9a-f]+ (<[^>]+>)')
ABSOLUTE = re.compile(r'0x[0-9a-f]{8,16}\b')


def fail(message):
    """Bad input: say so and exit 2."""
    print(f'compare-code: {message}', file=sys.stderr)
    sys.exit(2)


def normalise(insn):
    """One instruction with the addresses the linker chose taken out."""
    insn = COMMENT_ADDR.sub(r'# \1', insn)
    insn = TARGET.sub(r'\1', insn)
    insn = RIP.sub('(%rip)', insn)
    insn = ABSOLUTE.sub('ADDR', insn)
    return ' '.join(insn.split())


def functions(vmlinux):
    """{name#n: [instructions]} for every function in VMLINUX's text."""
    try:
        proc = subprocess.run(['objdump', '-d', '--no-show-raw-insn', vmlinux],
                              capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as err:
        fail(f'cannot disassemble {vmlinux}: {err}')
    funcs, seen, body = {}, {}, None
    for line in proc.stdout.splitlines():
        head = HEADER.match(line)
        if head:
            name = head.group(1)
            seen[name] = seen.get(name, 0) + 1
            body = funcs.setdefault(f'{name}#{seen[name]}', [])
            continue
        insn = INSN.match(line)
        if insn and body is not None:
            body.append(normalise(insn.group(1)))
    if not funcs:
        fail(f'no functions in {vmlinux}')
    return funcs


def first_difference(a, b):
    """The first instruction at which bodies A and B differ."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f'insn {i}: "{x}" vs "{y}"'
    return f'{len(a)} vs {len(b)} instructions'


def main(argv):
    show = 20
    if len(argv) > 1 and argv[0] == '--show':
        show = int(argv[1])
        argv = argv[2:]
    if len(argv) != 2:
        fail(__doc__.split('\n\n')[1])
    a, b = functions(argv[0]), functions(argv[1])
    common = sorted(set(a) & set(b))
    differ = [f for f in common if a[f] != b[f]]
    only_a = sorted(set(a) - set(b))
    only_b = sorted(set(b) - set(a))
    shown = 0
    for f in differ:
        if shown < show:
            print(f'differs: {f.split("#")[0]}: {first_difference(a[f], b[f])}')
            shown += 1
    for what, names in (('only in A', only_a), ('only in B', only_b)):
        for f in names:
            if shown < show:
                print(f'{what}: {f.split("#")[0]}')
                shown += 1
    print(f'functions: {len(common)} compared, {len(differ)} differ, '
          f'{len(only_a)} only in A, {len(only_b)} only in B')
    return 1 if differ or only_a or only_b else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
