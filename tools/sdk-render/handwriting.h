/*
 * handwriting.h: a started puzzle's handwriting on the board: sdk-entries
 * (the digits written by hand), sdk-mistakes (those that are wrong) and
 * sdk-unsure (the cells read in doubt), as sdk(5) says.
 */
#ifndef SDK_RENDER_HANDWRITING_H
#define SDK_RENDER_HANDWRITING_H

#include <stddef.h>

#include "draw.h"

/*
 * Mark the entries on a board whose givens and digits are set: each
 * entry cell becomes CELL_ENTRY, or CELL_WRONG when the grid or the
 * mistakes list gives another digit.  entries and mistakes are the
 * values of the keys, or NULL.  Returns 0, or -1 with a message in err
 * when a value is malformed or contradicts the grid.
 */
int	 entries_apply(struct board *, const char *entries,
	    const char *mistakes, char *err, size_t errlen);

/*
 * Mark the cells read unsure (the value of sdk-unsure, or NULL): a
 * given's cell is flagged as a doubtful reading; another cell becomes
 * CELL_UNSURE when the grid holds its digit (the record is solved), with
 * the digit read as written unless the cell is none of the entries.
 * Returns 0, or -1 with a message in err when the value is malformed.
 */
int	 doubts_apply(struct board *, const char *unsure, char *err,
	    size_t errlen);

/*
 * Mark the cells of pencil marks (the value of sdk-pencil, or NULL):
 * words "rRcC:" with the candidates read, if any, after the colon.
 * Returns 0, or -1 with a message in err when the value is malformed.
 */
int	 pencil_apply(struct board *, const char *pencil, char *err,
	    size_t errlen);

/*
 * Mark the answers crossed out of pencil marks (the value of
 * sdk-pencil-mistakes, or NULL): "none", or words "rRcC:D", D the
 * solution's digit, which the grid must hold when it is solved.
 * Returns 0, or -1 with a message in err when the value is malformed or
 * contradicts the grid.
 */
int	 pencil_mistakes_apply(struct board *, const char *list, char *err,
	    size_t errlen);

/* Does the board hold any handwritten entry? */
int	 entries_any(const struct board *);

#endif
