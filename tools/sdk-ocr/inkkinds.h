/*
 * inkkinds.h: the kinds of a grid's digits, given or the person's entry,
 * told by the colour of their ink (inks.h), for read.c.  Both return how
 * many cells changed kind; r is left proper when any did.
 */
#ifndef SDK_OCR_INKKINDS_H
#define SDK_OCR_INKKINDS_H

#include "inks.h"
#include "read.h"

/* A pen, in an ink of its own, taken for print: proper givens or not. */
int	 ink_kinds(struct reading_set *r, const struct cell_inks *inks);

/*
 * Neither ink proper alone: the more colourful one's digits made entries,
 * the givens left mended (settle_givens) with no kind changed.
 */
int	 ink_settle(struct reading_set *r, const struct cell_inks *inks,
	    int repair);

/*
 * A screen's square: the ink alone a proper puzzle is the givens', the
 * other the person's typed entries, though all are proper together.
 */
int	 typed_kinds(struct reading_set *r, const struct cell_inks *inks);
/* Whether the cells are a screen's: SCREEN_FLAT_CELLS of flat paper. */
int	 screen_cells(const struct cell cell[81]);
/* Whether typed_kinds told typed entries apart in r. */
int	 typed_told(const struct reading_set *r);

#endif
