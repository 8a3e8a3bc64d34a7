/*
 * tints.c: an app draws the selected cell, its row, column and box, and
 * the selected digit's cells in flat tints; judged against the grid's
 * paper, their digits are faint and unlike the others.  Levelled, they
 * are read as any (tints.h).
 */
#include <string.h>

#include "image.h"
#include "tints.h"

#define TINT_LEVEL	0.85	/* paper darker than this x the grid's: tinted */

int
tints_level(PIX *g, double xs[3][10], double ys[3][10],
    unsigned char flat[81])
{
	l_uint32 *d = pixGetData(g);
	int	 wpl = pixGetWpl(g), w = pixGetWidth(g), h = pixGetHeight(g);
	int	 paper[81], tint[81], sorted[81], box[81][4], i, j, t, x, y;
	int	 grid, n = 0;

	for (i = 0; i < 81; i++) {
		int	 x0 = (int)xs[i / 27][i % 9], x1 = (int)xs[i / 27][i % 9 + 1];
		int	 y0 = (int)ys[i % 9 / 3][i / 9];
		int	 y1 = (int)ys[i % 9 / 3][i / 9 + 1], mx, my;

		x0 = x0 < 0 ? 0 : x0;
		y0 = y0 < 0 ? 0 : y0;
		x1 = x1 > w ? w : x1;
		y1 = y1 > h ? h : y1;
		box[i][0] = x0, box[i][1] = y0, box[i][2] = x1, box[i][3] = y1;
		mx = (x1 - x0) / 8;
		my = (y1 - y0) / 8;
		paper[i] = tint[i] = -1;
		if (x1 - x0 > 8 && y1 - y0 > 8 && image_flat_median(g, x0 + mx,
		    y0 + my, x1 - mx, y1 - my, 2, &tint[i]))
			paper[i] = tint[i];
		flat[i] = paper[i] >= 0;
		sorted[i] = paper[i] >= 0 ? paper[i] : 256;
	}
	for (i = 1; i < 81; i++)
		for (j = i; j > 0 && sorted[j] < sorted[j - 1]; j--)
			t = sorted[j], sorted[j] = sorted[j - 1],
			    sorted[j - 1] = t;
	/* The grid's paper: that of most of the flat cells. */
	for (j = 0; j < 81 && sorted[j] <= 255; j++)
		;
	if (j < SCREEN_FLAT_CELLS)
		return 0;	/* no screen's flat colours: a photo */
	grid = sorted[j / 2];
	/*
	 * A screen's: every cell darker than its paper is a tint, flat or
	 * not.  A big digit on a tint rings in a JPEG (a screenshot sent on
	 * is one) both ways, where white paper's ringing is clipped at 255:
	 * half of a highlighted cell's middle may lie beyond 2 levels.
	 */
	for (i = 0; i < 81; i++) {
		double	 f;

		if (tint[i] < 16 || tint[i] >= TINT_LEVEL * grid)
			continue;
		f = (double)grid / tint[i];
		n++;
		for (y = box[i][1]; y < box[i][3]; y++)
			for (x = box[i][0]; x < box[i][2]; x++) {
				double	 v = GET_DATA_BYTE(d + y * wpl, x) * f;

				SET_DATA_BYTE(d + y * wpl, x, v > 255 ? 255 :
				    (int)(v + 0.5));
			}
	}
	return n;
}
