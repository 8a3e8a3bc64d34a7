/*
 * explain.h: sdk-solve's human-style modes, built on logic.h: --explain
 * (every step), --hint (the next step), --rate (a difficulty rating) and
 * --trace (every grid state as a record).  The formats are in sdk-solve(1).
 */
#ifndef SOLVE_EXPLAIN_H
#define SOLVE_EXPLAIN_H

#include <stdio.h>

#include "grid.h"

struct engine;
struct entries;

enum explain_mode {
	EXPLAIN_OFF,
	EXPLAIN_STEPS,		/* --explain */
	EXPLAIN_HINT,		/* --hint */
	EXPLAIN_RATE,		/* --rate */
	EXPLAIN_TRACE		/* --trace */
};

struct explain_opts {
	enum explain_mode mode;
	int		 stats;		/* --stats: --rate's, and counts */
	int		 json;
	int		 quiet;
	int		 verbose;
	enum grid_format fmt;
	double		 timeout;	/* seconds per record, 0: none */
	unsigned long	 max_nodes;	/* 0: none */
	/* --trace -s: the strategy to follow, NULL for logic */
	const struct engine *engine;
};

/*
 * Handle one record in the chosen mode, writing to out.  ent holds the
 * record's handwritten entries (judge.h): --explain and --hint start
 * from the givens and the right ones, and name the wrong ones first.
 * src names the record in messages.  Returns an exit status.
 */
int	 explain_one(FILE *out, struct grid *g, struct entries *ent,
	    const char *src, long recno, const struct explain_opts *);

/*
 * For "-s logic": pass a struct explain_note as the trace argument with
 * explain_note_step() as its function; afterwards `searched' tells
 * whether the techniques ran out and search finished, and `text' says so.
 */
struct explain_note {
	int	 steps;
	int	 searched;
	char	 text[160];
};

void	 explain_note_step(void *arg, const char *technique, int cell,
	    int digit, const char *text);

#endif
