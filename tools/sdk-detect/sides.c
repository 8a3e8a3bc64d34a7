/*
 * sides.c: the sides of a quad fitted to the outermost ink of a mask,
 * robustly (step 4 of find.c).
 */
#include <math.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "private.h"

#define SIDE_TOL	5.0	/* line fit: inlier distance (work pixels) */

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
 * How many of the n points (xs, ys) lie within tol of the line
 * a x + b y = c.  Most of fit_sides' time; the coordinates in arrays of
 * their own, so that it runs two points a vector.
 */
static int
near_line(const double *xs, const double *ys, int n, double a, double b,
    double c, double tol)
{
	int k = 0, cnt = 0;

#ifdef __SSE2__
	/* Each lane the same IEEE operations, in the same order, as below. */
	const __m128d va = _mm_set1_pd(a), vb = _mm_set1_pd(b);
	const __m128d vc = _mm_set1_pd(c), vt = _mm_set1_pd(tol);
	const __m128d sign = _mm_set1_pd(-0.0);
	__m128i acc = _mm_setzero_si128();
	long long lane[2];

	for (; k + 2 <= n; k += 2) {
		__m128d d = _mm_sub_pd(_mm_add_pd(_mm_mul_pd(va,
		    _mm_loadu_pd(xs + k)), _mm_mul_pd(vb,
		    _mm_loadu_pd(ys + k))), vc);

		/* A lane within tol is all ones: -1, subtracted. */
		acc = _mm_sub_epi64(acc, _mm_castpd_si128(_mm_cmple_pd(
		    _mm_andnot_pd(sign, d), vt)));
	}
	_mm_storeu_si128((__m128i *)lane, acc);
	cnt = (int)(lane[0] + lane[1]);
#endif
	for (; k < n; k++)
		cnt += fabs(a * xs[k] + b * ys[k] - c) <= tol;
	return cnt;
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
	double xs[512], ys[512];
	double ba = 0, bb = 0, bc = 0, dx, dy, len, la, lb, lc;
	int i, j, k, cnt, best = -1, step = n > 40 ? n / 40 : 1;

	if (n > (int)sizeof(use))
		n = (int)sizeof(use);
	for (k = 0; k < n; k++) {
		xs[k] = p[k].x;
		ys[k] = p[k].y;
	}
	for (i = 0; i < n; i += step)
		for (j = i + step; j < n; j += step) {
			dx = p[j].x - p[i].x;
			dy = p[j].y - p[i].y;
			if ((len = hypot(dx, dy)) < 1e-6)
				continue;
			la = -dy / len;
			lb = dx / len;
			lc = la * p[i].x + lb * p[i].y;
			cnt = near_line(xs, ys, n, la, lb, lc, tol);
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
 * The mask as ink_at reads it: its words and sizes fetched from the PIX
 * once, not at each of the some million points side_crossing looks at.
 */
struct ink {
	const l_uint32	*data;
	int		 w, h, wpl;
};

/* Whether the mask has ink at (x, y); none outside it. */
static inline int
ink_at(const struct ink *m, double x, double y)
{
	int ix = (int)round_half_away(x), iy = (int)round_half_away(y);

	if (ix < 0 || iy < 0 || ix >= m->w || iy >= m->h)
		return 0;
	return GET_DATA_BIT(m->data + iy * m->wpl, ix);
}

/*
 * Where a side crosses the mask at (bx, by), along the inward normal
 * (nx, ny), within reach: the outermost ink met from outside.  With
 * from_side (the side lies on a grid line already), the same unless
 * that ink lies further out than max_line (thicker than any grid line)
 * beyond the ink nearest the side: then a band, a title bar or a caption
 * printed beyond the border, apart or joined to it, and the crossing is
 * the outer edge of the line the side lies on, as far as max_line.
 * Returns the offset along the normal in *d, or -1 if no ink is met.
 */
static int
side_crossing(const struct ink *mask, double bx, double by, double nx,
    double ny, double reach, double max_line, int from_side, double *d)
{
	double e, near;

	for (e = -reach; e <= reach; e += 0.5)
		if (ink_at(mask, bx + nx * e, by + ny * e))
			break;
	if (e > reach)
		return -1;
	*d = e;
	if (!from_side)
		return 0;
	for (near = 0; near <= reach; near += 0.5) {
		if (ink_at(mask, bx - nx * near, by - ny * near)) {
			near = -near;
			break;
		}
		if (ink_at(mask, bx + nx * near, by + ny * near))
			break;
	}
	if (near - *d <= max_line)
		return 0;
	for (e = near; e - 0.5 >= near - max_line && ink_at(mask,
	    bx + nx * (e - 0.5), by + ny * (e - 0.5)); e -= 0.5)
		;
	*d = e;
	return 0;
}

/*
 * Fit each side to where it crosses the ink (side_crossing) within reach
 * (a fraction of the side), and put the corners where the fitted sides
 * meet.  Leaves q alone if any side cannot be fitted.
 */
void
fit_sides(PIX *mask, struct quad *q, double reach_frac, int from_side)
{
	int s, k, n;
	double A[4], B[4], C[4], det;
	struct point cen = { 0, 0 }, pts[100];
	struct ink ink;

	ink.data = pixGetData(mask);
	ink.w = (int)pixGetWidth(mask);
	ink.h = (int)pixGetHeight(mask);
	ink.wpl = pixGetWpl(mask);

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
			if (side_crossing(&ink, bx, by, nx, ny, reach,
			    len / 36, from_side, &d) == 0) {	/* a quarter cell */
				pts[n].x = bx + nx * d;
				pts[n].y = by + ny * d;
				n++;
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
