#!/bin/sh
# Compile the LKV engine's files with W=1 (the kernel's extra warnings) in the
# configuration of one built kernel, and fail on any warning in them; and
# fail on any objtool warning in the kernel's own build log (with
# DEBUG_ENTRY objtool checks noinstr code, which the LKV engine has).
# A separate output folder (build/<arch>-<set>.w1) keeps the kernel's own
# objects untouched, so its next build stays incremental.
#
# Usage: check-warnings.sh ARCH SET
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: check-warnings.sh ARCH SET"
arch=$(kernel_arch "$1")
odir=$(kernel_dir "$arch" "$2")
wdir="$odir.w1"
[ -f "$odir/.config" ] || die "no $odir/.config: build $arch-$2 first"

# The LKV engine's objects that this configuration builds (LOCK_STAT adds one).
objs=$(cd "$odir" && ls kernel/locking/lkv/*.o 2>/dev/null || true)
[ -n "$objs" ] || die "no kernel/locking/lkv/*.o in $odir: not the LKV engine, or not built"

mkdir -p "$wdir"
cmp -s "$odir/.config" "$wdir/.config" || cp "$odir/.config" "$wdir/.config"
cc=gcc
command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
log="$wdir/w1.log"
# Rebuild the objects every time: warnings are only printed when compiling.
for o in $objs; do rm -f "$wdir/$o"; done
# shellcheck disable=SC2086
if ! make -C "$LV_SRC" O="$wdir" ARCH="$arch" CC="$cc" HOSTCC="$cc" W=1 \
	-j"$LV_JOBS" $objs >"$log" 2>&1; then
	tail -n 30 "$log" >&2
	die "W=1 build of the LKV engine failed for $arch-$2 (log: $log)"
fi
built=$(for o in $objs; do [ -f "$wdir/$o" ] && echo "$o"; done | grep -c . || true)
warnings=$(grep -E '^[^ ]*kernel/locking/lkv/[^/]*\.[ch]:[0-9]+:[0-9]+: warning:' "$log" || true)
objtool=$(grep -E 'warning: objtool:' "$odir/build.log" || true)

# result OK DESCRIPTION FINDINGS: one KTAP result, the findings as diagnostics.
failed=0
result() {
	[ -z "$3" ] || echo "$3" | sed 's/^/# /'
	[ "$1" = ok ] || failed=$((failed + 1))
	echo "$1 $n $arch-$2: $4"
}
echo "KTAP version 1"
echo "1..2"
n=1
ok=ok
[ -z "$warnings" ] || ok="not ok"
result "$ok" "$2" "$warnings" "no W=1 warning in the validator's files ($built objects, log $log)"
n=2
ok=ok
[ -z "$objtool" ] || ok="not ok"
result "$ok" "$2" "$objtool" "no objtool warning in the build"
echo "# $arch-$2: $((2 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
