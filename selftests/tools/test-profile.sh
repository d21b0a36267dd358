#!/bin/sh
# The instruction profile cannot rot: profile-diff.py must attribute known
# block counts to the right functions, user space and modules, subtract
# the A boot from the B boot and rank the differences; it must refuse a
# malformed count file. The QEMU plugin must build and count a real boot
# of the suite's kernel; profile.sh must refuse bad arguments.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
test_kernel
tap_start

# Two kernels of three functions; f_lock got dearer, f_init appeared.
printf '%s\n' "ffffffff81000000 T _stext" "ffffffff81000100 T f_lock" \
	"ffffffff81000200 t f_walk" "ffffffff81000300 T f_end" >"$work/base.map"
printf '%s\n' "ffffffff81000000 T _stext" "ffffffff81000100 T f_lock" \
	"ffffffff81000180 t f_init" "ffffffff81000200 t f_walk" \
	"ffffffff81000300 T f_end" >"$work/new.map"
# The A boots: boot only (f_walk 100 instructions, user 50).
printf '%s\n' "ffffffff81000200 10 10" "400000 5 10" >"$work/base-a.tb"
cp "$work/base-a.tb" "$work/new-a.tb"
# The B boots: the same plus the workload. Base: f_lock 2x10 runs, f_walk
# +300, user +100. New: f_lock 3x10 runs + a second block 1x10, f_init
# 4x5, f_walk +300, user +100, a module block 7x1.
printf '%s\n' "ffffffff81000200 10 40" "400000 5 30" "ffffffff81000100 2 10" \
	>"$work/base-b.tb"
printf '%s\n' "ffffffff81000200 10 40" "400000 5 30" "ffffffff81000100 3 10" \
	"ffffffff81000110 1 10" "ffffffff81000180 4 5" "ffffffffa0001000 7 1" \
	>"$work/new-b.tb"
rc=0
"$top/scripts/profile-diff.py" --top 5 "$work/base.map" "$work/base-a.tb" \
	"$work/base-b.tb" "$work/new.map" "$work/new-a.tb" "$work/new-b.tb" \
	>"$work/out" 2>&1 || rc=$?
sed 's/^/# /' "$work/out"
tap_check "profile-diff.py on known counts succeeds (rc $rc)" test "$rc" -eq 0
# Base: 20 + 300 + 100 = 420; new: 40 + 20 + 300 + 100 + 7 = 467.
tap_check "... totals of B - A and their ratio (420, 467, 1.1119)" \
	has "$work/out" "# profile: base 420 new 467 instructions, ratio 1.1119, difference +47"
row() {
	grep -q -E "^ +$2 +$3 +\\$4 +$5 +$6  $1\$" "$work/out"
}
tap_check "... f_lock: 40 against 20, entered 10 times in each" row f_lock 40 20 +20 10 10
tap_check "... f_init: new, 20 instructions, 5 entries" row f_init 20 0 +20 5 0
tap_check "... a block far above the image is a module's" row "\\[modules\\]" 7 0 +7 0 0
tap_check "... user space cancels out and is listed after the changes" \
	sh -c '! head -n 5 "$1" | grep -q "\[user\]"' - "$work/out"
printf 'ffffffff81000200 10\n' >"$work/bad.tb"
rc=0
"$top/scripts/profile-diff.py" "$work/base.map" "$work/base-a.tb" "$work/bad.tb" \
	"$work/new.map" "$work/new-a.tb" "$work/new-b.tb" >/dev/null 2>"$work/err" || rc=$?
tap_check "a malformed count line is refused with its place (rc $rc)" \
	sh -c '[ "$1" -ne 0 ] && grep -q "bad.tb:1: not" "$2"' - "$rc" "$work/err"

# The plugin on a real boot of the suite's kernel.
plugin="$work/insn-profile.so"
rc=0
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$top/scripts/insn-profile.c" 2>"$work/err" || rc=$?
tap_check "the QEMU plugin builds (rc $rc)" test "$rc" -eq 0
rc=0
"$top/scripts/boot.sh" --icount --smp 1 --plugin "$plugin,out=$work/boot.tb" \
	--log "$work/boot.log" "$arch" "$set_name" >/dev/null 2>&1 || rc=$?
: >"$work/empty.tb"
map="${LV_BUILD:-$top/build}/$kernel/System.map"
"$top/scripts/profile-diff.py" --top 3 "$map" "$work/empty.tb" "$work/boot.tb" \
	"$map" "$work/empty.tb" "$work/boot.tb" >"$work/boot.out" 2>&1 || true
sed 's/^/# /' "$work/boot.out"
# A boot with the self-test runs hundreds of millions of instructions,
# most of them in the kernel.
insns=$(sed -n 's/^# profile: base \([0-9]*\) .*/\1/p' "$work/boot.out")
tap_check "a boot of $kernel counted over 10^8 instructions (${insns:-none}, rc $rc)" \
	awk -v n="${insns:-0}" 'BEGIN { exit !(n > 100000000) }'
rc=0
"$top/scripts/profile.sh" --rounds 40,10 x86_64 prod-none prod-off >/dev/null 2>"$work/err" || rc=$?
tap_check "profile.sh --rounds 40,10: refused (rc $rc)" \
	sh -c '[ "$1" -ne 0 ] && grep -q "A < B" "$2"' - "$rc" "$work/err"
rc=0
"$top/scripts/profile.sh" x86_64 prod-none nosuch >/dev/null 2>"$work/err" || rc=$?
tap_check "profile.sh with an unknown variant: refused (rc $rc)" \
	sh -c '[ "$1" -ne 0 ] && grep -q "unknown variant" "$2"' - "$rc" "$work/err"
tap_end
