#!/usr/bin/env bats
# libsdk-solve as a library (man/libsdk-solve.3): what it exports.

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
