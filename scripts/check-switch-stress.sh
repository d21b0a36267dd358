#!/bin/sh
# The run-time switch under stress (Documentation/testing.rst, "Switch
# stress"). Boots KERNEL (<arch>-<set>, built) with the stress's boot
# words and judges its console: no report, no crash, the init's stress
# results all ok. Unless CONTROL is "-", boots the control too: the config
# set CONTROL built from the pristine tree (build/pristine/), with the same
# words, vCPUs and load, flipping trace events where KERNEL flips the
# validator. A control that fails says the emulator or the tree crashes in
# these conditions, and the stress's verdict then means nothing: both must
# pass. Prints KTAP, one result per boot.
#
# Usage: check-switch-stress.sh KERNEL CONTROL "WORDS"
#   WORDS as in configs/suite: the kernel's words and boot.sh's --OPTION=V
# Environment: LV_SUITE, the suite whose boot line of KERNEL gives its
# self-test count (default configs/suite)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || die "usage: check-switch-stress.sh KERNEL CONTROL \"WORDS\""
kernel=$1
control=$2
arch=${kernel%%-*}
odir=$(bootable_kernel "$arch" "${kernel#*-}") || exit 1
line="switch-stress $kernel $control $3"
timeout_s=${LV_BOOT_TIMEOUT:-600}
s="$LV_TOP/scripts"

n=0
fails=0
# judge LOG LABEL "VERDICT OPTIONS" [WORDS]: one boot, one result.
judge() {
	n=$((n + 1))
	verdict=ok
	# shellcheck disable=SC2046
	boot_and_judge "$1" "$2" "$3" --timeout "$timeout_s" $(boot_line_options "$line") \
		--append "$(boot_line_words "$line") $4" "$arch" "${2#*-}" || verdict="not ok"
	[ "$verdict" = ok ] || {
		fails=$((fails + 1))
		grep -E '^not ok' "$1.ktap" | sed 's/^/# /' || true
	}
	echo "$verdict $n $2: $(grep -c '^ok .*init: ' "$1.ktap" || true) init results ok, $(tail -n 1 "$1.ktap")"
}

echo "KTAP version 1"
# The self-test must pass as KERNEL's boot line in the suite says.
how=$(boot_line_verdict "$(suite_boot_line "${LV_SUITE:-$LV_CONFIGS/suite}" "$kernel")")
judge "$odir/switch-stress.log" "$kernel" "$how" ""
if [ "$control" != - ]; then
	use_pristine_tree
	log="$LV_BUILD/$arch-$control.build"
	if ! { "$s/prepare-tree.sh" && "$s/build-kernel.sh" "$arch" "$control" &&
		"$s/make-initramfs.sh" "$arch" "$control"; } >"$log" 2>&1; then
		tail -n 20 "$log" | sed 's/^/# /'
		n=$((n + 1))
		fails=$((fails + 1))
		echo "not ok $n $arch-$control: the control builds from the pristine tree"
	else
		judge "$LV_BUILD/$arch-$control/switch-stress.log" "$arch-$control" \
			--no-selftest lv.validator=none
	fi
fi
echo "1..$n"
echo "# $kernel: $((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
