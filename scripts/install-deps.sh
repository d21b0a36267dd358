#!/bin/sh
# Install the Debian packages the pipeline needs, only those missing.
# Idempotent and quiet when everything is present.
set -eu
. "$(dirname "$0")/lib.sh"

packages="linux-source-6.12 quilt qemu-system-x86 gcc make gcc-multilib
flex bison bc libelf-dev libssl-dev cpio xz-utils ccache coccinelle
diffstat perl python3 gnuplot-nox graphviz patch python3-sphinx e2fsprogs"

is_installed() {
	dpkg-query -W -f '${Status}' "$1" 2>/dev/null | grep -q 'ok installed'
}

missing=
for p in $packages; do
	is_installed "$p" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

[ "$(id -u)" -eq 0 ] || die "missing packages:$missing (run as root to install them)"
note "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
# A mirror in mid-sync may fail one index and serve the rest: the install
# below says whether what it needs was there.
apt-get update -qq >/dev/null 2>&1 ||
	note "apt-get update reported errors; trying the install anyway"
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
	die "apt-get install failed for:$missing"
