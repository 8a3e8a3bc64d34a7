/*
 * comb.c: the Sudoku comb in a quad (step 4 of find.c): the ink profiles
 * of the quad warped to a square, how grid-like it is (in the ink mask and
 * in the grey image), and the quad trimmed to the comb of ten lines inside
 * it, extended to the comb beyond it, or moved a cell over onto its lines.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "private.h"
#include "util.h"

#define COMB_SIZE	360	/* comb search: square size */
#define SCORE_SIZE	180	/* candidate score: square size */
#define EXTEND_RATIO	0.75	/* quads less square than this: extend */
#define EXTEND_SCORE	0.3	/* extension: least comb score */
#define LINE_LEVEL	0.75	/* ten_lines: a line's ink, of the strongest
				   (a column of digits fills at most two
				   thirds of the grid's height) */
#define LINE_OUT	1.25	/* lines_standing: a line's ink, of the
				   cells' beside it, at least */
#define CELL_STEP	1.4	/* ten_lines: a cell at most this much
				   wider or narrower than the one before
				   (a tinted column's edge makes a cell of
				   two halves) */

/*
 * Ink profiles of the quad: warp the binary image's quad to a size x size
 * square; rows[y] and cols[x] get the fraction of ink on each row and
 * column.  h gets the square-to-image homography.
 */
static int
profiles(PIX *bin, const struct quad *q, int size, double *rows,
    double *cols, double h[9])
{
	struct point sq[4] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
	int w = pixGetWidth(bin), ht = pixGetHeight(bin);
	int wpl = pixGetWpl(bin), x, y;
	l_uint32 *data = pixGetData(bin);

	sq[1].x = sq[2].x = sq[2].y = sq[3].y = size;
	if (homography_solve(sq, q->p, h) < 0)
		return -1;
	memset(rows, 0, sizeof(*rows) * size);
	memset(cols, 0, sizeof(*cols) * size);
	for (y = 0; y < size; y++)
		for (x = 0; x < size; x++) {
			struct point p = { x + 0.5, y + 0.5 }, r;
			int ix, iy;

			r = homography_apply(h, p);
			ix = (int)r.x;
			iy = (int)r.y;
			if (ix < 0 || iy < 0 || ix >= w || iy >= ht)
				continue;
			if (GET_DATA_BIT(data + iy * wpl, ix)) {
				rows[y] += 1.0 / size;
				cols[x] += 1.0 / size;
			}
		}
	return 0;
}

/* Ink along the places k (bit k of lines) of the ten a Sudoku has, 0-1. */
static double
lines_score(PIX *bin, const struct quad *q, unsigned lines)
{
	double rows[SCORE_SIZE], cols[SCORE_SIZE], h[9], score = 0;
	int k, d, n = 0;

	if (profiles(bin, q, SCORE_SIZE, rows, cols, h) < 0)
		return 0;
	for (k = 0; k <= 9; k++) {
		int c = k * SCORE_SIZE / 9;
		double br = 0, bc = 0;

		if (!(lines >> k & 1))
			continue;
		for (d = -3; d <= 3; d++) {
			if (c + d < 0 || c + d >= SCORE_SIZE)
				continue;
			br = fmax(br, rows[c + d]);
			bc = fmax(bc, cols[c + d]);
		}
		score += fmin(br, 0.9) + fmin(bc, 0.9);
		n += 2;
	}
	return score / n;
}

/*
 * How many of the ten places of a Sudoku's lines stand out of the cells
 * beside them (LINE_OUT times their ink), in the direction where the
 * fewest do: a grid's lines stand out of its cells, tinted or full of
 * bold digits, but for a few; a paragraph's lines of text, each a bar of
 * ink in the work image, stand out of nothing across them.
 */
int
lines_standing(PIX *bin, const struct quad *q)
{
	double prof[2][SCORE_SIZE], h[9], mid[2][9];
	int k, d, t, n[2] = { 0, 0 };

	if (profiles(bin, q, SCORE_SIZE, prof[0], prof[1], h) < 0)
		return 0;
	/* Each cell's ink: the mean of its middle third. */
	for (t = 0; t < 2; t++)
		for (k = 0; k < 9; k++) {
			int a = (3 * k + 1) * SCORE_SIZE / 27;
			int b = (3 * k + 2) * SCORE_SIZE / 27;

			mid[t][k] = 0;
			for (d = a; d < b; d++)
				mid[t][k] += prof[t][d] / (b - a);
		}
	for (t = 0; t < 2; t++)
		for (k = 0; k <= 9; k++) {
			int c = k * SCORE_SIZE / 9;
			double at = 0, beside = 0;

			for (d = -3; d <= 3; d++)
				if (c + d >= 0 && c + d < SCORE_SIZE)
					at = fmax(at, prof[t][c + d]);
			if (k > 0)
				beside = fmax(beside, mid[t][k - 1]);
			if (k < 9)
				beside = fmax(beside, mid[t][k]);
			n[t] += at > LINE_OUT * beside;
		}
	return n[0] < n[1] ? n[0] : n[1];
}

/* Ink along the ten places a Sudoku has lines, 0-1. */
double
grid_score(PIX *bin, const struct quad *q)
{
	return lines_score(bin, q, 01777);
}

/*
 * Ink along the six places inside a Sudoku's boxes (not a box's border),
 * 0-1: a grid's thin lines, but only digits in a box drawn alone.
 */
double
cell_lines_score(PIX *bin, const struct quad *q)
{
	return lines_score(bin, q, 0666);
}

/* Ink along the four lines of one box drawn alone (a card), 0-1. */
double
box_lines_score(PIX *bin, const struct quad *q)
{
	return lines_score(bin, q, 01111);
}

/* The strongest ink of a profile within two places of c; 0 off its ends. */
static double
line_at(const double *prof, int size, int c)
{
	double m = 0;
	int d;

	for (d = -2; d <= 2; d++)
		if (c + d >= 0 && c + d < size)
			m = fmax(m, prof[c + d]);
	return m;
}

/*
 * line_at of place x rounded, from at[], its values from -size to
 * 2 * size; 0 beyond, as line_at has it.
 */
static inline double
comb_at(const double *at, int size, double x)
{
	int c = (int)round_half_away(x);

	return c >= -size && c < 2 * size ? at[c + size] : 0;
}

/*
 * The comb of ten evenly spaced lines that a profile supports best: first
 * line at *first, spacing *step.  Box lines count double.  With beyond
 * set, a line that continues the comb at its spacing outside it (an
 * eleventh line before or after) counts against it: a Sudoku's border has
 * no cells beyond it, so such a comb is a grid's lines shifted, taking in
 * a neighbouring grid's (two puzzles side by side are one comb of lines
 * but for the gap between them).
 */
static double
comb_range(const double *prof, int size, double pmin, double pmax,
    int beyond, double *first, double *step)
{
	/*
	 * line_at of every place a comb can put a line, worked out once:
	 * the search below asks for each some hundred times.  Places more
	 * than size outside the profile are 0, as line_at has them.
	 */
	double at[3 * COMB_SIZE];
	double best = -1, a, p, sc;
	int k, c;

	if (size > COMB_SIZE)
		return -1;
	for (c = -size; c < 2 * size; c++)
		at[c + size] = line_at(prof, size, c);
	for (p = pmin; p <= pmax + 0.01; p += 0.25)
		for (a = 0; a + 9 * p <= size - 1 + 0.01; a += 0.5) {
			sc = 0;
			for (k = 0; k <= 9; k++)
				sc += (k % 3 == 0 ? 2 : 1) *
				    comb_at(at, size, a + k * p);
			if (beyond)
				sc -= comb_at(at, size, a - p) +
				    comb_at(at, size, a + 10 * p);
			/* On a tie the larger comb wins. */
			sc = sc / 16 + p * 1e-4;
			if (sc > best) {
				best = sc;
				*first = a;
				*step = p;
			}
		}
	return best;
}

static double
best_comb(const double *prof, int size, double *first, double *step)
{
	return comb_range(prof, size, size / 9.0 * 0.55, size / 9.0, 1, first,
	    step);
}

/*
 * A Sudoku is square: a quad much longer one way than the other has
 * likely lost part of the grid (cut by the frame, lines broken in a dark
 * corner).  Look for the comb beyond its short sides, with the spacing
 * of the long ones.  edges are the frame's edges the grid's ink runs to:
 * where it runs to the edge beyond one short side and not the other, the
 * frame cut the grid and the part lost is beyond that side only; the comb
 * is not sought beyond the other, where a neighbouring puzzle's lines can
 * continue it.  Returns 1 if q was extended.
 */
int
extend_to_square(PIX *bin, struct quad *q, int edges)
{
	double rows[COMB_SIZE], cols[COMB_SIZE], h[9], h2[9], wq, hq, r, e;
	double step, a, p, sc, elo, ehi;
	struct point sq[4] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
	struct point c[4];
	struct quad ext, cur = *q;
	int i, horiz, cut_lo, cut_hi;

	wq = (hypot(q->p[1].x - q->p[0].x, q->p[1].y - q->p[0].y) +
	    hypot(q->p[2].x - q->p[3].x, q->p[2].y - q->p[3].y)) / 2;
	hq = (hypot(q->p[3].x - q->p[0].x, q->p[3].y - q->p[0].y) +
	    hypot(q->p[2].x - q->p[1].x, q->p[2].y - q->p[1].y)) / 2;
	if (wq > EXTEND_RATIO * hq && hq > EXTEND_RATIO * wq)
		return 0;
	horiz = wq < hq;
	r = horiz ? hq / wq : wq / hq;
	e = r - 1 + 0.2;
	cut_lo = edges & (horiz ? FRAME_LEFT : FRAME_TOP);
	cut_hi = edges & (horiz ? FRAME_RIGHT : FRAME_BOTTOM);
	elo = cut_hi && !cut_lo ? 0 : e;
	ehi = cut_lo && !cut_hi ? 0 : e;
	if (homography_solve(sq, cur.p, h) < 0)
		return 0;
	for (i = 0; i < 4; i++) {
		struct point u = sq[i];

		if (horiz)
			u.x = u.x == 0 ? -elo : 1 + ehi;
		else
			u.y = u.y == 0 ? -elo : 1 + ehi;
		ext.p[i] = homography_apply(h, u);
	}
	if (profiles(bin, &ext, COMB_SIZE, rows, cols, h2) < 0)
		return 0;
	/* elo + ehi is 2 * e exactly when both are e. */
	step = COMB_SIZE * r / (9 * (1 + (elo + ehi)));
	sc = comb_range(horiz ? cols : rows, COMB_SIZE, 0.85 * step,
	    1.15 * step, 0, &a, &p);
	if (sc < EXTEND_SCORE)
		return 0;
	for (i = 0; i < 4; i++) {
		c[i].x = sq[i].x * COMB_SIZE;
		c[i].y = sq[i].y * COMB_SIZE;
		if (horiz)
			c[i].x = sq[i].x == 0 ? a : a + 9 * p;
		else
			c[i].y = sq[i].y == 0 ? a : a + 9 * p;
	}
	for (i = 0; i < 4; i++)
		ext.p[i] = homography_apply(h2, c[i]);
	/* Only if the grid is seen better so. */
	if (grid_score(bin, &ext) <= grid_score(bin, q))
		return 0;
	*q = ext;
	return 1;
}

/* Whether the comb (first, step) leaves out half a cell or more. */
static int
comb_leaves_cell(double first, double step)
{
	return first >= step / 2 ||
	    COMB_SIZE - (first + 9 * step) >= step / 2;
}

/*
 * Whether the profile is a whole grid's ten lines, unevenly spaced: ten
 * runs of ink at LINE_LEVEL of its strongest or more, the first and the
 * last at its ends (within a quarter of the mean spacing), each spacing
 * within half and one and a half times the mean and within CELL_STEP
 * times the one before.  Sets the first and the last line's places.
 */
static int
ten_lines(const double *prof, int size, double *first, double *last)
{
	double top = 0, c[10], mean, d, prev = 0;
	int k, n = 0, start = -1, on;

	for (k = 0; k < size; k++)
		top = fmax(top, prof[k]);
	for (k = 0; k <= size; k++) {
		on = k < size && prof[k] >= LINE_LEVEL * top;
		if (on && start < 0)
			start = k;
		if (!on && start >= 0) {
			if (n == 10)
				return 0;
			c[n++] = (start + k - 1) / 2.0;
			start = -1;
		}
	}
	if (n != 10)
		return 0;
	mean = (c[9] - c[0]) / 9;
	if (c[0] > mean / 4 || size - 1 - c[9] > mean / 4)
		return 0;
	for (k = 1; k < 10; k++) {
		d = c[k] - c[k - 1];
		if (d < mean / 2 || d > 1.5 * mean)
			return 0;
		/* A curl squeezes the print smoothly, cell by cell. */
		if (k > 1 && (d > CELL_STEP * prev || prev > CELL_STEP * d))
			return 0;
		prev = d;
	}
	*first = c[0];
	*last = c[9];
	return 1;
}

/*
 * The comb of a profile, its first line and spacing: the best comb of
 * evenly spaced lines (best_comb).  One that leaves out half a cell or
 * more of a profile whose ten lines are the whole grid's, unevenly
 * spaced, gives way to them: a page curled towards the spine squeezes
 * its print there, so no even comb runs from border to border, and the
 * best was the grid a column short (make-degraded.py's curl).
 */
static void
comb_or_lines(const double *prof, double *first, double *step)
{
	double a, b;

	best_comb(prof, COMB_SIZE, first, step);
	if (comb_leaves_cell(*first, *step) &&
	    ten_lines(prof, COMB_SIZE, &a, &b)) {
		*first = a;
		*step = (b - a) / 9;
	}
}

/* Shrink q to the Sudoku comb inside it (comb_or_lines). */
void
trim_to_comb(PIX *bin, struct quad *q)
{
	double rows[COMB_SIZE], cols[COMB_SIZE], h[9], ax, px, ay, py;
	struct point c[4];
	int i;

	if (profiles(bin, q, COMB_SIZE, rows, cols, h) < 0)
		return;
	comb_or_lines(cols, &ax, &px);
	comb_or_lines(rows, &ay, &py);
	c[0].x = c[3].x = ax;
	c[1].x = c[2].x = ax + 9 * px;
	c[0].y = c[1].y = ay;
	c[2].y = c[3].y = ay + 9 * py;
	for (i = 0; i < 4; i++)
		q->p[i] = homography_apply(h, c[i]);
}

#define GS_POINTS	48	/* grey score: samples along a line */
#define GS_NEAR		3	/* grey score: the line within, of 180 */
#define GS_FAR		6	/* grey score: its sides within, of 180 */

/*
 * How dark the ten lines a Sudoku has each way are in the grey image g,
 * for the quad q: at each of GS_POINTS points along each line, how much
 * darker the darkest grey within GS_NEAR of it (of SCORE_SIZE across the
 * grid) is than the lightest grey out to GS_FAR on either side (the less
 * of the two); the lower quartile along the line, the mean over the
 * twenty lines.  A printed line is dark all along, handwriting, a digit or
 * a line of text beyond the grid only in places; and no mask, so no ink
 * threshold, is involved.
 */
double
grey_grid_score(PIX *g, const struct quad *q)
{
	struct point sq[4] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
	double h[9], dep[GS_POINTS], sum = 0, v, lo, l, r;
	int dir, k, j, d;

	sq[1].x = sq[2].x = sq[2].y = sq[3].y = SCORE_SIZE;
	if (homography_solve(sq, q->p, h) < 0)
		return 0;
	for (dir = 0; dir < 2; dir++)
		for (k = 0; k <= 9; k++) {
			double c = k * SCORE_SIZE / 9.0;

			for (j = 0; j < GS_POINTS; j++) {
				double t = (j + 0.5) * SCORE_SIZE / GS_POINTS;

				lo = 1e9;
				l = r = -1;
				for (d = -GS_FAR; d <= GS_FAR; d++) {
					struct point u, p;

					u.x = dir ? t : c + d;
					u.y = dir ? c + d : t;
					p = homography_apply(h, u);
					v = grey_at(g, p.x, p.y);
					if (v < 0)
						continue;
					if (d >= -GS_NEAR && d <= GS_NEAR)
						lo = fmin(lo, v);
					else if (d < 0)
						l = fmax(l, v);
					else
						r = fmax(r, v);
				}
				dep[j] = l < 0 || r < 0 || lo > 1e8 ? 0 :
				    fmax(0, fmin(l, r) - lo);
			}
			qsort(dep, GS_POINTS, sizeof(dep[0]), sdk_cmp_double);
			sum += dep[GS_POINTS / 4];
		}
	return sum / 20;
}

#define SEG_POINTS	12	/* side_lined: samples along a cell's side */
#define SEG_REACH	0.3	/* side_lined: a line sought within this much
				   of a cell of its place (a curled page's
				   border bends away from the straight) */
#define SEG_STEP	0.05	/* side_lined: and in steps of this much */
#define SEG_INK		0.75	/* side_lined: of the samples, inked */
#define SIDE_LINED	7	/* shift_to_lines: of the nine cells' sides,
				   a line along at least this many ... */
#define SIDE_BARE	2	/* ... and none along more than this many */

/*
 * Of the nine cells' lengths of line k (0 to 9 the grid's, -1 and 10 a
 * cell beyond) of the quad's grid, h its homography from the grid's cells,
 * columns' lines if vert, rows' else: how many have a straight run of ink
 * (SEG_INK of SEG_POINTS samples) within SEG_REACH of a cell of the line's
 * place.  Each length is sought on its own, so a bent line is still one.
 */
static int
side_lined(PIX *bin, const double h[9], int vert, int k)
{
	int w = pixGetWidth(bin), ht = pixGetHeight(bin);
	int wpl = pixGetWpl(bin), seg, j, ink, lined, n = 0;
	l_uint32 *data = pixGetData(bin);
	double o;

	for (seg = 0; seg < 9; seg++) {
		lined = 0;
		for (o = -SEG_REACH; o <= SEG_REACH + 1e-9 && !lined;
		    o += SEG_STEP) {
			ink = 0;
			for (j = 0; j < SEG_POINTS; j++) {
				double t = seg + (j + 0.5) / SEG_POINTS;
				struct point u, r;
				int ix, iy;

				u.x = vert ? k + o : t;
				u.y = vert ? t : k + o;
				r = homography_apply(h, u);
				ix = (int)r.x;
				iy = (int)r.y;
				if (ix >= 0 && iy >= 0 && ix < w && iy < ht &&
				    GET_DATA_BIT(data + iy * wpl, ix))
					ink++;
			}
			lined = ink >= SEG_INK * SEG_POINTS;
		}
		n += lined;
	}
	return n;
}

/*
 * A quad a row or a column off the grid: no line along one side, and a
 * line all along both the opposite side and the place a cell beyond it.
 * A page curled near one side bends that side's border away from every
 * straight comb; the comb then stopped a line short there and put its
 * tenth line a cell beyond the other side, where there is none (or off
 * the photo).  Such a quad is moved a cell over, through its own
 * homography; the border (step 5) is then sought from there.  A grid
 * found right has a line along every side, and is never moved.  Returns
 * 1 if q was moved.
 */
int
shift_to_lines(PIX *bin, struct quad *q)
{
	struct point sq[4] = { { 0, 0 }, { 9, 0 }, { 9, 9 }, { 0, 9 } };
	double h[9];
	int vert, lo, hi, d[2] = { 0, 0 }, i;

	if (homography_solve(sq, q->p, h) < 0)
		return 0;
	for (vert = 0; vert < 2; vert++) {
		lo = side_lined(bin, h, vert, 0);
		hi = side_lined(bin, h, vert, 9);
		if (lo <= SIDE_BARE && hi >= SIDE_LINED &&
		    side_lined(bin, h, vert, 10) >= SIDE_LINED)
			d[vert] = 1;
		else if (hi <= SIDE_BARE && lo >= SIDE_LINED &&
		    side_lined(bin, h, vert, -1) >= SIDE_LINED)
			d[vert] = -1;
	}
	if (d[0] == 0 && d[1] == 0)
		return 0;
	for (i = 0; i < 4; i++) {
		struct point u = { sq[i].x + d[1], sq[i].y + d[0] };

		q->p[i] = homography_apply(h, u);
	}
	return 1;
}
