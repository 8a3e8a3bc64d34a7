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
#define FAINT_STROKE	0.4	/* a faint stroke's ink, of the digit's
				   contrast (faint_grow) */
#define GROW_MIN	0.1	/* a box grown by less (of a cell) is as
				   it was */

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
 * Strokes fainter than refine_box's halfway: a pen's loop drawn lightly
 * and its stem pressed hard, a pencil's curve that the local threshold
 * lost.  The pieces of the cell's middle whose ink against the paper
 * under them (as in hand_flat) is at least FAINT_STROKE of the digit's
 * contrast and that touch its box grow the box, but only when they widen
 * or heighten it by more than GROW_MIN of a cell: a stroke the threshold
 * missed, not the blurred edge of one it found.  A piece running right
 * across the cell's middle is a crease or a rule on the page through the
 * digit, not a stroke of it.  Returns whether the box grew.
 */
static int
faint_grow(PIX *grey, PIX *paper, int box[4], int cx, int cy, int cw,
    int ch, double bg, double range)
{
	l_uint32 *gd = pixGetData(grey), *pd = pixGetData(paper), *md;
	int	 wpl = pixGetWpl(grey), mwpl, wx0, wy0, wx1, wy1, x, y, i, n;
	int	 x0, y0, x1, y1;
	PIX	*mask;
	BOXA	*boxa;

	wx0 = cx + cw / 10;
	wx1 = cx + cw - cw / 10;
	wy0 = cy + ch / 14;
	wy1 = cy + ch - ch / 14;
	if (wx1 - wx0 < 3 || wy1 - wy0 < 3)
		return 0;
	mask = sdk_need(pixCreate(wx1 - wx0, wy1 - wy0, 1));
	md = pixGetData(mask);
	mwpl = pixGetWpl(mask);
	for (y = wy0; y < wy1; y++)
		for (x = wx0; x < wx1; x++) {
			double	 g = GET_DATA_BYTE(gd + y * wpl, x);
			double	 pb = GET_DATA_BYTE(pd + y * wpl, x);

			if (bg * (1 - g / (pb > 1 ? pb : 1)) >=
			    FAINT_STROKE * range)
				SET_DATA_BIT(md + (y - wy0) * mwpl, x - wx0);
		}
	boxa = sdk_need(pixConnCompBB(mask, 8));
	pixDestroy(&mask);
	n = boxaGetCount(boxa);
	x0 = box[0];
	y0 = box[1];
	x1 = box[0] + box[2];
	y1 = box[1] + box[3];
	for (i = 0; i < n; i++) {
		int	 bx, by, bw, bh;

		boxaGetBoxGeometry(boxa, i, &bx, &by, &bw, &bh);
		bx += wx0;
		by += wy0;
		if (bx >= box[0] + box[2] || bx + bw <= box[0] ||
		    by >= box[1] + box[3] || by + bh <= box[1])
			continue;
		if (bx <= wx0 && bx + bw >= wx1)
			continue;	/* right across */
		x0 = bx < x0 ? bx : x0;
		y0 = by < y0 ? by : y0;
		x1 = bx + bw > x1 ? bx + bw : x1;
		y1 = by + bh > y1 ? by + bh : y1;
	}
	boxaDestroy(&boxa);
	if (box[0] - x0 <= GROW_MIN * cw &&
	    x1 - (box[0] + box[2]) <= GROW_MIN * cw &&
	    box[1] - y0 <= GROW_MIN * ch &&
	    y1 - (box[1] + box[3]) <= GROW_MIN * ch)
		return 0;
	box[0] = x0;
	box[1] = y0;
	box[2] = x1 - x0;
	box[3] = y1 - y0;
	return 1;
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
 * A digit's crops from the grey square (gd, its paper pd) within the box
 * (bx, by, bw, bh): lit, ink against the paper around the digit (bg, the
 * contrast range), box fitted into CELL_BOX with the aspect kept,
 * centred; and flat, the same with the light taken out: each pixel read
 * against the paper under it, so that a shadow's edge across a digit is
 * no stroke and a shaded half no ink.  Under even light the two are the
 * same.
 */
static void
fill_crops(const l_uint32 *gd, const l_uint32 *pd, int gwpl, int gw, int gh,
    const int box[4], double bg, double range, float *lit, float *flat)
{
	enum { ss = 4 };	/* subsamples a pixel, each way */
	struct axis col[CELL_NORM * ss], row[CELL_NORM * ss];
	int	 bx = box[0], by = box[1], bw = box[2], bh = box[3];
	double	 scale, ox, oy;
	int	 i, j, sx, sy;

	scale = (double)CELL_BOX / (bw > bh ? bw : bh);
	ox = (CELL_NORM - bw * scale) / 2;
	oy = (CELL_NORM - bh * scale) / 2;
	/*
	 * Where each subsample falls in the square: a column's u the same
	 * on every row, a row's w the same in every column.
	 */
	for (i = 0; i < CELL_NORM; i++)
		for (sx = 0; sx < ss; sx++)
			axis_at(&col[i * ss + sx], (i + (sx + 0.5) / ss - ox) /
			    scale + bx - 0.5, bx - 1, bx + bw, gw);
	for (j = 0; j < CELL_NORM; j++)
		for (sy = 0; sy < ss; sy++)
			axis_at(&row[j * ss + sy], (j + (sy + 0.5) / ss - oy) /
			    scale + by - 0.5, by - 1, by + bh, gh);
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
			lit[j * CELL_NORM + i] = (float)(acc / (ss * ss));
			flat[j * CELL_NORM + i] = (float)(facc / (ss * ss));
		}
}

/*
 * Fill cl->norm (fill_crops' lit crop) from the digit's box, and
 * cl->hand_lit and cl->hand_flat, what handwriting is read from, from the
 * box grown to its faint strokes (faint_grow) when faint asks for it,
 * else from the same box.  The box kept in cl is the first: print is
 * read, and the kinds told apart, as before; only the handwriting
 * classifiers see the fainter ink.
 */
void
crop_normalise(PIX *grey, PIX *paper, PIX *bin, BOX *cellbox,
    struct cell *cl, int faint)
{
	l_uint32 *gd, *bd, *pd;
	int	 gw, gh, gwpl, bwpl, x, y, cx, cy, cw, ch, nfg = 0, nbg = 0;
	double	 fg = 0, bg = 0, range;
	int	 hist[256], box[4];

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
	box[0] = cl->bx;
	box[1] = cl->by;
	box[2] = cl->bw;
	box[3] = cl->bh;
	fill_crops(gd, pd, gwpl, gw, gh, box, bg, range, cl->norm,
	    cl->hand_flat);
	if (faint && faint_grow(grey, paper, box, cx, cy, cw, ch, bg, range))
		fill_crops(gd, pd, gwpl, gw, gh, box, bg, range, cl->hand_lit,
		    cl->hand_flat);
	else
		memcpy(cl->hand_lit, cl->norm, sizeof(cl->hand_lit));
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
