/*
 * mlp.h: the built-in digit classifier, a few small multi-layer
 * perceptrons (CELL_NORM x CELL_NORM ink -> MLP_HID ReLU units -> 9
 * digits, softmax) trained alike from different seeds, their
 * probabilities averaged.  Their weights are models/printed.sdkm, written
 * by the training program ("make model") and read by models.c (models.h).
 */
#ifndef SDK_OCR_MLP_H
#define SDK_OCR_MLP_H

#include <string.h>

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

/* Eight floats: one AVX register, two SSE ones. */
typedef float mlp_vec __attribute__((vector_size(32)));

/*
 * The first layer's sums (before the ReLU) of a network with nin inputs
 * and 8 * nvec hidden units (nvec at most MLP_HID / 8), its weights
 * transposed (w1t[input][hidden]), into h: input by input, all the
 * hidden units at once, skipping blank inputs.  A blank input adds
 * exactly zero to a unit's sum taken input after input, and the rest is
 * added in that order, so the sums are the same to the bit.  The sums
 * are vectors of eight that stay in registers (AVX2 and AVX-512 have 16
 * and 32) rather than going to memory and back for each input: inline,
 * with nvec a constant, for mlp_forward_t and kind_forward_t.
 */
static inline void
mlp_first_layer_t(const float *b1, const float *w1t, int nin, int nvec,
    const float *in, float *h)
{
	mlp_vec	 a[MLP_HID / 8], t;
	int	 i, j;

#pragma GCC unroll 12
	for (j = 0; j < nvec; j++)
		memcpy(&a[j], b1 + 8 * j, sizeof(a[j]));
	for (i = 0; i < nin; i++) {
		const float *w = w1t + (size_t)i * 8 * nvec;
		float	 x = in[i];

		if (x == 0)
			continue;
#pragma GCC unroll 12
		for (j = 0; j < nvec; j++) {
			memcpy(&t, w + 8 * j, sizeof(t));
			a[j] += t * x;
		}
	}
#pragma GCC unroll 12
	for (j = 0; j < nvec; j++)
		memcpy(h + 8 * j, &a[j], sizeof(a[j]));
}

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
