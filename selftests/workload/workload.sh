#!/bin/sh
# A user-space workload for the test kernels, run by busybox sh from init
# (lv.workload=SECONDS): several activities, each in its own background
# jobs, for the whole time, so that the validator sees the locks of real
# system calls taken concurrently (fork and exec, pipes, tmpfs and ramfs,
# loop-mounted ext2, renames across directories, job-control signals,
# module load and unload).
#
# With --rounds N it does a fixed amount of work instead, for the
# benchmark's macro figure: N rounds of one iteration of each activity that
# never sleeps, one after the other in one job, the same in every kernel.
#
# Usage: workload.sh SECONDS | workload.sh --rounds N
# Prints, at the end, one line per activity:
#   # workload: NAME N iterations
# (with --rounds: "# workload: N rounds of: ACTIVITIES")
# then "# workload: status ok" (exit 0) or "# workload: status FAILED ..."
# (exit 1). A job whose command fails stops there (set -e) and fails the run.
set -eu

rounds=
if [ $# -eq 2 ] && [ "$1" = --rounds ]; then
	rounds=$2
	shift
fi
[ $# -eq 1 ] || { echo "usage: workload.sh SECONDS | workload.sh --rounds N" >&2; exit 2; }
case $1 in
'' | *[!0-9]*) echo "workload.sh: SECONDS or N must be a number, got '$1'" >&2; exit 2 ;;
esac
seconds=$1

# The activities, in the order they are reported; init knows the same list.
activities="fork pipes tmpfs ramfs loop rename signals modules"
# Parallel jobs per activity: renames race each other on purpose.
jobs_of() {
	case $1 in
	rename) echo 3 ;;
	*) echo 1 ;;
	esac
}

modules=/lib/modules
top=/tmp/workload
stop=$top/stop
counts=$top/counts

# Busybox applets as commands: the initramfs holds only /bin/busybox and sh.
setup_commands() {
	/bin/busybox mkdir -p /tmp/workload-bin
	/bin/busybox --install -s /tmp/workload-bin
	PATH=/tmp/workload-bin:/bin
	export PATH
}

# Block devices (the loop devices) come from devtmpfs; the initramfs's /dev
# holds only the console and null.
setup_mounts() {
	[ -e /dev/loop-control ] || mount -t devtmpfs devtmpfs /dev
	mkdir -p "$top"
	mount -t tmpfs -o size=64m workload "$top"
	mkdir -p "$top/ramfs" "$counts"
	mount -t ramfs workload-ramfs "$top/ramfs"
}

# count ACTIVITY JOB N: the job's count so far, kept in a file, so that a
# job that dies still leaves how far it got.
count() {
	echo "$3" >"$counts/$1.$2"
}

# expect WHAT TEST...: the test must hold; otherwise say what was wrong and
# fail the job (set -e stops it at the failed call).
expect() {
	what=$1
	shift
	[ "$@" ] && return 0
	echo "expected $what: [ $* ] is false" >&2
	return 1
}

# --- the activities: one iteration each (args JOB N), run until $stop -----

# fork without exec (command substitution), fork and exec of an applet,
# and a child's exit status through wait.
iter_fork() {
	v=$(n=$2; echo "$((n + 1))")
	expect "a subshell's output" "$v" -eq "$(($2 + 1))"
	v=$(busybox expr "$2" + 2)
	expect "an applet's output" "$v" -eq "$(($2 + 2))"
	rc=0
	sh -c 'exit 3' || rc=$?
	expect "a child's exit status" "$rc" -eq 3
	true &
	wait $!
}

# Pipelines of several processes, and a named pipe between two jobs.
iter_pipes() {
	v=$(seq 1 200 | sort -rn | head -n 5 | tail -n 1)
	expect "a four-process pipeline's result" "$v" -eq 196
	v=$(dd if=/dev/zero bs=4096 count=32 2>/dev/null | wc -c)
	expect "128 KiB through a pipe" "$v" -eq 131072
	fifo=$top/fifo.$1
	mkfifo "$fifo"
	seq 1 100 >"$fifo" &
	v=$(wc -l <"$fifo")
	wait $!
	rm -f "$fifo"
	expect "100 lines through a fifo" "$v" -eq 100
}

# Create, write, append, link, read back, truncate and remove files and
# directories under DIR: file_churn DIR JOB
file_churn() {
	d=$1/churn.$2
	mkdir -p "$d/sub"
	for i in 1 2 3 4 5 6 7 8; do
		echo "line $i of $2" >"$d/f$i"
		echo "more" >>"$d/f$i"
	done
	ln "$d/f1" "$d/sub/hard"
	ln -s ../f2 "$d/sub/soft"
	read -r v <"$d/sub/hard"
	expect "a hard link's content" "$v" = "line 1 of $2"
	v=$(cat "$d/sub/soft" "$d/f3" | wc -l)
	expect "lines read back" "$v" -eq 4
	dd if=/dev/zero of="$d/big" bs=4096 count=16 2>/dev/null
	truncate -s 1000 "$d/big"
	expect "a truncated size" "$(stat -c %s "$d/big")" -eq 1000
	rm -r "$d"
}

iter_tmpfs() {
	file_churn "$top" "$1"
}

iter_ramfs() {
	file_churn "$top/ramfs" "$1"
}

# An ext2 image on tmpfs, made with busybox's mke2fs, mounted through a loop
# device (set up by losetup, or by mount itself on every other turn),
# written, read back and unmounted.
iter_loop() {
	img=$top/ext2.img
	mnt=$top/loopmnt
	mkdir -p "$mnt"
	dd if=/dev/zero of="$img" bs=1024 count=1024 2>/dev/null
	mke2fs -F "$img" >/dev/null
	if [ $(($2 % 2)) -eq 0 ]; then
		dev=$(losetup -f)
		losetup "$dev" "$img"
		mount -t ext2 "$dev" "$mnt"
	else
		dev=
		mount -t ext2 -o loop "$img" "$mnt"
	fi
	mkdir "$mnt/dir"
	for i in 1 2 3 4; do
		seq 1 "$((i * 100))" >"$mnt/dir/f$i"
	done
	mv "$mnt/dir/f1" "$mnt/f1"
	sync
	v=$(cat "$mnt/f1" "$mnt/dir/f2" | wc -l)
	expect "lines read back from ext2" "$v" -eq 300
	umount "$mnt"
	[ -z "$dev" ] || losetup -d "$dev"
	rm -f "$img"
}

# Files and directories renamed between four directories by several jobs at
# once: a file may be gone when a job gets to it (another job moved it), so
# a failed rename is expected; losing a file is not (rename_check).
rename_setup() {
	r=$top/rename
	mkdir -p "$r/d0" "$r/d1" "$r/d2" "$r/d3"
	for i in 0 1 2 3 4 5 6 7; do
		echo "$i" >"$r/d$((i % 4))/f$i"
	done
	mkdir "$r/d0/s0" "$r/d1/s1"
	echo s0 >"$r/d0/s0/inner"
}

iter_rename() {
	r=$top/rename
	a=$(($2 % 4))
	b=$((($2 + $1 + 1) % 4))
	f=$((($2 * 3 + $1) % 8))
	s=$(($2 % 2))
	for from in 0 1 2 3; do
		mv "$r/d$from/f$f" "$r/d$b/f$f" 2>/dev/null || true
	done
	mv "$r/d$a/s$s" "$r/d$b/s$s" 2>/dev/null || true
	# Away and back within one directory: a private name, then the old one.
	for from in 0 1 2 3; do
		mv "$r/d$from/f$f" "$r/d$from/tmp.$1" 2>/dev/null || continue
		mv "$r/d$from/tmp.$1" "$r/d$from/f$f"
	done
}

# Every file and directory the renames started with is there exactly once.
rename_check() {
	r=$top/rename
	nf=$(find "$r" -name 'f[0-7]' -type f | wc -l)
	ns=$(find "$r" -name 's[01]' -type d | wc -l)
	ni=$(find "$r" -name inner -type f | wc -l)
	nt=$(find "$r" -name 'tmp.*' | wc -l)
	[ "$nf" -eq 8 ] && [ "$ns" -eq 2 ] && [ "$ni" -eq 1 ] && [ "$nt" -eq 0 ] &&
		return 0
	echo "# workload: rename: files lost or doubled" \
		"(f* $nf of 8, s* $ns of 2, inner $ni of 1, tmp.* $nt)"
	return 1
}

# Children stopped, continued and terminated: a shell looping with a TERM
# trap, and a sleeping applet.
iter_signals() {
	(
		trap 'exit 0' TERM
		while :; do usleep 2000; done
	) &
	a=$!
	sleep 30 &
	b=$!
	usleep 20000
	kill -STOP "$a" "$b"
	usleep 5000
	kill -CONT "$a" "$b"
	kill -0 "$a" "$b"
	kill -TERM "$a" "$b"
	wait "$a" || true
	wait "$b" || true
	if kill -0 "$a" 2>/dev/null || kill -0 "$b" 2>/dev/null; then
		echo "a child survived SIGTERM" >&2
		return 1
	fi
}

# The tree's locktorture and its torture core loaded, run briefly and
# unloaded, one lock type after the other. The torture suite may have left
# the core loaded: it is unloaded here too.
iter_modules() {
	for m in torture locktorture; do
		[ -f "$modules/$m.ko" ] || {
			echo "no $modules/$m.ko in the initramfs" >&2
			return 1
		}
	done
	set -- "$1" "$2" spin_lock mutex_lock rwsem_lock rw_lock
	shift $(($2 % 4 + 2))
	grep -q '^torture ' /proc/modules || insmod "$modules/torture.ko"
	insmod "$modules/locktorture.ko" torture_type="$1" \
		nwriters_stress=1 nreaders_stress=1 stat_interval=0 verbose=0
	usleep 200000
	rmmod locktorture
	rmmod torture
}

# --- running and reporting ------------------------------------------------

# One job of an activity, in the background: iterate until told to stop.
# Runs under set -e: the first failed command ends the job, non-zero.
run_job() {
	n=0
	count "$1" "$2" 0
	while [ ! -e "$stop" ]; do
		"iter_$1" "$2" "$n" >/dev/null 2>>"$counts/$1.$2.err"
		n=$((n + 1))
		count "$1" "$2" "$n"
	done
}

pids=
start_jobs() {
	for a in $activities; do
		j=1
		while [ "$j" -le "$(jobs_of "$a")" ]; do
			run_job "$a" "$j" &
			pids="$pids $!:$a.$j"
			j=$((j + 1))
		done
	done
}

failed=
wait_jobs() {
	for p in $pids; do
		rc=0
		wait "${p%%:*}" || rc=$?
		[ "$rc" -ne 0 ] || continue
		failed="$failed ${p#*:}"
		echo "# workload: job ${p#*:} failed (exit $rc):"
		tail -n 5 "$counts/${p#*:}.err" | sed 's/^/# workload:   /'
	done
}

report() {
	for a in $activities; do
		total=0
		each=
		for j in $(seq 1 "$(jobs_of "$a")"); do
			n=0
			[ ! -f "$counts/$a.$j" ] || read -r n <"$counts/$a.$j"
			[ "$n" -gt 0 ] || failed="$failed $a.$j(no-progress)"
			total=$((total + n))
			each="$each $n"
		done
		if [ "$(jobs_of "$a")" -gt 1 ]; then
			echo "# workload: $a $total iterations ($(jobs_of "$a") jobs:$each)"
		else
			echo "# workload: $a $total iterations"
		fi
	done
}

cleanup() {
	umount "$top/loopmnt" 2>/dev/null || true
	umount "$top/ramfs" || failed="$failed umount-ramfs"
	umount "$top" || failed="$failed umount-tmpfs"
}

# --rounds N: the activities that never sleep, so that under QEMU's
# -icount the guest time they take counts instructions, not waiting.
round_activities="fork pipes tmpfs ramfs rename"
run_rounds() {
	n=0
	while [ "$n" -lt "$rounds" ]; do
		for a in $round_activities; do
			"iter_$a" 0 "$n" >/dev/null
		done
		n=$((n + 1))
	done
	echo "# workload: $rounds rounds of: $round_activities"
}

# The end of either run: the renames must add up, the mounts go, and the
# status line says how it went (exit 1 if anything failed).
finish() {
	rename_check || failed="$failed rename-check"
	cleanup
	if [ -n "$failed" ]; then
		echo "# workload: status FAILED:$failed"
		exit 1
	fi
	echo "# workload: status ok"
}

# Whatever ends the script, the jobs must stop too: they hold init's pipe.
trap ': >"$stop" 2>/dev/null || true' EXIT
setup_commands
setup_mounts
rename_setup
if [ -n "$rounds" ]; then
	run_rounds
	finish
	exit 0
fi
t0=$(date +%s)
echo "# workload: $seconds s of: $activities"
start_jobs
sleep "$seconds"
: >"$stop"
wait_jobs
t1=$(date +%s)
report
echo "# workload: ran $((t1 - t0)) s"
finish
