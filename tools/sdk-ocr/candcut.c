/*
 * candcut.c: the glyphs of a cell of pencil marks cut out (candcut.h).
 * cells.c tells such a cell by its components (pencil_lattice); its
 * glyphs are then cut again from the cell's own threshold, since the
 * square's loses a light font's thin grey strokes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "candcut.h"
#include "crop.h"
#include "util.h"

/*
 * Could this piece of a cell (from x0, cw by ch) of pencil marks be (part
 * of) a candidate?  Small, no line's remnant.
 */
static int
cand_piece(const struct comp *q, double x0, double cw, double ch)
{
	if (q->area < 4 || q->h > PENCIL_HEIGHT * ch || q->w > 0.3 * cw)
		return 0;
	if (q->h < 0.1 * ch && q->w > 3 * q->h)
		return 0;	/* a horizontal line's remnant */
	/* A vertical one's: thin, on the cell's side (a 1 is inside). */
	return !(q->w <= 2 && (q->x <= x0 + 1 || q->x + q->w >= x0 + cw - 1));
}

/*
 * The lattice place (0-8) of a piece's centre in its cell (x0, y0, cw,
 * ch): a third of the cell is a step, so the lines found a little off
 * (a thin line bent by the straightening) could move a candidate to the
 * next place; the cell is taken from its box's lines, thick and sure.
 */
static int
cand_place(const struct comp *q, double x0, double y0, double cw,
    double ch)
{
	int	 col, row;

	col = (int)floor((q->x + q->w / 2.0 - x0) / cw * 3);
	row = (int)floor((q->y + q->h / 2.0 - y0) / ch * 3);
	col = col < 0 ? 0 : col > 2 ? 2 : col;
	row = row < 0 ? 0 : row > 2 ? 2 : row;
	return row * 3 + col;
}

/* u grown to the union of its box and q's. */
static void
comp_union(struct comp *u, const struct comp *q)
{
	u->w = (q->x + q->w > u->x + u->w ? q->x + q->w : u->x + u->w);
	u->h = (q->y + q->h > u->y + u->h ? q->y + q->h : u->y + u->h);
	u->x = q->x < u->x ? q->x : u->x;
	u->y = q->y < u->y ? q->y : u->y;
	u->w -= u->x;
	u->h -= u->y;
}

/* The glyph g at place k of the cell (box), cut out and kept in cl. */
static void
cand_add(struct cell *cl, int k, const struct comp *g, PIX *grey,
    PIX *paper, PIX *bin, BOX *box)
{
	struct cand *c = &cl->cand[cl->ncand++];
	struct cell tmp;

	memset(&tmp, 0, sizeof(tmp));
	tmp.bx = g->x;
	tmp.by = g->y;
	tmp.bw = g->w;
	tmp.bh = g->h;
	if (bin != NULL)
		crop_normalise(grey, paper, bin, box, &tmp, 0);
	c->place = k;
	c->x = tmp.bx;
	c->y = tmp.by;
	c->w = tmp.bw;
	c->h = tmp.bh;
	memcpy(c->norm, tmp.norm, sizeof(c->norm));
}

/*
 * The candidate glyphs of a cell of pencil marks into cl->cand, each cut
 * out as a digit is.  The square's binarisation loses the thin strokes
 * of a light font's small grey glyphs (a 1 left as a pixel, a 7 in
 * crumbs), so the cell is cut again on its own, halfway between its
 * paper and its darkest ink, and that mask added to bin for the crops.
 * Its pieces are joined by their place on the lattice: a glyph the
 * threshold broke stays one.  Returns the glyphs found, and in *odd the
 * pieces of the cell that are no glyph's.  Without bin, only the glyphs'
 * boxes and places (a trial).
 */
int
candcut_cell(int cellno, double xs[3][10], double ys[3][10], PIX *grey,
    PIX *paper, PIX *bin, struct cell *cl, int *odd)
{
	int	 r = cellno / 9, col = cellno % 9;
	/* The cell as its box's lines have it (cand_place). */
	double	 bx0 = xs[r / 3][col / 3 * 3], by0 = ys[col / 3][r / 3 * 3];
	double	 cw = (xs[r / 3][col / 3 * 3 + 3] - bx0) / 3;
	double	 ch = (ys[col / 3][r / 3 * 3 + 3] - by0) / 3;
	double	 x0 = bx0 + col % 3 * cw, y0 = by0 + r % 3 * ch;
	/* And as its own lines have it. */
	double	 lx0 = xs[r / 3][col], lx1 = xs[r / 3][col + 1];
	double	 ly0 = ys[col / 3][r], ly1 = ys[col / 3][r + 1];
	struct comp g[CAND_MAX];
	double	 cx, cy;
	int	 i, k, nb, mx, my, have[CAND_MAX] = { 0 };
	l_uint32 pv, iv;
	PIX	*clip, *mask;
	BOXA	*boxa;
	BOX	*box;

	cl->ncand = 0;
	*odd = 0;
	/*
	 * The cell inside its lines (painted paper, but their edges), as
	 * either its own lines or its box's have it; a glyph is the cell's
	 * when its centre is in both: where one is off, a neighbour's glyph
	 * is not taken for the cell's, nor the cell's own left out.
	 */
	mx = (int)(fmin(x0, lx0) + 0.04 * cw + 1);
	my = (int)(fmin(y0, ly0) + 0.04 * ch + 1);
	box = boxCreate(mx, my, (int)(fmax(x0 + cw, lx1) - 0.04 * cw) - mx,
	    (int)(fmax(y0 + ch, ly1) - 0.04 * ch) - my);
	clip = pixClipRectangle(grey, box, NULL);
	boxDestroy(&box);
	if (clip == NULL)
		return 0;
	pixGetRankValue(clip, 1, 0.5f, &pv);
	pixGetRankValue(clip, 1, 0.005f, &iv);
	mask = (int)pv - (int)iv >= 16 ? pixThresholdToBinary(clip,
	    (int)(pv + iv) / 2) : NULL;
	pixDestroy(&clip);
	if (mask == NULL)
		return 0;
	if (bin != NULL)
		pixRasterop(bin, mx, my, pixGetWidth(mask),
		    pixGetHeight(mask), PIX_SRC | PIX_DST, mask, 0, 0);
	boxa = sdk_need(pixConnComp(mask, NULL, 8));
	pixDestroy(&mask);
	nb = boxaGetCount(boxa);
	for (i = 0; i < nb; i++) {
		struct comp q, *u;

		boxaGetBoxGeometry(boxa, i, &q.x, &q.y, &q.w, &q.h);
		q.x += mx;
		q.y += my;
		q.area = q.w * q.h;
		if (q.w * q.h < 2)
			continue;
		cx = q.x + q.w / 2.0;
		cy = q.y + q.h / 2.0;
		if (cx < fmax(x0, lx0) || cx > fmin(x0 + cw, lx1) ||
		    cy < fmax(y0, ly0) || cy > fmin(y0 + ch, ly1))
			continue;
		if (!cand_piece(&q, x0, cw, ch)) {
			/* Not a speck: something else is in the cell. */
			*odd += q.h >= 0.08 * ch || q.w >= 0.08 * cw;
			continue;
		}
		u = &g[k = cand_place(&q, x0, y0, cw, ch)];
		if (!have[k]++)
			*u = q;
		else
			comp_union(u, &q);
	}
	boxaDestroy(&boxa);
	box = boxCreate((int)x0, (int)y0, (int)cw, (int)ch);
	for (k = 0; k < CAND_MAX; k++)
		if (have[k] && g[k].h >= 0.08 * ch)
			cand_add(cl, k, &g[k], grey, paper, bin, box);
	boxDestroy(&box);
	return cl->ncand;
}

/*
 * An app that draws candidates draws them alike in every cell: once two
 * cells are sure to hold them (pencil_lattice, which wants two on a row or
 * a column of the lattice), a cell holding but one, or two on a diagonal,
 * is a cell of candidates too when everything in it is a glyph of their
 * size.  Only then: a lone small mark is no candidate on a paper grid.
 * A cell taken for a digit is asked too: an app draws a lone candidate 5
 * at the cell's centre, a small digit to the cells' reading, but of the
 * candidates' height, which a given is not (PENCIL_HEIGHT; make-screens
 * seed 85's picture 52, its 5 read as a given, the givens no puzzle).
 * Their height is the pencil cells' median within 0.75 to LONE_TALLEST
 * times; a small page's givens are only some 1.5 times a candidate's
 * height (web seed 76 page 27).  Three glyphs or more in two lattice
 * columns or more are no digit, and may be CANDS_TALLEST times as tall:
 * a scaled screenshot's candidates on the selected box's tint are cut
 * taller than elsewhere, 12 pixels against 9, and the middle one, a 5,
 * was read as the person's entry (screens seed 104 picture 23).
 */
#define LONE_TALLEST	1.3
#define CANDS_TALLEST	1.5

/* Whether the glyphs of cl lie in two columns of the lattice or more. */
static int
cands_spread(const struct cell *cl)
{
	int	 j;

	for (j = 1; j < cl->ncand; j++)
		if (cl->cand[j].place % 3 != cl->cand[0].place % 3)
			return 1;
	return 0;
}

void
candcut_lone(struct cell cell[81], double xs[3][10], double ys[3][10],
    PIX *grey, PIX *paper, PIX *bin)
{
	static struct cell tmp;
	float	 hv[81 * CAND_MAX], hmed, tallest;
	int	 i, j, n = 0, cells = 0, odd, ok;

	for (i = 0; i < 81; i++) {
		cells += cell[i].pencil && cell[i].ncand >= 2;
		for (j = 0; cell[i].pencil && j < cell[i].ncand; j++)
			hv[n++] = (float)cell[i].cand[j].h;
	}
	if (cells < 2 || n < 4)
		return;
	qsort(hv, (size_t)n, sizeof(hv[0]), sdk_cmp_float);
	hmed = hv[n / 2];
	for (i = 0; i < 81; i++) {
		if (cell[i].pencil)
			continue;
		if (candcut_cell(i, xs, ys, grey, paper, NULL, &tmp,
		    &odd) == 0 || odd > 0)
			continue;
		tallest = tmp.ncand >= 3 && cands_spread(&tmp) ?
		    CANDS_TALLEST : LONE_TALLEST;
		for (j = 0, ok = 1; j < tmp.ncand; j++)
			ok &= tmp.cand[j].h >= 0.75 * hmed &&
			    tmp.cand[j].h <= tallest * hmed;
		if (!ok)
			continue;
		candcut_cell(i, xs, ys, grey, paper, bin, &cell[i], &odd);
		cell[i].present = 0;
		cell[i].pencil = 1;
		cell[i].weak = 0;
		cell[i].certainty = 1;
	}
}
