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

/* The grey of pixel t along column (axis 0) or row (axis 1) k. */
static inline int
line_grey(const l_uint32 *data, int wpl, int axis, int k, int t)
{
	return axis == 0 ? GET_DATA_BYTE(data + t * wpl, k) :
	    GET_DATA_BYTE(data + k * wpl, t);
}

/* The median grey of column (axis 0) or row (axis 1) k of square. */
static int
line_median(const l_uint32 *data, int wpl, int s, int axis, int k)
{
	int	 hist[256] = { 0 }, t, n = 0;

	for (t = 0; t < s; t++)
		hist[line_grey(data, wpl, axis, k, t)]++;
	for (t = 0; t < 256; t++)
		if ((n += hist[t]) * 2 >= s)
			break;
	return t;
}

/*
 * The least and most grey of each line from to to - 1 (columns, axis 0,
 * or rows) into mn[] and mx[]: only the lines near the thirds are
 * looked at, and the rows only once the columns have their gaps (a photo
 * seldom has), which keeps this cheap on every square.
 */
static void
line_ranges(const l_uint32 *data, int wpl, int s, int axis, int from,
    int to, int *mn, int *mx)
{
	int	 k, t;

	for (k = from; k < to; k++) {
		mn[k] = 255;
		mx[k] = 0;
	}
	for (t = 0; t < s; t++)
		for (k = from; k < to; k++) {
			int	 g = line_grey(data, wpl, axis, k, t);

			if (g < mn[k])
				mn[k] = g;
			if (g > mx[k])
				mx[k] = g;
		}
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
	int	 most = (int)(s * GAP_WIDEN);
	int	 lo = *from - most, hi = *to + most;

	while (*from > lo && *from > 0 &&
	    abs(line_median(data, wpl, s, axis, *from - 1) - g) < thr)
		(*from)--;
	while (*to < hi && *to < s &&
	    abs(line_median(data, wpl, s, axis, *to) - g) < thr)
		(*to)++;
}

/*
 * The grey range under which a line is flat (GAP_FLAT of the square's,
 * its 2nd to its 98th centile, as pixGetRankValue gives them, from one
 * histogram), and in *light the grey a gap is lighter than.  0 when the
 * square has no range.
 */
static int
flat_range(PIX *square, int *light)
{
	l_float32 lo = 0, hi = 0;
	NUMA	*na;

	if ((na = pixGetGrayHistogram(square, 1)) == NULL)
		return 0;
	numaHistogramGetValFromRank(na, 0.02f, &lo);
	numaHistogramGetValFromRank(na, 0.98f, &hi);
	numaDestroy(&na);
	*light = (lept_roundftoi(lo) + lept_roundftoi(hi)) / 2;
	return (int)(GAP_FLAT * ((double)lept_roundftoi(hi) -
	    lept_roundftoi(lo)));
}

/* Whether a line from to to - 1 could be flat: its range under GAP_FLAT. */
static int
some_flat(const int *mn, const int *mx, int from, int to)
{
	int	 k;

	for (k = from; k < to; k++)
		if (mx[k] - mn[k] < GAP_FLAT * 255)
			return 1;
	return 0;
}

int
boxes_apart(PIX *square, struct crossings *c)
{
	l_uint32 *data = pixGetData(square);
	int	 wpl = pixGetWpl(square), s = pixGetWidth(square);
	int	 axis, t, a[3], b[3], found = 0, *mn, *mx, thr = -1, light;

	if (s != pixGetHeight(square) || s < 9 * GAP_LEAST * 3)
		return 0;
	mn = sdk_xmalloc(sizeof(*mn) * (size_t)s * 2);
	mx = sdk_xmalloc(sizeof(*mx) * (size_t)s * 2);
	/* Axis 0: columns (x), each over the rows; axis 1: rows (y). */
	for (axis = 0; axis < 2; axis++) {
		int	*least = mn + axis * s, *most = mx + axis * s;

		a[0] = 0;
		b[2] = s;
		for (t = 1; t <= 2; t++) {
			double	 mid = t * s / 3.0, near = s * GAP_NEAR;
			int	 from = (int)(mid - near), to = (int)(mid + near);

			line_ranges(data, wpl, s, axis, from, to, least, most);
			/*
			 * The square's range only once a line may be flat:
			 * a photo's columns near a third cross the lines.
			 */
			if (thr < 0 && some_flat(least, most, from, to))
				thr = flat_range(square, &light);
			if (thr < 1 || !flat_run(least, most, from, to,
			    thr, light, &b[t - 1], &a[t]))
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
