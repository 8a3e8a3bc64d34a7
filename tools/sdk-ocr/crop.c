/*
 * crop.c: a digit's crop from the grey square (crop.h): its box grown to
 * its fainter strokes, its ink rescaled between the paper and the ink, as
 * lit and with the light taken out, and its box measured against its cell;
 * and the variants of a crop that the reader and the trainers share.
 */
#include <math.h>
#include <string.h>

#include "crop.h"
#include "image.h"
#include "morph.h"
#include "util.h"

#define PAPER_CLOSE	0.25	/* the paper under the ink: a closing this
				   many cells wide, past any stroke */

/*
 * The paper's grey under every pixel of the square: a closing wider than
 * any stroke (a tenth of a cell; a digit's strokes and the grid's lines
 * are thinner) leaves the paper and the light on it, shadows included.
 */
PIX *
crop_paper(PIX *grey, int side)
{
	int	 k = (int)(side / 9.0 * PAPER_CLOSE) | 1;

	return sdk_need(morph_close_grey(grey, k, k));
}

/*
 * The local threshold can miss the fainter strokes of a digit (the left
 * arcs of a blurred 3): grow the box to the pieces darker than halfway
 * between ink and paper that touch it, within the cell's middle.
 */
static void
refine_box(PIX *grey, struct cell *cl, int cx, int cy, int cw, int ch,
    int thr)
{
	BOX	*win;
	BOXA	*boxa;
	PIX	*clip, *mask;
	int	 wx0, wy0, wx1, wy1, i, n, x0, y0, x1, y1;

	wx0 = cl->bx - cw / 5;
	wx0 = wx0 > cx + cw / 10 ? wx0 : cx + cw / 10;
	wx1 = cl->bx + cl->bw + cw / 5;
	wx1 = wx1 < cx + cw - cw / 10 ? wx1 : cx + cw - cw / 10;
	wy0 = cl->by - ch / 8;
	wy0 = wy0 > cy + ch / 14 ? wy0 : cy + ch / 14;
	wy1 = cl->by + cl->bh + ch / 8;
	wy1 = wy1 < cy + ch - ch / 14 ? wy1 : cy + ch - ch / 14;
	if (wx1 - wx0 < 3 || wy1 - wy0 < 3)
		return;
	win = boxCreate(wx0, wy0, wx1 - wx0, wy1 - wy0);
	clip = pixClipRectangle(grey, win, NULL);
	boxDestroy(&win);
	if (clip == NULL)
		return;
	mask = pixThresholdToBinary(clip, thr);
	pixDestroy(&clip);
	if (mask == NULL)
		return;
	boxa = sdk_need(pixConnComp(mask, NULL, 8));
	pixDestroy(&mask);
	n = boxaGetCount(boxa);
	x0 = cl->bx;
	y0 = cl->by;
	x1 = cl->bx + cl->bw;
	y1 = cl->by + cl->bh;
	for (i = 0; i < n; i++) {
		int	 bx, by, bw, bh;

		boxaGetBoxGeometry(boxa, i, &bx, &by, &bw, &bh);
		bx += wx0;
		by += wy0;
		/* Only pieces that overlap the digit's own box. */
		if (bx >= cl->bx + cl->bw || bx + bw <= cl->bx ||
		    by >= cl->by + cl->bh || by + bh <= cl->by)
			continue;
		x0 = bx < x0 ? bx : x0;
		y0 = by < y0 ? by : y0;
		x1 = bx + bw > x1 ? bx + bw : x1;
		y1 = by + bh > y1 ? by + bh : y1;
	}
	boxaDestroy(&boxa);
	cl->bx = x0;
	cl->by = y0;
	cl->bw = x1 - x0;
	cl->bh = y1 - y0;
}

/*
 * Where a subsample's coordinate falls, as image_sample works it out
 * along one axis of an image n pixels long: whether it lies within the
 * digit's box grown by a pixel (lo to hi), the two pixels either side of
 * it, and its weight on the second.  The same for a whole column or row
 * of subsamples, so worked out once for each.
 */
struct axis {
	int	 in, p0, p1;
	double	 f;
};

static void
axis_at(struct axis *a, double v, double lo, double hi, int n)
{
	a->in = !(v < lo || v > hi);
	v = v < 0 ? 0 : v > n - 1 ? n - 1 : v;
	a->p0 = (int)v;
	a->p1 = a->p0 + 1 < n ? a->p0 + 1 : a->p0;
	a->f = v - a->p0;
}

/* image_sample of an 8 bpp image at the point of column c and row r. */
static inline double
sample_at(const l_uint32 *d, int wpl, const struct axis *c,
    const struct axis *r)
{
	const l_uint32 *l0 = d + (size_t)r->p0 * wpl;
	const l_uint32 *l1 = d + (size_t)r->p1 * wpl;
	double a, b, cc, dd;

	a = GET_DATA_BYTE(l0, c->p0);
	b = GET_DATA_BYTE(l0, c->p1);
	cc = GET_DATA_BYTE(l1, c->p0);
	dd = GET_DATA_BYTE(l1, c->p1);
	return (a * (1 - c->f) + b * c->f) * (1 - r->f) +
	    (cc * (1 - c->f) + dd * c->f) * r->f;
}

/* v clamped to [0, 1]. */
static double
unit(double v)
{
	return v < 0 ? 0 : v > 1 ? 1 : v;
}

/*
 * Fill cell->norm from the grey square: ink against the paper around the
 * digit, box fitted into CELL_BOX with the aspect kept, centred.  And
 * cell->flat the same with the light taken out: each pixel read against
 * the paper under it (paper, the square with its strokes closed away), so
 * that a shadow's edge across a digit is no stroke and a shaded half no
 * ink; under even light the two are the same.
 */
void
crop_normalise(PIX *grey, PIX *paper, PIX *bin, BOX *cellbox,
    struct cell *cl)
{
	l_uint32 *gd, *bd, *pd;
	int	 gw, gh, gwpl, bwpl, x, y, cx, cy, cw, ch, nfg = 0, nbg = 0;
	double	 fg = 0, bg = 0, scale, ox, oy, range;
	int	 hist[256];
	enum { ss = 4 };	/* subsamples a pixel, each way */
	struct axis col[CELL_NORM * ss], row[CELL_NORM * ss];
	int	 i, j, sx, sy;

	gd = pixGetData(grey);
	gwpl = pixGetWpl(grey);
	gw = pixGetWidth(grey);
	gh = pixGetHeight(grey);
	pd = pixGetData(paper);
	bd = pixGetData(bin);
	bwpl = pixGetWpl(bin);
	boxGetGeometry(cellbox, &cx, &cy, &cw, &ch);
	/*
	 * Ink: the darkest tenth of the digit's pixels (blur fills holes);
	 * paper: the cell's middle around the digit.
	 */
	memset(hist, 0, sizeof(hist));
	for (y = cl->by; y < cl->by + cl->bh; y++)
		for (x = cl->bx; x < cl->bx + cl->bw; x++)
			if (GET_DATA_BIT(bd + y * bwpl, x)) {
				hist[GET_DATA_BYTE(gd + y * gwpl, x)]++;
				nfg++;
			}
	for (x = 0, y = 0; x < 256; x++) {
		int	 take = nfg / 10 + 1 - y;

		if (take <= 0)
			break;
		take = take < hist[x] ? take : hist[x];
		fg += (double)take * x;
		y += take;
	}
	nfg = y;
	for (y = cy + ch / 8; y < cy + ch - ch / 8; y++)
		for (x = cx + cw / 8; x < cx + cw - cw / 8; x++) {
			if (x >= cl->bx - 1 && x <= cl->bx + cl->bw &&
			    y >= cl->by - 1 && y <= cl->by + cl->bh)
				continue;
			bg += GET_DATA_BYTE(gd + y * gwpl, x);
			nbg++;
		}
	fg = nfg > 0 ? fg / nfg : 0;
	bg = nbg > 0 ? bg / nbg : 255;
	range = bg - fg;
	cl->contrast = (float)range;
	cl->ink = (float)fg;
	cl->paper = (float)bg;
	if (range < 8)
		range = 8;
	refine_box(grey, cl, cx, cy, cw, ch, (int)(fg + range / 2));
	scale = (double)CELL_BOX / (cl->bw > cl->bh ? cl->bw : cl->bh);
	ox = (CELL_NORM - cl->bw * scale) / 2;
	oy = (CELL_NORM - cl->bh * scale) / 2;
	/*
	 * Where each subsample falls in the square: a column's u the same
	 * on every row, a row's w the same in every column.
	 */
	for (i = 0; i < CELL_NORM; i++)
		for (sx = 0; sx < ss; sx++)
			axis_at(&col[i * ss + sx], (i + (sx + 0.5) / ss - ox) /
			    scale + cl->bx - 0.5, cl->bx - 1, cl->bx + cl->bw,
			    gw);
	for (j = 0; j < CELL_NORM; j++)
		for (sy = 0; sy < ss; sy++)
			axis_at(&row[j * ss + sy], (j + (sy + 0.5) / ss - oy) /
			    scale + cl->by - 0.5, cl->by - 1, cl->by + cl->bh,
			    gh);
	for (j = 0; j < CELL_NORM; j++)
		for (i = 0; i < CELL_NORM; i++) {
			double	 acc = 0, facc = 0, g, pb;

			for (sy = 0; sy < ss; sy++)
				for (sx = 0; sx < ss; sx++) {
					const struct axis *c, *r;

					c = &col[i * ss + sx];
					r = &row[j * ss + sy];

					if (!c->in || !r->in)
						continue;
					g = sample_at(gd, gwpl, c, r);
					pb = sample_at(pd, gwpl, c, r);
					acc += unit((bg - g) / range);
					/* bg - g, g lit as bg is */
					facc += unit(bg * (1 - g / (pb > 1 ?
					    pb : 1)) / range);
				}
			cl->norm[j * CELL_NORM + i] = (float)(acc / (ss * ss));
			cl->flat[j * CELL_NORM + i] = (float)(facc /
			    (ss * ss));
		}
}

void
crop_variant(const float *in, float *out, int dx, int dy, float g)
{
	int	 i, j;

	for (j = 0; j < CELL_NORM; j++)
		for (i = 0; i < CELL_NORM; i++) {
			int	 si = i - dx, sj = j - dy;
			float	 v = 0;

			if (si >= 0 && sj >= 0 && si < CELL_NORM &&
			    sj < CELL_NORM)
				v = in[sj * CELL_NORM + si];
			out[j * CELL_NORM + i] = v > 0 && g != 1 ? powf(v, g) :
			    v;
		}
}

/* The digit's box measured against its cell (x0, y0, cw, ch). */
void
crop_measure(struct cell *cl, double x0, double y0, double cw, double ch)
{
	cl->height = (float)(cl->bh / ch);
	cl->width = (float)(cl->bw / cw);
	cl->dx = (float)((cl->bx + cl->bw / 2.0 - x0) / cw - 0.5);
	cl->dy = (float)((cl->by + cl->bh / 2.0 - y0) / ch - 0.5);
}
