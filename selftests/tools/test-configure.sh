#!/bin/sh
# configure.sh on a config set asking for an option the architecture cannot
# have: the run must stop and name the option, instead of building a kernel
# without it as merge_config.sh alone would.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -r "$top/configs" "$work/configs"
# KASAN does not exist on i386; UBSAN is harmless and can be set.
printf 'CONFIG_UBSAN=y\nCONFIG_KASAN=y\n' >"$work/configs/impossible.config"
echo impossible >"$work/configs/sets/impossible"

tap_start 4
rc=0
LV_SRC=${LV_SRC:-$top/build/src/linux-source-6.12} \
	LV_CONFIGS="$work/configs" LV_BUILD="$work/build" \
	timeout 300 "$top/scripts/configure.sh" i386 impossible >"$work/out" 2>&1 || rc=$?
tap_check "an option that cannot be set fails the config (rc $rc)" \
	test "$rc" -ne 0 -a "$rc" -ne 124
tap_check "the failure names CONFIG_KASAN" has "$work/out" "CONFIG_KASAN=y"
tap_check "the failure does not name the option that was set" \
	sh -c '! grep -q CONFIG_UBSAN "$1"' - "$work/out"
tap_check "no .config is left behind for a build" \
	test ! -f "$work/build/i386-impossible/.config"
sed 's/^/# /' "$work/out"
tap_end
