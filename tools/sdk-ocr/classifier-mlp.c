/*
 * classifier-mlp.c: the built-in classifier as an sdk-ocr engine.  Each crop
 * is classified as it is and in a few variants (moved by a pixel, strokes
 * fainter and bolder), by each of the models, and the probabilities are
 * averaged: a digit must not hang on one pixel, nor on one training run.
 */
#include <math.h>
#include <string.h>

#include "classifier.h"
#include "crop.h"
#include "mlp.h"
#include "models.h"

#define VARIANTS	7

static int
mlp_open(void)
{
	return 0;
}

void
mlp_variants_average(const float *crop,
    void (*average)(const float *, float *), float prob[MLP_OUT])
{
	static const struct {
		int	 dx, dy;
		float	 g;
	} var[VARIANTS] = {
		{ 0, 0, 1 }, { -1, 0, 1 }, { 1, 0, 1 }, { 0, -1, 1 },
		{ 0, 1, 1 }, { 0, 0, 0.7f }, { 0, 0, 1.4f }
	};
	float	 x[MLP_IN], p[MLP_OUT];
	int	 k, d;

	memset(prob, 0, MLP_OUT * sizeof(*prob));
	for (k = 0; k < VARIANTS; k++) {
		crop_variant(crop, x, var[k].dx, var[k].dy, var[k].g);
		average(x, p);
		for (d = 0; d < MLP_OUT; d++)
			prob[d] += p[d] / VARIANTS;
	}
}

static int
mlp_read(PIX *grey, const struct cell *cell, float prob[81][9])
{
	int	 i;

	(void)grey;
	for (i = 0; i < 81; i++)
		if (cell[i].present || cell[i].weak)
			mlp_variants_average(cell[i].norm, mlp_models_average,
			    prob[i]);
	return 0;
}

static void
mlp_close(void)
{
}

static const char *
mlp_version(void)
{
	return ocr_models()->printed_about;
}

const struct classifier classifier_mlp = {
	"mlp", mlp_open, mlp_read, mlp_close, mlp_version
};
