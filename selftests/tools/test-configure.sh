#!/bin/sh
# configure.sh on a config set asking for an option the architecture cannot
# have: the run must stop and name the option, instead of building a kernel
# without it as merge_config.sh alone would. Also: the patched tree's
# default engine under PROVE_LOCKING is LKV, and the classic can be chosen;
# a set naming "make:defconfig" starts from defconfig, not tinyconfig; a
# fragment named "ARCH:FRAGMENT" applies to that architecture alone.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

cp -r "$top/configs" "$work/configs"
# KASAN does not exist on i386; UBSAN is harmless and can be set.
printf 'CONFIG_UBSAN=y\nCONFIG_KASAN=y\n' >"$work/configs/impossible.config"
echo impossible >"$work/configs/sets/impossible"
echo prove-locking >"$work/configs/sets/default-engine"
# The ORC unwinder exists on x86_64 alone: asked for x86_64 only, i386
# must configure without it.
echo x86_64:unwind-orc >"$work/configs/sets/arch-only"

configure() {
	LV_SRC=${LV_SRC:-$top/build/src/linux-source-6.12} \
		LV_CONFIGS="$work/configs" LV_BUILD="$work/build" \
		timeout 300 "$top/scripts/configure.sh" "$@"
}
# has_option KERNEL LINE: the kernel's .config has exactly LINE.
has_option() {
	grep -q -x -F "$2" "$work/build/$1/.config"
}

tap_start
rc=0
configure i386 impossible >"$work/out" 2>&1 || rc=$?
tap_check "an option that cannot be set fails the config (rc $rc)" \
	test "$rc" -ne 0 -a "$rc" -ne 124
tap_check "the failure names CONFIG_KASAN" has "$work/out" "CONFIG_KASAN=y"
tap_check "the failure does not name the option that was set" \
	sh -c '! grep -q CONFIG_UBSAN "$1"' - "$work/out"
tap_check "no .config is left behind for a build" \
	test ! -f "$work/build/i386-impossible/.config"
sed 's/^/# /' "$work/out"

configure x86_64 default-engine >"$work/out2" 2>&1 || sed 's/^/# /' "$work/out2"
tap_check "PROVE_LOCKING alone selects the LKV engine" \
	has_option x86_64-default-engine CONFIG_LOCKDEP_ENGINE_LKV=y
tap_check "... and leaves the classic engine out" \
	has_option x86_64-default-engine "# CONFIG_LOCKDEP_ENGINE_CLASSIC is not set"
configure x86_64 prove-classic >"$work/out3" 2>&1 || sed 's/^/# /' "$work/out3"
tap_check "the prove-classic set selects the classic engine" \
	has_option x86_64-prove-classic CONFIG_LOCKDEP_ENGINE_CLASSIC=y
configure x86_64 real >"$work/out4" 2>&1 || sed 's/^/# /' "$work/out4"
tap_check "the real set starts from defconfig (ext4, which tinyconfig lacks)" \
	has_option x86_64-real CONFIG_EXT4_FS=y
tap_check "... and its fragments still win (NR_CPUS=8 over base.config's 2)" \
	has_option x86_64-real CONFIG_NR_CPUS=8
rc=0
configure i386 arch-only >"$work/out5" 2>&1 || rc=$?
sed 's/^/# /' "$work/out5"
tap_check "an x86_64-only fragment is left out on i386 (rc $rc)" \
	sh -c '[ "$1" -eq 0 ] && ! grep -q "^CONFIG_UNWINDER_ORC=y" "$2"' - "$rc" \
	"$work/build/i386-arch-only/.config"
configure x86_64 arch-only >"$work/out6" 2>&1 || sed 's/^/# /' "$work/out6"
tap_check "... and merged on x86_64" has_option x86_64-arch-only CONFIG_UNWINDER_ORC=y
tap_end
