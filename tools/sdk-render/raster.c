/*
 * raster.c: anti-aliased scanline fill of flattened paths (raster.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "raster.h"
#include "util.h"

/* Flattening tolerance in output pixels. */
#define FLAT_TOL	0.05
#define FLAT_MAX	256

void
mat_mul(const double a[9], const double b[9], double r[9])
{
	double t[9];
	int i, j;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			t[3 * i + j] = a[3 * i] * b[j] +
			    a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
	memcpy(r, t, sizeof(t));
}

void
path_init(struct path *p)
{
	memset(p, 0, sizeof(*p));
	path_reset(p, NULL);
}

void
path_free(struct path *p)
{
	free(p->e);
	p->e = NULL;
	p->n = p->cap = 0;
}

void
path_reset(struct path *p, const double m[9])
{
	static const double id[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };

	memcpy(p->m, m != NULL ? m : id, sizeof(p->m));
	p->n = 0;
	p->open = 0;
}

static void
xform(const struct path *p, double x, double y, double *ox, double *oy)
{
	const double *m = p->m;
	double w;

	w = m[6] * x + m[7] * y + m[8];
	*ox = (m[0] * x + m[1] * y + m[2]) / w;
	*oy = (m[3] * x + m[4] * y + m[5]) / w;
}

/* An edge between two output points; horizontal ones add nothing. */
static void
edge_add(struct path *p, double x0, double y0, double x1, double y1)
{
	struct edge *e;

	if (y0 == y1 || !isfinite(x0) || !isfinite(y0) || !isfinite(x1) ||
	    !isfinite(y1))
		return;
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 256;
		p->e = sdk_xreallocarray(p->e, p->cap, sizeof(*p->e));
	}
	e = &p->e[p->n++];
	if (y0 < y1) {
		e->x0 = x0, e->y0 = y0, e->x1 = x1, e->y1 = y1, e->dir = 1;
	} else {
		e->x0 = x1, e->y0 = y1, e->x1 = x0, e->y1 = y0, e->dir = -1;
	}
}

/* A straight segment in source space (straight in output space too). */
static void
seg_add(struct path *p, double x0, double y0, double x1, double y1)
{
	double ax, ay, bx, by;

	xform(p, x0, y0, &ax, &ay);
	xform(p, x1, y1, &bx, &by);
	edge_add(p, ax, ay, bx, by);
}

void
path_move(struct path *p, double x, double y)
{
	path_close(p);
	p->sx = p->cx = x;
	p->sy = p->cy = y;
	p->open = 1;
}

void
path_line(struct path *p, double x, double y)
{
	if (!p->open)
		path_move(p, p->cx, p->cy);
	seg_add(p, p->cx, p->cy, x, y);
	p->cx = x;
	p->cy = y;
}

/* Segments needed so that a curve with this second difference (output
 * pixels) stays within FLAT_TOL of its chords. */
static int
flat_count(double ddx, double ddy)
{
	double d = sqrt(ddx * ddx + ddy * ddy), n;

	n = ceil(sqrt(d / (8 * FLAT_TOL)));
	if (!(n >= 1))
		return 1;
	return n > FLAT_MAX ? FLAT_MAX : (int)n;
}

void
path_quad(struct path *p, double cx, double cy, double x, double y)
{
	double ax, ay, bx, by, ex, ey, px, py, t, u, qx, qy;
	int i, n;

	if (!p->open)
		path_move(p, p->cx, p->cy);
	xform(p, p->cx, p->cy, &ax, &ay);
	xform(p, cx, cy, &bx, &by);
	xform(p, x, y, &ex, &ey);
	n = flat_count(ax - 2 * bx + ex, ay - 2 * by + ey);
	px = p->cx;
	py = p->cy;
	for (i = 1; i <= n; i++) {
		t = (double)i / n;
		u = 1 - t;
		qx = i == n ? x : u * u * p->cx + 2 * u * t * cx + t * t * x;
		qy = i == n ? y : u * u * p->cy + 2 * u * t * cy + t * t * y;
		seg_add(p, px, py, qx, qy);
		px = qx;
		py = qy;
	}
	p->cx = x;
	p->cy = y;
}

void
path_cubic(struct path *p, double c1x, double c1y, double c2x, double c2y,
    double x, double y)
{
	double a[2], b[2], c[2], d[2], px, py, qx, qy, t, u, dd1, dd2;
	int i, n;

	if (!p->open)
		path_move(p, p->cx, p->cy);
	xform(p, p->cx, p->cy, &a[0], &a[1]);
	xform(p, c1x, c1y, &b[0], &b[1]);
	xform(p, c2x, c2y, &c[0], &c[1]);
	xform(p, x, y, &d[0], &d[1]);
	dd1 = hypot(a[0] - 2 * b[0] + c[0], a[1] - 2 * b[1] + c[1]);
	dd2 = hypot(b[0] - 2 * c[0] + d[0], b[1] - 2 * c[1] + d[1]);
	n = flat_count(1.5 * (dd1 > dd2 ? dd1 : dd2), 0);
	px = p->cx;
	py = p->cy;
	for (i = 1; i <= n; i++) {
		t = (double)i / n;
		u = 1 - t;
		qx = i == n ? x : u * u * u * p->cx + 3 * u * u * t * c1x +
		    3 * u * t * t * c2x + t * t * t * x;
		qy = i == n ? y : u * u * u * p->cy + 3 * u * u * t * c1y +
		    3 * u * t * t * c2y + t * t * t * y;
		seg_add(p, px, py, qx, qy);
		px = qx;
		py = qy;
	}
	p->cx = x;
	p->cy = y;
}

void
path_close(struct path *p)
{
	if (!p->open)
		return;
	if (p->cx != p->sx || p->cy != p->sy)
		seg_add(p, p->cx, p->cy, p->sx, p->sy);
	p->cx = p->sx;
	p->cy = p->sy;
	p->open = 0;
}

void
path_rect(struct path *p, double x0, double y0, double x1, double y1)
{
	path_move(p, x0, y0);
	path_line(p, x1, y0);
	path_line(p, x1, y1);
	path_line(p, x0, y1);
	path_close(p);
}

const struct glyph *
font_glyph(const struct font *f, int ch)
{
	if (ch < f->first || ch > f->last)
		return NULL;
	return &f->glyphs[ch - f->first];
}

void
path_glyph(struct path *p, const struct font *f, int ch)
{
	const struct glyph *g;
	const short *v;
	unsigned int i;

	if ((g = font_glyph(f, ch)) == NULL)
		return;
	v = f->pts + g->pt;
	for (i = 0; i < g->nop; i++) {
		switch (f->ops[g->op + i]) {
		case 'M':
			path_move(p, v[0], v[1]);
			v += 2;
			break;
		case 'L':
			path_line(p, v[0], v[1]);
			v += 2;
			break;
		case 'Q':
			path_quad(p, v[0], v[1], v[2], v[3]);
			v += 4;
			break;
		case 'C':
			path_cubic(p, v[0], v[1], v[2], v[3], v[4], v[5]);
			v += 6;
			break;
		}
	}
	path_close(p);
}

static int
edge_cmp(const void *a, const void *b)
{
	const struct edge *ea = a, *eb = b;

	if (ea->y0 != eb->y0)
		return ea->y0 < eb->y0 ? -1 : 1;
	if (ea->x0 != eb->x0)
		return ea->x0 < eb->x0 ? -1 : 1;
	return 0;
}

struct cross {
	double	 x;
	int	 dir;
};

/* Add the span [xa, xb) of one sub-scanline to the coverage row. */
static void
span_add(float *cov, int w, double xa, double xb)
{
	int ia, ib, i;

	if (xa < 0)
		xa = 0;
	if (xb > w)
		xb = w;
	if (!(xa < xb))
		return;
	ia = (int)xa;
	ib = (int)xb;
	if (ia == ib) {
		cov[ia] += (float)(xb - xa);
		return;
	}
	cov[ia] += (float)(ia + 1 - xa);
	for (i = ia + 1; i < ib; i++)
		cov[i] += 1;
	if (ib < w)
		cov[ib] += (float)(xb - ib);
}

/* Add a box to the list. */
static void
boxes_add(struct pixboxes *bs, int x0, int y0, int x1, int y1)
{
	if (bs->n == bs->cap) {
		bs->cap = bs->cap ? 2 * bs->cap : 64;
		bs->b = sdk_xreallocarray(bs->b, bs->cap, sizeof(*bs->b));
	}
	bs->b[bs->n++] = (struct pixbox){ x0, y0, x1, y1 };
}

void
path_fill(const struct path *p, struct canvas *cv, const unsigned char rgb[3],
    double alpha)
{
	path_fill_blend(p, cv, rgb, alpha, BLEND_OVER);
}

void
path_fill_blend(const struct path *p, struct canvas *cv,
    const unsigned char rgb[3], double alpha, enum blend mode)
{
	struct edge *e;
	struct cross *cr;
	size_t *act, nact, next, i, j, k, ncr;
	double ymin, ymax, xmin, xmax, sy, a, v, c;
	float *cov;
	int y, y0, y1, x0, x1, s, x, wind, prev;
	double start = 0;
	unsigned char *px;

	if (p->n == 0 || alpha <= 0)
		return;
	/* The box first: a path off the canvas costs no sorting. */
	ymin = p->e[0].y0;
	ymax = p->e[0].y1;
	xmin = xmax = p->e[0].x0;
	for (i = 0; i < p->n; i++) {
		ymin = fmin(ymin, p->e[i].y0);
		ymax = fmax(ymax, p->e[i].y1);
		xmin = fmin(xmin, fmin(p->e[i].x0, p->e[i].x1));
		xmax = fmax(xmax, fmax(p->e[i].x0, p->e[i].x1));
	}
	y0 = ymin < 0 ? 0 : ymin >= cv->h ? cv->h : (int)ymin;
	y1 = ymax > cv->h ? cv->h : ymax < 0 ? 0 : (int)ceil(ymax);
	x0 = xmin < 0 ? 0 : xmin >= cv->w ? cv->w : (int)xmin;
	x1 = xmax > cv->w ? cv->w : xmax < 0 ? 0 : (int)ceil(xmax);
	if (y0 >= y1 || x0 >= x1)
		return;
	if (cv->px == NULL) {
		if (cv->boxes != NULL)
			boxes_add(cv->boxes, x0, y0, x1, y1);
		return;
	}
	e = sdk_xreallocarray(NULL, p->n, sizeof(*e));
	memcpy(e, p->e, p->n * sizeof(*e));
	qsort(e, p->n, sizeof(*e), edge_cmp);
	act = sdk_xreallocarray(NULL, p->n, sizeof(*act));
	cr = sdk_xreallocarray(NULL, p->n, sizeof(*cr));
	cov = sdk_xcalloc((size_t)(x1 - x0) + 1, sizeof(*cov));
	nact = next = 0;
	for (y = y0; y < y1; y++) {
		memset(cov, 0, ((size_t)(x1 - x0) + 1) * sizeof(*cov));
		for (s = 0; s < RASTER_SUB; s++) {
			sy = y + (s + 0.5) / RASTER_SUB;
			while (next < p->n && e[next].y0 <= sy)
				act[nact++] = next++;
			ncr = 0;
			for (i = j = 0; i < nact; i++) {
				const struct edge *g = &e[act[i]];

				if (g->y1 <= sy)
					continue;	/* finished: drop */
				act[j++] = act[i];
				if (g->y0 > sy)
					continue;
				v = g->x0 + (sy - g->y0) * (g->x1 - g->x0) /
				    (g->y1 - g->y0);
				/* insertion sort by x */
				for (k = ncr; k > 0 && cr[k - 1].x > v; k--)
					cr[k] = cr[k - 1];
				cr[k].x = v;
				cr[k].dir = g->dir;
				ncr++;
			}
			nact = j;
			wind = 0;
			for (i = 0; i < ncr; i++) {
				prev = wind;
				wind += cr[i].dir;
				if (prev == 0 && wind != 0)
					start = cr[i].x;
				else if (prev != 0 && wind == 0)
					span_add(cov, x1 - x0, start - x0,
					    cr[i].x - x0);
			}
		}
		px = cv->px + ((size_t)y * cv->w + x0) * 3;
		for (x = 0; x < x1 - x0; x++, px += 3) {
			if (cov[x] <= 0)
				continue;
			a = cov[x] / RASTER_SUB;
			a = (a > 1 ? 1 : a) * alpha;
			for (k = 0; k < 3; k++) {
				c = mode == BLEND_INK ? px[k] * rgb[k] / 255.0 :
				    rgb[k];
				px[k] = (unsigned char)lrint(px[k] +
				    (c - px[k]) * a);
			}
		}
	}
	free(cov);
	free(cr);
	free(act);
	free(e);
}
