/*
 * entries.h: a started puzzle's handwriting on the board: sdk-entries
 * (the digits written by hand) and sdk-mistakes (those that are wrong),
 * as sdk(5) and sdk-solve(1) write them.
 */
#ifndef SDK_RENDER_ENTRIES_H
#define SDK_RENDER_ENTRIES_H

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

/* Does the board hold any handwritten entry? */
int	 entries_any(const struct board *);

#endif
