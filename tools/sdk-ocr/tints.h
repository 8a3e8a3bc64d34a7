/*
 * tints.h: the tinted cells of a screenshot levelled to the grid's paper,
 * for cells.c.
 */
#ifndef SDK_OCR_TINTS_H
#define SDK_OCR_TINTS_H

#include <leptonica/allheaders.h>

#include "image.h"	/* SCREEN_FLAT_CELLS */

/*
 * A cell tinted (an app's selected row, column or digit, flat colour) is
 * levelled to the grid's paper: its grey scaled so that its own paper
 * (its middle's median) is the grid's (the flat cells' median).  Only in
 * a square where most cells are flat (two thirds): a photo's paper
 * is not, and its shadows are the threshold's to handle.
 * Its digit then has the ink and the contrast of the others, for the
 * faint test and for the kind of digit (a tinted given is no handwriting).
 * Paper within TINT_LEVEL of the grid's is left as it is.  Returns how
 * many cells were levelled, and in flat[i] whether cell i's middle is one
 * flat colour.  xs[band][i], ys[band][i]: the grid's lines (cells.c's
 * line_positions).
 */
int	 tints_level(PIX *g, double xs[3][10], double ys[3][10],
	    unsigned char flat[81]);

#endif
