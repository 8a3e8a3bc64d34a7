/*
 * border.c: the printed border of the grid in the grey image (step 5 of
 * find.c): each side to the dark line that runs all along it, followed as
 * the paper bends, and each corner where two borders meet.
 */
#include <math.h>
#include <string.h>

#include "private.h"

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
 * The grey image across a side: BF_POINTS profiles along it, each of np
 * samples 0.5 apart along the inward normal, from -span to span about
 * the side, and how deep a ridge each sample is (ridges(), window w).
 */
struct across {
	double	 prof[BF_POINTS][BF_MAXPROF];
	double	 rdg[BF_POINTS][BF_MAXPROF];
	double	 span;
	int	 np, w;
};

/* Where profile k of a struct across lies along the side, t 0 to 1. */
static double
across_t(int k)
{
	return 0.03 + 0.94 * k / (BF_POINTS - 1);
}

/*
 * Sample the profiles across the side p0-p1 (n: the inward normal), to
 * BF_REACH of the side and two ridge windows beyond, either way; -1 when
 * that is more than BF_MAXPROF samples.
 */
static int
across_sample(PIX *grey, struct point p0, struct point p1, struct point n,
    double side, struct across *a)
{
	double reach = BF_REACH * side, win = BF_WINDOW * side, t;
	int k, i;

	a->span = reach + 2 * win;
	a->np = (int)(2 * a->span / 0.5) + 1;
	if (a->np > BF_MAXPROF)
		return -1;
	a->w = (int)fmax(3, win / 0.5);
	for (k = 0; k < BF_POINTS; k++) {
		t = across_t(k);
		for (i = 0; i < a->np; i++)
			a->prof[k][i] = grey_at(grey, p0.x + (p1.x - p0.x) *
			    t + n.x * (-a->span + 0.5 * i), p0.y + (p1.y -
			    p0.y) * t + n.y * (-a->span + 0.5 * i));
		ridges(a->prof[k], a->np, a->w, a->rdg[k]);
	}
	return 0;
}

/*
 * The straight line along which the ridges are deepest on average, from
 * *d0 at the first profile to *d1 at the last, each from out outside the
 * side to reach inside it: coarse, then fine around the best.  Returns
 * that mean depth.
 */
static double
straight_line(const struct across *a, double reach, double out, double *bd0,
    double *bd1)
{
	double d0, d1, sc, best = -1;
	int pass, k;

	*bd0 = *bd1 = 0;
	for (pass = 0; pass < 2; pass++) {
		double c0 = *bd0, c1 = *bd1, lim = pass ? 1.0 : reach + out;

		for (d0 = c0 - lim; d0 <= c0 + lim + 1e-9; d0 += pass ? 0.5 : 1)
			for (d1 = c1 - lim; d1 <= c1 + lim + 1e-9;
			    d1 += pass ? 0.5 : 1) {
				if (d0 < -out || d1 < -out || d0 > reach ||
				    d1 > reach)
					continue;
				for (sc = 0, k = 0; k < BF_POINTS; k++)
					sc += a->rdg[k][(int)((d0 + (d1 - d0) *
					    k / (BF_POINTS - 1) + a->span) /
					    0.5 + 0.5)];
				sc /= BF_POINTS;
				if (sc > best) {
					best = sc;
					*bd0 = d0;
					*bd1 = d1;
				}
			}
	}
	return best;
}

/*
 * Follow the straight line bd0-bd1: in each profile, the deepest ridge
 * within track of it and at least half the line's mean depth (best), to
 * a fraction of a sample.  Sets us[] (u = t - 0.5) and cs[] (from the
 * side) and returns how many profiles had one.
 */
static int
follow_line(const struct across *a, double bd0, double bd1, double best,
    double track, double *us, double *cs)
{
	double x;
	int m, k, i;

	for (m = 0, k = 0; k < BF_POINTS; k++) {
		const double *rdg = a->rdg[k];
		double dk = bd0 + (bd1 - bd0) * k / (BF_POINTS - 1), r0, r1, r2;
		int bi = -1;

		for (i = (int)((dk - track + a->span) / 0.5);
		    i <= (int)((dk + track + a->span) / 0.5); i++)
			if (i > 0 && i < a->np - 1 && rdg[i] >= best / 2 &&
			    (bi < 0 || rdg[i] > rdg[bi]))
				bi = i;
		if (bi < 0)
			continue;
		/* Sub-sample peak: a parabola through three. */
		r0 = rdg[bi - 1];
		r1 = rdg[bi];
		r2 = rdg[bi + 1];
		x = r0 - 2 * r1 + r2 < 0 ? 0.5 * (r0 - r2) / (r0 - 2 * r1 +
		    r2) : 0;
		us[m] = across_t(k) - 0.5;
		cs[m] = -a->span + 0.5 * (bi + x);
		m++;
	}
	return m;
}

/*
 * The parabola c through the m points followed, from the straight line
 * bd0-bd1, twice narrowing to the points within tol of it.  Returns -1
 * when fewer than a third of the profiles are left.
 */
static int
fit_parabola(const double *us, const double *cs, int m, double bd0,
    double bd1, double tol, double c[3])
{
	char use[BF_POINTS];
	int pass, i, nin;

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
	return 0;
}

/*
 * The mean profile across the curve c, centred on it: mean[j], j from 0
 * to np - 1; -1 where too few profiles have both samples around it.
 */
static void
mean_across(const struct across *a, const double c[3], double *mean)
{
	int np = a->np, j, k, cnt;

	for (j = 0; j < np; j++) {
		mean[j] = 0;
		cnt = 0;
		for (k = 0; k < BF_POINTS; k++) {
			const double *prof = a->prof[k];
			double ctr, pos, t;
			int p;

			t = across_t(k) - 0.5;
			ctr = c[0] + c[1] * t + c[2] * t * t;
			pos = (ctr + a->span) / 0.5 + (j - np / 2);
			p = (int)floor(pos);
			if (p < 0 || p + 1 >= np || prof[p] < 0 ||
			    prof[p + 1] < 0)
				continue;
			mean[j] += prof[p] + (pos - p) * (prof[p + 1] -
			    prof[p]);
			cnt++;
		}
		mean[j] = cnt > BF_POINTS / 4 ? mean[j] / cnt : -1;
	}
}

/*
 * The outer edge of the line in its mean profile (np samples, the curve
 * at np / 2): from its darkest point near the centre outwards, within w
 * samples, to half way up to the grey outside.  Returns it from the
 * centre (0: not found), negative: outwards.
 */
static double
outer_edge(const double *mean, int np, int w)
{
	double lo, hi, half;
	int j, lo_i = np / 2;

	for (j = np / 2 - 2; j <= np / 2 + 2; j++)
		if (mean[j] >= 0 && mean[j] < mean[lo_i])
			lo_i = j;
	lo = hi = mean[lo_i];
	for (j = lo_i - 1; j >= 0 && j >= lo_i - w && mean[j] >= 0; j--)
		hi = fmax(hi, mean[j]);
	half = (lo + hi) / 2;
	for (j = lo_i - 1; j >= 0 && j >= lo_i - w && mean[j] >= 0; j--)
		if (mean[j] >= half)
			return 0.5 * (j - np / 2) + 0.5 * (mean[j] - half) /
			    fmax(mean[j] - mean[j + 1], 1e-6);
	return 0;
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
	static struct across a;		/* 400 kB: not on the stack */
	double us[BF_POINTS], cs[BF_POINTS], c[3], mean[BF_MAXPROF];
	double bd0, bd1, best, e;
	int m;

	if (across_sample(grey, p0, p1, n, side, &a) < 0)
		return -1;
	best = straight_line(&a, BF_REACH * side, BF_OUT * side, &bd0, &bd1);
	if (best < BF_DEPTH)
		return -1;
	m = follow_line(&a, bd0, bd1, best, BF_TRACK * side, us, cs);
	if (m < BF_POINTS / 3 || fit_parabola(us, cs, m, bd0, bd1,
	    fmax(1.0, BF_TOL * side), c) < 0)
		return -1;
	mean_across(&a, c, mean);
	e = outer_edge(mean, a.np, a.w);
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
void
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
