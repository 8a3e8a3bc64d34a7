/*
 * ac3.c: constraint satisfaction.  Each cell is a variable whose domain is
 * a set of digits; every pair of peers is a binary "differ" constraint.
 * AC-3 makes every arc consistent before the search and after every
 * assignment (maintaining arc consistency), and the search assigns the
 * variable with the smallest domain first.
 *
 * A trace (sdk-solve --trace) is told of each assignment ("place"), then
 * of the cells that arc consistency left with one digit ("force"), and
 * when the assignment fails, of each of those cells taken back, latest
 * first ("backtrack").
 */
#include <pthread.h>
#include <string.h>

#include "solve.h"

#define NPEERS	20
#define NARCS	(GRID_CELLS * NPEERS)

/* Built once, under peers_once; read-only after. */
static unsigned char	 peers[GRID_CELLS][NPEERS];
static unsigned char	 rev[GRID_CELLS][NPEERS];	/* x in peers[y] */
static pthread_once_t	 peers_once = PTHREAD_ONCE_INIT;

struct ac3 {
	unsigned long	 limit, count, guesses;
	struct budget	*b;
	struct solve_result *res;
	/* Arc queue: arc (x, peers[x][i]) is x * NPEERS + i. */
	unsigned short	 queue[NARCS];
	unsigned char	 queued[NARCS];
	int		 head, len;
	/* Only when tracing: what the trace has been told. */
	const struct solve_trace *trace;
	unsigned char	 shown[GRID_CELLS];	/* digits reported, 0: none */
	unsigned char	 stack[GRID_CELLS];	/* cells reported, in order */
	int		 nshown;
};

static void
peers_init(void)
{
	int i, j, n;

	for (i = 0; i < GRID_CELLS; i++) {
		n = 0;
		for (j = 0; j < GRID_CELLS; j++) {
			if (j == i)
				continue;
			if (j / 9 == i / 9 || j % 9 == i % 9 ||
			    (j / 27 == i / 27 && j % 9 / 3 == i % 9 / 3))
				peers[i][n++] = (unsigned char)j;
		}
	}
	for (i = 0; i < GRID_CELLS; i++)
		for (n = 0; n < NPEERS; n++)
			for (j = 0; j < NPEERS; j++)
				if (peers[peers[i][n]][j] == i)
					rev[i][n] = (unsigned char)j;
}

static void
arc_push(struct ac3 *a, int arc)
{
	if (a->queued[arc])
		return;
	a->queued[arc] = 1;
	a->queue[(a->head + a->len++) % NARCS] = (unsigned short)arc;
}

/* Queue the arcs (y, x) for every peer y of x, except y == skip. */
static void
arcs_into(struct ac3 *a, int x, int skip)
{
	int i, y;

	for (i = 0; i < NPEERS; i++) {
		y = peers[x][i];
		if (y != skip)
			arc_push(a, y * NPEERS + rev[x][i]);
	}
}

/*
 * REVISE(x, y) for x != y: a value v of x has no support in y only when
 * y's domain is {v}.  Returns -1 on a wipe-out, 1 if x changed, else 0.
 */
static int
revise(unsigned short *dom, int x, int y)
{
	if ((dom[y] & (dom[y] - 1)) != 0 || !(dom[x] & dom[y]))
		return 0;
	dom[x] &= (unsigned short)~dom[y];
	return dom[x] == 0 ? -1 : 1;
}

/* AC-3 over the queued arcs.  Returns 0 on a wipe-out. */
static int
ac3_run(struct ac3 *a, unsigned short *dom)
{
	int arc, x, y, r;

	while (a->len > 0) {
		arc = a->queue[a->head];
		a->head = (a->head + 1) % NARCS;
		a->len--;
		a->queued[arc] = 0;
		x = arc / NPEERS;
		y = peers[x][arc % NPEERS];
		if ((r = revise(dom, x, y)) < 0) {
			while (a->len > 0) {
				a->queued[a->queue[a->head]] = 0;
				a->head = (a->head + 1) % NARCS;
				a->len--;
			}
			return 0;
		}
		if (r > 0)
			arcs_into(a, x, y);
	}
	return 1;
}

/* Report a digit put in a cell, and remember it for taking it back. */
static void
trace_put(struct ac3 *a, const char *what, int cell, int digit)
{
	a->shown[cell] = (unsigned char)digit;
	a->stack[a->nshown++] = (unsigned char)cell;
	a->trace->step(a->trace->arg, what, cell, digit, NULL);
}

/* Report the cells left with one digit since the last report. */
static void
trace_solved(struct ac3 *a, const unsigned short *dom)
{
	int i;

	for (i = 0; i < GRID_CELLS; i++)
		if (a->shown[i] == 0 && (dom[i] & (dom[i] - 1)) == 0)
			trace_put(a, "force", i, __builtin_ctz(dom[i]));
}

/* Take back the reported cells down to n of them, latest first. */
static void
trace_undo(struct ac3 *a, int n)
{
	int cell, d;

	while (a->nshown > n) {
		cell = a->stack[--a->nshown];
		d = a->shown[cell];
		a->shown[cell] = 0;
		a->trace->step(a->trace->arg, "backtrack", cell, d, NULL);
	}
}

static void
ac3_search(struct ac3 *a, const unsigned short *dom)
{
	unsigned short d2[GRID_CELLS];
	int i, best = -1, bestn = 10, n, v, mark = 0;

	if (sdk_budget_tick(a->b))
		return;
	for (i = 0; i < GRID_CELLS; i++) {
		n = __builtin_popcount(dom[i]);
		if (n > 1 && n < bestn) {
			bestn = n;
			best = i;
		}
	}
	if (best < 0) {
		if (a->count++ == 0)
			for (i = 0; i < GRID_CELLS; i++)
				a->res->solution[i] = (unsigned char)
				    __builtin_ctz(dom[i]);
		return;
	}
	for (v = 1; v <= 9; v++) {
		if (!(dom[best] & (1u << v)))
			continue;
		a->guesses++;
		memcpy(d2, dom, sizeof(d2));
		d2[best] = (unsigned short)(1u << v);
		if (a->trace != NULL) {
			mark = a->nshown;
			trace_put(a, "place", best, v);
		}
		arcs_into(a, best, -1);
		if (ac3_run(a, d2)) {
			if (a->trace != NULL)
				trace_solved(a, d2);
			ac3_search(a, d2);
		}
		if (a->count >= a->limit || a->b->expired)
			return;
		if (a->trace != NULL)
			trace_undo(a, mark);
	}
}

static void
ac3_solve(const unsigned char *givens, unsigned long limit,
    struct budget *b, struct solve_result *res,
    const struct solve_trace *trace)
{
	struct ac3 a;		/* 5 KB: each call its own, for threads */
	unsigned short dom[GRID_CELLS];
	int i;

	(void)pthread_once(&peers_once, peers_init);
	memset(&a, 0, sizeof(a));
	a.limit = limit;
	a.b = b;
	a.res = res;
	for (i = 0; i < GRID_CELLS; i++)
		dom[i] = givens[i] ? (unsigned short)(1u << givens[i]) : 01776;
	if (trace != NULL && trace->step != NULL) {
		a.trace = trace;
		for (i = 0; i < GRID_CELLS; i++)
			a.shown[i] = givens[i];
	}
	for (i = 0; i < NARCS; i++)
		arc_push(&a, i);
	if (ac3_run(&a, dom)) {
		if (a.trace != NULL)
			trace_solved(&a, dom);
		ac3_search(&a, dom);
	}
	res->count = a.count;
	res->guesses = a.guesses;
}

const struct engine sdk_engine_ac3 = {
	"ac3",
	"constraint satisfaction with AC-3 arc consistency",
	ac3_solve
};
