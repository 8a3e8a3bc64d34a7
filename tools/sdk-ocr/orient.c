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
#define ORIENT_MARGIN		0.1	/* a turn must beat upright by this */

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

int
orient_guess(const struct cell cell[81], double score[4])
{
	float	 crop[2][CELL_NORM * CELL_NORM], p[MLP_OUT];
	double	 sum[4] = { 0, 0, 0, 0 };
	int	 i, k, d, n = 0, best = 0;

	for (i = 0; i < 81; i++) {
		if (!cell[i].present)
			continue;
		n++;
		for (k = 0; k < 4; k++) {
			const float *in = k == 0 ? cell[i].norm :
			    crop[(k - 1) % 2];
			float	 top = 0;

			if (k > 0)
				crop_turn(k == 1 ? cell[i].norm :
				    crop[(k - 2) % 2], crop[(k - 1) % 2]);
			mlp_forward(&mlp_digits, in, NULL, p);
			for (d = 0; d < MLP_OUT; d++)
				top = fmaxf(top, p[d]);
			sum[k] += log(fmax(top, 1e-6));
		}
	}
	for (k = 0; k < 4; k++) {
		if (n > 0)
			sum[k] /= n;
		if (score != NULL)
			score[k] = sum[k];
	}
	if (n < ORIENT_MIN_DIGITS)
		return 0;
	for (k = 1; k < 4; k++)
		if (sum[k] > sum[best])
			best = k;
	return best != 0 && sum[best] - sum[0] > ORIENT_MARGIN ? best : 0;
}
