/*
 * read.h: from a grid's cells (cells.h) and the classifiers'
 * probabilities to its reading: each cell's readings, best first, its kind
 * (printed, handwritten, pencil marks), and the solver's checks of both:
 * the givens must be a proper puzzle (kinds settled, misreads mended), and
 * the readings the puzzle cannot settle are doubted rather than guessed.
 */
#ifndef SDK_OCR_READ_H
#define SDK_OCR_READ_H

#include "cells.h"
#include "doubt.h"
#include "grid.h"

#define ALT_MAX		3	/* readings listed per cell, best included */
#define ALT_MIN		0.001	/* readings less likely are not listed */

/*
 * Doubt, on the odds the classifiers give (issues 26 and 27).  A reading
 * is doubted when another reading that the puzzle would take is at least
 * 1/ODDS as likely: the reader then says so (# sdk-unsure) rather than
 * answer.  Measured on the development photos (bench/README.md, "Doubt"):
 * of the printed givens read right, none has a proper alternative even
 * 1/13 as likely, and every reading the repair chose was at least 1/7 as
 * likely as the one it replaced.  Entries: judge.c.
 */
#define GIVEN_DOUBT_ODDS	10	/* a given's other proper reading, or
					   one the repair chose */

struct reading {
	int	 v;		/* 0 empty, 1-9 */
	double	 p;
};

/* The cells of a grid read with one set of kinds (read_cells). */
struct reading_set {
	struct cell	 cell[81];
	float		 prob[81][9];
	float		 pprint[81][9];	/* the printed digits' engine's */
	struct reading	 rd[81][10];
	int		 nrd[81];
	unsigned char	 given[81];	/* the givens, 0 elsewhere */
	unsigned char	 value[81];	/* every cell's best reading */
	unsigned char	 hand[81];
	unsigned char	 pencil[81];
	float		 sure[81];	/* how sure each kind is */
	float		 printed[81];	/* a digit's chance of being print */
	unsigned char	 typed[81];	/* an entry typed on a screen, read
					   as print (typed_kinds) */
	unsigned char	 font[81];	/* an entry in the typed entries' ink
					   (typed_kinds), read as print or
					   not: an app's font, no hand */
	/*
	 * The readings in doubt (# sdk-unsure): the other digit the puzzle
	 * would take (a given's other proper reading, an entry's solution)
	 * and the digit read, 0 where the doubt is whether any digit is
	 * written at all (that cell is then no entry: hand 0).  A doubted
	 * entry's reading (rd[i][0]) is the solution's digit.
	 */
	struct doubts	 doubt;
	int		 repair;	/* REPAIR_* of the givens */
	char		 changed[81 * 12];	/* cells mended, "r5c9:5>9 ..." */
	unsigned char	 mended[81];	/* a mended cell's reading before,
					   plus 1 (0: not mended) */
	/*
	 * The repair's rival (repair.h): the solution of the next likeliest
	 * change that also made a proper puzzle, and how much less likely
	 * it was (log odds; HUGE_VAL: none), for the entries to weigh
	 * (judge.c).
	 */
	unsigned char	 rival[81];
	double		 rival_cost;
};

/*
 * Read a grid: prob[i] the printed digits' probabilities of the present
 * or weak cells (the engine's); the kinds and the handwriting are read
 * here (hand.h), with the inks' colours when known (inks.h).  repair 0:
 * --no-repair.  The result is static: valid until the next call.
 */
struct cell_inks;
struct reading_set *read_grid(const struct cell cell[81], float prob[81][9],
	    const struct cell_inks *, int repair);

/*
 * What the files of the reading (read.c, inkkinds.c, judge.c) share.
 * The readings of one cell, best first, into r: the presence call weighed
 * with the digit probabilities prob.  Returns how many (1 for an empty
 * cell, 10 for a digit or an empty cell with something nearly a digit).
 */
int	 cell_readings(const struct cell *cl, const float prob[9],
	    struct reading r[10]);
/* How likely cell i's reading v is (0: not among its readings). */
double	 reading_p(const struct reading_set *r, int i, int v);
/* Cell i's reading v (when among its readings) made its best. */
void	 make_best(struct reading_set *r, int i, int v);
/* Cell i read in doubt: read (0: no digit), the other digit alt. */
void	 doubt_set(struct reading_set *r, int i, int read, int alt);
/*
 * The givens made a proper puzzle by the likeliest changes of kinds and
 * readings (readings 0: kinds only); returns the REPAIR_* status.
 */
int	 settle_givens(struct reading_set *r, int readings);
/*
 * A proper puzzle's givens that another likely reading would make another
 * proper puzzle, with another answer, doubted (givendoubt.c).
 */
void	 doubt_givens(struct reading_set *r);

#endif
