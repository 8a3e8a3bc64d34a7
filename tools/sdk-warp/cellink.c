/*
 * cellink.c: the colour of each cell's ink (warp.h).  The square sdk-warp
 * writes is grey; a pen's blue or red, which tells a person's entries from
 * the print beside them, would be lost.  It goes on as metadata instead:
 * sdk-ocr reads it (issue 27).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warp.h"

#define INK_SAMPLES	16	/* a cell's samples across and down */
#define INK_MARGIN	0.12	/* of the cell left out at each side: lines */
#define INK_SHARE	10	/* the darkest 1/INK_SHARE of them: ink */

struct rgb {
	int	 r, g, b, grey;
};

static int
by_grey(const void *a, const void *b)
{
	const struct rgb *x = a, *y = b;

	return x->grey - y->grey;
}

/* Square point p of cell (i, j) at (u, v) in it, as sdk-warp's render. */
static struct point
cell_point(const struct crossings *c, int i, int j, double u, double v)
{
	const struct point *a = &c->p[j][i], *b = &c->p[j][i + 1];
	const struct point *cc = &c->p[j + 1][i + 1], *d = &c->p[j + 1][i];
	struct point p;

	p.x = (1 - v) * ((1 - u) * a->x + u * b->x) +
	    v * ((1 - u) * d->x + u * cc->x);
	p.y = (1 - v) * ((1 - u) * a->y + u * b->y) +
	    v * ((1 - u) * d->y + u * cc->y);
	return p;
}

/* The photo's pixel under halved-photo point q (nearest), into *s. */
static void
pixel_at(PIX *photo, struct point q, int nhalf, struct rgb *s)
{
	l_int32	 r, g, b;
	int	 k, x, y;

	for (k = 0; k < nhalf; k++) {
		q.x = (q.x + 0.5) * 2 - 0.5;
		q.y = (q.y + 0.5) * 2 - 0.5;
	}
	x = (int)floor(q.x);
	y = (int)floor(q.y);
	if (x < 0)
		x = 0;
	if (x >= (int)pixGetWidth(photo))
		x = pixGetWidth(photo) - 1;
	if (y < 0)
		y = 0;
	if (y >= (int)pixGetHeight(photo))
		y = pixGetHeight(photo) - 1;
	pixGetRGBPixel(photo, x, y, &r, &g, &b);
	s->r = r;
	s->g = g;
	s->b = b;
	s->grey = r < g ? (r < b ? r : b) : (g < b ? g : b);
}

/* One channel of the ink in percent of the paper's. */
static int
percent(double ink, double paper)
{
	double	 p = paper > 0 ? 100 * ink / paper : 100;

	return p < 0 ? 0 : p > 100 ? 100 : (int)lround(p);
}

int
cell_ink(PIX *photo, const double h[9], const struct crossings *c,
    int nhalf, char *buf, size_t len)
{
	struct rgb s[INK_SAMPLES * INK_SAMPLES];
	int	 i, j, k, n = INK_SAMPLES * INK_SAMPLES, nink = n / INK_SHARE;
	size_t	 at = 0;

	if (pixGetDepth(photo) != 32)
		return -1;
	for (j = 0; j < 9; j++)
		for (i = 0; i < 9; i++) {
			double	 ink[3] = { 0, 0, 0 }, paper[3] = { 0, 0, 0 };

			for (k = 0; k < n; k++) {
				double	 u = INK_MARGIN + (1 - 2 * INK_MARGIN) *
				    (k % INK_SAMPLES + 0.5) / INK_SAMPLES;
				double	 v = INK_MARGIN + (1 - 2 * INK_MARGIN) *
				    (k / INK_SAMPLES + 0.5) / INK_SAMPLES;

				pixel_at(photo, homography_apply(h,
				    cell_point(c, i, j, u, v)), nhalf, &s[k]);
			}
			qsort(s, (size_t)n, sizeof(s[0]), by_grey);
			for (k = 0; k < nink; k++) {
				ink[0] += s[k].r;
				ink[1] += s[k].g;
				ink[2] += s[k].b;
			}
			/* The paper: the brighter half. */
			for (k = n / 2; k < n; k++) {
				paper[0] += s[k].r;
				paper[1] += s[k].g;
				paper[2] += s[k].b;
			}
			if (at >= len)
				return -1;
			at += (size_t)snprintf(buf + at, len - at, "%s%d,%d,%d",
			    at ? " " : "",
			    percent(ink[0] / nink, paper[0] / (n - n / 2)),
			    percent(ink[1] / nink, paper[1] / (n - n / 2)),
			    percent(ink[2] / nink, paper[2] / (n - n / 2)));
		}
	return 0;
}
