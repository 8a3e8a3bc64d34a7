/*
 * lines.c: sdk-warp's following of the grid's inner lines in the square
 * first warped from the quad.  Each line is sought across each row (or
 * column) of cells near the place the corners predict, fitted with a
 * gentle curve, and the crossings placed where the lines really meet, so
 * that the square drawn again through them straightens a page's curl.  A
 * line that a curl moved as a whole beyond that reach is sought further,
 * where it runs unbroken.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "morph.h"
#include "util.h"
#include "warp.h"

#define DEGREE		2	/* lines bend as quadratics (page curl) */
#define MIN_BANDS	5	/* of 9 bands a line must be found in */
#define MAX_BEND	0.25	/* of a cell: further is a wrong line */
#define BAND_REACH	0.25	/* of a cell: a line sought in a band so far
				   from its place */
#define LINE_REACH	0.45	/* of a cell: a line's place sought so far off
				   its expected one (a curl squeezes cells) */
#define LINE_INK	10	/* grey levels: a moved line's ink, above the
				   noise of a JPEG's paper */
#define LINE_WHOLE	0.9	/* of a band: a moved line inked so much */
#define LINE_BANDS	7	/* of 9 bands a moved line must be found in */
#define LINE_MOVED	BAND_REACH /* of a cell: and its bands sought there
				   when it lies beyond their own reach (and
				   was not followed about its place) */
#define OUTER_REACH	0.4	/* of a cell: a grid's outer line sought so
				   far inside the quad's side */
#define OUTER_ASKEW	0.15	/* of a cell: an outer line's places across
				   its bands spread so far: a corner astray */
#define OUTER_BANDS	5	/* of 9 bands an outer line found in, to be
				   judged askew */


/*
 * Ink of the square: how much darker each pixel is than the paper around
 * it, as doubles for the profiles below (warp.h).
 */
double *
square_ink(PIX *square)
{
	int size = pixGetWidth(square);
	PIX *paper = sdk_need(morph_close_grey(square, 11, 11));
	double *ink = sdk_xmalloc(sizeof(double) * size * size);
	const l_uint32 *pd = pixGetData(paper), *sd = pixGetData(square);
	int x, y, wpl = pixGetWpl(square);

	for (y = 0; y < size; y++)
		for (x = 0; x < size; x++)
			ink[y * size + x] = (double)GET_DATA_BYTE(
			    pd + y * wpl, x) - GET_DATA_BYTE(sd + y * wpl, x);
	pixDestroy(&paper);
	return ink;
}

/*
 * Find line k's position (0..9) across band b (0..8), vertical lines if
 * vert: the column within reach of a cell of its expected place moved by
 * centre pixels with the most ink over the band.  Returns the offset from
 * the expected place, or NAN if no clear line is there.
 */
static double
line_offset(const double *ink, int size, int vert, int k, int b,
    double centre, double reach_cells)
{
	double cell = size / 9.0, best = -1, second = -1, sum, mean = 0;
	int reach = (int)(cell * reach_cells), lo, hi, t, s, e, pos = 0, n = 0;

	lo = (int)(k * cell + centre) - reach;
	hi = (int)(k * cell + centre) + reach;
	s = (int)(b * cell + cell * 0.15);
	e = (int)((b + 1) * cell - cell * 0.15);
	for (t = lo; t <= hi; t++) {
		int q;

		if (t < 0 || t >= size)
			continue;
		sum = 0;
		for (q = s; q < e; q++)
			sum += vert ? ink[q * size + t] :
			    ink[t * size + q];
		sum /= e - s;
		mean += sum;
		n++;
		if (sum > best) {
			second = best;
			best = sum;
			pos = t;
		} else if (sum > second) {
			second = sum;
		}
	}
	if (n == 0)
		return NAN;
	mean /= n;
	/* A line stands well out of the ink around it. */
	if (best < 12 || best < 2 * mean)
		return NAN;
	return pos + 0.5 - k * cell;
}

/*
 * Fit a line's offsets across the nine bands (NAN where not found) with a
 * polynomial of degree DEGREE in the band centre, dropping places far from
 * it and refitting; write the fitted offsets at the ten crossings.  A line
 * found in fewer than MIN_BANDS bands, or bending more than MAX_BEND of a
 * cell off centre (its place as a whole, line_moved), keeps offset 0:
 * better the corners' guess than a wrong curve.  Returns 1 if the line
 * was followed.
 */
static int
fit_line_path(const double *off, int size, double centre, double *fit)
{
	double m[3][4], co[3], cell = size / 9.0, t, e, worst;
	int n, i, j, q, b, it, nco = DEGREE + 1;
	char use[9];

	for (b = 0; b < 9; b++)
		use[b] = !isnan(off[b]);
	for (b = 0; b <= 9; b++)
		fit[b] = 0;
	for (it = 0; it < 3; it++) {
		memset(m, 0, sizeof(m));
		for (n = 0, b = 0; b < 9; b++) {
			double pw[5];

			if (!use[b])
				continue;
			n++;
			t = (b + 0.5) / 9 - 0.5;
			pw[0] = 1;
			for (i = 1; i < 5; i++)
				pw[i] = pw[i - 1] * t;
			for (i = 0; i < nco; i++) {
				for (j = 0; j < nco; j++)
					m[i][j] += pw[i + j];
				m[i][3] += off[b] * pw[i];
			}
		}
		if (n < MIN_BANDS)
			return 0;
		/* Gauss-Jordan on the normal equations. */
		for (i = 0; i < nco; i++) {
			double pv = m[i][i];

			if (fabs(pv) < 1e-12)
				return 0;
			for (j = 0; j < 4; j++)
				m[i][j] /= pv;
			for (j = 0; j < nco; j++) {
				double f = m[j][i];

				if (j == i)
					continue;
				for (q = 0; q < 4; q++)
					m[j][q] -= f * m[i][q];
			}
		}
		for (i = 0; i < 3; i++)
			co[i] = i < nco ? m[i][3] : 0;
		/* Drop the worst place if it is far from the curve. */
		worst = 0;
		q = -1;
		for (b = 0; b < 9; b++) {
			if (!use[b])
				continue;
			t = (b + 0.5) / 9 - 0.5;
			e = fabs(off[b] - (co[0] + co[1] * t + co[2] * t * t));
			if (e > worst) {
				worst = e;
				q = b;
			}
		}
		if (worst <= size / 150.0)
			break;
		use[q] = 0;
	}
	if (worst > size / 150.0)
		return 0;
	for (b = 0; b <= 9; b++) {
		t = (double)b / 9 - 0.5;
		fit[b] = co[0] + co[1] * t + co[2] * t * t;
		if (fabs(fit[b] - centre) > MAX_BEND * cell) {
			for (b = 0; b <= 9; b++)
				fit[b] = 0;
			return 0;
		}
	}
	return 1;
}

/*
 * Of the pixels s to e-1 along place t (1 to size-2) across a band,
 * vertical lines if vert: how many have ink of LINE_INK or more within a
 * pixel of the place; counting stops, short, once more than miss of them
 * have none.
 */
static int
inked_along(const double *ink, int size, int vert, int t, int s, int e,
    double miss)
{
	double v;
	int q, d, on = 0;

	for (q = s; q < e && q - s - on <= miss; q++) {
		for (v = 0, d = -1; d <= 1; d++)
			v = fmax(v, vert ? ink[q * size + t + d] :
			    ink[(t + d) * size + q]);
		on += v >= LINE_INK;
	}
	return on;
}

/*
 * The place within LINE_REACH of a cell of line k's expected one where
 * it runs unbroken across band b (0..8), vertical lines if vert: ink of
 * LINE_INK or more within a pixel of it on LINE_WHOLE of the band's
 * rows (columns) between its lines' crossings, the most so; as an offset
 * from the expected place, or NAN if none.  A column of digits, however
 * dark, leaves gaps above, below and between them; a line does not.
 */
static double
line_unbroken(const double *ink, int size, int vert, int k, int b)
{
	double cell = size / 9.0, best = -1;
	int reach = (int)(cell * LINE_REACH), t, s, e, on, pos = 0;

	s = (int)(b * cell + cell * 0.1);
	e = (int)((b + 1) * cell - cell * 0.1);
	for (t = (int)(k * cell) - reach; t <= (int)(k * cell) + reach; t++) {
		if (t < 1 || t >= size - 1)
			continue;
		on = inked_along(ink, size, vert, t, s, e, e - s);
		if (on > best) {
			best = on;
			pos = t;
		}
	}
	if (best < LINE_WHOLE * (e - s))
		return NAN;
	return pos + 0.5 - k * cell;
}

/*
 * Where inner line k lies as a whole, as an offset from its expected
 * place: the median of its unbroken places across the nine bands
 * (line_unbroken), when found in LINE_BANDS of them at least; 0 when it
 * is less than LINE_MOVED of a cell off.  A page curled near a side
 * squeezes the cells there: the corners are right, but a line between
 * them can lie near half a cell off, beyond the bands' own reach, and
 * the digits of a column were cut in two.
 */
static double
line_moved(const double *ink, int size, int vert, int k)
{
	double at[9], cell = size / 9.0, m;
	int b, n = 0;

	for (b = 0; b < 9; b++) {
		m = line_unbroken(ink, size, vert, k, b);
		if (!isnan(m))
			at[n++] = m;
	}
	if (n < LINE_BANDS)
		return 0;
	qsort(at, n, sizeof(at[0]), sdk_cmp_double);
	m = n % 2 ? at[n / 2] : (at[n / 2 - 1] + at[n / 2]) / 2;
	return fabs(m) < LINE_MOVED * cell ? 0 : m;
}

/*
 * How far inside the quad's side the grid's outer line k (0 or 9) runs
 * unbroken across band b, vertical lines if vert: the innermost place
 * within OUTER_REACH of a cell inside the side where ink lies along
 * LINE_WHOLE of the band (inked_along), moved out to the darkest place
 * within a sixteenth of a cell (the line's middle, not its inner edge);
 * NAN if none.  The innermost: what lies outside the grid's line, beyond
 * the quad's side, is no part of the grid (a title bar, a screen's
 * bezel), however dark.
 */
static double
outer_unbroken(const double *ink, int size, int vert, int k, int b)
{
	double cell = size / 9.0, sum, best = -1;
	int reach = (int)(cell * OUTER_REACH), thick = (int)(cell / 16) + 1;
	int dir = k == 0 ? 1 : -1, side = k == 0 ? 0 : size - 1;
	int s, e, i, t, q, in = -1, pos;

	s = (int)(b * cell + cell * 0.1);
	e = (int)((b + 1) * cell - cell * 0.1);
	for (i = reach; i >= 0 && in < 0; i--) {
		t = side + dir * i;
		if (t >= 1 && t < size - 1 &&
		    inked_along(ink, size, vert, t, s, e, (e - s) -
		    LINE_WHOLE * (e - s)) >= LINE_WHOLE * (e - s))
			in = i;
	}
	if (in < 0)
		return NAN;
	for (pos = i = in; i >= in - thick && i >= 0; i--) {
		t = side + dir * i;
		for (sum = 0, q = s; q < e; q++)
			sum += vert ? ink[q * size + t] : ink[t * size + q];
		if (sum > best) {
			best = sum;
			pos = i;
		}
	}
	return pos + 0.5;
}

/*
 * How far inside each side of the square the grid's outer line lies:
 * in[0] the top, in[1] the right, in[2] the bottom, in[3] the left, in
 * pixels, each the median of its places across the nine bands
 * (outer_unbroken), found in LINE_BANDS of them at least, and 0 when
 * under LINE_MOVED of a cell.  A quad's side fitted to a title bar over
 * the grid, or to a screen's edge beside it, lies that far outside the
 * grid's line: the row or column next to it was cut across its digits.
 * Returns whether any side lies so, and none askew: where an outer line
 * found in OUTER_BANDS bands or more runs across the square's side (its
 * places over OUTER_ASKEW of a cell apart, the extreme band of each end
 * left out), a corner is astray, and moving a side in does not mend that
 * (photos of screens seed 109 picture 10: its left side in, its top
 * right corner still out, read wrongly).
 */
int
outer_sides_in(const double *ink, int size, double in[4])
{
	static const int vert_of[4] = { 0, 1, 0, 1 }, k_of[4] = { 0, 9, 9, 0 };
	double at[9], cell = size / 9.0, m;
	int side, b, n, any = 0, askew = 0;

	for (side = 0; side < 4; side++) {
		in[side] = 0;
		for (n = 0, b = 0; b < 9; b++) {
			m = outer_unbroken(ink, size, vert_of[side],
			    k_of[side], b);
			if (!isnan(m))
				at[n++] = m;
		}
		if (n < OUTER_BANDS)
			continue;
		qsort(at, n, sizeof(at[0]), sdk_cmp_double);
		/* Less the extreme bands: one may hold a tint's edge. */
		askew |= at[n - 2] - at[1] > OUTER_ASKEW * cell;
		m = n % 2 ? at[n / 2] : (at[n / 2 - 1] + at[n / 2]) / 2;
		if (n >= LINE_BANDS && m >= LINE_MOVED * cell) {
			in[side] = m;
			any = 1;
		}
	}
	return any && !askew;
}

/*
 * Whether the fitted lines of one way keep their order, each at least
 * half a cell after the one before at every crossing: a line moved onto
 * its neighbour's is a wrong one.
 */
static int
lines_in_order(double fit[10][10], int size)
{
	double cell = size / 9.0;
	int k, b;

	for (k = 1; k <= 9; k++)
		for (b = 0; b <= 9; b++)
			if (cell + fit[k][b] - fit[k - 1][b] < cell / 2)
				return 0;
	return 1;
}

/*
 * Where a moved line of one way was followed (a curl squeezing the cells),
 * each line of that way not followed is put between the nearest followed
 * ones (or the outer lines) on either side, in proportion, at every
 * crossing: left where the corners put it, a faint line between moved
 * ones lay within a cell's crop, read as a stroke.  Elsewhere nothing
 * changes.
 */
static void
squeeze_between(double fit[10][10], const int followed[10],
    const double moved[10])
{
	int k, lo, hi, b, any = 0;

	for (k = 1; k <= 8; k++)
		any |= followed[k] && moved[k] != 0;
	if (!any)
		return;
	for (k = 1; k <= 8; k++) {
		if (followed[k])
			continue;
		for (lo = k - 1; lo > 0 && !followed[lo]; lo--)
			;
		for (hi = k + 1; hi < 9 && !followed[hi]; hi++)
			;
		for (b = 0; b <= 9; b++)
			fit[k][b] = fit[lo][b] + (fit[hi][b] - fit[lo][b]) *
			    (k - lo) / (hi - lo);
	}
}

/*
 * Follow inner line k (1..8), vertical if vert: measure it across every
 * band about its place and fit its path into fit[]; when it cannot be
 * followed so, perhaps it moved as a whole (line_moved, whose offset goes
 * to *moved, 0 if not): it is measured and fitted again about where it
 * lies.  Returns 1 if the line was followed.
 */
static int
follow_line(const double *ink, int size, int vert, int k, double fit[10],
    double *moved)
{
	double off[9];
	int b;

	*moved = 0;
	for (b = 0; b < 9; b++)
		off[b] = line_offset(ink, size, vert, k, b, 0, BAND_REACH);
	if (fit_line_path(off, size, 0, fit))
		return 1;
	if ((*moved = line_moved(ink, size, vert, k)) == 0)
		return 0;
	for (b = 0; b < 9; b++)
		off[b] = line_offset(ink, size, vert, k, b, *moved,
		    BAND_REACH);
	return fit_line_path(off, size, *moved, fit);
}

/*
 * Follow every inner line and place the crossings.  Lines that cannot be
 * followed stay where the corners put them, but for those between lines
 * a curl moved (squeeze_between).  The outer lines are where sdk-detect
 * fitted them over the whole side (or outer_sides_in found them); here
 * only half of their search window would lie in the square, which biases
 * them towards ink inside: the inner ones only are followed.  Returns how
 * many lines were followed.
 */
int
crossings_find(PIX *square, const double *ink, struct crossings *c)
{
	int size = pixGetWidth(square);
	double fit[2][10][10], moved[2][10];
	int vert, k, b, found = 0, followed[2][10];

	memset(fit, 0, sizeof(fit));
	memset(moved, 0, sizeof(moved));
	memset(followed, 0, sizeof(followed));
	for (vert = 0; vert < 2; vert++) {
		for (k = 1; k <= 8; k++)
			followed[vert][k] = follow_line(ink, size, vert, k,
			    fit[vert][k], &moved[vert][k]);
		/* Moved lines that cross or crowd: back where they were. */
		if (!lines_in_order(fit[vert], size))
			for (k = 1; k <= 8; k++)
				if (moved[vert][k] != 0) {
					memset(fit[vert][k], 0,
					    sizeof(fit[vert][k]));
					followed[vert][k] = 0;
				}
		for (k = 1; k <= 8; k++)
			found += followed[vert][k];
		squeeze_between(fit[vert], followed[vert], moved[vert]);
	}
	/* Crossing of vertical line i and horizontal line j. */
	for (k = 0; k <= 9; k++)
		for (b = 0; b <= 9; b++) {
			c->p[b][k].x = k * size / 9.0 + fit[1][k][b];
			c->p[b][k].y = b * size / 9.0 + fit[0][b][k];
		}
	return found;
}
