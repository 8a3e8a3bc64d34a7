#!/usr/bin/env bats
# libsdk-solve as a library (man/libsdk-solve.3): what it exports, and
# solving from several threads at once.

load helper

# The library beside the programs (build/lib, or an installed LIBDIR).
setup() {
	LIBD=
	for d in "$SDK_BINDIR/../lib" "$SDK_BINDIR"/../lib/*-*-*; do
		[ -f "$d/libsdk-solve.a" ] && LIBD=$d && break
	done
	[ -n "$LIBD" ] || skip "no libsdk-solve.a beside $SDK_BINDIR"
}

# nm's defined global symbols of a file that do not start with sdk_ (the
# version node of the shared library, SDK_SOLVE_0, aside).
strays() {
	nm -g --defined-only "$@" | awk 'NF == 3 && $3 !~ /^sdk_/ &&
	    !($2 == "A" && $3 ~ /^SDK_SOLVE_[0-9]+$/) { print $3 }'
}

@test "the static archive exports sdk_ names alone" {
	run strays "$LIBD/libsdk-solve.a"
	assert_success
	assert_output ""
	# ... and the interface is there.
	run nm -g --defined-only "$LIBD/libsdk-solve.a"
	assert_line --regexp ' T sdk_logic_rate$'
	assert_line --regexp ' D sdk_engine_fast$'
}

@test "the shared library exports sdk_ names alone, the same as the archive" {
	so=$(ls "$LIBD"/libsdk-solve.so.*.*)
	run strays -D "$so"
	assert_success
	assert_output ""
	a=$(nm -g --defined-only "$LIBD/libsdk-solve.a" |
	    awk 'NF == 3 { print $3 }' | sort)
	s=$(nm -D -g --defined-only "$so" |
	    awk 'NF == 3 && $2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort)
	[ "$a" = "$s" ] || fail "archive and shared library differ: $(
	    diff <(echo "$a") <(echo "$s"))"
}

@test "a program with its own peer, elim and popc links the static archive" {
	command -v cc >/dev/null || skip "no C compiler"
	cat >"$BATS_TEST_TMPDIR/own.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <sdk/solve.h>
int peer[81], popc, tables_ready;
int elim(void) { return 0; }
int find_tech(void) { return 1; }
int
main(void)
{
	unsigned char g[GRID_CELLS];
	struct solve_result res;
	struct budget b;

	memset(g, 0, sizeof(g));
	memset(&res, 0, sizeof(res));
	sdk_budget_start(&b, 0, 0, 256);
	sdk_engine_find("fast")->solve(g, 1, &b, &res, NULL);
	printf("%lu %d\n", res.count, peer[0] + popc + tables_ready + elim() +
	    find_tech());
	return 0;
}
C
	run cc -std=c11 -o "$BATS_TEST_TMPDIR/own" "$BATS_TEST_TMPDIR/own.c" \
	    $(pkg-config --cflags sdk-solve) "$LIBD/libsdk-solve.a" -lm
	assert_success
	run "$BATS_TEST_TMPDIR/own"
	assert_output "1 1"
}

# The library's sources and tests/libsolve-threads.c built with
# ThreadSanitizer: four threads solve, rate and explain at once from a cold
# start (tables built on first use).  From the sources, so that it runs on
# an installed copy too; skipped where the compiler cannot build or run
# with TSan.
@test "several threads solve, rate and explain at once, clean under ThreadSanitizer" {
	[ -f "$TOP/libsolve/solve.c" ] || skip "no libsolve sources"
	command -v cc >/dev/null || skip "no C compiler"
	d=$BATS_TEST_TMPDIR
	printf 'int main(void) { return 0; }\n' >"$d/t.c"
	cc -fsanitize=thread -o "$d/t" "$d/t.c" 2>/dev/null ||
	    skip "cc cannot build with -fsanitize=thread"
	"$d/t" >/dev/null 2>&1 || skip "a ThreadSanitizer program does not run here"
	flags="-std=c11 -O1 -g -fsanitize=thread -pthread -D_POSIX_C_SOURCE=200809L"
	flags="$flags -I$TOP/libsolve -I$TOP/libcommon"
	# fast-avx2.c as the Makefile builds it, so that its copy runs too.
	avx=
	case $(cc -dumpmachine) in
	x86_64-* | amd64-*) avx="-mavx2 -mbmi -mbmi2 -mpopcnt" ;;
	esac
	# shellcheck disable=SC2086
	run cc $flags $avx -c -o "$d/fast-avx2.o" "$TOP/libsolve/fast-avx2.c"
	assert_success
	# shellcheck disable=SC2086
	run cc $flags -o "$d/threads" "$TOP/tests/libsolve-threads.c" \
	    $(ls "$TOP"/libsolve/*.c "$TOP"/libsolve/logic/*.c |
	    grep -v '/fast-avx2\.c$') "$d/fast-avx2.o" -lm
	assert_success
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" run "$d/threads"
	assert_success
	assert_output "4 threads agree"
}
