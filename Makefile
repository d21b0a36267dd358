# The project's commands; each target calls one script under scripts/.
# Builds go to build/<arch>-<config set>/, with their console logs beside.

.PHONY: run check check-full torture bench profile deps tree series clean distclean

# The main job: prepare, patch, build and boot x86_64, show the verdict.
run:
	scripts/run.sh $(or $(ARCH),x86_64) $(SET)

# The test suite: the kernels of configs/suite, then the tool tests.
check:
	scripts/check.sh

# Every config set on every arch.
check-full:
	scripts/check.sh configs/suite-full

# The tree's locktorture, 30 s per lock type, on the suite's kernels.
torture:
	LV_BOOT_TIMEOUT=900 scripts/check.sh --no-tools configs/suite-torture

# The benchmark: no validator, the classic engine, LKV on and LKV off,
# booted in turn (BENCH_ARGS="--rounds 9", "--quick", "i386"...).
bench:
	scripts/bench.sh $(BENCH_ARGS)

# Per-function instructions of two benchmark variants and where they
# differ (PROFILE_ARGS="x86_64 prod-none prod-off" by default).
PROFILE_ARGS ?= x86_64 prod-none prod-off
profile:
	scripts/profile.sh $(PROFILE_ARGS)

deps:
	scripts/install-deps.sh

tree: deps
	scripts/prepare-tree.sh

series: tree
	scripts/apply-series.sh

# The builds, the points of the series and the pristine tree's builds;
# the unpacked tree stays (distclean removes it too).
clean:
	rm -rf build/*-*/ build/check build/init-* build/points build/pristine

distclean:
	rm -rf build
