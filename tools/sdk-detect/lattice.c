/*
 * lattice.c: nine boxes set apart, made one candidate (step 3 at the top
 * of find.c).  An app or a web page may draw a Sudoku's boxes as nine
 * cards with a gap between them, no line running across the grid, so
 * that no component of ink spans it.  Where the gap is a few work pixels,
 * the closing of the ink mask bridges it in some places and not in
 * others: two or four cards are then one component, the rest alone.  And
 * a tint across a box (the selected cell's row, column and box) can break
 * its lines, so that the box is pieces.  The cards are found as a
 * lattice: from one card alone, the steps to the next across and down;
 * then which components lie on the lattice's places, each one card or a
 * block of them; then which three places by three hold the grid.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "candidates.h"
#include "image.h"
#include "util.h"

#define BOX_ALONE	0.5	/* a box drawn alone: less ink than this
				   where a grid has its thin lines */
#define PLACE_NEAR	0.2	/* a card's corners: within this of a box's
				   side of the places' */
#define REACH		2	/* places sought before and after box a's
				   (a's may be any of the grid's nine) */
#define PLACES		(2 * REACH + 3)
#define MAX_MADE	8	/* lattices made in one mask */
#define GAP_SAMPLES	90	/* gaps_ink: samples along a gap */
#define GAPS_AS_CLEAR	0.02	/* gaps_ink: this near, the gaps as clear */

/* A lattice of cards: its place (0, 0) is box a's. */
struct lattice {
	double	 x, y;		/* box a's top left corner */
	double	 w, h;		/* its size */
	double	 sx, sy;	/* the step to the next place across */
	double	 tx, ty;	/* ... and down */
};

/* Cards of the lattice that one component is: places k0..k1, r0..r1. */
struct cover {
	int	 j;
	int	 k0, r0, k1, r1;
};

/*
 * The place (*k across, *r down, from box a's, whole when on the lattice)
 * whose box's top left corner is (x, y); returns 1 when it is within
 * PLACE_NEAR of a box's side of a place.
 */
static int
place_at(const struct lattice *l, double x, double y, int *k, int *r)
{
	double	 det = l->sx * l->ty - l->tx * l->sy, fk, fr;

	x -= l->x;
	y -= l->y;
	fk = (x * l->ty - y * l->tx) / det;
	fr = (l->sx * y - l->sy * x) / det;
	*k = (int)lround(fk);
	*r = (int)lround(fr);
	return fabs(fk - *k) * hypot(l->sx, l->sy) <= PLACE_NEAR * l->w &&
	    fabs(fr - *r) * hypot(l->tx, l->ty) <= PLACE_NEAR * l->h;
}

/*
 * Whether component j is one card of the lattice, or a block of up to
 * three by three: its box's top left corner at one place's, its bottom
 * right at another's, so.  Sets *c.
 */
static int
covers(const struct comps *cs, const struct lattice *l, int j,
    struct cover *c)
{
	int	 bx, by, bw, bh;

	boxaGetBoxGeometry(cs->boxa, j, &bx, &by, &bw, &bh);
	if (!place_at(l, bx, by, &c->k0, &c->r0) ||
	    !place_at(l, bx + bw - l->w, by + bh - l->h, &c->k1, &c->r1))
		return 0;
	c->j = j;
	return c->k1 >= c->k0 && c->r1 >= c->r0 &&
	    c->k1 - c->k0 < 3 && c->r1 - c->r0 < 3;
}

/* The 3 x 3 determinant of rows a, b, c. */
static double
det3(const double *a, const double *b, const double *c)
{
	return a[0] * (b[1] * c[2] - b[2] * c[1]) -
	    a[1] * (b[0] * c[2] - b[2] * c[0]) +
	    a[2] * (b[0] * c[1] - b[1] * c[0]);
}

/*
 * The lattice l fitted again, by least squares, to every card found on
 * it (each block's first and last card's corners): the steps from one
 * neighbour are a pixel or two off (a rounded or broken corner), which
 * over three boxes skews the grid's quad.  l is left as it is when the
 * cards are all in one row or column, or the steps fitted are not a
 * card's and a gap.
 */
static void
refit(const struct comps *cs, struct lattice *l, const struct cover *cv,
    int ncv)
{
	double	 m[3][3] = { { 0 } }, vx[3] = { 0 }, vy[3] = { 0 };
	double	 d, col[3][3], t[3];
	struct lattice f = *l;
	int	 i, e, a, b, bx, by, bw, bh;

	for (i = 0; i < ncv; i++) {
		boxaGetBoxGeometry(cs->boxa, cv[i].j, &bx, &by, &bw, &bh);
		for (e = 0; e < 2; e++) {
			double u[3] = { 1, e ? cv[i].k1 : cv[i].k0,
			    e ? cv[i].r1 : cv[i].r0 };
			double x = e ? bx + bw - l->w : bx;
			double y = e ? by + bh - l->h : by;

			for (a = 0; a < 3; a++) {
				for (b = 0; b < 3; b++)
					m[a][b] += u[a] * u[b];
				vx[a] += u[a] * x;
				vy[a] += u[a] * y;
			}
		}
	}
	if (fabs(d = det3(m[0], m[1], m[2])) < 1e-9)
		return;
	/* Cramer's rule: each unknown, its column replaced by v. */
	for (e = 0; e < 2; e++) {
		const double *v = e ? vy : vx;

		for (b = 0; b < 3; b++) {
			memcpy(col, m, sizeof(col));
			for (a = 0; a < 3; a++)
				col[a][b] = v[a];
			t[b] = det3(col[0], col[1], col[2]) / d;
		}
		if (e) {
			f.y = t[0];
			f.sy = t[1];
			f.ty = t[2];
		} else {
			f.x = t[0];
			f.sx = t[1];
			f.tx = t[2];
		}
	}
	/* Steps as lattice_step takes them: over a card, under 1.5. */
	if (hypot(f.sx, f.sy) > f.w && hypot(f.sx, f.sy) < 1.5 * f.w &&
	    hypot(f.tx, f.ty) > f.h && hypot(f.tx, f.ty) < 1.5 * f.h)
		*l = f;
}

/*
 * The step (*sx, *sy) from box a to the next card across (down 0) or
 * down (down 1): a component whose top left corner is apart from a's by
 * more than a's side and less than half as much again, or by twice that
 * (the card between missing), halved; and that is one card or a block
 * of two or three, as spaced.  After box a, else before it: a card of
 * the grid's last row or column has none after it, and the cards after
 * one may be broken or joined by a tint (web 82 page 53, a dark page:
 * after each card found whole, the next across and down was broken,
 * joined to another or not there, and no lattice was made).  Returns 0
 * when there is none.
 */
static int
lattice_step(const struct comps *cs, int a, int down, double *sx,
    double *sy)
{
	int	 ax, ay, aw, ah, bx, by, bw, bh, j, n, t, m, dir;
	double	 along, across, side, other, gap, na, nb;

	boxaGetBoxGeometry(cs->boxa, a, &ax, &ay, &aw, &ah);
	side = down ? ah : aw;
	other = down ? aw : ah;
	n = boxaGetCount(cs->boxa);
	for (t = 0; t < 4; t++)
		for (j = 0; j < n; j++) {
			if (j == a)
				continue;
			/* m places away, after box a (dir 1) or before. */
			m = t % 2 + 1;
			dir = t < 2 ? 1 : -1;
			boxaGetBoxGeometry(cs->boxa, j, &bx, &by, &bw, &bh);
			along = dir * (down ? by - ay : bx - ax);
			across = dir * (down ? bx - ax : by - ay);
			if (!(along > m * side && along < m * 1.5 * side &&
			    fabs(across) < m * side / 5))
				continue;
			/* Cards along and across: so many, spaced so. */
			gap = along / m - side;
			na = ((down ? bh : bw) + gap) / (side + gap);
			nb = ((down ? bw : bh) + gap) / (other + gap);
			if (fabs(na - lround(na)) * (side + gap) >
			    side / 5 ||
			    fabs(nb - lround(nb)) * (other + gap) >
			    other / 5 ||
			    lround(na) < 1 || lround(na) > 2 ||
			    lround(nb) < 1 || lround(nb) > 3)
				continue;
			*sx = (down ? across : along) / m;
			*sy = (down ? along : across) / m;
			return 1;
		}
	return 0;
}

/*
 * The cards on lattice l within REACH places of box a's, of the first n
 * components, one cover each (cv holds PLACES * PLACES); returns how
 * many.
 */
static int
lattice_covers(const struct comps *cs, int n, const struct lattice *l,
    struct cover *cv)
{
	struct cover c;
	int	 j, ncv = 0;

	for (j = 0; j < n && ncv < PLACES * PLACES; j++)
		if (covers(cs, l, j, &c) && c.k1 >= -REACH &&
		    c.r1 >= -REACH && c.k0 < PLACES - REACH &&
		    c.r0 < PLACES - REACH)
			cv[ncv++] = c;
	return ncv;
}

/*
 * The quad of the cards at places k to k + n - 1 across, r to r + n - 1
 * down: their outer sides.
 */
static void
places_quad(const struct lattice *l, int k, int r, int n, struct quad *q)
{
	double	 x = l->x + k * l->sx + r * l->tx;
	double	 y = l->y + k * l->sy + r * l->ty;
	/* Across: n - 1 steps and a card's width; down, its height. */
	double	 us = n - 1 + l->w / hypot(l->sx, l->sy);
	double	 ut = n - 1 + l->h / hypot(l->tx, l->ty);
	double	 ax = us * l->sx, ay = us * l->sy;
	double	 dx = ut * l->tx, dy = ut * l->ty;

	q->p[0].x = x;
	q->p[0].y = y;
	q->p[1].x = x + ax;
	q->p[1].y = y + ay;
	q->p[2].x = x + ax + dx;
	q->p[2].y = y + ay + dy;
	q->p[3].x = x + dx;
	q->p[3].y = y + dy;
}

/*
 * How much the nine places from (k, r) look like cards: the mean of
 * each one's ink along a box's four lines each way, 0-1.
 */
static double
cards_score(const struct comps *cs, const struct lattice *l, int k, int r)
{
	struct quad q;
	double	 sum = 0;
	int	 i;

	for (i = 0; i < 9; i++) {
		places_quad(l, k + i % 3, r + i / 3, 1, &q);
		sum += box_lines_score(cs->thick, &q);
	}
	return sum / 9;
}

/*
 * How much ink (0-1) lies along the middles of the gaps between the nine
 * places from (k, r): the two gaps across and the two down, each its
 * whole length.  A Sudoku's cards have the page between them; the text or
 * the buttons beside the grid run across the gaps.
 */
static double
gaps_ink(const struct comps *cs, const struct lattice *l, int k, int r)
{
	/* A card's width and height in steps; a gap's middle beyond it. */
	double	 fw = l->w / hypot(l->sx, l->sy);
	double	 fh = l->h / hypot(l->tx, l->ty);
	double	 a, b, x, y;
	int	 g, t, way, n = 0, ink = 0;
	l_uint32 v;

	for (way = 0; way < 2; way++)
		for (g = 0; g < 2; g++)
			for (t = 0; t < GAP_SAMPLES; t++) {
				double along = 3.0 * (t + 0.5) / GAP_SAMPLES;

				a = way == 0 ? k + g + (1 + fw) / 2 : k + along;
				b = way == 0 ? r + along : r + g + (1 + fh) / 2;
				x = l->x + a * l->sx + b * l->tx;
				y = l->y + a * l->sy + b * l->ty;
				if (x < 0 || y < 0 || x >= cs->w || y >= cs->h)
					continue;
				pixGetPixel(cs->thick, (int)x, (int)y, &v);
				ink += v != 0;
				n++;
			}
	return n > 0 ? (double)ink / n : 1;
}

/*
 * Of the three by three places that hold place (0, 0), the window
 * (*wk, *wr its top left) that holds the most cards, a block of cards
 * partly outside it ruling it out; of windows that hold as many, the
 * one whose gaps are clearest of ink (gaps_ink: make-web.py's seed 72,
 * page 55, a dark theme's top row of cards tinted and not found, the
 * paragraph under the grid taken for its third row: 0.061 against
 * nothing), and of those as clear, the most grid-like in the grey image
 * (a card a tint broke into pieces still has its lines there; the text
 * or buttons beside the grid have none).  Returns the cards in it, and
 * in *rows and *cols which of its rows and columns have one; 0 when no
 * window will do.
 */
static int
best_window(const struct comps *cs, const struct lattice *l,
    const struct cover *cv, int ncv, int *wk, int *wr, int *rows,
    int *cols)
{
	int	 k, r, i, got, rw, cl, pk, pr, bestgot = 0;
	int	 held[PLACES][PLACES];
	double	 score, best = -1, gaps, clearest = 1;
	struct quad q;

	for (r = 0; r >= -2; r--)
		for (k = 0; k >= -2; k--) {
			memset(held, 0, sizeof(held));
			got = rw = cl = 0;
			for (i = 0; i < ncv; i++) {
				int in = cv[i].k0 >= k && cv[i].k1 < k + 3 &&
				    cv[i].r0 >= r && cv[i].r1 < r + 3;
				int out = cv[i].k1 < k || cv[i].k0 >= k + 3 ||
				    cv[i].r1 < r || cv[i].r0 >= r + 3;

				if (!in && !out)
					break;
				if (out)
					continue;
				for (pr = cv[i].r0; pr <= cv[i].r1; pr++)
					for (pk = cv[i].k0; pk <= cv[i].k1;
					    pk++) {
						if (held[pr + REACH]
						    [pk + REACH]++)
							continue;
						got++;
						rw |= 1 << (pr - r);
						cl |= 1 << (pk - k);
					}
			}
			if (i < ncv || got < bestgot || got < 4)
				continue;
			places_quad(l, k, r, 3, &q);
			score = grey_grid_score(cs->grey, &q);
			gaps = gaps_ink(cs, l, k, r);
			if (got == bestgot && (gaps > clearest + GAPS_AS_CLEAR ||
			    (gaps >= clearest - GAPS_AS_CLEAR && score <= best)))
				continue;
			best = score;
			clearest = gaps;
			bestgot = got;
			*wk = k;
			*wr = r;
			*rows = rw;
			*cols = cl;
		}
	return bestgot;
}

/* How many of the three lowest bits of m are set. */
static int
bits3(int m)
{
	return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1);
}

/*
 * For each component that could be a card alone (square, at least a
 * fifteenth of the work image's short side, no lines where a whole grid
 * of its size has its thin ones: not a grid of a page of several) as
 * box a, the next card across and down give the lattice's steps
 * (lattice_step); if cards stand at four of the nine places of a window
 * at least (best_window), in two rows and two columns, every component
 * within the nine places' box is one candidate, its quad the window's
 * (grid_in fits no sides to it).  Returns the number of candidates,
 * *cand grown.
 */
int
add_box_lattices(struct comps *cs, struct cand **cand, int nc,
    struct find_info *info)
{
	int	 small = cs->frame, n, a, j, k, ncv;
	int	 wk = 0, wr = 0, rows = 0, cols = 0;
	int	 ax, ay, aw, ah, bx, by, bw, bh, made = 0, idx;
	double	 done[MAX_MADE][4];
	double	 x0, y0, x1, y1, cx, cy;
	struct lattice l;
	struct cover cv[PLACES * PLACES];
	struct cand *c;
	struct quad bq;
	PIX	*u, *p;

	n = boxaGetCount(cs->boxa);
	for (a = 0; a < n && made < MAX_MADE; a++) {
		boxaGetBoxGeometry(cs->boxa, a, &ax, &ay, &aw, &ah);
		if (aw < small / 15 || ah < small / 15 ||
		    aw < WHOLE_SQUARE * ah || ah < WHOLE_SQUARE * aw)
			continue;
		/* A card of a lattice made already. */
		cx = ax + aw / 2.0;
		cy = ay + ah / 2.0;
		for (k = 0; k < made; k++)
			if (cx >= done[k][0] && cx <= done[k][2] &&
			    cy >= done[k][1] && cy <= done[k][3])
				break;
		if (k < made)
			continue;
		if (!lattice_step(cs, a, 0, &l.sx, &l.sy) ||
		    !lattice_step(cs, a, 1, &l.tx, &l.ty))
			continue;
		/* A box alone, not a whole grid (a page of several). */
		bq.p[0].x = bq.p[3].x = ax;
		bq.p[1].x = bq.p[2].x = ax + aw;
		bq.p[0].y = bq.p[1].y = ay;
		bq.p[2].y = bq.p[3].y = ay + ah;
		if (cell_lines_score(cs->thick, &bq) >= BOX_ALONE)
			continue;
		l.x = ax;
		l.y = ay;
		l.w = aw;
		l.h = ah;
		ncv = lattice_covers(cs, n, &l, cv);
		refit(cs, &l, cv, ncv);
		ncv = lattice_covers(cs, n, &l, cv);
		if (best_window(cs, &l, cv, ncv, &wk, &wr, &rows, &cols) < 4 ||
		    bits3(rows) < 2 || bits3(cols) < 2)
			continue;
		/*
		 * The places' box: each place's, or the cards' found there,
		 * a tenth of a box wider each way.
		 */
		x0 = y0 = 1e9;
		x1 = y1 = -1e9;
		for (k = 0; k < 9; k++) {
			int pk = wk + k % 3, pr = wr + k / 3;
			double px = l.x + aw / 2.0 + pk * l.sx + pr * l.tx;
			double py = l.y + ah / 2.0 + pk * l.sy + pr * l.ty;

			x0 = fmin(x0, px - 0.6 * aw);
			x1 = fmax(x1, px + 0.6 * aw);
			y0 = fmin(y0, py - 0.6 * ah);
			y1 = fmax(y1, py + 0.6 * ah);
		}
		for (j = 0; j < ncv; j++) {
			if (cv[j].k0 < wk || cv[j].k1 >= wk + 3 ||
			    cv[j].r0 < wr || cv[j].r1 >= wr + 3)
				continue;
			boxaGetBoxGeometry(cs->boxa, cv[j].j, &bx, &by, &bw,
			    &bh);
			x0 = fmin(x0, bx - 0.1 * aw);
			x1 = fmax(x1, bx + bw + 0.1 * aw);
			y0 = fmin(y0, by - 0.1 * ah);
			y1 = fmax(y1, by + bh + 0.1 * ah);
		}
		x0 = fmax(x0, 0);
		y0 = fmax(y0, 0);
		x1 = fmin(x1, cs->w);
		y1 = fmin(y1, cs->h);
		if (x1 - x0 < 1 || y1 - y0 < 1)
			continue;
		done[made][0] = x0;
		done[made][1] = y0;
		done[made][2] = x1;
		done[made][3] = y1;
		made++;
		u = sdk_need(pixCreate((int)(x1 - x0), (int)(y1 - y0), 1));
		for (j = 0; j < n; j++) {
			boxaGetBoxGeometry(cs->boxa, j, &bx, &by, &bw, &bh);
			if (bx < x0 || by < y0 || bx + bw > x1 || by + bh > y1)
				continue;
			p = sdk_need(pixaGetPix(cs->pixa, j, L_CLONE));
			pixRasterop(u, bx - (int)x0, by - (int)y0, bw, bh,
			    PIX_SRC | PIX_DST, p, 0, 0);
			pixDestroy(&p);
		}
		boxaAddBox(cs->boxa, sdk_need(boxCreate((int)x0, (int)y0,
		    pixGetWidth(u), pixGetHeight(u))), L_INSERT);
		pixaAddPix(cs->pixa, u, L_INSERT);
		idx = boxaGetCount(cs->boxa) - 1;
		*cand = sdk_xreallocarray(*cand, (size_t)nc + 1,
		    sizeof(**cand));
		/*
		 * Its quad the lattice's, not the union's extreme points,
		 * which a card broken into pieces cuts short; its score the
		 * cards', not a grid's ten lines, which the gaps put off.
		 */
		c = &(*cand)[nc];
		places_quad(&l, wk, wr, 3, &c->q);
		c->gs = cards_score(cs, &l, wk, wr);
		if (c->gs < MIN_SCORE)
			continue;
		c->sc = c->gs * sqrt(quad_area(&c->q));
		c->i = idx;
		c->lattice = 1;
		c->held = 0;
		c->further = 0;
		nc++;
		info->candidates++;
	}
	return nc;
}
