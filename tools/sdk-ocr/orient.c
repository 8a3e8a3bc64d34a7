/*
 * orient.c: which way up a straightened grid is (orient.h).
 *
 * Turned a quarter or a half, most digits are no digit at all, and the
 * classifier is unsure of them; upright, it is sure of nearly every one.
 * The score of a turn is the mean log-probability of each present
 * cell's likeliest digit, its crop turned that way (the crop is centred
 * and scaled on its longer side, so turning the crop is turning the
 * digit).  6 and 9 swap under a half turn, but 2, 3, 4, 5 and 7 do not:
 * a grid has enough of them.  EXIF orientation is not used: photos whose
 * pixels are already upright still carry it (five of the development
 * set), and a grid can lie on its side in an upright photo.
 */
#include <math.h>

#include "mlp.h"
#include "orient.h"

#define ORIENT_MIN_DIGITS	8	/* fewer: too little to tell by */
/*
 * A turn must beat upright by this.  On the development photos, when
 * upright is unsure, every other way reads at least 0.149 worse on an
 * upright photo, and the right way at least 0.046 better on a turned one
 * (bench/README.md): 0.03 turns back every turned photo and leaves an
 * upright one 0.18 from a wrong turn.
 */
#define ORIENT_MARGIN		0.03
#define ORIENT_SURE		-0.02	/* upright this sure: no turn tried */

/* Turn a crop a quarter clockwise: (x, y) goes to (N - 1 - y, x). */
static void
crop_turn(const float *in, float *out)
{
	int	 x, y;

	for (y = 0; y < CELL_NORM; y++)
		for (x = 0; x < CELL_NORM; x++)
			out[x * CELL_NORM + (CELL_NORM - 1 - y)] =
			    in[y * CELL_NORM + x];
}

/*
 * Add to sum[k], for k from "from" up to "to" - 1, the log-probability of
 * each present digit's likeliest reading, its crop turned k quarters.
 */
static void
score_turns(const struct cell cell[81], int from, int to, double sum[4])
{
	float	 crop[2][CELL_NORM * CELL_NORM], p[MLP_OUT], top;
	const float *in;
	int	 i, k, d;

	for (i = 0; i < 81; i++) {
		if (!cell[i].present)
			continue;
		in = cell[i].norm;
		for (k = 0; k < to; k++) {
			if (k > 0) {
				crop_turn(in, crop[k % 2]);
				in = crop[k % 2];
			}
			if (k < from)
				continue;
			mlp_models_average(in, p);
			for (top = 0, d = 0; d < MLP_OUT; d++)
				top = fmaxf(top, p[d]);
			sum[k] += log(fmax(top, 1e-6));
		}
	}
}

int
orient_guess(const struct cell cell[81])
{
	double	 sum[4] = { 0, 0, 0, 0 };
	int	 i, k, n = 0, best = 0;

	for (i = 0; i < 81; i++)
		n += cell[i].present;
	if (n < ORIENT_MIN_DIGITS)
		return 0;
	/*
	 * Upright first: most grids are, and when their digits read nearly
	 * certain (a mean of 98% for the likeliest digit; no grid on its
	 * side or upside down came near it) the other ways are not tried.
	 */
	score_turns(cell, 0, 1, sum);
	if (sum[0] / n > ORIENT_SURE)
		return 0;
	score_turns(cell, 1, 4, sum);
	for (k = 1; k < 4; k++)
		if (sum[k] > sum[best])
			best = k;
	return best != 0 && (sum[best] - sum[0]) / n > ORIENT_MARGIN ?
	    best : 0;
}
