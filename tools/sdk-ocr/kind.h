/*
 * kind.h: what a cell holds besides "a digit": printed (the puzzle's
 * givens), written by hand (the person's entries) or pencil marks (small
 * candidates, read as an empty cell).  A small network takes the digit's
 * normalised crop and a few measures of it against the rest of its grid
 * (size, place in the cell, ink), since printed digits share one font
 * size and one ink while handwriting does not.  Its weights and those of
 * a digit classifier for handwriting are trained ("make model-hand") into
 * models/hand.sdkm (models.h).
 */
#ifndef SDK_OCR_KIND_H
#define SDK_OCR_KIND_H

#include "cells.h"
#include "mlp.h"

enum {
	KIND_PRINTED,
	KIND_HAND,
	KIND_PENCIL,
	KIND_NOISE,	/* no digit at all: a stain, a line's remains */
	KIND_N
};

#define KIND_FEATS	9
#define KIND_IN		(MLP_IN + KIND_FEATS)
#define KIND_HID	32

struct kindnet {
	float	 w1[KIND_HID][KIND_IN];
	float	 b1[KIND_HID];
	float	 w2[KIND_N][KIND_HID];
	float	 b2[KIND_N];
};

/*
 * A second look with the whole grid in view: a cell's first-pass kinds
 * and its size and ink against those of the cells first called printed
 * and of those first called handwritten.  A handwritten digit taken for
 * print alone stands out from the printed ones.
 */
#define KIND2_IN	(KIND_N + 14)
#define KIND2_HID	16

struct kindnet2 {
	float	 w1[KIND2_HID][KIND2_IN];
	float	 b1[KIND2_HID];
	float	 w2[KIND_N][KIND2_HID];
	float	 b2[KIND_N];
};

/*
 * Each pass is a few networks trained alike from other seeds, averaged;
 * handwritten digits 1-9 are read by models like the printed ones (mlp.h).
 */
#define KIND_MODELS	3

/*
 * The network's inputs for every present cell of a grid: the crop, then
 * the measures.  Cells not present are left alone.
 */
void	 kind_inputs(const struct cell cell[81], float in[81][KIND_IN]);

/* Probabilities of the kinds for one cell's inputs. */
void	 kind_forward(const struct kindnet *, const float *in,
	    float prob[KIND_N]);
/*
 * The same from the first layer's weights transposed into w1t
 * (KIND_IN x KIND_HID floats, kind_transpose), faster.
 */
void	 kind_transpose(const struct kindnet *, float *w1t);
void	 kind_forward_t(const struct kindnet *, const float *w1t,
	    const float *in, float prob[KIND_N]);

/*
 * The second pass's inputs for the present cells (present[i] non-zero),
 * from the first pass's inputs and its probabilities p1.
 */
void	 kind_inputs2(float in[81][KIND_IN], const unsigned char present[81],
	    float p1[81][KIND_N], float in2[81][KIND2_IN]);
void	 kind_forward2(const struct kindnet2 *, const float *in2,
	    float prob[KIND_N]);


#endif
