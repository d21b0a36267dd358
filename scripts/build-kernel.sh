#!/bin/sh
# Build one kernel out of tree, incrementally, into build/<arch>-<set>.
# The build log is kept beside it; its tail is shown when the build fails.
# While make runs, a progress line counts the objects compiled.
#
# Usage: build-kernel.sh ARCH SET
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: build-kernel.sh ARCH SET"
arch=$(kernel_arch "$1")
set_name=$2
odir=$(kernel_dir "$arch" "$set_name")

"$LV_TOP/scripts/configure.sh" "$arch" "$2"

cc=gcc
command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
# Paths below build/ are hashed relative to it, so that another checkout
# of the project (a second tree, a CI clone) hits the same cache.
export CCACHE_BASEDIR="$LV_BUILD" CCACHE_NOHASHDIR=true
log="$odir/build.log"

# How many objects the last build of this kernel compiled: the total that
# the progress line counts towards (none for a first build).
last_total() {
	[ -f "$log" ] && grep -c '^  CC ' "$log" || true
}

# Print, while make runs, how many objects it has compiled, to file
# descriptor $LV_PROGRESS_FD (stderr unless told): on one line redrawn
# every 5 s on a terminal, a line a minute into a log.
fd=${LV_PROGRESS_FD:-2}
case $fd in [0-9]) ;; *) die "LV_PROGRESS_FD wants a file descriptor, not '$fd'" ;; esac
show_progress() {
	pid=$1
	total=$2
	start=$(now)
	i=0
	while kill -0 "$pid" 2>/dev/null; do
		sleep 5
		i=$((i + 1))
		n=$(grep -c '^  CC ' "$log" || true)
		line="# build: $arch-$set_name: $n objects${total:+ of about $total} compiled, $(($(now) - start)) s"
		if [ -t "$fd" ]; then
			printf '\r%s ' "$line" >&"$fd"
		elif [ $((i % 12)) -eq 0 ]; then
			echo "$line" >&"$fd"
		fi
	done
	[ ! -t "$fd" ] || echo >&"$fd"
}

total=$(last_total)
[ "${total:-0}" -gt 100 ] || total=
rc=0
make -C "$LV_SRC" O="$odir" ARCH="$arch" CC="$cc" HOSTCC="$cc" \
	-j"$LV_JOBS" >"$log" 2>&1 &
make_pid=$!
show_progress "$make_pid" "$total"
wait "$make_pid" || rc=$?
if [ "$rc" -ne 0 ]; then
	grep -E 'error|Error|warning:' "$log" | head -40 >&2 || true
	tail -n 20 "$log" >&2
	die "build of $arch-$2 failed (full log: $log)"
fi
[ -f "$odir/arch/x86/boot/bzImage" ] || die "no bzImage in $odir"
echo "kernel: $odir/arch/x86/boot/bzImage"
