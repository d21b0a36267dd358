#!/bin/sh
# A kernel that does not build the LKV engine must come out of the patched
# tree as from the pristine one. Build config set SET for ARCH from both
# trees (the pristine one in build/pristine/, see use_pristine_tree) and
# compare: the .config files, but for
# the symbols only the patched tree's Kconfig knows, and the machine code
# function by function (scripts/compare-code.py). Prints KTAP.
#
# Usage: check-untouched.sh ARCH SET
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: check-untouched.sh ARCH SET"
arch=$1
set_name=$2
kernel_arch "$arch" >/dev/null
s="$LV_TOP/scripts"
patched=$(kernel_dir "$arch" "$set_name")
pristine=$(use_pristine_tree && kernel_dir "$arch" "$set_name")
n=0
fails=0

result() {
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n $2"
	else
		fails=$((fails + 1))
		echo "not ok $n $2"
	fi
}

# build WHAT COMMAND...: run the build COMMAND, its output in a log; on
# failure show the log's end.
build() {
	log="$(dirname "$pristine")/$arch-$set_name.$1.build"
	shift
	mkdir -p "$(dirname "$log")"
	"$@" >"$log" 2>&1 && return 0
	tail -n 20 "$log" | sed 's/^/# /'
	return 1
}

# in_pristine COMMAND...: run COMMAND in the pristine tree.
in_pristine() (
	use_pristine_tree
	"$@"
)

# The .config lines of FILE that set a symbol, sorted.
settings() {
	grep '^CONFIG_' "$1" | sort
}

# Settings that differ between the two .configs, but for symbols the
# pristine tree does not know at all (neither set nor "is not set").
config_difference() {
	settings "$patched/.config" >"$patched/untouched.settings"
	settings "$pristine/.config" >"$pristine/untouched.settings"
	diff "$pristine/untouched.settings" "$patched/untouched.settings" |
		sed -n 's/^[<>] //p' | while read -r line; do
			sym=${line%%=*}
			grep -q "^$sym=\|^# $sym is not set" "$pristine/.config" &&
				echo "$line"
		done
	return 0
}

echo "KTAP version 1"
if ! build patched sh -c '"$1/apply-series.sh" && "$1/build-kernel.sh" "$2" "$3"' \
	sh "$s" "$arch" "$set_name"; then
	result fail "$arch-$set_name builds from the patched tree"
elif ! build pristine in_pristine sh -c '"$1/prepare-tree.sh" && "$1/build-kernel.sh" "$2" "$3"' \
	sh "$s" "$arch" "$set_name"; then
	result fail "$arch-$set_name builds from the pristine tree"
else
	diffs=$(config_difference)
	if [ -z "$diffs" ]; then
		result ok "$arch-$set_name: the same .config from both trees"
	else
		echo "$diffs" | head -n 10 | sed 's/^/# /'
		result fail "$arch-$set_name: the same .config from both trees"
	fi
	out=$("$s/compare-code.py" "$pristine/vmlinux" "$patched/vmlinux" 2>&1) && rc=0 || rc=$?
	echo "$out" | sed 's/^/# /'
	summary=$(echo "$out" | tail -n 1)
	if [ "$rc" -eq 0 ]; then
		result ok "$arch-$set_name: machine code as from the pristine tree ($summary)"
	else
		result fail "$arch-$set_name: machine code as from the pristine tree ($summary)"
	fi
fi
echo "1..$n"
echo "# $arch-$set_name: $((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
