/*
 * mlp.h: the built-in digit classifier, a few small multi-layer
 * perceptrons (CELL_NORM x CELL_NORM ink -> MLP_HID ReLU units -> 9
 * digits, softmax) trained alike from different seeds, their
 * probabilities averaged.  Their weights are models/printed.sdkm, written
 * by the training program ("make model") and read by models.c (models.h).
 */
#ifndef SDK_OCR_MLP_H
#define SDK_OCR_MLP_H

#include "cells.h"

#define MLP_IN	(CELL_NORM * CELL_NORM)
#define MLP_HID	96
#define MLP_OUT	9		/* digits 1-9 */

struct mlp {
	float	 w1[MLP_HID][MLP_IN];
	float	 b1[MLP_HID];
	float	 w2[MLP_OUT][MLP_HID];
	float	 b2[MLP_OUT];
};

/*
 * Probabilities of digits 1-9 (prob[0] is digit 1) for one normalised
 * crop.  hid, when not NULL, receives the hidden activations (training).
 */
void	 mlp_forward(const struct mlp *, const float *in, float *hid,
	    float prob[MLP_OUT]);

/*
 * The same probabilities as mlp_forward, to the bit, faster: with the
 * first layer transposed (mlp_transpose, once per model), a crop's blank
 * pixels are skipped.
 */
/*
 * mlp_transpose writes w1t[MLP_IN][MLP_HID], then the second layer the
 * same way round, [MLP_HID][MLP_OUT_PAD], the outputs padded with zero
 * weights to a whole number of vectors: MLP_T_SIZE floats a model.
 */
#define MLP_OUT_PAD	16
#define MLP_T_SIZE	(MLP_IN * MLP_HID + MLP_HID * MLP_OUT_PAD)
void	 mlp_transpose(const struct mlp *, float *w1t);
void	 mlp_forward_t(const struct mlp *, const float *w1t, const float *in,
	    float prob[MLP_OUT]);

/*
 * The mean of the n models' probabilities for one crop; w1t, when not
 * NULL, holds their layers transposed (mlp_transpose) one model after
 * the other.
 */
void	 mlp_average(const struct mlp *, const float *w1t, int n,
	    const float *in, float prob[MLP_OUT]);

/*
 * mlp_average over a set of models, the fast way (models.c):
 * their first layers are transposed on first use (w1t stays NULL when
 * there is no memory for it: the slow way then).
 */
struct mlp_set {
	const struct mlp *m;
	int		 n;
	float		*w1t;
	int		 tried;
};
void	 mlp_set_average(struct mlp_set *, const float *in,
	    float prob[MLP_OUT]);
/* The printed digits' models (models/printed.sdkm) as such a set. */
void	 mlp_models_average(const float *in, float prob[MLP_OUT]);

/*
 * What average(crop, prob) makes of a crop as it is and in a few variants
 * (moved by a pixel, strokes fainter and bolder), averaged: a digit must
 * not hang on one pixel (classifier-mlp.c).
 */
void	 mlp_variants_average(const float *crop,
	    void (*average)(const float *, float *), float prob[MLP_OUT]);

#endif
