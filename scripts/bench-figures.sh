#!/bin/sh
# Read the figures of one benchmark boot from its console log and print
# them, one per line: "<metric><TAB><value>". Metrics:
#   pair <case>              ns per lock+unlock pair of a known chain
#   scale <case>             the same once the graph is large
#   scale classes|chains     the size of that graph
#   flags irq_save|bh        ns per irq save/restore, bh disable/enable pair
#   learn 100|1000|max       ns per newly learned dependency at that size
#   learn max classes        how many classes the largest graph had
#   boot to self-test end    s from QEMU's start to the self-test's summary
#   boot to init             s from QEMU's start to "Run /init as init process"
#   memory at boot           kB, both engines' lockdep_init() lines summed
#   memory after boot        kB, our engine's "memory allocated" at init
#   macro workload           ns for the fixed rounds of the busybox workload
#                            (lv.workload_rounds=N), timed by init
# The boot times come from CONSOLE_LOG.times (boot.sh --times: the host's
# clock, since the guest's printk clock restarts while the TSC is set up).
# A figure the kernel did not print is left out. Exit status 1 when the
# benchmark module's figures are missing altogether.
#
# Usage: bench-figures.sh CONSOLE_LOG
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: bench-figures.sh CONSOLE_LOG"
[ -r "$1" ] || die "cannot read $1"

# "<seconds> <console line>" of the first line matching ERE, from LOG.times.
arrival() {
	[ -r "$1.times" ] || return 0
	awk -v re="$2" -v name="$3" -v OFS='\t' '
		$0 ~ re { print name, $1; exit }' "$1.times"
}

tr -d '\r' <"$1" | awk -v OFS='\t' '
	function field(s, n,    a) {
		split(s, a, " ")
		return a[n]
	}
	{ line = $0; sub(/^\[ *[0-9]+\.[0-9]+\] /, "", line) }
	line ~ /^lockdep_bench: (pair|scale|flags) [a-z_0-9]+ [0-9.]+ ns$/ {
		# "lockdep_bench: pair spin 12.3 ns"
		print field(line, 2) " " field(line, 3), field(line, 4)
		pairs++
	}
	line ~ /^lockdep_bench: size [a-z_]+ [0-9]+ bytes$/ {
		# "lockdep_bench: size spinlock_t 64 bytes"
		print "size " field(line, 3), field(line, 4)
	}
	line ~ /^lockdep_bench: scale graph classes [0-9]+ chains [0-9]+$/ {
		print "scale classes", field(line, 5)
		print "scale chains", field(line, 7)
	}
	line ~ /^lockdep_bench: learn classes / {
		# "lockdep_bench: learn classes 100 456.7 ns"
		n = field(line, 4)
		learned++
		size = (learned == 1) ? "100" : (learned == 2) ? "1000" : "max"
		print "learn " size, field(line, 5)
		if (size == "max")
			print "learn max classes", n
	}
	line ~ /^ memory used (by lock dependency info|for stack traces): [0-9]+ kB/ {
		boot_kb += $(NF - 1)
		boot_lines++
	}
	/^# lv-bench: workload [0-9]+ rounds [0-9]+ ns$/ {
		# "# lv-bench: workload 20 rounds 123456789 ns"
		print "macro workload", $(NF - 1)
	}
	/^# lv-stats: +memory allocated \(kB\): +[0-9]+/ && !after_seen {
		after_seen = 1
		print "memory after boot", $NF
	}
	END {
		if (boot_lines == 2)
			print "memory at boot", boot_kb
		exit pairs ? 0 : 1
	}' || exit 1
arrival "$1" 'Good, all +[0-9]+ testcases passed!|testcases failed, as expected[.]|unexpected failures [(]out of' \
	"boot to self-test end"
arrival "$1" 'Run /init as init process' "boot to init"
