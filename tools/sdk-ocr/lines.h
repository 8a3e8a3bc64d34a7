/*
 * lines.h: the grid lines of a straightened square, for cells.c.
 */
#ifndef SDK_OCR_LINES_H
#define SDK_OCR_LINES_H

#include <leptonica/allheaders.h>

/*
 * Sauvola's binarisation of the grey square (side its shorter side), and
 * in *hmask and *vmask its long horizontal and vertical runs: grid lines,
 * but also the long straight strokes of some handwritten digits, which
 * only where they lie tells apart (lines_mask).  NULL when it fails.
 */
PIX	*lines_binarise(PIX *grey, int side, PIX **hmask, PIX **vmask);

/*
 * Where the ten lines of one direction (vertical: the columns' lines)
 * are, in three bands across: pos[band][i].
 */
void	 lines_positions(PIX *mask, int vertical, int w, int h,
	    double pos[3][10]);

/*
 * The grid lines: the runs of hl and vl (changed) near the lines at xs
 * and ys, but those that are strokes of a digit in bin (the binarised
 * square), thickened a little.
 */
PIX	*lines_mask(PIX *bin, PIX *hl, PIX *vl, int w, int h,
	    double xs[3][10], double ys[3][10]);

#endif
