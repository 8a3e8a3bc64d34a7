/*
 * cells.c: from a straightened grid to 81 empty/digit decisions and
 * normalised digit crops.
 *
 * The square is binarised with Sauvola's local threshold (shadows and
 * uneven light); long horizontal and vertical runs (the grid lines) are
 * opened out, located (so that a cell is where its lines are) and
 * removed (lines.c).  Each connected component left goes to the cell its
 * centre falls in; pieces above one another are grouped (a stroke cut by
 * a line or by the threshold), and the biggest plausible candidate near
 * the centre is the digit.  A cell with none is empty, and so is one whose
 * "digit" is much fainter than the grid's others (shadow, stain, tint).
 * The digit's box is cut from the grey square, its ink rescaled to [0, 1]
 * between the darkest tenth of its pixels and the paper around it, and
 * fitted into a CELL_NORM x CELL_NORM crop with its aspect ratio kept
 * (crop.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "candcut.h"
#include "crop.h"
#include "frames.h"
#include "lines.h"
#include "tints.h"
#include "image.h"
#include "util.h"

/* Geometry of a digit, as fractions of the cell side. */
#define MIN_HEIGHT	0.22	/* shorter is a dot, a smudge */
#define MAX_HEIGHT	0.94
#define MAX_WIDTH	0.85
#define CENTRE_BAND	0.30	/* box centre this far from the cell centre */
#define MIN_INKFILL	0.06	/* ink / box area */
#define PENCIL_OFF	0.07	/* candidates spaced by thirds, within this
				   (candcut.h: PENCIL_HEIGHT) */
#define PENCIL_MIDDLE	0.08	/* a pair one step apart centred this near
				   the cell's middle is a broken digit */
#define LINE_NEAR	0.08	/* a line's remains: this near a side */
#define CORNER_OFF	0.20	/* a lines' crossing: this far off the middle */
#define FAINT		0.40	/* contrast below this x the grid's reference */
#define PAGE_FRAMES	3	/* frames in cells (frames.h): the grid's
				   cells are drawn so */
/*
 * The grid's reference contrast: that of its fainter digits, the 30th
 * percentile, not the median.  In a started puzzle the handwriting (pencil
 * most often) may be far fainter than the print, and judged against the
 * print it would all be a stain.
 */
#define FAINT_RANK	0.3


/* Which of the nine spans between lines holds v (-1: none). */
static int
span_of(const double p[10], double v)
{
	int	 i;

	for (i = 0; i < 9; i++)
		if (v >= p[i] && v < p[i + 1])
			return i;
	return v < p[0] ? 0 : 8;
}

/*
 * Components of the cleaned mask that could be digits, each given to the
 * cell its centre falls in.  Returns the count in *n (cv is malloc'd).
 * Frames drawn in cells, and their remains, are none (frames.h): once
 * PAGE_FRAMES are sure, so is any component of two sides, an L of a
 * frame whose other two went with the grid's lines, which grouped with
 * the digit inside made a 3 a 5 (web seed 77 page 31).
 */
static struct comp *
components(PIX *bin, double xs[3][10], double ys[3][10], double c,
    int *n, int **cellof)
{
	BOXA	*boxa;
	PIXA	*pixa = NULL;
	struct comp *cv;
	int	 i, k = 0, nb, *sides, frames = 0;

	*n = 0;
	*cellof = NULL;
	boxa = sdk_need(pixConnComp(bin, &pixa, 8));
	sdk_need(pixa);
	nb = boxaGetCount(boxa);
	cv = sdk_xcalloc((size_t)nb + 1, sizeof(*cv));
	*cellof = sdk_xcalloc((size_t)nb + 1, sizeof(**cellof));
	sides = sdk_xcalloc((size_t)nb + 1, sizeof(*sides));
	/* Each component in cv[i] first; those kept move down to cv[k]. */
	for (i = 0; i < nb; i++) {
		struct comp *q = &cv[i];
		PIX	*p;

		boxaGetBoxGeometry(boxa, i, &q->x, &q->y, &q->w, &q->h);
		if (q->h < 0.12 * c || q->w > 1.2 * c || q->h > 1.2 * c) {
			sides[i] = -1;	/* no digit */
			continue;
		}
		p = sdk_need(pixaGetPix(pixa, i, L_CLONE));
		pixCountPixels(p, &q->area, NULL);
		sides[i] = frame_sides(p, q->w, q->h, q->area, c);
		frames += frame_sure(sides[i], q->w, q->h, c);
		pixDestroy(&p);
	}
	for (i = 0; i < nb; i++) {
		struct comp *q = &cv[k];
		double	 cx, cy;
		int	 r, col;

		if (sides[i] < 0 || frame_sure(sides[i], cv[i].w, cv[i].h,
		    c) || (sides[i] >= 2 && frames >= PAGE_FRAMES))
			continue;	/* a frame in the cell, or its remains */
		*q = cv[i];
		cx = q->x + q->w / 2.0;
		cy = q->y + q->h / 2.0;
		/* Row from the column band, column from the row band. */
		r = span_of(ys[span_of(xs[1], cx) / 3], cy);
		col = span_of(xs[r / 3], cx);
		r = span_of(ys[col / 3], cy);
		(*cellof)[k] = r * 9 + col;
		k++;
	}
	free(sides);
	boxaDestroy(&boxa);
	pixaDestroy(&pixa);
	*n = k;
	return cv;
}

/* Union-find over a cell's components. */
static int
uf_find(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/*
 * Could this component of a cell (x0, y0, cw, ch) be (part of) its
 * digit?  Not a speck, not what is left of a line, not at the border.
 * flat: the cell's paper is one flat colour, as an app draws it.
 */
static int
digit_piece(const struct comp *q, double x0, double y0, double cw,
    double ch, int flat)
{
	if (q->area < 4)
		return 0;
	if (q->h < 0.08 * ch && q->w < 0.15 * cw)
		return 0;	/* a speck */
	if (q->h < 0.1 * ch && q->w > 3 * q->h)
		return 0;	/* what is left of a line */
	if (q->w <= 2 && q->h > 4 * q->w)
		return 0;
	if (fabs((q->x + q->w / 2.0 - x0) / cw - 0.5) > 0.36 ||
	    fabs((q->y + q->h / 2.0 - y0) / ch - 0.5) > 0.36)
		return 0;	/* near the border: not a digit's */
	/*
	 * Along a side it touches, and long: a grid line left over.  A tall
	 * handwritten digit (a 9 of the whole cell's height) touches the
	 * line under it, but does not run along the side.
	 */
	if (((q->x <= x0 + 1 || q->x + q->w >= x0 + cw - 1) &&
	    q->h > 0.9 * ch) || ((q->y <= y0 + 1 || q->y + q->h >= y0 + ch -
	    1) && q->w > 0.6 * cw))
		return 0;
	/*
	 * Over two sides that meet, and off the middle towards their
	 * corner: where a faint grid's lines cross, left when the threshold
	 * broke them into runs shorter than a line's (a small page's thin
	 * lines, blurred: pages seed 23 page 6 read a 2 there).  A digit,
	 * written or printed, keeps near its cell's middle.
	 */
	if ((q->x <= x0 + 1 || q->x + q->w >= x0 + cw - 1) &&
	    (q->y <= y0 + 1 || q->y + q->h >= y0 + ch - 1) &&
	    fabs((q->x + q->w / 2.0 - x0) / cw - 0.5) > CORNER_OFF &&
	    fabs((q->y + q->h / 2.0 - y0) / ch - 0.5) > CORNER_OFF)
		return 0;
	/*
	 * On a drawn page, flat and long, within LINE_NEAR of the top or
	 * the bottom: what is left of a line that bends, a card's rounded
	 * corner and the stub of its edge, where the cell's side was placed
	 * across the gap to the next card.  Grouped with the digit above it,
	 * it made an 8 a 7.  (On paper, a hand's 1 has such a foot.)
	 */
	if (flat && q->h < 0.25 * ch && q->w > 0.6 * cw &&
	    (q->y <= y0 + LINE_NEAR * ch ||
	    q->y + q->h >= y0 + ch - LINE_NEAR * ch))
		return 0;
	return 1;
}

/*
 * Group the pieces cv[idx[0..m)] lying above one another (a stroke broken
 * by a grid line or by the threshold): parent[] becomes their union-find
 * forest, g[root] each group's box and ink.
 */
static void
group_pieces(const struct comp *cv, const int *idx, int *parent, int m,
    double ch, struct comp *g)
{
	int	 a, b;

	for (a = 0; a < m; a++)
		for (b = a + 1; b < m; b++) {
			const struct comp *p = &cv[idx[a]], *q = &cv[idx[b]];
			int	 ov, gap, mw;

			ov = (p->x + p->w < q->x + q->w ? p->x + p->w :
			    q->x + q->w) - (p->x > q->x ? p->x : q->x);
			mw = p->w < q->w ? p->w : q->w;
			gap = p->y > q->y ? p->y - (q->y + q->h) :
			    q->y - (p->y + p->h);
			if (ov >= mw / 2 && gap <= 0.2 * ch)
				parent[uf_find(parent, a)] = uf_find(parent, b);
		}
	for (a = 0; a < m; a++) {
		g[a].x = g[a].y = 1 << 30;
		g[a].w = g[a].h = -(1 << 30);	/* right, bottom for now */
		g[a].area = 0;
	}
	for (a = 0; a < m; a++) {
		const struct comp *p = &cv[idx[a]];
		struct comp *q = &g[uf_find(parent, a)];

		q->x = p->x < q->x ? p->x : q->x;
		q->y = p->y < q->y ? p->y : q->y;
		q->w = p->x + p->w > q->w ? p->x + p->w : q->w;
		q->h = p->y + p->h > q->h ? p->y + p->h : q->h;
		q->area += p->area;
	}
	for (a = 0; a < m; a++)
		if (uf_find(parent, a) == a) {
			g[a].w -= g[a].x;
			g[a].h -= g[a].y;
		}
}

/*
 * Whether the pieces cv[idx[0..m)] of a cell are candidates (pencil
 * marks an app draws as small digits on a 3 x 3 lattice in the cell),
 * not a digit: two or more small glyphs, none of a digit's height, two
 * of them of one height on one row or one column of the lattice, one or
 * two of its steps apart (within PENCIL_OFF), a gap between their boxes.
 * The steps, not the lattice's places: the cell's lines may be found a
 * little off.  Stacked, they would be grouped
 * as the strokes of one tall digit.
 */
/* Whether d is a lattice step or two of a cell side c (within PENCIL_OFF). */
static int
lattice_step(double d, double c)
{
	double	 t = d / c * 3;

	return t > 0.5 && t < 2.5 && fabs(t - floor(t + 0.5)) <= 3 * PENCIL_OFF;
}

/*
 * Whether two glyphs a lattice step or two apart (d, of the cell's side
 * c: lattice_step), their middle at mid (from the cell's start), their
 * gap gap and their mean size h along that side, are one digit broken
 * across its waist: one step apart, on the cell's middle, and nearer
 * than half a glyph.  Candidates one step apart are centred a sixth of
 * the cell off its middle (unless the cell's lines were found off), a
 * step less a glyph apart: a thin 3 in a web page's light grey, its two
 * arcs 4 pixels apart, 10 and 11 high in a 52-pixel cell, was taken for
 * candidates.
 */
static int
broken_digit(double d, double mid, double gap, double h, double c)
{
	return d < c / 2 && fabs(mid / c - 0.5) < PENCIL_MIDDLE &&
	    gap < h / 2;
}

static int
pencil_lattice(const struct comp *cv, const int *idx, int m, double x0,
    double y0, double cw, double ch)
{
	int	 a, b, small = 0;

	for (a = 0; a < m; a++) {
		const struct comp *p = &cv[idx[a]];

		if (p->h > PENCIL_HEIGHT * ch)
			return 0;	/* a digit's height: no candidates */
		if (p->h >= 0.1 * ch)
			small++;
	}
	if (small < 2)
		return 0;
	for (a = 0; a < m; a++)
		for (b = a + 1; b < m; b++) {
			const struct comp *p = &cv[idx[a]], *q = &cv[idx[b]];
			double	 ddx, ddy, gx, gy, mx, my;

			if (p->h < 0.1 * ch || q->h < 0.1 * ch)
				continue;
			/* Digits of one size: the pieces of a digit are not. */
			if (abs(p->h - q->h) > 0.2 * (p->h > q->h ? p->h : q->h))
				continue;
			ddx = fabs(p->x + p->w / 2.0 - q->x - q->w / 2.0);
			ddy = fabs(p->y + p->h / 2.0 - q->y - q->h / 2.0);
			gx = ddx - (p->w + q->w) / 2.0;
			gy = ddy - (p->h + q->h) / 2.0;
			mx = (p->x + p->w / 2.0 + q->x + q->w / 2.0) / 2 - x0;
			my = (p->y + p->h / 2.0 + q->y + q->h / 2.0) / 2 - y0;
			/* On one row of the lattice, or in one column. */
			if ((lattice_step(ddx, cw) && gx >= 0.04 * cw &&
			    ddy <= 0.08 * ch && !broken_digit(ddx, mx, gx,
			    (p->w + q->w) / 2.0, cw)) ||
			    (lattice_step(ddy, ch) && gy >= 0.05 * ch &&
			    ddx <= 0.1 * cw && !broken_digit(ddy, my, gy,
			    (p->h + q->h) / 2.0, ch)))
				return 1;
		}
	return 0;
}

/*
 * Choose a cell's digit among the components given to it.  Pieces above
 * one another (a stroke broken by a grid line or by the threshold) are
 * grouped first; the biggest group of plausible size near the cell's
 * centre is the digit.  (x0, y0, cw, ch) is the cell in the square,
 * flat its paper (digit_piece).
 * Returns 1 with the group's box in *out, or 0 for an empty cell, -1 for
 * a cell of candidates (pencil_lattice); *cert is how clearly the call
 * was made.
 */
static int
cell_choose(const struct comp *cv, const int *cellof, int n, int cellno,
    double x0, double y0, double cw, double ch, int flat, struct comp *out,
    float *cert)
{
	int	 idx[32], parent[32], m = 0, i, a, bi = -1, ni = -1;
	struct comp g[32];
	double	 best = 0, dx, dy, h, w, near = 0;

	for (i = 0; i < n && m < 32; i++) {
		if (cellof[i] != cellno || !digit_piece(&cv[i], x0, y0, cw,
		    ch, flat))
			continue;
		parent[m] = m;
		idx[m++] = i;
	}
	if (pencil_lattice(cv, idx, m, x0, y0, cw, ch)) {
		*cert = 1;
		return -1;
	}
	group_pieces(cv, idx, parent, m, ch, g);
	/* Candidates: the groups, then their pieces alone (idx m + a). */
	for (a = 0; a < 2 * m; a++) {
		const struct comp *q;

		if (a < m) {
			if (uf_find(parent, a) != a)
				continue;
			q = &g[a];
		} else
			q = &cv[idx[a - m]];
		h = q->h / ch;
		w = q->w / cw;
		dx = (q->x + q->w / 2.0 - x0) / cw - 0.5;
		dy = (q->y + q->h / 2.0 - y0) / ch - 0.5;
		if (h > MAX_HEIGHT || w > MAX_WIDTH)
			continue;
		if (q->w < 3 || q->w < 0.1 * q->h)
			continue;
		if (fabs(dx) > CENTRE_BAND || fabs(dy) > CENTRE_BAND)
			continue;
		if ((double)q->area / ((double)q->w * q->h) < MIN_INKFILL)
			continue;
		/*
		 * Nearly the whole cell, and hollow: the remains of its frame
		 * (a large handwritten 4 or 7 is wide, tall and hollow too).
		 */
		if (w > 0.8 && h > 0.8 && (double)q->area / ((double)q->w *
		    q->h) < 0.25)
			continue;
		if (h > near) {
			near = h;
			ni = a;
		}
		if (h < MIN_HEIGHT)
			continue;
		if (q->h * q->area > best) {
			best = q->h * q->area;
			bi = a;
		}
	}
	if (bi < 0) {
		/*
		 * Empty; less sure when something was nearly tall enough,
		 * which is then given in *out for the next-best readings.
		 */
		*cert = near > 0 ? (float)(1 - near / MIN_HEIGHT) * 2 : 1;
		if (*cert > 1)
			*cert = 1;
		if (*cert < 1 && ni >= 0)
			*out = ni < m ? g[ni] : cv[idx[ni - m]];
		return 0;
	}
	*out = bi < m ? g[bi] : cv[idx[bi - m]];
	*cert = (float)((out->h / ch - MIN_HEIGHT) / 0.12);
	if (*cert > 1)
		*cert = 1;
	return 1;
}


/* The reference ink contrast of the present cells (FAINT_RANK; 0 if fewer
 * than 5). */
static float
reference_contrast(const struct cell cell[81])
{
	float	 v[81];
	int	 i, n = 0;

	for (i = 0; i < 81; i++)
		if (cell[i].present)
			v[n++] = cell[i].contrast;
	if (n < 5)
		return 0;
	qsort(v, (size_t)n, sizeof(v[0]), sdk_cmp_float);
	return v[(int)(n * FAINT_RANK)];
}

/*
 * Digits of one grid are printed with one ink: a "digit" much fainter
 * than the grid's typical one is a shadow, a stain or a tinted cell's
 * edge.  ref is the grid's reference contrast (reference_contrast).
 */
static void
reject_faint(struct cell cell[81], float ref)
{
	float	 r;
	int	 i;

	if (ref <= 0)
		return;
	for (i = 0; i < 81; i++) {
		if (!cell[i].present)
			continue;
		r = cell[i].contrast / ref;
		if (r < FAINT) {
			cell[i].present = 0;
			cell[i].weak = 1;
			cell[i].certainty = (FAINT - r) / FAINT * 2;
			if (cell[i].certainty > 1)
				cell[i].certainty = 1;
		} else if (r < 2 * FAINT && (r - FAINT) / FAINT <
		    cell[i].certainty)
			cell[i].certainty = (r - FAINT) / FAINT;
	}
}

/*
 * A second look at the cells found empty: the local threshold may have
 * broken a faint or blurred digit into crumbs.  The cell's middle is cut
 * at half the grid's reference contrast below its paper, and the
 * pieces are judged as before, a frame's too (frame_sure): a web page's
 * empty text box, a light grey frame where the page's givens are a light
 * grey hairline font, passed for a 2 or a 5 (web seed 72 page 51: six
 * entries where nothing was written).  What is found is added to the
 * mask.
 */
static void
second_look(PIX *grey, PIX *paper, PIX *bin, double xs[3][10],
    double ys[3][10], float ref, struct cell cell[81])
{
	struct comp cv[32], d;
	int	 cellof[32], i, j, n, nb;

	for (i = 0; i < 81; i++) {
		struct cell *cl = &cell[i];
		double	 x0, y0, cw, ch, m, side;
		PIX	*clip, *mask;
		PIXA	*pixa = NULL;
		BOXA	*boxa;
		BOX	*box;
		l_uint32 val;
		int	 bx, by, thr;
		float	 cert;

		/* Candidates, cut finer, could pass for stacked strokes. */
		if (cl->present || cl->pencil)
			continue;
		x0 = xs[i / 27][i % 9];
		cw = xs[i / 27][i % 9 + 1] - x0;
		y0 = ys[i % 9 / 3][i / 9];
		ch = ys[i % 9 / 3][i / 9 + 1] - y0;
		m = 0.12 * (cw + ch) / 2;
		side = (cw + ch) / 2;
		bx = (int)(x0 + m);
		by = (int)(y0 + m);
		box = boxCreate(bx, by, (int)(cw - 2 * m), (int)(ch - 2 * m));
		clip = pixClipRectangle(grey, box, NULL);
		boxDestroy(&box);
		if (clip == NULL)
			continue;
		pixGetRankValue(clip, 1, 0.5f, &val);
		thr = (int)val - (int)(ref / 2);
		mask = thr > 0 ? pixThresholdToBinary(clip, thr) : NULL;
		pixDestroy(&clip);
		if (mask == NULL)
			continue;
		boxa = sdk_need(pixConnComp(mask, &pixa, 8));
		sdk_need(pixa);
		nb = boxaGetCount(boxa);
		for (j = 0, n = 0; j < nb && n < 32; j++) {
			PIX	*p;
			int	 area = 0, frame;

			boxaGetBoxGeometry(boxa, j, &cv[n].x, &cv[n].y,
			    &cv[n].w, &cv[n].h);
			cv[n].x += bx;
			cv[n].y += by;
			p = sdk_need(pixaGetPix(pixa, j, L_CLONE));
			pixCountPixels(p, &area, NULL);
			frame = frame_sure(frame_sides(p, cv[n].w, cv[n].h,
			    area, side), cv[n].w, cv[n].h, side);
			pixDestroy(&p);
			if (frame)
				continue;	/* an empty text box */
			cv[n].area = area;
			cellof[n++] = i;
		}
		boxaDestroy(&boxa);
		pixaDestroy(&pixa);
		d.w = 0;
		if (cell_choose(cv, cellof, n, i, x0, y0, cw, ch,
		    cl->flat_paper, &d, &cert) > 0) {
			pixRasterop(bin, bx, by, pixGetWidth(mask),
			    pixGetHeight(mask), PIX_SRC | PIX_DST, mask, 0, 0);
			cl->present = 1;
			cl->weak = 0;
			cl->certainty = cert < 0.7f ? cert : 0.7f;
			cl->bx = d.x;
			cl->by = d.y;
			cl->bw = d.w;
			cl->bh = d.h;
			box = boxCreate((int)x0, (int)y0, (int)cw, (int)ch);
			crop_normalise(grey, paper, bin, box, cl, 0);
			boxDestroy(&box);
			crop_measure(cl, x0, y0, cw, ch);
		}
		pixDestroy(&mask);
	}
}

int
cells_extract(PIX *grey, struct cell cell[81])
{
	PIX	*bin, *hl, *vl, *lines, *paper;
	struct comp *cv, d;
	double	 xs[3][10], ys[3][10];
	unsigned char flat[81];
	int	 side, w, h, r, k, n, c, odd, *cellof;
	float	 ref;
	BOX	*box;

	w = pixGetWidth(grey);
	h = pixGetHeight(grey);
	side = w < h ? w : h;
	if (side < 9 * 8 || pixGetDepth(grey) != 8)
		return -1;
	/* A dark-mode square (sdk-warp inverts its own): ink is darker. */
	if (image_light_on_dark(grey, NULL))
		pixInvert(grey, grey);
	if ((bin = lines_binarise(grey, side, &hl, &vl)) == NULL)
		return -1;
	paper = crop_paper(grey, side);
	lines_positions(vl, 1, w, h, xs);
	lines_positions(hl, 0, w, h, ys);
	/*
	 * The digits are cut from a copy where tinted cells are levelled and
	 * the grid lines are paper: a line crossing a digit (page curl) must
	 * not become a stroke.  Levelled, the square is binarised again: the
	 * edge of a tint is no ink beside the digit.
	 */
	grey = sdk_need(pixCopy(NULL, grey));
	if (tints_level(grey, xs, ys, flat) > 0) {
		pixDestroy(&bin);
		pixDestroy(&hl);
		pixDestroy(&vl);
		if ((bin = lines_binarise(grey, side, &hl, &vl)) == NULL) {
			pixDestroy(&grey);
			return -1;
		}
	}
	lines = lines_mask(bin, hl, vl, w, h, xs, ys);
	pixDestroy(&hl);
	pixDestroy(&vl);
	pixSubtract(bin, bin, lines);
	pixPaintThroughMask(grey, lines, 0, 0, 255);
	pixDestroy(&lines);
	cv = components(bin, xs, ys, side / 9.0, &n, &cellof);
	for (r = 0; r < 9; r++)
		for (k = 0; k < 9; k++) {
			struct cell *cl = &cell[r * 9 + k];
			double	 x0, x1, y0, y1;

			/* The cell from the lines around it. */
			x0 = xs[r / 3][k];
			x1 = xs[r / 3][k + 1];
			y0 = ys[k / 3][r];
			y1 = ys[k / 3][r + 1];
			memset(cl, 0, sizeof(*cl));
			cl->flat_paper = flat[r * 9 + k];
			d.w = 0;
			c = cell_choose(cv, cellof, n, r * 9 + k, x0, y0,
			    x1 - x0, y1 - y0, cl->flat_paper, &d,
			    &cl->certainty);
			cl->present = c > 0;
			cl->pencil = c < 0;
			if (cl->pencil)
				candcut_cell(r * 9 + k, xs, ys, grey,
				    paper, bin, cl, &odd);
			cl->weak = !cl->present && d.w > 0;
			if (cl->present || cl->weak) {
				cl->bx = d.x;
				cl->by = d.y;
				cl->bw = d.w;
				cl->bh = d.h;
				box = boxCreate((int)x0, (int)y0,
				    (int)(x1 - x0), (int)(y1 - y0));
				crop_normalise(grey, paper, bin, box, cl,
				    cl->present);
				boxDestroy(&box);
				crop_measure(cl, x0, y0, x1 - x0, y1 - y0);
			}
		}
	candcut_lone(cell, xs, ys, grey, paper, bin);
	ref = reference_contrast(cell);
	if (ref > 0)
		second_look(grey, paper, bin, xs, ys, ref, cell);
	reject_faint(cell, ref);
	free(cv);
	free(cellof);
	pixDestroy(&bin);
	pixDestroy(&paper);
	pixDestroy(&grey);
	return 0;
}

PIX *
cells_digit_pix(PIX *grey, const struct cell *cl)
{
	BOX	*box;
	PIX	*p;

	if (!cl->present)
		return NULL;
	box = boxCreate(cl->bx, cl->by, cl->bw, cl->bh);
	p = pixClipRectangle(grey, box, NULL);
	boxDestroy(&box);
	return p;
}
