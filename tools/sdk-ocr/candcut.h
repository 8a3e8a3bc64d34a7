/*
 * candcut.h: the glyphs of a cell of pencil marks (an app's candidates,
 * cells.h) cut out as digits are, for cells.c, which finds such cells.
 */
#ifndef SDK_OCR_CANDCUT_H
#define SDK_OCR_CANDCUT_H

#include <leptonica/allheaders.h>

#include "cells.h"

#define PENCIL_HEIGHT	0.3	/* a candidate digit (pencil mark) is lower
				   than this of its cell */

/* A component of ink in the square. */
struct comp {
	int	 x, y, w, h;	/* box, square coordinates */
	int	 area;		/* ink pixels */
};

/*
 * The candidate glyphs of cell cellno (0-80, of lines xs, ys as cells.c
 * finds them) into cl->cand, each cut out of grey as a digit is, their
 * mask added to bin.  Returns the glyphs found, and in *odd the pieces
 * of the cell that are no glyph's.  Without bin, only the glyphs' boxes
 * and places (a trial).
 */
int	 candcut_cell(int cellno, double xs[3][10], double ys[3][10],
	    PIX *grey, PIX *paper, PIX *bin, struct cell *cl, int *odd);

/*
 * Once two cells are sure to hold candidates, each cell whose ink is all
 * glyphs of their size is a cell of candidates too, cut out, though it
 * was taken for a digit.
 */
void	 candcut_lone(struct cell cell[81], double xs[3][10],
	    double ys[3][10], PIX *grey, PIX *paper, PIX *bin);

#endif
