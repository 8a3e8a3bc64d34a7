/*
 * find.c: where is the grid in the photo?
 *
 * 1. Grey as the minimum of R, G and B, so that red or pink ink is as dark
 *    as black; scaled down to at most WORK_MAX pixels a side.
 * 2. Ink: how much darker each pixel is than the paper around it (a grey
 *    closing wipes out ink thinner than its window, leaving the paper).
 *    The threshold follows the photo: a fraction of the strongest ink's
 *    contrast, but above the noise floor (dim, noisy phone photos).  A
 *    second mask adds the ink down to half that threshold joined to it
 *    within (a little beyond) the box of a large component: dark
 *    handwriting can raise the threshold above a faint printed grid.
 *    Steps 3 to 5 run on both masks; the second quad wins if it is more
 *    grid-like both on the second mask and in the grey image.
 * 3. Candidates: connected components of ink whose corner points span a
 *    large, sparse quadrilateral that shows grid lines at the places a
 *    Sudoku has them.  The best scoring one wins.
 * 4. Corners: each side is fitted as a straight line to the outermost ink
 *    of the component, robustly (a caption or a neighbouring puzzle touching
 *    the grid is outvoted), twice, narrowing in; then the ten-line comb of a
 *    Sudoku is sought inside the quad, which trims a neighbouring puzzle or
 *    title bar that is part of the same component; then the sides once more.
 * 5. The border: near each side, the printed border line is sought in the
 *    grey image as the straight dark line that runs all along the side
 *    (text touching it does not), followed as the paper bends, and each
 *    corner placed where the two borders meet, from the ends of the sides
 *    next to it.
 *
 * All thresholds are relative (to the photo's contrast, the grid's size),
 * none fitted to single photos.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "find.h"
#include "image.h"
#include "util.h"

#define WORK_MAX	720	/* detection works at most this big */
#define INK_WINDOW	15	/* paper estimate: closing of this size */
#define INK_FRACTION	0.3	/* ink threshold: of the 98th percentile */
#define NOISE_FACTOR	2.0	/* ink threshold: at least this x median */
#define INK_MIN		6	/* ink threshold: at least this */
#define HYST_FRACTION	0.5	/* fainter ink joined to ink: of threshold */
#define BOX_MARGIN	0.04	/* fainter ink joined within: of the box */
#define SIDE_TOL	5.0	/* line fit: inlier distance (work pixels) */
#define COMB_SIZE	360	/* comb search: square size */
#define SCORE_SIZE	180	/* candidate score: square size */
#define MIN_SCORE	0.35	/* candidate score: least to be a grid */
#define RESCUE_SCORE	0.25	/* candidate score: least to try fitting */
#define MIN_SIDE	36	/* plausible grid: least side (work pixels) */
#define MAX_ELONGATION	2.5	/* plausible grid: longest side / neighbour */
#define EXTEND_RATIO	0.75	/* quads less square than this: extend */
#define EXTEND_SCORE	0.3	/* extension: least comb score */

/* Extreme points of a component's pixels: TL, TR, BR, BL. */
static void
extreme_points(PIX *comp, int bx, int by, struct quad *q)
{
	int w = pixGetWidth(comp), h = pixGetHeight(comp);
	int wpl = pixGetWpl(comp), x, y, i;
	l_uint32 *line;
	double best[4] = { 1e18, -1e18, -1e18, 1e18 }, s, d;

	for (y = 0; y < h; y++) {
		line = pixGetData(comp) + y * wpl;
		for (x = 0; x < w; x++) {
			if (!GET_DATA_BIT(line, x))
				continue;
			s = x + y;
			d = x - y;
			if (s < best[0]) {
				best[0] = s;
				q->p[0].x = x;
				q->p[0].y = y;
			}
			if (d > best[1]) {
				best[1] = d;
				q->p[1].x = x;
				q->p[1].y = y;
			}
			if (s > best[2]) {
				best[2] = s;
				q->p[2].x = x;
				q->p[2].y = y;
			}
			if (d < best[3]) {
				best[3] = d;
				q->p[3].x = x;
				q->p[3].y = y;
			}
		}
	}
	for (i = 0; i < 4; i++) {
		q->p[i].x += bx;
		q->p[i].y += by;
	}
}

static double
quad_area(const struct quad *q)
{
	double a = 0;
	int i;

	for (i = 0; i < 4; i++)
		a += q->p[i].x * q->p[(i + 1) % 4].y -
		    q->p[(i + 1) % 4].x * q->p[i].y;
	return fabs(a) / 2;
}

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

/* Ink along the ten places a Sudoku has lines, 0-1. */
static double
grid_score(PIX *bin, const struct quad *q)
{
	double rows[SCORE_SIZE], cols[SCORE_SIZE], h[9], score = 0;
	int k, d;

	if (profiles(bin, q, SCORE_SIZE, rows, cols, h) < 0)
		return 0;
	for (k = 0; k <= 9; k++) {
		int c = k * SCORE_SIZE / 9;
		double br = 0, bc = 0;

		for (d = -3; d <= 3; d++) {
			if (c + d < 0 || c + d >= SCORE_SIZE)
				continue;
			br = fmax(br, rows[c + d]);
			bc = fmax(bc, cols[c + d]);
		}
		score += fmin(br, 0.9) + fmin(bc, 0.9);
	}
	return score / 20;
}

/*
 * The comb of ten evenly spaced lines that a profile supports best: first
 * line at *first, spacing *step.  Box lines count double.
 */
static double
comb_range(const double *prof, int size, double pmin, double pmax,
    double *first, double *step)
{
	double best = -1, a, p, sc, m;
	int k, c, d;

	for (p = pmin; p <= pmax + 0.01; p += 0.25)
		for (a = 0; a + 9 * p <= size - 1 + 0.01; a += 0.5) {
			sc = 0;
			for (k = 0; k <= 9; k++) {
				c = (int)lround(a + k * p);
				m = 0;
				for (d = -2; d <= 2; d++)
					if (c + d >= 0 && c + d < size)
						m = fmax(m, prof[c + d]);
				sc += (k % 3 == 0 ? 2 : 1) * m;
			}
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
	return comb_range(prof, size, size / 9.0 * 0.55, size / 9.0, first,
	    step);
}

/*
 * A Sudoku is square: a quad much longer one way than the other has
 * likely lost part of the grid (cut by the frame, lines broken in a dark
 * corner).  Look for the comb beyond its short sides, with the spacing
 * of the long ones.  Returns 1 if q was extended.
 */
static int
extend_to_square(PIX *bin, struct quad *q)
{
	double rows[COMB_SIZE], cols[COMB_SIZE], h[9], h2[9], wq, hq, r, e;
	double step, a, p, sc;
	struct point sq[4] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
	struct point c[4];
	struct quad ext, cur = *q;
	int i, horiz;

	wq = (hypot(q->p[1].x - q->p[0].x, q->p[1].y - q->p[0].y) +
	    hypot(q->p[2].x - q->p[3].x, q->p[2].y - q->p[3].y)) / 2;
	hq = (hypot(q->p[3].x - q->p[0].x, q->p[3].y - q->p[0].y) +
	    hypot(q->p[2].x - q->p[1].x, q->p[2].y - q->p[1].y)) / 2;
	if (wq > EXTEND_RATIO * hq && hq > EXTEND_RATIO * wq)
		return 0;
	horiz = wq < hq;
	r = horiz ? hq / wq : wq / hq;
	e = r - 1 + 0.2;
	if (homography_solve(sq, cur.p, h) < 0)
		return 0;
	for (i = 0; i < 4; i++) {
		struct point u = sq[i];

		if (horiz)
			u.x = u.x == 0 ? -e : 1 + e;
		else
			u.y = u.y == 0 ? -e : 1 + e;
		ext.p[i] = homography_apply(h, u);
	}
	if (profiles(bin, &ext, COMB_SIZE, rows, cols, h2) < 0)
		return 0;
	step = COMB_SIZE * r / (9 * (1 + 2 * e));
	sc = comb_range(horiz ? cols : rows, COMB_SIZE, 0.85 * step,
	    1.15 * step, &a, &p);
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

/* Shrink q to the Sudoku comb inside it. */
static void
trim_to_comb(PIX *bin, struct quad *q)
{
	double rows[COMB_SIZE], cols[COMB_SIZE], h[9], ax, px, ay, py;
	struct point c[4];
	int i;

	if (profiles(bin, q, COMB_SIZE, rows, cols, h) < 0)
		return;
	best_comb(cols, COMB_SIZE, &ax, &px);
	best_comb(rows, COMB_SIZE, &ay, &py);
	c[0].x = c[3].x = ax;
	c[1].x = c[2].x = ax + 9 * px;
	c[0].y = c[1].y = ay;
	c[2].y = c[3].y = ay + 9 * py;
	for (i = 0; i < 4; i++)
		q->p[i] = homography_apply(h, c[i]);
}

/* Least-squares line a x + b y = c (a^2 + b^2 = 1) through used points. */
static int
line_lsq(const struct point *p, const char *use, int n, double *a,
    double *b, double *c)
{
	double mx = 0, my = 0, sxx = 0, sxy = 0, syy = 0, th, dx, dy;
	int i, m = 0;

	for (i = 0; i < n; i++)
		if (use[i]) {
			mx += p[i].x;
			my += p[i].y;
			m++;
		}
	if (m < 2)
		return -1;
	mx /= m;
	my /= m;
	for (i = 0; i < n; i++)
		if (use[i]) {
			dx = p[i].x - mx;
			dy = p[i].y - my;
			sxx += dx * dx;
			sxy += dx * dy;
			syy += dy * dy;
		}
	th = 0.5 * atan2(2 * sxy, sxx - syy);
	*a = -sin(th);
	*b = cos(th);
	*c = *a * mx + *b * my;
	return 0;
}

/*
 * A line through points mostly on one straight edge: of the lines through
 * pairs of a regular subsample (deterministic, unlike RANSAC's draws), the
 * one with the most points within tol; then least squares on those.
 */
static int
line_robust(const struct point *p, int n, double tol, double *a, double *b,
    double *c)
{
	char use[512];
	double ba = 0, bb = 0, bc = 0, dx, dy, len, la, lb, lc;
	int i, j, k, cnt, best = -1, step = n > 40 ? n / 40 : 1;

	if (n > (int)sizeof(use))
		n = (int)sizeof(use);
	for (i = 0; i < n; i += step)
		for (j = i + step; j < n; j += step) {
			dx = p[j].x - p[i].x;
			dy = p[j].y - p[i].y;
			if ((len = hypot(dx, dy)) < 1e-6)
				continue;
			la = -dy / len;
			lb = dx / len;
			lc = la * p[i].x + lb * p[i].y;
			cnt = 0;
			for (k = 0; k < n; k++)
				cnt += fabs(la * p[k].x + lb * p[k].y - lc) <=
				    tol;
			if (cnt > best) {
				best = cnt;
				ba = la;
				bb = lb;
				bc = lc;
			}
		}
	if (best < 3 || best < n / 3)
		return -1;
	for (k = 0; k < n; k++)
		use[k] = fabs(ba * p[k].x + bb * p[k].y - bc) <= tol;
	return line_lsq(p, use, n, a, b, c);
}

/*
 * Fit each side to the outermost ink met when coming from outside across
 * it, within reach (a fraction of the side), and put the corners where
 * the fitted sides meet.  Leaves q alone if any side cannot be fitted.
 */
static void
fit_sides(PIX *mask, struct quad *q, double reach_frac)
{
	int w = pixGetWidth(mask), h = pixGetHeight(mask);
	int wpl = pixGetWpl(mask), s, k, n, x, y;
	l_uint32 *data = pixGetData(mask);
	double A[4], B[4], C[4], det;
	struct point cen = { 0, 0 }, pts[100];

	for (s = 0; s < 4; s++) {
		cen.x += q->p[s].x / 4;
		cen.y += q->p[s].y / 4;
	}
	for (s = 0; s < 4; s++) {
		struct point p0 = q->p[s], p1 = q->p[(s + 1) % 4];
		double len = hypot(p1.x - p0.x, p1.y - p0.y);
		double nx, ny, reach, t, bx, by, d;

		if (len < 1)
			return;
		nx = -(p1.y - p0.y) / len;
		ny = (p1.x - p0.x) / len;
		if ((cen.x - p0.x) * nx + (cen.y - p0.y) * ny < 0) {
			nx = -nx;	/* the normal points inwards */
			ny = -ny;
		}
		reach = len * reach_frac;
		for (n = 0, k = 1; k < 100; k++) {
			t = 0.05 + 0.9 * k / 100.0;
			bx = p0.x + (p1.x - p0.x) * t;
			by = p0.y + (p1.y - p0.y) * t;
			for (d = -reach; d <= reach; d += 0.5) {
				x = (int)lround(bx + nx * d);
				y = (int)lround(by + ny * d);
				if (x < 0 || y < 0 || x >= w || y >= h)
					continue;
				if (GET_DATA_BIT(data + y * wpl, x)) {
					pts[n].x = bx + nx * d;
					pts[n].y = by + ny * d;
					n++;
					break;
				}
			}
		}
		if (n < 10 || line_robust(pts, n, SIDE_TOL, &A[s], &B[s],
		    &C[s]) < 0)
			return;
	}
	/* Corner s is where side s - 1 meets side s. */
	for (s = 0; s < 4; s++) {
		int a = (s + 3) % 4;

		if (fabs(A[a] * B[s] - A[s] * B[a]) < 1e-9)
			return;
	}
	for (s = 0; s < 4; s++) {
		int a = (s + 3) % 4;

		det = A[a] * B[s] - A[s] * B[a];
		q->p[s].x = (C[a] * B[s] - C[s] * B[a]) / det;
		q->p[s].y = (A[a] * C[s] - A[s] * C[a]) / det;
	}
}

/* Grey level at (x, y), bilinear; -1 outside the image. */
static double
grey_at(PIX *g, double x, double y)
{
	int w = pixGetWidth(g), h = pixGetHeight(g);

	if (x < 0 || y < 0 || x > w - 1 || y > h - 1)
		return -1;
	return image_sample(pixGetData(g), pixGetWpl(g), w, h, x, y);
}

#define GS_POINTS	48	/* grey score: samples along a line */
#define GS_NEAR		3	/* grey score: the line within, of 180 */
#define GS_FAR		6	/* grey score: its sides within, of 180 */

static int
dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

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
static double
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
			qsort(dep, GS_POINTS, sizeof(dep[0]), dbl_cmp);
			sum += dep[GS_POINTS / 4];
		}
	return sum / 20;
}

#define BF_POINTS	96	/* border fit: samples along a side */
#define BF_REACH	0.035	/* border fit: inward search, of the side */
#define BF_OUT		0.005	/* border fit: outward search, of the side */
#define BF_WINDOW	0.015	/* border fit: ridge sides, of the side */
#define BF_TRACK	0.015	/* border fit: bend from the straight line */
#define BF_TOL		0.004	/* border fit: curve inliers, of the side */
#define BF_DEPTH	8.0	/* border fit: least mean ridge depth */
#define BF_END		0.02	/* border fit: corner end, nearest */
#define BF_END_FAR	0.14	/* border fit: corner end, farthest */
#define BF_END_RMS	1.0	/* border fit: corner end, most RMS (pixels) */
#define BF_END_POINTS	16	/* border fit: samples at a corner end */
#define BF_MAXPROF	256	/* border fit: profile samples */

/*
 * A side of the grid as found in the grey image: the centre of the border
 * line lies c[0] + c[1] u + c[2] u^2 along the inward normal n from the
 * point p0 + (t) (p1 - p0), u = t - 0.5, t from 0 to 1 along the side.
 */
struct border {
	struct point	 p0, p1, n;
	double		 c[3];
	double		 e;	/* the outer edge, from the centre */
	double		 depth;	/* mean ridge depth along it */
};

static struct point
border_at(const struct border *bo, double t, struct point *tan)
{
	double u = t - 0.5, d, dd;
	struct point p;

	d = bo->c[0] + bo->c[1] * u + bo->c[2] * u * u;
	dd = bo->c[1] + 2 * bo->c[2] * u;
	p.x = bo->p0.x + (bo->p1.x - bo->p0.x) * t + bo->n.x * d;
	p.y = bo->p0.y + (bo->p1.y - bo->p0.y) * t + bo->n.y * d;
	tan->x = bo->p1.x - bo->p0.x + bo->n.x * dd;
	tan->y = bo->p1.y - bo->p0.y + bo->n.y * dd;
	return p;
}

/* Least squares d = c0 + c1 u + c2 u^2 over the used points. */
static int
quad_lsq(const double *u, const double *d, const char *use, int n,
    double c[3])
{
	double s[5] = { 0, 0, 0, 0, 0 }, r[3] = { 0, 0, 0 }, m[3][3], det;
	double p;
	int i, j, k;

	for (i = 0; i < n; i++) {
		if (!use[i])
			continue;
		for (p = 1, k = 0; k < 5; k++, p *= u[i]) {
			s[k] += p;
			if (k < 3)
				r[k] += p * d[i];
		}
	}
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			m[i][j] = s[i + j];
	det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
	    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
	    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
	if (s[0] < 3 || fabs(det) < 1e-12)
		return -1;
	/* Cramer's rule. */
	for (k = 0; k < 3; k++) {
		double a[3][3];

		memcpy(a, m, sizeof(a));
		for (i = 0; i < 3; i++)
			a[i][k] = r[i];
		c[k] = (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
		    a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
		    a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])) / det;
	}
	return 0;
}

/*
 * How deep a ridge each sample of a profile is: r[i] = the smaller of the
 * largest grey within w samples before i and within w after it, less
 * prof[i]; 0 where that is not positive, where prof[i] is outside the
 * image (< 0) or where either side has no sample in the image.  The
 * largest of each window by van Herk's method: running maxima forwards
 * and backwards within blocks of w samples.
 */
static void
ridges(const double *prof, int np, int w, double *r)
{
	double g[BF_MAXPROF], h[BF_MAXPROF], om, im;
	int i, a, b;

	for (i = 0; i < np; i++)
		g[i] = i % w == 0 || prof[i] > g[i - 1] ? prof[i] : g[i - 1];
	for (i = np - 1; i >= 0; i--)
		h[i] = i == np - 1 || (i + 1) % w == 0 || prof[i] > h[i + 1] ?
		    prof[i] : h[i + 1];
	for (i = 0; i < np; i++) {
		r[i] = 0;
		if (prof[i] < 0 || i == 0 || i == np - 1)
			continue;
		a = i - w < 0 ? 0 : i - w;
		om = h[a] > g[i - 1] ? h[a] : g[i - 1];
		b = i + w > np - 1 ? np - 1 : i + w;
		im = h[i + 1] > g[b] ? h[i + 1] : g[b];
		om = om < im ? om : im;
		if (om >= 0 && om > prof[i])
			r[i] = om - prof[i];
	}
}

/*
 * Find the border line near the side p0-p1 of a grid (n: the inward
 * normal) in the grey image, and set bo to the outer edge of that line.
 *
 * First as a straight line: of all straight lines from BF_OUT outside to
 * BF_REACH inside the side, the one along which the grey image is the
 * deepest ridge on average (darker than the grey on both sides within
 * BF_WINDOW: a printed line, not the edge of a tinted panel or a shadow).
 * Text or a caption touching the grid is dark in places; only the border
 * is dark all along.  Then the line is followed sample by sample near
 * that straight line and fitted with a parabola, robustly: paper bends,
 * and a straight line through the middle of a bent side misses its ends,
 * the corners.  Last, the curve is moved to the outer edge of the line,
 * half way up to the grey outside, as measured on the mean profile across
 * it.  Returns -1, leaving bo alone, when no line is clear.
 */
static int
border_side(PIX *grey, struct point p0, struct point p1, struct point n,
    double side, struct border *bo)
{
	static double prof[BF_POINTS][BF_MAXPROF], rdg[BF_POINTS][BF_MAXPROF];
	double reach = BF_REACH * side, out = BF_OUT * side, span, best = -1;
	double win = BF_WINDOW * side, track = BF_TRACK * side;
	double tol = fmax(1.0, BF_TOL * side), us[BF_POINTS], cs[BF_POINTS];
	double d0, d1, bd0 = 0, bd1 = 0, sc, c[3], mean[BF_MAXPROF];
	double lo, hi, half, e, t, x;
	char use[BF_POINTS];
	int np, w, k, i, j, pass, m, lo_i, cnt, nin;

	span = reach + 2 * win;
	np = (int)(2 * span / 0.5) + 1;
	if (np > BF_MAXPROF)
		return -1;
	w = (int)fmax(3, win / 0.5);
	for (k = 0; k < BF_POINTS; k++) {
		t = 0.03 + 0.94 * k / (BF_POINTS - 1);
		for (i = 0; i < np; i++)
			prof[k][i] = grey_at(grey,
			    p0.x + (p1.x - p0.x) * t + n.x * (-span + 0.5 * i),
			    p0.y + (p1.y - p0.y) * t + n.y * (-span + 0.5 * i));
		ridges(prof[k], np, w, rdg[k]);
	}
	/* The straight line: coarse, then fine around the best. */
	for (pass = 0; pass < 2; pass++) {
		double c0 = bd0, c1 = bd1, lim = pass ? 1.0 : reach + out;

		for (d0 = c0 - lim; d0 <= c0 + lim + 1e-9; d0 += pass ? 0.5 : 1)
			for (d1 = c1 - lim; d1 <= c1 + lim + 1e-9;
			    d1 += pass ? 0.5 : 1) {
				if (d0 < -out || d1 < -out || d0 > reach ||
				    d1 > reach)
					continue;
				for (sc = 0, k = 0; k < BF_POINTS; k++)
					sc += rdg[k][(int)((d0 + (d1 - d0) *
					    k / (BF_POINTS - 1) + span) / 0.5 +
					    0.5)];
				sc /= BF_POINTS;
				if (sc > best) {
					best = sc;
					bd0 = d0;
					bd1 = d1;
				}
			}
	}
	if (best < BF_DEPTH)
		return -1;
	/* Follow it: the deepest ridge near the straight line. */
	for (m = 0, k = 0; k < BF_POINTS; k++) {
		double dk = bd0 + (bd1 - bd0) * k / (BF_POINTS - 1), r0, r1, r2;
		int bi = -1;

		for (i = (int)((dk - track + span) / 0.5);
		    i <= (int)((dk + track + span) / 0.5); i++)
			if (i > 0 && i < np - 1 && rdg[k][i] >= best / 2 &&
			    (bi < 0 || rdg[k][i] > rdg[k][bi]))
				bi = i;
		if (bi < 0)
			continue;
		/* Sub-sample peak: a parabola through three. */
		r0 = rdg[k][bi - 1];
		r1 = rdg[k][bi];
		r2 = rdg[k][bi + 1];
		x = r0 - 2 * r1 + r2 < 0 ? 0.5 * (r0 - r2) / (r0 - 2 * r1 +
		    r2) : 0;
		us[m] = 0.03 + 0.94 * k / (BF_POINTS - 1) - 0.5;
		cs[m] = -span + 0.5 * (bi + x);
		m++;
	}
	if (m < BF_POINTS / 3)
		return -1;
	/* The parabola through it, twice narrowing to the inliers. */
	memset(use, 1, sizeof(use));
	c[0] = (bd0 + bd1) / 2;
	c[1] = (bd1 - bd0) / 0.94;
	c[2] = 0;
	for (pass = 0; pass < 3; pass++) {
		double lim = pass == 0 ? 2 * tol : tol;

		for (nin = 0, i = 0; i < m; i++) {
			use[i] = fabs(cs[i] - (c[0] + c[1] * us[i] + c[2] *
			    us[i] * us[i])) <= lim;
			nin += use[i];
		}
		if (nin < BF_POINTS / 3 || quad_lsq(us, cs, use, m, c) < 0)
			return -1;
	}
	/* The mean profile across the curve, centred on it. */
	for (j = 0; j < np; j++) {
		mean[j] = 0;
		cnt = 0;
		for (i = 0, k = 0; k < BF_POINTS; k++) {
			double ctr, pos;
			int p;

			t = 0.03 + 0.94 * k / (BF_POINTS - 1) - 0.5;
			ctr = c[0] + c[1] * t + c[2] * t * t;
			pos = (ctr + span) / 0.5 + (j - np / 2);
			p = (int)floor(pos);
			if (p < 0 || p + 1 >= np || prof[k][p] < 0 ||
			    prof[k][p + 1] < 0)
				continue;
			mean[j] += prof[k][p] + (pos - p) * (prof[k][p + 1] -
			    prof[k][p]);
			cnt++;
		}
		mean[j] = cnt > BF_POINTS / 4 ? mean[j] / cnt : -1;
	}
	/* Its darkest point near the centre, then outwards to half way. */
	lo_i = np / 2;
	for (j = np / 2 - 2; j <= np / 2 + 2; j++)
		if (mean[j] >= 0 && mean[j] < mean[lo_i])
			lo_i = j;
	lo = hi = mean[lo_i];
	for (j = lo_i - 1; j >= 0 && j >= lo_i - w && mean[j] >= 0; j--)
		hi = fmax(hi, mean[j]);
	half = (lo + hi) / 2;
	e = 0;
	for (j = lo_i - 1; j >= 0 && j >= lo_i - w && mean[j] >= 0; j--)
		if (mean[j] >= half) {
			e = 0.5 * (j - np / 2) + 0.5 * (mean[j] - half) /
			    fmax(mean[j] - mean[j + 1], 1e-6);
			break;
		}
	bo->p0 = p0;
	bo->p1 = p1;
	bo->n = n;
	bo->c[0] = c[0] + e;
	bo->c[1] = c[1];
	bo->c[2] = c[2];
	bo->e = e;
	bo->depth = best;
	return 0;
}

/*
 * Near a corner the paper may bend more than a parabola over the whole
 * side follows.  The end of side bo next to the corner (t0 = 0 or 1):
 * its border followed from BF_END_FAR of the side away from the corner
 * to BF_END, each sample near the last, and fitted with a straight line,
 * moved to the outer edge as bo is.  Sets the line's point at the corner
 * end (p) and its direction away from the corner (dir) and returns 0, or
 * returns -1 when the line is not clearly seen (too few samples dark
 * enough, or too far from a straight line: noise, or the line and
 * something else).
 */
static int
border_end(PIX *grey, const struct border *bo, double t0, double side,
    struct point *p, struct point *dir)
{
	double win = BF_WINDOW * side, tol = BF_TRACK * side, prof[BF_MAXPROF];
	double us[BF_END_POINTS], cs[BF_END_POINTS], r[BF_MAXPROF], br, c[2];
	double span, t, ctr, u, len, at = 0, lim = tol / 2;
	struct point q, tan;
	int k, i, np, w, m = 0, bi;

	w = (int)fmax(3, win / 0.5);
	span = tol + win;
	np = (int)(2 * span / 0.5) + 1;
	if (np > BF_MAXPROF)
		return -1;
	/* From the far end towards the corner, each near the last. */
	for (k = BF_END_POINTS - 1; k >= 0; k--) {
		u = BF_END + (BF_END_FAR - BF_END) * k / (BF_END_POINTS - 1);
		t = t0 == 0 ? u : 1 - u;
		q = border_at(bo, t, &tan);
		ctr = -bo->e;	/* the centre of the line, from the edge */
		for (i = 0; i < np; i++)
			prof[i] = grey_at(grey, q.x + bo->n.x * (ctr - span +
			    0.5 * i), q.y + bo->n.y * (ctr - span + 0.5 * i));
		ridges(prof, np, w, r);
		bi = -1;
		br = 0;
		for (i = w; i < np - w; i++)
			if (fabs(-span + 0.5 * i - at) <= lim && r[i] > br) {
				br = r[i];
				bi = i;
			}
		if (bi < 0 || br < bo->depth / 2)
			continue;
		us[m] = u;
		cs[m] = at = -span + 0.5 * bi;	/* from the curve's centre */
		lim = fmax(1.5, BF_TOL * side);
		m++;
	}
	if (m < BF_END_POINTS / 2)
		return -1;
	/* A straight line, c0 + c1 u, by least squares. */
	{
		double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0, det;

		for (k = 0; k < m; k++) {
			sx += us[k];
			sy += cs[k];
			sxx += us[k] * us[k];
			sxy += us[k] * cs[k];
			n++;
		}
		det = n * sxx - sx * sx;
		if (fabs(det) < 1e-12)
			return -1;
		c[1] = (n * sxy - sx * sy) / det;
		c[0] = (sy - c[1] * sx) / n;
		/* Not a line but noise, or a line and something else. */
		for (sy = 0, k = 0; k < m; k++)
			sy += (cs[k] - c[0] - c[1] * us[k]) * (cs[k] - c[0] -
			    c[1] * us[k]);
		if (sqrt(sy / m) > BF_END_RMS)
			return -1;
	}
	/* The line's point at the corner end (u = 0), moved to the edge. */
	q = border_at(bo, t0, &tan);
	p->x = q.x + bo->n.x * c[0];
	p->y = q.y + bo->n.y * c[0];
	len = hypot(tan.x, tan.y);
	/* Direction: along the side away from the corner, bent by c1. */
	dir->x = (t0 == 0 ? tan.x : -tan.x) / len + bo->n.x * c[1] / len;
	dir->y = (t0 == 0 ? tan.y : -tan.y) / len + bo->n.y * c[1] / len;
	return 0;
}

/*
 * Each side to its border (border_side) where one is clear, and each
 * corner where the two curves meet, found by Newton's method from the
 * corner of the quad; then, where the border near the corner is seen as a
 * straight line on either side (border_end), where those lines meet.
 */
static void
border_fit(PIX *grey, struct quad *q)
{
	struct border bo[4];
	struct point cen = { 0, 0 }, c[4];
	double side = 0;
	int s, it;

	for (s = 0; s < 4; s++) {
		cen.x += q->p[s].x / 4;
		cen.y += q->p[s].y / 4;
		side += hypot(q->p[(s + 1) % 4].x - q->p[s].x,
		    q->p[(s + 1) % 4].y - q->p[s].y) / 4;
	}
	for (s = 0; s < 4; s++) {
		struct point p0 = q->p[s], p1 = q->p[(s + 1) % 4], n;
		double len = hypot(p1.x - p0.x, p1.y - p0.y);

		if (len < 1)
			return;
		n.x = -(p1.y - p0.y) / len;
		n.y = (p1.x - p0.x) / len;
		if ((cen.x - p0.x) * n.x + (cen.y - p0.y) * n.y < 0) {
			n.x = -n.x;	/* the normal points inwards */
			n.y = -n.y;
		}
		/* By default the side stays as it is. */
		bo[s].p0 = p0;
		bo[s].p1 = p1;
		bo[s].n = n;
		bo[s].c[0] = bo[s].c[1] = bo[s].c[2] = 0;
		bo[s].e = bo[s].depth = 0;
		border_side(grey, p0, p1, n, side, &bo[s]);
	}
	for (s = 0; s < 4; s++) {
		const struct border *a = &bo[(s + 3) % 4], *b = &bo[s];
		double ta = 1, tb = 0, det, u, v;
		struct point pa, pb, da, db;

		for (it = 0; it < 4; it++) {
			pa = border_at(a, ta, &da);
			pb = border_at(b, tb, &db);
			/* pa + v da = pb + u db */
			det = da.x * -db.y - -db.x * da.y;
			if (fabs(det) < 1e-9)
				return;
			v = ((pb.x - pa.x) * -db.y - -db.x * (pb.y - pa.y)) /
			    det;
			u = (da.x * (pb.y - pa.y) - (pb.x - pa.x) * da.y) /
			    det;
			ta += v;
			tb += u;
			if (fabs(ta - 1) > 0.2 || fabs(tb) > 0.2)
				return;
		}
		c[s] = border_at(b, tb, &db);
		pa = border_at(a, ta, &da);
		/* Then from the ends of the two sides near it. */
		if (a->depth > 0 && b->depth > 0) {
			struct point ea, eb, fa, fb;
			int ra, rb;

			ra = border_end(grey, a, 1, side, &ea, &fa);
			rb = border_end(grey, b, 0, side, &eb, &fb);
			if (ra < 0) {
				ea = pa;
				fa = da;
			}
			if (rb < 0) {
				eb = c[s];
				fb = db;
			}
			if (ra == 0 || rb == 0) {
				det = fa.x * -fb.y - -fb.x * fa.y;
				if (fabs(det) > 1e-9) {
					v = ((eb.x - ea.x) * -fb.y - -fb.x *
					    (eb.y - ea.y)) / det;
					c[s].x = ea.x + v * fa.x;
					c[s].y = ea.y + v * fa.y;
				}
			}
		}
	}
	for (s = 0; s < 4; s++)
		q->p[s] = c[s];
}

/*
 * Could q be a Sudoku seen by a camera: a convex quad, sides at least
 * MIN_SIDE pixels (a cell of 4 pixels cannot be read), each side no more
 * than MAX_ELONGATION times its neighbour (perspective foreshortens, but
 * not so much that the grid could still be read).
 */
static int
plausible(const struct quad *q)
{
	double len[4], cr;
	int s;

	for (s = 0; s < 4; s++) {
		const struct point *a = &q->p[s], *b = &q->p[(s + 1) % 4];
		const struct point *c = &q->p[(s + 2) % 4];

		len[s] = hypot(b->x - a->x, b->y - a->y);
		if (!(len[s] >= MIN_SIDE))
			return 0;
		cr = (b->x - a->x) * (c->y - b->y) - (b->y - a->y) * (c->x - b->x);
		if (cr <= 0)
			return 0;	/* not convex, or not clockwise */
	}
	for (s = 0; s < 4; s++)
		if (len[s] > MAX_ELONGATION * len[(s + 1) % 4])
			return 0;
	return 1;
}

/*
 * Clear faint outside the boxes of bin's components large enough to be a
 * grid (as in grid_in), each grown by BOX_MARGIN of its size (a faint
 * border line wholly outside the box of the inner lines): a faint part of
 * a grid lies within the box of its lines; shadows, the frame's edge, text
 * or another grid beside it mostly do not.
 */
static void
within_large(PIX *bin, PIX *faint)
{
	PIX *ink, *keep;
	BOXA *boxa;
	int w = pixGetWidth(bin), h = pixGetHeight(bin), small, i, n;
	int bx, by, bw, bh, mx, my;

	small = w < h ? w : h;
	keep = pixCreate(w, h, 1);
	ink = pixCloseBrick(NULL, bin, 3, 3);
	boxa = pixConnComp(ink, NULL, 8);
	n = boxaGetCount(boxa);
	for (i = 0; i < n; i++) {
		boxaGetBoxGeometry(boxa, i, &bx, &by, &bw, &bh);
		if (bw < small / 5 || bh < small / 5)
			continue;
		mx = (int)(bw * BOX_MARGIN + 1);
		my = (int)(bh * BOX_MARGIN + 1);
		pixRasterop(keep, bx - mx, by - my, bw + 2 * mx, bh + 2 * my,
		    PIX_SET, NULL, 0, 0);
	}
	pixAnd(faint, faint, keep);
	boxaDestroy(&boxa);
	pixDestroy(&ink);
	pixDestroy(&keep);
}

/*
 * Ink masks of a grey image: see the top of this file.  Returns the ink at
 * least thr darker than its paper, and sets *joined to that ink with the
 * fainter ink, down to HYST_FRACTION of thr, that touches it within the
 * box of a large component (hysteresis); or to NULL when that adds
 * nothing.
 */
static PIX *
ink_mask(PIX *grey, PIX **joined)
{
	PIX *paper, *diff, *bin, *faint;
	NUMA *hist;
	l_float32 strong = 0, median = 0;
	int thr, lo, same;

	paper = pixCloseGray(grey, INK_WINDOW, INK_WINDOW);
	diff = pixSubtractGray(NULL, paper, grey);
	hist = pixGetGrayHistogram(diff, 1);
	numaHistogramGetValFromRank(hist, 0.98, &strong);
	numaHistogramGetValFromRank(hist, 0.5, &median);
	thr = (int)(strong * INK_FRACTION);
	if (thr < NOISE_FACTOR * median)
		thr = (int)(NOISE_FACTOR * median);
	if (thr < INK_MIN)
		thr = INK_MIN;
	lo = (int)(thr * HYST_FRACTION);
	if (lo < NOISE_FACTOR * median)
		lo = (int)(NOISE_FACTOR * median);
	if (lo < INK_MIN)
		lo = INK_MIN;
	/* pixThresholdToBinary sets pixels below thr: invert for ink. */
	bin = pixThresholdToBinary(diff, thr);
	pixInvert(bin, bin);
	*joined = NULL;
	if (lo < thr) {
		faint = pixThresholdToBinary(diff, lo);
		pixInvert(faint, faint);
		within_large(bin, faint);
		*joined = pixSeedfillBinary(NULL, bin, faint, 8);
		pixOr(*joined, *joined, bin);
		pixEqual(*joined, bin, &same);
		if (same)
			pixDestroy(joined);
		pixDestroy(&faint);
	}
	numaDestroy(&hist);
	pixDestroy(&paper);
	pixDestroy(&diff);
	return bin;
}

/* A candidate component: its index, quad, grid score and ranking score. */
struct cand {
	struct quad	 q;
	double		 gs, sc;
	int		 i;
};

static int
cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	return x->sc < y->sc ? 1 : x->sc > y->sc ? -1 : x->i - y->i;
}

/*
 * The grid in the ink mask bin of the work image: steps 3 to 5 at the top
 * of this file.  The candidates are fitted best first; the first that is
 * still plausible once fitted wins (a textured cloth under the paper can
 * make one component spanning the photo, which scores well as it stands
 * and collapses once fitted).  Sets q in work pixels and returns its
 * candidate score, or 0 when there is no grid.
 */
static double
grid_in(PIX *work, PIX *bin, struct quad *out, struct find_info *info)
{
	PIX *ink, *thick, *mask, *comp;
	BOXA *boxa;
	PIXA *pixa;
	struct cand *cand;
	struct quad q;
	double area, gs, score = 0;
	int w, h, i, n, nc = 0, bx, by, bw, bh, cnt, small;

	w = pixGetWidth(work);
	h = pixGetHeight(work);
	small = w < h ? w : h;
	/* Close one-pixel gaps in blurred lines; thicken for scoring. */
	ink = pixCloseBrick(NULL, bin, 3, 3);
	thick = pixDilateBrick(NULL, ink, 3, 3);
	boxa = pixConnComp(ink, &pixa, 8);
	n = boxaGetCount(boxa);
	if ((cand = calloc(n > 0 ? n : 1, sizeof(*cand))) == NULL)
		n = 0;
	for (i = 0; i < n; i++) {
		boxaGetBoxGeometry(boxa, i, &bx, &by, &bw, &bh);
		if (bw < small / 5 || bh < small / 5)
			continue;
		comp = pixaGetPix(pixa, i, L_CLONE);
		pixCountPixels(comp, &cnt, NULL);
		extreme_points(comp, bx, by, &q);
		pixDestroy(&comp);
		area = quad_area(&q);
		/* Big, and lines rather than a solid blob. */
		if (area < 0.04 * w * h || cnt > 0.5 * area)
			continue;
		info->candidates++;
		gs = grid_score(thick, &q);
		if (gs < MIN_SCORE && gs >= RESCUE_SCORE) {
			/*
			 * Nearly a grid: a banner or caption joined to it can
			 * spoil the extreme points.  Score it once fitted.
			 */
			struct quad r = q;
			PIX *m1 = pixCreate(w, h, 1);
			double g2;

			comp = pixaGetPix(pixa, i, L_CLONE);
			pixRasterop(m1, bx, by, bw, bh, PIX_SRC, comp, 0, 0);
			pixDestroy(&comp);
			fit_sides(m1, &r, 0.2);
			fit_sides(m1, &r, 0.04);
			trim_to_comb(thick, &r);
			fit_sides(m1, &r, 0.04);
			pixDestroy(&m1);
			if ((g2 = grid_score(thick, &r)) > gs) {
				gs = g2;
				q = r;
				area = quad_area(&q);
			}
		}
		if (gs < MIN_SCORE)
			continue;
		cand[nc].q = q;
		cand[nc].gs = gs;
		cand[nc].sc = gs * sqrt(area);
		cand[nc].i = i;
		nc++;
	}
	qsort(cand, nc, sizeof(*cand), cand_cmp);
	for (i = 0; i < nc && score == 0; i++) {
		boxaGetBoxGeometry(boxa, cand[i].i, &bx, &by, &bw, &bh);
		mask = pixCreate(w, h, 1);
		comp = pixaGetPix(pixa, cand[i].i, L_CLONE);
		pixRasterop(mask, bx, by, bw, bh, PIX_SRC, comp, 0, 0);
		pixDestroy(&comp);
		q = cand[i].q;
		fit_sides(mask, &q, 0.2);
		fit_sides(mask, &q, 0.04);
		trim_to_comb(thick, &q);
		fit_sides(mask, &q, 0.04);
		extend_to_square(thick, &q);
		border_fit(work, &q);
		pixDestroy(&mask);
		/* Not a sliver or a needle: a line of text, a rule. */
		if (plausible(&q)) {
			*out = q;
			score = cand[i].gs;
		}
	}
	free(cand);
	boxaDestroy(&boxa);
	pixaDestroy(&pixa);
	pixDestroy(&thick);
	pixDestroy(&ink);
	return score;
}

int
find_grid(PIX *pix, struct quad *out, struct find_info *info)
{
	PIX *grey, *work, *bin, *joined, *thick;
	struct quad q2;
	double scale = 1, s1, s2;
	int w, h, i, better;

	info->score = 0;
	info->candidates = 0;
	grey = image_grey_min(pix);
	w = pixGetWidth(grey);
	h = pixGetHeight(grey);
	/*
	 * Halve while more than twice too big (exact 2x2 means are far
	 * cheaper than a general area map), then scale to WORK_MAX.
	 */
	work = grey;
	while (work != NULL && (w > 2 * WORK_MAX || h > 2 * WORK_MAX)) {
		PIX *half = pixScaleAreaMap2(work);

		pixDestroy(&work);
		work = half;
		scale /= 2;
		w /= 2;
		h /= 2;
	}
	if (work != NULL && (w > WORK_MAX || h > WORK_MAX)) {
		double s = (double)WORK_MAX / (w > h ? w : h);
		PIX *reduced = pixScaleAreaMap(work, (l_float32)s,
		    (l_float32)s);

		pixDestroy(&work);
		work = reduced;
		scale *= s;
	}
	if (work == NULL || pixGetWidth(work) < 20 || pixGetHeight(work) < 20) {
		pixDestroy(&work);
		return -1;
	}
	bin = ink_mask(work, &joined);
	s1 = grid_in(work, bin, out, info);
	/*
	 * Dark handwriting filling the cells raises the strongest ink, and
	 * so the threshold, above parts of a faint printed grid: its border
	 * breaks up, the sides are fitted to inner lines, and the quad found
	 * is part of the grid.  The fainter ink joined to the grid's lines
	 * mends them; but it also joins text or another grid inside the box,
	 * and it thickens blurred lines.  So the grid is sought in both
	 * masks, and the second quad wins only when it is more grid-like both
	 * on the joined mask (which ties, at its cap, for two quads on the
	 * same whole grid) and in the grey image (where a quad taking in a
	 * second grid has lines where none are printed, though its mask,
	 * full of text, may score well).
	 */
	if (joined != NULL && (s2 = grid_in(work, joined, &q2, info)) > 0) {
		better = s1 <= 0;
		if (!better) {
			thick = pixCloseBrick(NULL, joined, 3, 3);
			pixDilateBrick(thick, thick, 3, 3);
			better = grid_score(thick, &q2) >
			    grid_score(thick, out) &&
			    grey_grid_score(work, &q2) >
			    grey_grid_score(work, out);
			pixDestroy(&thick);
		}
		if (better) {
			*out = q2;
			s1 = s2;
		}
	}
	info->score = s1;
	if (s1 > 0)
		for (i = 0; i < 4; i++) {
			out->p[i].x = (out->p[i].x + 0.5) / scale - 0.5;
			out->p[i].y = (out->p[i].y + 0.5) / scale - 0.5;
		}
	pixDestroy(&joined);
	pixDestroy(&bin);
	pixDestroy(&work);
	return s1 > 0 ? 0 : -1;
}
