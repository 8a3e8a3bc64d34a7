/*
 * find.c: where is the grid in the photo?
 *
 * 1. Grey as the minimum of R, G and B, so that red or pink ink is as dark
 *    as black; scaled down to at most WORK_MAX pixels a side.
 * 2. Ink: how much darker each pixel is than the paper around it (a grey
 *    closing wipes out ink thinner than its window, leaving the paper).
 *    The threshold follows the photo: a fraction of the strongest ink's
 *    contrast, but above the noise floor (dim, noisy phone photos).
 * 3. Candidates: connected components of ink whose corner points span a
 *    large, sparse quadrilateral that shows grid lines at the places a
 *    Sudoku has them.  The best scoring one wins.
 * 4. Corners: each side is fitted as a straight line to the outermost ink
 *    of the component, robustly (a caption or a neighbouring puzzle touching
 *    the grid is outvoted), twice, narrowing in; then the ten-line comb of a
 *    Sudoku is sought inside the quad, which trims a neighbouring puzzle or
 *    title bar that is part of the same component; then the sides once more.
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
#define SIDE_TOL	5.0	/* line fit: inlier distance (work pixels) */
#define COMB_SIZE	360	/* comb search: square size */
#define SCORE_SIZE	180	/* candidate score: square size */
#define MIN_SCORE	0.35	/* candidate score: least to be a grid */

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
best_comb(const double *prof, int size, double *first, double *step)
{
	double best = -1, a, p, sc, m;
	int k, c, d;

	for (p = size / 9.0 * 0.55; p <= size / 9.0 + 0.01; p += 0.25)
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

/* Ink mask of a grey image: see the top of this file. */
static PIX *
ink_mask(PIX *grey)
{
	PIX *paper, *diff, *bin;
	NUMA *hist;
	l_float32 strong = 0, median = 0;
	int thr;

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
	/* pixThresholdToBinary sets pixels below thr: invert for ink. */
	bin = pixThresholdToBinary(diff, thr);
	pixInvert(bin, bin);
	numaDestroy(&hist);
	pixDestroy(&paper);
	pixDestroy(&diff);
	return bin;
}

int
find_grid(PIX *pix, struct quad *out, struct find_info *info)
{
	PIX *grey, *work, *bin, *ink, *thick, *mask = NULL, *comp;
	BOXA *boxa;
	PIXA *pixa;
	struct quad q;
	double scale = 1, best = 0, area, gs, sc;
	int w, h, i, n, bx, by, bw, bh, cnt, small;

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
	w = pixGetWidth(work);
	h = pixGetHeight(work);
	small = w < h ? w : h;
	bin = ink_mask(work);
	/* Close one-pixel gaps in blurred lines; thicken for scoring. */
	ink = pixCloseBrick(NULL, bin, 3, 3);
	thick = pixDilateBrick(NULL, ink, 3, 3);
	boxa = pixConnComp(ink, &pixa, 8);
	n = boxaGetCount(boxa);
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
		sc = gs * sqrt(area);
		if (gs < MIN_SCORE || sc <= best)
			continue;
		best = sc;
		*out = q;
		info->score = gs;
		pixDestroy(&mask);
		mask = pixCreate(w, h, 1);
		comp = pixaGetPix(pixa, i, L_CLONE);
		pixRasterop(mask, bx, by, bw, bh, PIX_SRC | PIX_DST, comp, 0, 0);
		pixDestroy(&comp);
	}
	if (mask != NULL) {
		fit_sides(mask, out, 0.2);
		fit_sides(mask, out, 0.04);
		trim_to_comb(thick, out);
		fit_sides(mask, out, 0.04);
		for (i = 0; i < 4; i++) {
			out->p[i].x = (out->p[i].x + 0.5) / scale - 0.5;
			out->p[i].y = (out->p[i].y + 0.5) / scale - 0.5;
		}
	}
	boxaDestroy(&boxa);
	pixaDestroy(&pixa);
	pixDestroy(&mask);
	pixDestroy(&thick);
	pixDestroy(&ink);
	pixDestroy(&bin);
	pixDestroy(&work);
	return best > 0 ? 0 : -1;
}
