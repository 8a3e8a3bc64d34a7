/*
 * test-givens.c: sdk_givens_check (libsolve/solve.c), whose one-pass
 * test for a clash must say what a plain look at each unit says, and
 * name the same first clash.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "solve.h"
#include "tap.h"

#define PUZZLE "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

/* The plain look: each unit in turn, rows, columns, boxes, cell by cell. */
static int
reference_check(const unsigned char *g, char *msg, size_t msglen)
{
	static const char *const unit[] = { "row", "column", "box" };
	int u, n, j, k, a, b;

	for (u = 0; u < 3; u++)
		for (n = 0; n < 9; n++)
			for (k = 1; k < 9; k++)
				for (j = 0; j < k; j++) {
					a = u == 0 ? n * 9 + k : u == 1 ?
					    k * 9 + n : (n / 3 * 3 + k / 3) *
					    9 + n % 3 * 3 + k % 3;
					b = u == 0 ? n * 9 + j : u == 1 ?
					    j * 9 + n : (n / 3 * 3 + j / 3) *
					    9 + n % 3 * 3 + j % 3;
					if (g[a] != 0 && g[a] == g[b]) {
						snprintf(msg, msglen,
						    "%s %d has two %ds", unit[u],
						    n + 1, g[a]);
						return -1;
					}
				}
	return 0;
}

static void
test_named(void)
{
	unsigned char g[81];
	char msg[64];
	int i;

	for (i = 0; i < 81; i++)
		g[i] = PUZZLE[i] == '.' ? 0 : (unsigned char)(PUZZLE[i] - '0');
	is_int(sdk_givens_check(g, msg, sizeof(msg)), 0, "a proper puzzle");
	g[80] = 5;		/* r9c9: column 9 has a 5 in row 8 */
	is_int(sdk_givens_check(g, msg, sizeof(msg)), -1, "a clash");
	is_str(msg, "column 9 has two 5s", "named by its column");
	is_int(sdk_givens_check(g, NULL, 0), -1, "no room for a message");
}

/* Random grids, from empty to crowded: same verdict, same words. */
static void
test_against_reference(void)
{
	struct rng r;
	unsigned char g[81];
	char got[64], want[64];
	int t, i, fill, agree = 0, clashes = 0;

	rng_seed(&r, 30);
	for (t = 0; t < 20000; t++) {
		fill = rng_below(&r, 40);
		memset(g, 0, sizeof(g));
		for (i = 0; i < fill; i++)
			g[rng_below(&r, 81)] = (unsigned char)(1 +
			    rng_below(&r, 9));
		got[0] = want[0] = '\0';
		if (sdk_givens_check(g, got, sizeof(got)) ==
		    reference_check(g, want, sizeof(want)) &&
		    strcmp(got, want) == 0)
			agree++;
		clashes += want[0] != '\0';
	}
	is_int(agree, 20000, "every random grid judged as the plain look");
	ok(clashes > 5000 && clashes < 19000, "both verdicts tried (%d "
	    "clashes)", clashes);
}

int
main(void)
{
	test_named();
	test_against_reference();
	return tap_done();
}
