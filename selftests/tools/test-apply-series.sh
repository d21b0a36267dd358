#!/bin/sh
# apply-series.sh on a tiny tree: a good patch applies once and is not applied
# again; a patch that does not apply stops the run, naming the patch and
# showing the rejected hunk; a series whose patches were renamed or
# rewritten replaces the old one, new files of the old one removed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
apply="$here/../../scripts/apply-series.sh"

mkdir -p "$work/tree/lib" "$work/patches"
printf 'one\ntwo\nthree\n' >"$work/tree/lib/file.c"
# write_patch NAME SUBJECT OLD NEW: a patch turning lib/file.c's line OLD
# into NEW.
write_patch() {
	printf 'Subject: [PATCH] %s\n\n--- a/lib/file.c\n+++ b/lib/file.c\n@@ -1,3 +1,3 @@\n one\n-%s\n+%s\n three\n' \
		"$2" "$3" "$4" >"$work/patches/$1.patch"
}
write_patch good "lib: change two" two TWO
write_patch bad "lib: change a line that is not there" zwei ZWEI

tap_start
echo good.patch >"$work/series"
tap_check "a good series applies" \
	sh -c '"$1" "$2/tree" "$2/series" "$2/patches" >"$2/out1" 2>&1' - "$apply" "$work"
tap_check "the patched file has the change" has "$work/tree/lib/file.c" TWO
tap_check "an unchanged series is not applied again" \
	sh -c '"$1" "$2/tree" "$2/series" "$2/patches" 2>&1 | grep -q unchanged' - "$apply" "$work"

printf 'good.patch\nbad.patch\n' >"$work/series"
rc=0
timeout 60 "$apply" "$work/tree" "$work/series" "$work/patches" >"$work/out2" 2>&1 || rc=$?
tap_check "a series with a bad patch fails (rc $rc)" test "$rc" -ne 0 -a "$rc" -ne 124
tap_check "the failure names the patch" has "$work/out2" "patch bad.patch does not apply"
tap_check "the failure shows the rejected hunk" has "$work/out2" "-zwei"
tap_check "the tree is left with the good patch only" has "$work/tree/lib/file.c" TWO
sed 's/^/# /' "$work/out2"

# The series rewritten: good.patch is gone (renamed and changed), and the
# old series created a file that the new one does not have.
printf 'Subject: [PATCH] lib: add a file\n\n--- /dev/null\n+++ b/lib/new.c\n@@ -0,0 +1 @@\n+new\n' \
	>"$work/patches/add.patch"
printf 'good.patch\nadd.patch\n' >"$work/series"
"$apply" "$work/tree" "$work/series" "$work/patches" >"$work/out3" 2>&1 || true
rm "$work/patches/good.patch" "$work/patches/add.patch"
write_patch renamed "lib: change two otherwise" two Two
echo renamed.patch >"$work/series"
rc=0
timeout 60 "$apply" "$work/tree" "$work/series" "$work/patches" >"$work/out4" 2>&1 || rc=$?
sed 's/^/# /' "$work/out3" "$work/out4"
tap_check "a renamed, rewritten series replaces the old one (rc $rc)" test "$rc" -eq 0
tap_check "the file has the new series' change" has "$work/tree/lib/file.c" Two
tap_check "the old series' new file is gone" test ! -e "$work/tree/lib/new.c"
tap_end
