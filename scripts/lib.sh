# shellcheck shell=sh
# Common definitions for the project's scripts: paths, messages, timing.
# Sourced, never run: every script sets its own "set -eu" first.

LV_TOP=$(cd "$(dirname "$0")/.." && pwd)
LV_BUILD=${LV_BUILD:-$LV_TOP/build}
LV_TARBALL=${LV_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
LV_SRC=${LV_SRC:-$LV_BUILD/src/linux-source-6.12}
LV_SERIES=${LV_SERIES:-$LV_TOP/series}
LV_PATCHES=${LV_PATCHES:-$LV_TOP/patches}
LV_CONFIGS=${LV_CONFIGS:-$LV_TOP/configs}
LV_JOBS=${LV_JOBS:-$(nproc)}

lv_prog=$(basename "$0" .sh)

die() {
	echo "$lv_prog: error: $*" >&2
	exit 1
}

note() {
	echo "$lv_prog: $*" >&2
}

# Work in the pristine tree from here on: the same scripts, another build
# folder (build/pristine/, its tree in build/pristine/src/). ccache hashes
# paths below the build folder relative to it, so an object whose
# preprocessed text the series leaves unchanged is shared with build/; few
# are, since most files include a header the series changes.
use_pristine_tree() {
	LV_BUILD="$LV_BUILD/pristine"
	LV_SRC="$LV_BUILD/src/linux-source-6.12"
	export LV_BUILD LV_SRC
	mkdir -p "$LV_BUILD"
}

# Directory of one kernel build: build/<arch>-<config set>.
kernel_dir() {
	echo "$LV_BUILD/$1-$2"
}

# bootable_kernel ARCH SET: the build folder of a kernel that is built and
# has its initramfs (call it as "odir=$(bootable_kernel A S) || exit 1").
bootable_kernel() {
	dir=$(kernel_dir "$1" "$2")
	[ -f "$dir/arch/x86/boot/bzImage" ] || die "$1-$2 is not built"
	[ -f "$dir/initramfs.cpio" ] || die "$1-$2 has no initramfs"
	echo "$dir"
}

# The kernel's own name for an architecture of ours.
kernel_arch() {
	case "$1" in
	x86_64 | i386) echo "$1" ;;
	*) die "unknown architecture '$1' (known: x86_64, i386)" ;;
	esac
}

# Seconds since the epoch, for stage timing.
now() {
	date +%s
}

# Print how long a stage took: stage_done NAME START_SECONDS
stage_done() {
	echo "stage: $1: $(($(now) - $2)) s"
}

# The unit of a benchmark table: "--unit instr|ns" as the first arguments
# (the caller then shifts them off), ns otherwise.
bench_unit() {
	[ "${1:-}" = --unit ] || { echo ns; return; }
	case "${2:-}" in
	instr | ns) echo "$2" ;;
	*) die "--unit takes instr or ns, not '${2:-}'" ;;
	esac
}

# boot_and_judge LOG LABEL "VERDICT OPTIONS" BOOT.SH ARGUMENTS...: boot a
# kernel once (scripts/boot.sh --log LOG ARGUMENTS; what boot.sh says goes
# to LOG.boot) and judge its console into LOG.ktap (console.py verdict
# --label LABEL VERDICT OPTIONS). Status 0 when every result is ok. Every
# script that boots a kernel for a verdict boots it through here.
boot_and_judge() {
	log=$1
	label=$2
	how=$3
	shift 3
	"$LV_TOP/scripts/boot.sh" --log "$log" "$@" >"$log.boot" 2>&1 || true
	# shellcheck disable=SC2086
	"$LV_TOP/scripts/console.py" verdict --label "$label" $how "$log" >"$log.ktap" 2>&1
}

# The test lines of a suite file (configs/suite: TEST KERNEL ARGUMENT
# [BOOT WORDS...]), comments and blank lines dropped, one space between
# columns.
suite_lines() {
	[ -f "$1" ] || die "no suite file $1"
	sed 's/#.*//' "$1" | awk 'NF > 0 { $1 = $1; print }'
}

# suite_first_boot SUITE ARCH: the kernel (<arch>-<set>) of SUITE's first
# "boot" line on ARCH: the kernel 'make run' boots, and check.sh's first.
suite_first_boot() {
	suite_lines "$1" |
		awk -v a="$2-" '$1 == "boot" && index($2, a) == 1 { print $2; exit }'
}

# suite_boot_line SUITE KERNEL: KERNEL's "boot" line in SUITE, or a line
# with no count and no boot words when SUITE does not boot KERNEL.
suite_boot_line() {
	suite_lines "$1" | awk -v k="$2" '
		$1 == "boot" && $2 == k { print; found = 1; exit }
		END { if (!found) print "boot " k " -" }'
}

# boot_line_verdict LINE: console.py verdict's options for the self-test
# count of a "boot" LINE (the ARGUMENT column, see configs/suite).
boot_line_verdict() {
	case $(echo "$1" | cut -d' ' -f3) in
	-) ;;
	subset) echo --selftest-subset ;;
	none) echo --no-selftest ;;
	*) echo "--selftest-count=$(echo "$1" | cut -d' ' -f3)" ;;
	esac
}

# boot_line_options LINE: boot.sh's options among LINE's boot words (the
# words "--OPTION=VALUE"), as "--OPTION VALUE" pairs.
boot_line_options() {
	for w in $(echo "$1" | cut -s -d' ' -f4-); do
		case $w in --?*=*) printf '%s %s ' "${w%%=*}" "${w#*=}" ;; esac
	done
}

# boot_line_words LINE: the kernel's own words among LINE's boot words.
boot_line_words() {
	for w in $(echo "$1" | cut -s -d' ' -f4-); do
		case $w in --?*=*) ;; *) printf '%s ' "$w" ;; esac
	done
}

# boot_suite_line LINE LOG: boot the kernel of a "boot" LINE with its boot
# words and judge its console against its self-test count (boot_and_judge,
# whose status it returns). The one way check.sh and run.sh boot a
# suite kernel.
boot_suite_line() {
	bsl_kernel=$(echo "$1" | cut -d' ' -f2)
	# shellcheck disable=SC2046
	boot_and_judge "$2" "$bsl_kernel" "$(boot_line_verdict "$1")" \
		$(boot_line_options "$1") --append "$(boot_line_words "$1")" \
		"${bsl_kernel%%-*}" "${bsl_kernel#*-}"
}
