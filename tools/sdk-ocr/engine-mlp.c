/*
 * engine-mlp.c: the built-in classifier as an sdk-ocr engine.  Each crop
 * is classified as it is and in a few variants (moved by a pixel, strokes
 * fainter and bolder), by each of the models, and the probabilities are
 * averaged: a digit must not hang on one pixel, nor on one training run.
 */
#include <math.h>
#include <string.h>

#include "engine.h"
#include "mlp.h"

#define VARIANTS	7

static int
mlp_open(void)
{
	return 0;
}

/* The crop moved by (dx, dy) pixels, its ink raised to the power g. */
static void
variant(const float *in, float *out, int dx, int dy, float g)
{
	int	 i, j;

	for (j = 0; j < CELL_NORM; j++)
		for (i = 0; i < CELL_NORM; i++) {
			int	 si = i - dx, sj = j - dy;
			float	 v = 0;

			if (si >= 0 && sj >= 0 && si < CELL_NORM &&
			    sj < CELL_NORM)
				v = in[sj * CELL_NORM + si];
			out[j * CELL_NORM + i] = v > 0 && g != 1 ? powf(v, g) :
			    v;
		}
}

static int
mlp_read(PIX *grey, const struct cell *cell, float prob[81][9])
{
	static const struct {
		int	 dx, dy;
		float	 g;
	} var[VARIANTS] = {
		{ 0, 0, 1 }, { -1, 0, 1 }, { 1, 0, 1 }, { 0, -1, 1 },
		{ 0, 1, 1 }, { 0, 0, 0.7f }, { 0, 0, 1.4f }
	};
	float	 x[MLP_IN], p[MLP_OUT];
	int	 i, k, d;

	(void)grey;
	for (i = 0; i < 81; i++) {
		if (!cell[i].present && !cell[i].weak)
			continue;
		memset(prob[i], 0, sizeof(prob[i]));
		for (k = 0; k < VARIANTS; k++) {
			variant(cell[i].norm, x, var[k].dx, var[k].dy,
			    var[k].g);
			mlp_models_average(x, p);
			for (d = 0; d < MLP_OUT; d++)
				prob[i][d] += p[d] / VARIANTS;
		}
	}
	return 0;
}

static void
mlp_close(void)
{
}

static const char *
mlp_version(void)
{
	return mlp_models_about;
}

const struct engine engine_mlp = {
	"mlp", mlp_open, mlp_read, mlp_close, mlp_version
};
