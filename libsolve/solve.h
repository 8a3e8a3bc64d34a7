/*
 * solve.h: the interface every solving strategy implements (libsolve).
 *
 * An engine searches for solutions of a puzzle whose givens have already
 * been checked for direct conflicts (same digit twice in a unit).  It stops
 * after `limit' solutions or when the budget runs out, and records the
 * first solution, the number found, and how much searching it did.  When
 * given a trace callback, an engine reports its steps through it: the
 * logic strategy its techniques, the search strategies each digit they put
 * in a cell ("place" at a branch, "force" by propagation) and each one
 * they take back ("backtrack", latest first); see sdk-solve(1) --trace.
 */
#ifndef SDK_SOLVE_H
#define SDK_SOLVE_H

#include <stddef.h>
#include <time.h>

#include "sdk.h"

/*
 * A budget of nodes and time.  Engines count search nodes in `nodes' and
 * call sdk_budget_check() whenever nodes reaches next_check, so that the clock
 * is read only every `interval' nodes.
 */
struct budget {
	unsigned long	 nodes;		/* search nodes so far */
	unsigned long	 next_check;	/* nodes count of the next check */
	unsigned long	 interval;	/* nodes between clock readings */
	unsigned long	 max_nodes;	/* 0: unlimited */
	double		 seconds;	/* 0: unlimited */
	struct timespec	 deadline;
	int		 expired;	/* set once over budget: stop */
};

/* Start a budget (max_nodes 0 and seconds 0 mean no limit). */
void	 sdk_budget_start(struct budget *, unsigned long max_nodes,
	    double seconds, unsigned long interval);
/*
 * Called when nodes >= next_check: look at the clock and the node count,
 * set expired when over budget.  Returns expired.
 */
int	 sdk_budget_check(struct budget *);

/* Cheap inline test for the hot path: count one node, 1 when over. */
static inline int
sdk_budget_tick(struct budget *b)
{
	if (++b->nodes < b->next_check)
		return 0;
	return sdk_budget_check(b);
}

/* One step of a strategy, for an optional callback. */
struct solve_trace {
	void	(*step)(void *arg, const char *technique, int cell,
		    int digit, const char *text);
	void	*arg;
};

struct solve_result {
	unsigned long	 count;		/* solutions found, up to the limit */
	unsigned long	 guesses;	/* alternatives tried at branches */
	unsigned char	 solution[GRID_CELLS];	/* the first one */
};

struct engine {
	const char	*name;
	const char	*summary;
	/*
	 * Search for up to limit (>= 1) solutions.  res is zeroed by the
	 * caller.  When b->expired is set on return the search was cut short
	 * and res->count is a lower bound.
	 */
	void	(*solve)(const unsigned char *givens, unsigned long limit,
		    struct budget *b, struct solve_result *res,
		    const struct solve_trace *trace);
};

extern const struct engine sdk_engine_fast;
extern const struct engine sdk_engine_dlx;
extern const struct engine sdk_engine_ac3;
extern const struct engine sdk_engine_backtrack;
extern const struct engine sdk_engine_logic;		/* logic-engine.c */

/* NULL-terminated list, default first. */
extern const struct engine *const sdk_engines[];
const struct engine *sdk_engine_find(const char *name);

/*
 * Check the givens for a digit twice in a row, column or box.  Returns 0
 * when consistent, else -1 with a description ("row 3 has two 5s") in msg.
 */
int	 sdk_givens_check(const unsigned char *givens, char *msg,
	    size_t msglen);

#endif
