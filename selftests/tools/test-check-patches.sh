#!/bin/sh
# check-patches.sh: the project's series passes; a patch with a wrong
# number, no sign-off or a style error is refused.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
check="$here/../../scripts/check-patches.sh"

good_patch() {
	cat <<'P'
From: A Developer <dev@example.org>
Subject: [PATCH 1/1] lib: say hello

Say hello, so that the test has something to check. The
description is two lines long.

Signed-off-by: A Developer <dev@example.org>
---
 lib/hello.c |    1 +
 1 file changed, 1 insertion(+)

--- /dev/null
+++ b/lib/hello.c
@@ -0,0 +1 @@
+// SPDX-License-Identifier: GPL-2.0
P
}
mkdir -p "$work/ok" "$work/num" "$work/sob" "$work/style"
good_patch >"$work/ok/p.patch"
good_patch | sed 's|PATCH 1/1|PATCH 2/3|' >"$work/num/p.patch"
good_patch | grep -v '^Signed-off-by' >"$work/sob/p.patch"
good_patch | sed 's|^+// SPDX.*|+// SPDX-License-Identifier: GPL-2.0   |' >"$work/style/p.patch"
for d in ok num sob style; do echo p.patch >"$work/$d/series"; done

quiet() { "$@" >"$work/series.out" 2>&1 || { sed "s/^/# /" "$work/series.out"; false; }; }
run() { "$check" "" "$work/$1/series" "$work/$1" >"$work/$1.out" 2>&1; }
fails() { ! run "$1" && grep -q -F -- "$2" "$work/$1.out"; }

tap_start
tap_check "the project's series is checkpatch clean with good headers" quiet "$check"
tap_check "a well-formed patch passes" run ok
tap_check "a wrong [PATCH n/m] is refused" fails num "[PATCH 1/1]"
tap_check "a patch without Signed-off-by is refused" fails sob "Signed-off-by"
tap_check "a checkpatch error is refused" fails style "checkpatch --strict"
tap_end
