/*
 * backtrack.c: the classic baseline.  Depth-first search over the empty
 * cells in scan order, trying digits 1 to 9 against per-unit digit sets.
 * Hopeless on some puzzles (seconds to refute an 18-clue contradiction),
 * which is why the budget guards it.
 */
#include <string.h>

#include "solve.h"

struct bt {
	unsigned short	 row[9], col[9], box[9];	/* digits used */
	unsigned char	 grid[GRID_CELLS];
	unsigned char	 empty[GRID_CELLS];		/* empty cells */
	int		 nempty;
	unsigned long	 limit, count, guesses;
	struct budget	*b;
	struct solve_result *res;
	const struct solve_trace *trace;	/* sdk-solve --trace */
};

static void
bt_search(struct bt *t, int k)
{
	int cell, r, c, x, d;
	unsigned used, avail;

	if (sdk_budget_tick(t->b))
		return;
	if (k == t->nempty) {
		if (t->count++ == 0)
			memcpy(t->res->solution, t->grid, GRID_CELLS);
		return;
	}
	cell = t->empty[k];
	r = cell / 9;
	c = cell % 9;
	x = r / 3 * 3 + c / 3;
	used = t->row[r] | t->col[c] | t->box[x];
	avail = ~used & 01776;
	if (avail & (avail - 1))
		t->guesses++;
	for (d = 1; d <= 9; d++) {
		if (!(avail & (1u << d)))
			continue;
		t->grid[cell] = (unsigned char)d;
		t->row[r] |= 1u << d;
		t->col[c] |= 1u << d;
		t->box[x] |= 1u << d;
		if (t->trace != NULL)
			t->trace->step(t->trace->arg, "place", cell, d, NULL);
		bt_search(t, k + 1);
		t->row[r] &= ~(1u << d);
		t->col[c] &= ~(1u << d);
		t->box[x] &= ~(1u << d);
		t->grid[cell] = 0;
		if (t->count >= t->limit || t->b->expired)
			return;
		if (t->trace != NULL)
			t->trace->step(t->trace->arg, "backtrack", cell, d,
			    NULL);
	}
}

static void
backtrack_solve(const unsigned char *givens, unsigned long limit,
    struct budget *b, struct solve_result *res,
    const struct solve_trace *trace)
{
	struct bt t;
	int i, d;

	memset(&t, 0, sizeof(t));
	if (trace != NULL && trace->step != NULL)
		t.trace = trace;
	t.limit = limit;
	t.b = b;
	t.res = res;
	for (i = 0; i < GRID_CELLS; i++) {
		t.grid[i] = givens[i];
		if ((d = givens[i]) == 0) {
			t.empty[t.nempty++] = (unsigned char)i;
			continue;
		}
		t.row[i / 9] |= 1u << d;
		t.col[i % 9] |= 1u << d;
		t.box[i / 27 * 3 + i % 9 / 3] |= 1u << d;
	}
	bt_search(&t, 0);
	res->count = t.count;
	res->guesses = t.guesses;
}

const struct engine sdk_engine_backtrack = {
	"backtrack",
	"scan-order depth-first search (baseline)",
	backtrack_solve
};
