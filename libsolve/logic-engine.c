/*
 * logic-engine.c: the human-style techniques of libsolve/logic/ behind the
 * engine interface, for "sdk-solve -s logic".  The techniques go as far as
 * they can, each step reported through the trace; when they run out the fast
 * strategy finishes from where they stopped, and a last step named
 * "search" says so.
 */
#include <stdio.h>
#include <string.h>

#include "solve.h"
#include "logic.h"

struct forward {
	const struct solve_trace *trace;
	struct budget	*b;
};

static void
forward_step(void *arg, const struct logic *p, const struct logic_step *s)
{
	struct forward *f = arg;

	(void)p;
	f->b->nodes++;
	if (f->trace != NULL && f->trace->step != NULL)
		f->trace->step(f->trace->arg, sdk_logic_tech_name(s->tech),
		    s->cell, s->digit, s->text);
}

static void
logic_solve(const unsigned char *givens, unsigned long limit,
    struct budget *b, struct solve_result *res,
    const struct solve_trace *trace)
{
	struct logic p;
	struct logic_rating r;
	struct forward f;
	char text[160];
	int rc, left;

	if (sdk_logic_init(&p, givens) < 0)
		return;		/* no solution */
	f.trace = trace;
	f.b = b;
	rc = sdk_logic_run(&p, LT_COUNT - 1, forward_step, &f, &r);
	if (rc == 1 && !r.uniqueness) {
		/* Every placement was forced: the one solution. */
		res->count = 1;
		memcpy(res->solution, p.cell, GRID_CELLS);
		return;
	}
	if (rc < 0 && !r.uniqueness)
		return;		/* a contradiction: no solution */
	/*
	 * Search, from the placed digits; from the givens when a uniqueness
	 * technique took part, since it assumed what is being checked.
	 */
	left = sdk_logic_left(&p);
	sdk_engine_fast.solve(r.uniqueness ? givens : p.cell, limit, b, res,
	    NULL);
	if (trace != NULL && trace->step != NULL) {
		if (rc == 1)
			snprintf(text, sizeof(text), "search: a uniqueness "
			    "technique was used, so the fast strategy checked "
			    "the givens (%lu guesses)", res->guesses);
		else
			snprintf(text, sizeof(text), "search: the techniques "
			    "ran out with %d cells left; the fast strategy made "
			    "%lu guesses", left, res->guesses);
		trace->step(trace->arg, "search", -1, 0, text);
	}
}

const struct engine sdk_engine_logic = {
	"logic",
	"human techniques, singles to chains, then search if they run out",
	logic_solve
};
