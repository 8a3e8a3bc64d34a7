/*
 * crop.h: a digit's normalised crops (struct cell's norm and flat) from
 * the grey square, for cells.c.
 */
#ifndef SDK_OCR_CROP_H
#define SDK_OCR_CROP_H

#include "cells.h"

/* The paper's grey under every pixel of the square (side its side). */
PIX	*crop_paper(PIX *grey, int side);

/*
 * Fill cl->norm, cl->hand_lit and cl->hand_flat (cells.h) from the grey
 * square, paper (crop_paper) and bin its binarisation, the digit's box in
 * cl, its cell cellbox; with faint, the handwriting's crops come from the
 * box grown to strokes fainter than the threshold found (for a digit
 * found as the cell's digit: not a candidate's glyph, nor what the second
 * look at an empty cell finds, already faint).
 */
void	 crop_normalise(PIX *grey, PIX *paper, PIX *bin, BOX *cellbox,
	    struct cell *cl, int faint);

/*
 * A normalised crop (CELL_NORM x CELL_NORM, ink >= 0) moved by (dx, dy)
 * pixels, its ink raised to the power g (g < 1 bolder strokes, g > 1
 * fainter): the reader's variants of a crop (classifier-mlp.c) and the
 * trainers' augmentation (lab/ocr/common.c), one routine so that they
 * cannot drift apart.
 */
void	 crop_variant(const float *in, float *out, int dx, int dy, float g);

/* cl's box measured against its cell (x0, y0, cw, ch). */
void	 crop_measure(struct cell *cl, double x0, double y0, double cw,
	    double ch);

#endif
