/*
 * frames.c: frames drawn inside cells, which are no digit's ink
 * (frames.h).
 *
 * Web pages draw a Sudoku's empty cells as text boxes (<input>), each a
 * frame a few pixels inside the cell's lines; apps draw a cursor so.  The
 * grid lines' removal (lines.c) takes the sides near the lines, or not,
 * and what is left read as a 7, a 2 or a 1: on pages made by
 * lab/samples/make-web.py, 5 to 26 entries in empty cells
 * (bench/README.md, "Web pages, drawn by a browser").  Taking whole
 * frames out before the lines' removal as well changed no reading there
 * and cost 3-4 % of sdk-ocr's instructions: it is not done.
 */
#include "frames.h"

#define FRAME_SIDE	0.85	/* share of a side a frame's ink runs along */
#define FRAME_BAND	0.9	/* share of its ink in the bands of its sides */

int
frame_sides(PIX *p, int w, int h, int area, double c)
{
	l_uint32 *d = pixGetData(p), *row;
	int	 wpl = pixGetWpl(p), t, x, y, k, inner = 0;
	int	 top = 0, bot = 0, lft = 0, rgt = 0;

	if ((w > h ? w : h) < 0.5 * c || (w < h ? w : h) < 0.3 * c)
		return 0;
	/* A side's band: a tenth of the box, at least two pixels. */
	t = (w < h ? w : h) / 10;
	t = t < 2 ? 2 : t;
	for (x = 0; x < w; x++) {
		for (k = 0; k < t && !GET_DATA_BIT(d + k * wpl, x); k++)
			;
		top += k < t;
		for (k = 0; k < t && !GET_DATA_BIT(d + (h - 1 - k) * wpl, x);
		    k++)
			;
		bot += k < t;
	}
	for (y = 0; y < h; y++) {
		row = d + y * wpl;
		for (k = 0; k < t && !GET_DATA_BIT(row, k); k++)
			;
		lft += k < t;
		for (k = 0; k < t && !GET_DATA_BIT(row, w - 1 - k); k++)
			;
		rgt += k < t;
		if (y >= t && y < h - t)
			for (x = t; x < w - t; x++)
				inner += GET_DATA_BIT(row, x) != 0;
	}
	if (inner > (1 - FRAME_BAND) * area)
		return 0;
	return (top >= FRAME_SIDE * w) + (bot >= FRAME_SIDE * w) +
	    (lft >= FRAME_SIDE * h) + (rgt >= FRAME_SIDE * h);
}

int
frame_sure(int sides, int w, int h, double c)
{
	if (sides >= 3)
		return 1;
	return sides == 2 && w >= 0.75 * h && h >= 0.75 * w &&
	    w >= 0.5 * c && h >= 0.5 * c;
}
