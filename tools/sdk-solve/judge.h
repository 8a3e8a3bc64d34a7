/*
 * judge.h: a person's handwritten digits ("# sdk-entries", sdk.5) checked
 * against the solution of the printed givens: the mistakes, the progress,
 * and the position the person has reached (givens plus right entries) for
 * --hint and --explain.
 */
#ifndef SOLVE_JUDGE_H
#define SOLVE_JUDGE_H

#include <stddef.h>
#include <stdio.h>

#include "doubt.h"
#include "entries.h"
#include "grid.h"
#include "json.h"

struct entries {
	int		 have;		/* the record carries entries */
	int		 checked;	/* compared with a unique solution */
	char		 written[GRID_CELLS + 1];	/* as read, '.' empty */
	unsigned char	 cell[GRID_CELLS];	/* entries on empty cells */
	unsigned char	 right[GRID_CELLS];	/* the solution where checked */
	int		 nright;	/* entries equal to the solution */
	int		 nwrong;	/* entries that differ: mistakes */
	int		 tofill;	/* cells without a given */
	struct doubts	 check;		/* entries read unsure (entries_doubt) */
	/*
	 * The candidates read in the cells of pencil marks (# sdk-pencil),
	 * digits only; marked counts the cells judged: no given, no entry,
	 * some digit read.  Checked, pmiss[i] is the solution's digit where
	 * the marks lack it (the person crossed the answer out), else 0.
	 */
	struct pencil	 marks;
	int		 marked;
	unsigned char	 pmiss[GRID_CELLS];
	int		 npmiss;
};

/*
 * Read the record's "# sdk-entries" into e.  An all-empty value counts as
 * none, and an entry on a given is dropped (the given is what is printed).
 * Returns 1 with entries, 0 without, -1 when the value is malformed (then
 * why says how).
 */
int	 entries_read(const struct grid *, struct entries *e, char *why,
	    size_t len);
/*
 * Read the record's "# sdk-pencil" into e (after entries_read): 0, or -1
 * when the value is malformed (why says how).  Cells without digits read
 * (a photo's pencil marks, "r1c2:") say nothing of the person's work.
 */
int	 entries_pencil(const struct grid *, struct entries *e, char *why,
	    size_t len);
/*
 * Leave out of the judgement the entries of cells read in doubt
 * (# sdk-unsure): neither right nor a mistake, for the person to check.
 */
void	 entries_doubt(struct entries *e, const struct doubts *d,
	    const unsigned char *givens);
/* Compare the entries with solution, the one solution of givens. */
void	 entries_check(struct entries *e, const unsigned char *givens,
	    const unsigned char *solution);
/* givens plus the right entries: where the person stands. */
void	 entries_position(const struct entries *e,
	    const unsigned char *givens, unsigned char *out);
/* "r3c4:5>7 r8c1:2>6", or "none" (sdk-mistakes); out holds MISTAKES_MAX. */
void	 entries_mistakes(const struct entries *e, char *out);
/*
 * The "# sdk-mistakes" and "# sdk-progress" lines of a checked record,
 * and "# sdk-pencil-mistakes" ("r1c2:4 ...", or "none") of one with
 * candidates read.
 */
void	 entries_set_meta(const struct entries *e, struct meta *);
/* The members entries, mistakes and progress of a JSON object. */
void	 entries_json(struct json *, const struct entries *e);
/*
 * "2 mistakes to fix first: r3c4 is 5, should be 7; ..." when any,
 * "1 pencil mark to fix: r1c2 lacks 4" when any, and "1 cell to check:
 * r3c6 reads 2, the answer has 7" when any.
 */
void	 entries_say(FILE *, const struct entries *e);

#endif
