/*
 * repair.h: mend a misread grid with what a printed Sudoku must be: givens
 * with no digit twice in a unit, and exactly one solution.
 *
 * The OCR keeps, for each cell, its reading's probability and the next-best
 * readings with theirs.  When the read is not a proper puzzle, the likeliest
 * set of changes (one, two or three cells, ranked by the probability they
 * give up) that makes it one is applied, and its rival, the next that
 * makes a puzzle with another solution, is told.  A proper read is never
 * changed.
 */
#ifndef SDK_REPAIR_H
#define SDK_REPAIR_H

#include <stddef.h>

#define REPAIR_ALTS	4

struct repair_cell {
	double		 p;			/* the reading's probability */
	int		 nalt;
	unsigned char	 alt[REPAIR_ALTS];	/* 0 empty, 1-9 */
	double		 alt_p[REPAIR_ALTS];
};

struct repair_result {
	int	 status;	/* REPAIR_* below */
	int	 nchanged;
	int	 cell[3];	/* cells changed, 0-80 */
	unsigned char from[3];
	unsigned char to[3];
	int	 tried;		/* candidate reads checked */
	/*
	 * How much less likely (log odds) the likeliest other change is
	 * that also makes a proper puzzle, one with another solution:
	 * HUGE_VAL when none is within REPAIR_RIVAL_LOG_ODDS of the change
	 * made.  A rival close to it says the read was not mended but
	 * guessed.  A read with several solutions is mended by adding
	 * digits only, but its rival may change a digit read, and be the
	 * likelier: 0 then.
	 */
	double	 rival;
	/* The rival's solution, when rival is finite. */
	unsigned char rival_solution[81];
};

#define REPAIR_RIVAL_LOG_ODDS	4.6	/* rivals sought within: 1/100 */

#define REPAIR_PROPER	0	/* already a proper puzzle: unchanged */
#define REPAIR_MENDED	1	/* changed into a proper puzzle */
#define REPAIR_FAILED	2	/* no likely change makes it proper */

/*
 * Repair cells (0 empty, 1-9) in place, given what the OCR knew about each
 * cell.  Returns the status, also in res.
 */
int	 repair_grid(unsigned char *cells, const struct repair_cell *info,
	    struct repair_result *res);

/* Is this a proper puzzle: consistent givens, exactly one solution? */
int	 repair_is_proper(const unsigned char *cells);
/* The same, and its solution (81 digits) in solution when it is. */
int	 repair_solution(const unsigned char *cells, unsigned char *solution);

/*
 * Parse the OCR's metadata values into info: "# sdk-conf" (81 digits,
 * 9 = certain; may be NULL) and "# sdk-alt" ("r1c4:.=0.001 r8c1:8=0.03,
 * .=0.016 ..."; may be NULL).  A cell's own probability is one less the
 * sum of its alternatives'.  Returns 0, or -1 if a value is malformed.
 */
int	 repair_parse(const char *conf, const char *alt,
	    struct repair_cell *info);

#endif
