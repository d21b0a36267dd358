#!/bin/sh
# The suite's boot lines as run.sh and check.sh read them (scripts/lib.sh):
# the first boot line of an architecture, its self-test count and its boot
# words split between the kernel and boot.sh. A suite written in the fixed
# columns, comments and a non-boot line first, must give the kernel 'make
# run' boots; run.sh must refuse an architecture the suite does not boot
# with a message, before building anything, and check.sh a suite that
# boots one kernel on two lines.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
# shellcheck source=../../scripts/lib.sh
. "$top/scripts/lib.sh"

cat >"$work/suite" <<'EOF'
# TEST   KERNEL   ARGUMENT   BOOT WORDS
compare-selftest   x86_64-a   x86_64-b
boot   i386-c      358      lv.torture=3   # i386 first
boot   x86_64-a    358-14   lockdep.prove=all --timeout=300 lv.workload=5
boot   x86_64-b    none
boot   x86_64-d    -
EOF

# same WHAT GOT WANT: one result, with both values in its description.
same() {
	tap_check "$1: '$2'" test "$2" = "$3"
}

tap_start
same "first x86_64 boot line skips the i386 one and the other tests" \
	"$(suite_first_boot "$work/suite" x86_64)" x86_64-a
same "first i386 boot line" "$(suite_first_boot "$work/suite" i386)" i386-c
same "no boot line for an arch the suite does not boot" \
	"$(suite_first_boot "$work/suite" arm64)" ""
line=$(suite_boot_line "$work/suite" x86_64-a)
same "the count of a boot line" "$(boot_line_verdict "$line")" \
	--selftest-count=358-14
same "the kernel's boot words" "$(boot_line_words "$line")" \
	"lockdep.prove=all lv.workload=5 "
same "boot.sh's options" "$(boot_line_options "$line")" "--timeout 300 "
same "a comment is not a boot word" \
	"$(boot_line_words "$(suite_boot_line "$work/suite" i386-c)")" "lv.torture=3 "
same "a kernel without a self-test" \
	"$(boot_line_verdict "$(suite_boot_line "$work/suite" x86_64-b)")" --no-selftest
same "any passing self-test" \
	"$(boot_line_verdict "$(suite_boot_line "$work/suite" x86_64-d)")" ""
same "a kernel the suite does not boot: no count, no words" \
	"$(suite_boot_line "$work/suite" x86_64-zz)" "boot x86_64-zz -"

# The project's own suite: its first x86_64 kernel has a config set, and
# it is the kernel check.sh boots first (its tool tests' kernel).
first=$(suite_first_boot "$top/configs/suite" x86_64)
tap_check "configs/suite's first x86_64 kernel ($first) has a config set" \
	test -n "$first" -a -f "$top/configs/sets/${first#*-}"

mkdir -p "$work/configs"
cp "$work/suite" "$work/configs/suite"
sed -i '/^boot   x86_64/d' "$work/configs/suite"
rc=0
LV_CONFIGS="$work/configs" LV_BUILD="$work/build" \
	timeout 60 "$top/scripts/run.sh" x86_64 >"$work/out" 2>&1 || rc=$?
tap_explain() { cat "$work/out"; }
tap_check "run.sh stops on a suite without an x86_64 boot line (rc $rc)" \
	test "$rc" -ne 0 -a "$rc" -ne 124
tap_check "... and says why" has "$work/out" "configs/suite has no boot line for x86_64"
tap_check "... before building anything" test ! -d "$work/build"

# Every test of a kernel looks up its one boot line: check.sh refuses two.
{ cat "$work/suite"; echo "boot   x86_64-a    358   lv.torture=1"; } >"$work/twice"
rc=0
LV_BUILD="$work/build" timeout 60 "$top/scripts/check.sh" --no-tools \
	"$work/twice" >"$work/out" 2>&1 || rc=$?
tap_check "check.sh stops on two boot lines of one kernel (rc $rc)" \
	test "$rc" -ne 0 -a "$rc" -ne 124
tap_check "... and says why" has "$work/out" "two boot lines for x86_64-a"
tap_check "... before building anything" test ! -d "$work/build"
tap_end
