# shellcheck shell=sh
# The benchmark's variants: which kernel (config set) each boots and with
# which command-line words. Sourced by bench.sh and profile.sh.
#   none      no validator                  classic   the classic engine
#   lkv       the LKV engine, proving all   lkv-off   the same, switched off
#   prod-none production base, no validator prod-off  production kernel, off
#   prod-on   production kernel, proving all
#   prod-stat-off  production kernel with LOCK_STAT, off
#   prod-stat-on   the same, lock statistics on, proving nothing

set_of() {
	case $1 in
	none) echo none ;;
	classic) echo prove-classic ;;
	lkv | lkv-off) echo prove ;;
	prod-none) echo production-none ;;
	prod-off | prod-on) echo production ;;
	prod-stat-off | prod-stat-on) echo production-stat ;;
	*) die "unknown variant '$1' (none classic lkv lkv-off prod-none prod-off prod-on prod-stat-off prod-stat-on)" ;;
	esac
}

words_of() {
	case $1 in
	none | prod-none) echo "lv.validator=none" ;;
	lkv-off) echo "lockdep.prove=none" ;;
	prod-on) echo "lockdep.prove=all" ;;
	prod-stat-on) echo "lockdep.lock_stat=1" ;;
	*) echo "" ;;
	esac
}

# The verdict's options: the kernels without a validator have no self-test.
checks_of() {
	case $1 in
	none | prod-*) echo --no-selftest ;;
	*) echo "" ;;
	esac
}
