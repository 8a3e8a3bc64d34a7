/*
 * dlx.c: Knuth's Algorithm X with dancing links.  Sudoku as exact cover:
 * 729 rows (cell, digit), 324 columns (cell filled, row has digit, column
 * has digit, box has digit), 4 nodes per row.  The givens' rows are chosen
 * first; the search then covers the column with the fewest rows.
 *
 * Every row chosen puts one digit in one cell, so a trace (sdk-solve
 * --trace) is told of each: "place" when the column had other rows left
 * (a branch), "force" when it had only that one, and "backtrack" when the
 * row is given up again.
 */
#include <stdlib.h>
#include <string.h>

#include "solve.h"

#define NCOLS	324
#define NROWS	729
#define NNODES	(1 + NCOLS + NROWS * 4)

struct dlx {
	int		 l[NNODES], r[NNODES], u[NNODES], d[NNODES];
	int		 col[NNODES];	/* column header of a node */
	int		 row[NNODES];	/* matrix row of a node */
	int		 size[NCOLS + 1];
	int		 chosen[GRID_CELLS];
	int		 depth;
	unsigned long	 limit, count, guesses;
	struct budget	*b;
	struct solve_result *res;
	const struct solve_trace *trace;	/* NULL: not tracing */
};

static void
dlx_cover(struct dlx *x, int c)
{
	int i, j;

	x->r[x->l[c]] = x->r[c];
	x->l[x->r[c]] = x->l[c];
	for (i = x->d[c]; i != c; i = x->d[i])
		for (j = x->r[i]; j != i; j = x->r[j]) {
			x->d[x->u[j]] = x->d[j];
			x->u[x->d[j]] = x->u[j];
			x->size[x->col[j]]--;
		}
}

static void
dlx_uncover(struct dlx *x, int c)
{
	int i, j;

	for (i = x->u[c]; i != c; i = x->u[i])
		for (j = x->l[i]; j != i; j = x->l[j]) {
			x->size[x->col[j]]++;
			x->d[x->u[j]] = j;
			x->u[x->d[j]] = j;
		}
	x->r[x->l[c]] = c;
	x->l[x->r[c]] = c;
}

static void
dlx_build(struct dlx *x)
{
	int c, rw, k, n, cols[4], cell, dig;

	/* Node 0 is the root; nodes 1..NCOLS are the column headers. */
	for (c = 0; c <= NCOLS; c++) {
		x->l[c] = c == 0 ? NCOLS : c - 1;
		x->r[c] = c == NCOLS ? 0 : c + 1;
		x->u[c] = x->d[c] = c;
		x->col[c] = c;
		x->row[c] = -1;
		x->size[c] = 0;
	}
	n = NCOLS + 1;
	for (rw = 0; rw < NROWS; rw++) {
		cell = rw / 9;
		dig = rw % 9;
		cols[0] = 1 + cell;
		cols[1] = 1 + GRID_CELLS + cell / 9 * 9 + dig;
		cols[2] = 1 + 162 + cell % 9 * 9 + dig;
		cols[3] = 1 + 243 + (cell / 27 * 3 + cell % 9 / 3) * 9 + dig;
		for (k = 0; k < 4; k++) {
			c = cols[k];
			x->col[n + k] = c;
			x->row[n + k] = rw;
			x->u[n + k] = x->u[c];
			x->d[n + k] = c;
			x->d[x->u[c]] = n + k;
			x->u[c] = n + k;
			x->size[c]++;
			x->l[n + k] = n + (k + 3) % 4;
			x->r[n + k] = n + (k + 1) % 4;
		}
		n += 4;
	}
}

static void
dlx_record(struct dlx *x)
{
	int i, rw;

	if (x->count++ != 0)
		return;
	for (i = 0; i < x->depth; i++) {
		rw = x->chosen[i];
		x->res->solution[rw / 9] = (unsigned char)(rw % 9 + 1);
	}
}

static void
dlx_search(struct dlx *x)
{
	int c, best, bestsize, i, j;

	if (sdk_budget_tick(x->b))
		return;
	if (x->r[0] == 0) {
		dlx_record(x);
		return;
	}
	best = x->r[0];
	bestsize = x->size[best];
	for (c = x->r[best]; c != 0 && bestsize > 1; c = x->r[c])
		if (x->size[c] < bestsize) {
			best = c;
			bestsize = x->size[c];
		}
	if (bestsize == 0)
		return;
	dlx_cover(x, best);
	for (i = x->d[best]; i != best; i = x->d[i]) {
		if (bestsize > 1)
			x->guesses++;
		x->chosen[x->depth++] = x->row[i];
		if (x->trace != NULL)
			x->trace->step(x->trace->arg, bestsize > 1 ? "place" :
			    "force", x->row[i] / 9, x->row[i] % 9 + 1, NULL);
		for (j = x->r[i]; j != i; j = x->r[j])
			dlx_cover(x, x->col[j]);
		dlx_search(x);
		for (j = x->l[i]; j != i; j = x->l[j])
			dlx_uncover(x, x->col[j]);
		x->depth--;
		if (x->count >= x->limit || x->b->expired)
			break;
		if (x->trace != NULL)
			x->trace->step(x->trace->arg, "backtrack",
			    x->row[i] / 9, x->row[i] % 9 + 1, NULL);
	}
	dlx_uncover(x, best);
}

static void
dlx_solve(const unsigned char *givens, unsigned long limit,
    struct budget *b, struct solve_result *res,
    const struct solve_trace *trace)
{
	struct dlx *x;
	unsigned char covered[NCOLS + 1];
	int cell, node, j;

	/*
	 * 60 KB: too much for a thread's stack, and each call needs its own.
	 * Without the memory the search is cut short as if over budget.
	 */
	if ((x = malloc(sizeof(*x))) == NULL) {
		b->expired = 1;
		return;
	}
	memset(covered, 0, sizeof(covered));
	dlx_build(x);
	x->depth = 0;
	x->limit = limit;
	x->count = x->guesses = 0;
	x->b = b;
	x->res = res;
	x->trace = trace != NULL && trace->step != NULL ? trace : NULL;
	for (cell = 0; cell < GRID_CELLS; cell++) {
		if (givens[cell] == 0)
			continue;
		/* The given's row: cover its four columns, as if chosen. */
		node = NCOLS + 1 + (cell * 9 + givens[cell] - 1) * 4;
		x->chosen[x->depth++] = x->row[node];
		for (j = 0; j < 4; j++) {
			/* A column already covered means a conflict. */
			if (covered[x->col[node + j]])
				goto done;
			covered[x->col[node + j]] = 1;
			dlx_cover(x, x->col[node + j]);
		}
	}
	dlx_search(x);
done:
	res->count = x->count;
	res->guesses = x->guesses;
	free(x);
}

const struct engine sdk_engine_dlx = {
	"dlx",
	"Algorithm X with dancing links over the exact-cover matrix",
	dlx_solve
};
