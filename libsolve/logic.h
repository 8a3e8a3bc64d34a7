/*
 * logic.h: human-style solving.  A position is the placed digits and the
 * pencil marks (candidates) of the empty cells.  Techniques are tried in
 * order of difficulty; each step found is described in one line of text
 * (the format is documented in sdk-solve(1)), e.g.
 *
 *	hidden single: r3c5 = 4 (box 2)
 *	pointing: 7 in box 1 on row 2 removes r2c7, r2c8
 *
 * The rating of a puzzle is the hardest technique its solution needs, the
 * number of steps, and a named level.  libc only.
 */
#ifndef SOLVE_LOGIC_H
#define SOLVE_LOGIC_H

#include <stdio.h>

#include "sdk.h"

#define LOGIC_ALL	0x3fe		/* candidate bits 1..9 */
#define LOGIC_TEXTMAX	1024

/*
 * In the order they are tried: simplest first.  Each one's name, level and
 * finder are its line in TECHNIQUES (logic/core.c).
 */
enum logic_tech {
	LT_FULL_HOUSE,
	LT_NAKED_SINGLE,
	LT_HIDDEN_SINGLE,
	LT_POINTING,
	LT_CLAIMING,
	LT_NAKED_PAIR,
	LT_HIDDEN_PAIR,
	LT_NAKED_TRIPLE,
	LT_HIDDEN_TRIPLE,
	LT_NAKED_QUAD,
	LT_HIDDEN_QUAD,
	LT_XWING,
	LT_SWORDFISH,
	LT_XYWING,
	LT_XYZWING,
	LT_WWING,
	LT_COLOURING,
	LT_UR1,
	LT_FINNED_XWING,
	LT_BUG1,
	LT_JELLYFISH,
	LT_FINNED_SWORDFISH,
	LT_XCHAIN,
	LT_XYCHAIN,
	LT_AIC,
	LT_COUNT
};

enum logic_level {
	LEVEL_EASY,		/* singles */
	LEVEL_MEDIUM,		/* locked candidates, pairs, triples */
	LEVEL_HARD,		/* quads, fish, wings, colouring, UR */
	LEVEL_EXPERT,		/* jellyfish, chains, AIC */
	LEVEL_EXTREME,		/* beyond the techniques: search */
	LEVEL_COUNT
};

struct logic {
	unsigned char	 cell[GRID_CELLS];	/* 0 empty, else the digit */
	unsigned short	 cand[GRID_CELLS];	/* bit d: d possible (empty) */
};

struct logic_step {
	enum logic_tech	 tech;
	int		 cell;		/* placement, or -1 */
	int		 digit;
	int		 nelim;		/* candidates removed */
	unsigned short	 elim[GRID_CELLS];	/* per cell, bits removed */
	char		 text[LOGIC_TEXTMAX];
	int		 quiet;		/* no text: set by the library */
};

struct logic_rating {
	enum logic_level level;
	int		 hardest;	/* enum logic_tech, -1: nothing to do */
	int		 steps;		/* steps taken by the techniques */
	int		 solved;	/* the techniques finished the grid */
	int		 uniqueness;	/* a uniqueness technique was used */
	int		 count[LT_COUNT];	/* steps per technique */
};

/* Technique and level names ("hidden single", "hard"). */
const char	*sdk_logic_tech_name(int);
enum logic_level sdk_logic_tech_level(int);
const char	*sdk_logic_level_name(int);
/* Look a level up by name; -1 if unknown. */
int		 sdk_logic_level_find(const char *);

/*
 * Start from givens (0 empty): candidates are what the placed digits allow.
 * Returns 0, or -1 if a given conflicts with another.
 */
int	 sdk_logic_init(struct logic *, const unsigned char *givens);
/* Place d in cell and remove d from its peers. */
void	 sdk_logic_place(struct logic *, int cell, int d);
/* Cells left empty. */
int	 sdk_logic_left(const struct logic *);
/*
 * 1 if the position is consistent so far (every empty cell has a
 * candidate, every unit can still take each missing digit, no digit twice).
 */
int	 sdk_logic_consistent(const struct logic *);

/*
 * Find the simplest step that makes progress, using techniques up to and
 * including maxtech, without applying it.  Returns 1 with the step, 0 when
 * none applies (stuck, or solved), -1 when the position is contradictory.
 */
int	 sdk_logic_find(const struct logic *, int maxtech,
	    struct logic_step *);
void	 sdk_logic_apply(struct logic *, const struct logic_step *);

/*
 * Apply steps until solved or stuck.  The callback (may be NULL) sees
 * each step before it is applied.  Fills the rating (level EXTREME when
 * stuck).  Returns 1 solved, 0 stuck, -1 contradiction.
 */
int	 sdk_logic_run(struct logic *, int maxtech,
	    void (*cb)(void *, const struct logic *, const struct logic_step *),
	    void *arg, struct logic_rating *);
/*
 * Quicker sdk_logic_run() for a yes or no: singles in bulk, no steps kept.
 * Sets *uniqueness when a uniqueness technique was needed.
 */
int	 sdk_logic_solvable(struct logic *, int maxtech, int *uniqueness);
/* Naked and hidden singles to a fixpoint.  Returns 0, or -1 if broken. */
int	 sdk_logic_propagate(struct logic *);
/* Rate a puzzle with every technique: sdk_logic_init() then sdk_logic_run(). */
int	 sdk_logic_rate(const unsigned char *givens, struct logic_rating *);

/*
 * A numeric difficulty in the manner of Sudoku Explainer: the position is
 * solved taking at each step the technique of the lowest score that
 * applies (sdk_logic_tech_score(): Sudoku Explainer's rating of it), and
 * scores the highest score it took, 0 when nothing is left to do.
 * LOGIC_SCORE_SEARCH when the techniques run out, -1 when the position is
 * contradictory.  The position is not changed.
 */
#define LOGIC_SCORE_SEARCH	10.0
double	 sdk_logic_score(const struct logic *);
/* A technique's score (1.0 to 7.0; a hidden single outside a box 1.5). */
double	 sdk_logic_tech_score(int);

/*
 * Pencil-mark grids.  The 729-character form gives each cell nine
 * characters, the digit d in place d for a candidate and '.' otherwise.
 * The boxed form prints every cell's candidates in nine rows with | and -
 * between boxes.  A cell with one candidate is written as that digit.
 */
/* out: 730 bytes */
void	 sdk_logic_format729(const struct logic *, char *out);
void	 sdk_logic_write_boxed(FILE *, const struct logic *);
/*
 * Parse a candidate grid from text: the 729 form, or any layout giving 81
 * groups of digits separated by blanks and decoration (|, -, +, :, .), or
 * 81 cells in one line (then candidates are computed).  A group of one
 * digit is a placed digit.  Returns 0, or -1 with a message in err.
 */
int	 sdk_logic_parse(struct logic *, const char *text, char *err,
	    size_t);

/*
 * Pencil marks in the 729 form for the placed digits of cells (0 empty):
 * a cell empty in cells stays empty even with one candidate.  Returns 0,
 * or -1 with a message in err.
 */
int	 sdk_logic_marks(struct logic *, const unsigned char *cells,
	    const char *s729, char *err, size_t);

#endif
