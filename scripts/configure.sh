#!/bin/sh
# Make the .config of one kernel: tinyconfig (or the make targets the set
# names as "make:TARGET", such as defconfig), then configs/base.config, the
# arch fragment and the fragments of the config set ("ARCH:FRAGMENT" for one
# architecture only, such as x86_64:unwind-orc), merged with the tree's
# merge_config.sh. Every option a fragment asks for is then checked, since
# merge_config.sh silently drops options whose dependencies are unmet.
# The .config is only replaced when it changes, so builds stay incremental.
#
# Usage: configure.sh ARCH SET
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: configure.sh ARCH SET"
arch=$(kernel_arch "$1")
set_name=$2
odir=$(kernel_dir "$arch" "$set_name")
set_file="$LV_CONFIGS/sets/$set_name"
[ -f "$set_file" ] || die "no config set '$set_name' ($LV_CONFIGS/sets/$set_name)"

fragments="$LV_CONFIGS/base.config $LV_CONFIGS/arch/$arch.config"
starts=
for f in $(sed 's/#.*//' "$set_file"); do
	case $f in
	make:?*) starts="$starts ${f#make:}"; continue ;;
	*:?*)
		[ "${f%%:*}" = "$arch" ] || continue
		f=${f#*:} ;;
	esac
	[ -f "$LV_CONFIGS/$f.config" ] ||
		die "config set $set_name names $f, but configs/$f.config is missing"
	fragments="$fragments $LV_CONFIGS/$f.config"
done

# The config depends on the fragments and on the patched tree's Kconfig.
# shellcheck disable=SC2086
want=$( (echo "start:${starts:-tinyconfig}"; cat $fragments "$LV_SRC/.lv-unpacked" \
	"$LV_SRC/.lv-series" 2>/dev/null) |
	sha256sum | cut -d' ' -f1)
stamp="$odir/.lv-config"
if [ -f "$stamp" ] && [ -f "$odir/.config" ] && [ "$(cat "$stamp")" = "$want" ]; then
	echo "config: $arch-$set_name unchanged"
	exit 0
fi

scratch="$LV_BUILD/.config-$arch-$set_name"
rm -rf "$scratch"
mkdir -p "$scratch" "$odir"
log="$scratch/config.log"
kmake() {
	make -C "$LV_SRC" O="$scratch" ARCH="$arch" "$@" >>"$log" 2>&1 ||
		{ cat "$log" >&2; die "make $* failed for $arch-$set_name"; }
}
for target in ${starts:-tinyconfig}; do
	kmake "$target"
done
# shellcheck disable=SC2086
(cd "$scratch" && "$LV_SRC/scripts/kconfig/merge_config.sh" -m -O "$scratch" \
	"$scratch/.config" $fragments) >>"$log" 2>&1 ||
	{ cat "$log" >&2; die "merge_config.sh failed for $arch-$set_name"; }
kmake olddefconfig

# Each option's last request wins, as in merge_config.sh; compare with .config.
# shellcheck disable=SC2086
missing=$(awk '
	FILENAME != cfg && /^CONFIG_[A-Za-z0-9_]+=/ {
		sym = $0; sub(/=.*/, "", sym); want[sym] = $0; from[sym] = FILENAME
	}
	FILENAME != cfg && /^# CONFIG_[A-Za-z0-9_]+ is not set/ {
		sym = $2; want[sym] = sym "=n"; from[sym] = FILENAME
	}
	FILENAME == cfg && /^CONFIG_/ { sym = $0; sub(/=.*/, "", sym); have[sym] = $0 }
	END {
		for (sym in want) {
			got = (sym in have) ? have[sym] : sym "=n"
			if (got != want[sym])
				printf "  %s asks %s, the config has %s\n", from[sym], want[sym], got
		}
	}' cfg="$scratch/.config" $fragments "$scratch/.config" | sed "s|$LV_TOP/||")
if [ -n "$missing" ]; then
	echo "$missing" >&2
	die "$arch-$set_name: options above could not be set (unmet dependencies?)"
fi

if ! cmp -s "$scratch/.config" "$odir/.config"; then
	cp "$scratch/.config" "$odir/.config"
fi
rm -rf "$scratch"
echo "$want" >"$stamp"
echo "config: $arch-$set_name written to $odir/.config"
