/*
 * apart.c: a grid drawn as nine boxes set apart (warp.h).  Some apps and
 * web pages draw each box as a card of its own, with a gap of the page
 * between them and no line across it; sdk-detect's corners are the outer
 * boxes' (their lattice), so the square's lattice of cells runs into the
 * gaps: a cell by a gap held part of the gap and the next card's border,
 * and its digit was lost (make-web.py's cards: most of its pages
 * refused, and one read wrong and solved wrongly in 14 cells).
 */
#include <stdlib.h>

#include "util.h"
#include "warp.h"

#define GAP_FLAT	0.1	/* a gap's row of pixels: its grey's range
				   under this share of the square's (the
				   2nd to the 98th centile), and lighter
				   than their middle */
#define GAP_NEAR	(1.0 / 18)	/* sought within half a cell of each
					   third of the square */
#define GAP_LEAST	2	/* pixels across, at least */
#define GAP_WIDEN	(1.0 / 36)	/* widened by a quarter cell at most */

/*
 * The widest run of flat light lines within [lo, hi): their grey's range
 * (least[k] to most[k]) under thr, and their least grey over light (a
 * thick line drawn in one grey is as flat, but ink).  *a its first, *b
 * past its last.  Returns whether one is GAP_LEAST wide.
 */
static int
flat_run(const int *least, const int *most, int lo, int hi, int thr,
    int light, int *a, int *b)
{
	int	 k, start = -1, best = 0;

	for (k = lo; k <= hi; k++) {
		if (k < hi && most[k] - least[k] < thr && least[k] > light) {
			if (start < 0)
				start = k;
			continue;
		}
		if (start >= 0 && k - start > best) {
			best = k - start;
			*a = start;
			*b = k;
		}
		start = -1;
	}
	return best >= GAP_LEAST;
}

/* The median grey of column (axis 0) or row (axis 1) k of square. */
static int
line_median(const l_uint32 *data, int wpl, int s, int axis, int k)
{
	int	 hist[256] = { 0 }, t, n = 0;

	for (t = 0; t < s; t++)
		hist[axis == 0 ? GET_DATA_BYTE(data + t * wpl, k) :
		    GET_DATA_BYTE(data + k * wpl, t)]++;
	for (t = 0; t < 256; t++)
		if ((n += hist[t]) * 2 >= s)
			break;
	return t;
}

/*
 * The gap [*from, *to) of flat lines widened to the page's ground beside
 * it: the lines whose median grey is the gap's (within thr), up to
 * GAP_WIDEN of the square on either side.  A card's round corners spoil
 * the flatness of the lines next to its border, so that only the gap's
 * middle is flat, and each box kept part of the gap, its border inside
 * its cells (make-web.py's seed 79, page 25: three givens by the cards'
 * edges missed).
 */
static void
gap_widen(const l_uint32 *data, int wpl, int s, int axis, int thr,
    int *from, int *to)
{
	int	 g = line_median(data, wpl, s, axis, (*from + *to) / 2);
	int	 lo = *from - (int)(s * GAP_WIDEN), hi = *to + (int)(s * GAP_WIDEN);

	while (*from > lo && *from > 0 &&
	    abs(line_median(data, wpl, s, axis, *from - 1) - g) < thr)
		(*from)--;
	while (*to < hi && *to < s &&
	    abs(line_median(data, wpl, s, axis, *to) - g) < thr)
		(*to)++;
}

int
boxes_apart(PIX *square, struct crossings *c)
{
	l_uint32 *data = pixGetData(square);
	l_uint32 lo = 0, hi = 0;
	int	 wpl = pixGetWpl(square), s = pixGetWidth(square);
	int	 axis, k, t, a[3], b[3], found = 0, *mn, *mx, thr;

	if (s != pixGetHeight(square) || s < 9 * GAP_LEAST * 3)
		return 0;
	pixGetRankValue(square, 1, 0.02f, &lo);
	pixGetRankValue(square, 1, 0.98f, &hi);
	thr = (int)(GAP_FLAT * ((double)hi - lo));
	if (thr < 1)
		return 0;
	mn = sdk_xmalloc(sizeof(*mn) * (size_t)s * 2);
	mx = sdk_xmalloc(sizeof(*mx) * (size_t)s * 2);
	/* Axis 0: columns (x), each over the rows; axis 1: rows (y). */
	for (k = 0; k < 2 * s; k++) {
		mn[k] = 255;
		mx[k] = 0;
	}
	for (t = 0; t < s; t++) {
		const l_uint32 *line = data + t * wpl;

		for (k = 0; k < s; k++) {
			int	 g = GET_DATA_BYTE(line, k);

			if (g < mn[k])
				mn[k] = g;
			if (g > mx[k])
				mx[k] = g;
			if (g < mn[s + t])
				mn[s + t] = g;
			if (g > mx[s + t])
				mx[s + t] = g;
		}
	}
	for (axis = 0; axis < 2; axis++) {
		const int *least = mn + axis * s, *most = mx + axis * s;

		a[0] = 0;
		b[2] = s;
		for (t = 1; t <= 2; t++) {
			double	 mid = t * s / 3.0, near = s * GAP_NEAR;

			if (!flat_run(least, most, (int)(mid - near),
			    (int)(mid + near), thr, (int)(lo + hi) / 2,
			    &b[t - 1], &a[t]))
				break;
		}
		if (t <= 2)
			break;
		for (t = 1; t <= 2; t++)
			gap_widen(data, wpl, s, axis, thr, &b[t - 1], &a[t]);
		for (t = 0; t < 3; t++) {
			c->box[axis][t][0] = a[t];
			c->box[axis][t][1] = b[t];
		}
		found++;
	}
	free(mn);
	free(mx);
	/*
	 * Nine boxes set apart are apart both ways.  One way only is a line
	 * drawn in one grey, lighter than the ground (a table's in a dark
	 * theme), or a band of a page.
	 */
	c->apart[0] = c->apart[1] = found == 2;
	return found == 2;
}
