/*
 * candidates.c: the grids in one ink mask of the work image (steps 3 to 5
 * at the top of find.c): its components as candidates, the frames around a
 * grid ranked after it, and the best fitted to their sides, comb and
 * printed border.
 */
#include <math.h>
#include <stdlib.h>

#include "image.h"
#include "candidates.h"
#include "util.h"

#define RESCUE_SCORE	0.25	/* candidate score: least to try fitting */
#define GRID_AREA	0.04	/* a grid: its share of the frame, least */
#define GRID_INK	0.5	/* ... and of its quad in ink, most */
#define FURTHER_AREA	0.02	/* the same of a page's further grid */
#define FURTHER_INK	0.65	/* (grid_in) */
#define FURTHER_SIBLING	0.75	/* ... and of the first grid's area, least */
#define MIN_SIDE	36	/* plausible grid: least side (work pixels) */
#define MAX_ELONGATION	2.5	/* plausible grid: longest side / neighbour */
#define FRAME_HUG	0.6	/* a frame's box: its grid's is at least
				   this of it across one way */
#define STANDING_LEAST	2	/* a grid's lines standing out of its
				   cells, in either direction, fewest
				   (comb.c: lines_standing) */
#define SOLID_SHARE	60	/* ink thicker than the work image's short
				   side / this both ways: solid, no line */
#define SOLID_LEAST	5	/* ... and than this many pixels */

/*
 * Extreme points of a component's pixels: TL, TR, BR, BL, the extremes of
 * x + y and x - y.  A grid turned near 45 degrees has a side, not a
 * corner, there: its corners are the extremes of y and x (top, right,
 * bottom, left), which then span the larger quad, and win.
 */
static void
extreme_points(PIX *comp, int bx, int by, struct quad *q)
{
	int w = pixGetWidth(comp), h = pixGetHeight(comp);
	int wpl = pixGetWpl(comp), x, y, i;
	l_uint32 *line;
	double best[4] = { 1e18, -1e18, -1e18, 1e18 }, s, d;
	struct quad ax;
	int top = -1, bottom = -1, left = w, right = -1;

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
			if (top < 0) {
				top = y;
				ax.p[0].x = x;
				ax.p[0].y = y;
			}
			if (x > right) {
				right = x;
				ax.p[1].x = x;
				ax.p[1].y = y;
			}
			/* The last row's first pixel, the first column's top. */
			if (y > bottom) {
				bottom = y;
				ax.p[2].x = x;
				ax.p[2].y = y;
			}
			if (x < left) {
				left = x;
				ax.p[3].x = x;
				ax.p[3].y = y;
			}
		}
	}
	if (top >= 0 && quad_area(&ax) > quad_area(q)) {
		*q = ax;
		quad_order(q);
	}
	for (i = 0; i < 4; i++) {
		q->p[i].x += bx;
		q->p[i].y += by;
	}
}

/*
 * Could q be a Sudoku seen by a camera: a convex quad, sides at least
 * MIN_SIDE pixels (a cell of 4 pixels cannot be read), each side no more
 * than MAX_ELONGATION times its neighbour (perspective foreshortens, but
 * not so much that the grid could still be read).
 */
static int
plausible(const struct quad *q)
{
	double len[4], cr;
	int s;

	for (s = 0; s < 4; s++) {
		const struct point *a = &q->p[s], *b = &q->p[(s + 1) % 4];
		const struct point *c = &q->p[(s + 2) % 4];

		len[s] = hypot(b->x - a->x, b->y - a->y);
		if (!(len[s] >= MIN_SIDE))
			return 0;
		cr = (b->x - a->x) * (c->y - b->y) - (b->y - a->y) * (c->x - b->x);
		if (cr <= 0)
			return 0;	/* not convex, or not clockwise */
	}
	for (s = 0; s < 4; s++)
		if (len[s] > MAX_ELONGATION * len[(s + 1) % 4])
			return 0;
	return 1;
}

static int
cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	return x->sc < y->sc ? 1 : x->sc > y->sc ? -1 : x->i - y->i;
}

/* Component i alone in a mask the size of the work image. */
static PIX *
comp_mask(const struct comps *cs, int i)
{
	PIX *mask = sdk_need(pixCreate(cs->w, cs->h, 1)), *comp;
	int bx, by, bw, bh;

	boxaGetBoxGeometry(cs->boxa, i, &bx, &by, &bw, &bh);
	comp = sdk_need(pixaGetPix(cs->pixa, i, L_CLONE));
	pixRasterop(mask, bx, by, bw, bh, PIX_SRC, comp, 0, 0);
	pixDestroy(&comp);
	return mask;
}

/*
 * Step 4 but the border: the sides to the outermost ink of the mask,
 * twice narrowing in (with from_side, taken as lying on the grid's lines
 * already: fit_sides()), the quad trimmed to the comb, the sides again.
 */
static void
fit_to_mask_from(PIX *mask, const struct comps *cs, struct quad *q,
    int from_side)
{
	fit_sides(mask, q, 0.2, from_side);
	fit_sides(mask, q, 0.04, from_side);
	trim_to_comb(cs->thick, q);
	/* The comb's lines are the grid's: not a band beyond them. */
	fit_sides(mask, q, 0.04, 1);
}

/*
 * fit_to_mask_from() the extreme points.  A caption or a timer joined to
 * the grid's top line in the mask is the outermost ink over part of the
 * side, and the line through it and the line's two ends can have more
 * points than the line alone: the side tilts up to the caption, and the
 * fitted quad is less grid-like than the extreme points were (screens
 * seed 98 picture 14: a corner a third of a cell high).  Those points lay
 * on the grid's corners, and so their sides on its lines: when the fit,
 * still plausible, loses grid score so, the quad is fitted again from
 * them with from_side, where a band beyond a line is not the side, and
 * that fit wins if plausible and as grid-like as the extreme points were.
 * (Only a little more grid-like than the first fit, as it was on a screen
 * whose held grid's extreme points took in its bezel, the border then
 * snapped out to the bezel: screens seed 99 picture 22.)  A fit that is
 * no longer plausible is left as it is: a block of text, not a grid.
 */
static void
fit_to_mask(PIX *mask, const struct comps *cs, struct quad *q)
{
	struct quad held = *q;
	double start = grid_score(cs->thick, q);

	fit_to_mask_from(mask, cs, q, 0);
	if (grid_score(cs->thick, q) >= start || !plausible(q))
		return;
	fit_to_mask_from(mask, cs, &held, 1);
	if (plausible(&held) && grid_score(cs->thick, &held) >= start)
		*q = held;
}

/*
 * Component i as a candidate (step 3): the quad of its extreme points,
 * if large, and lines rather than a solid blob, and grid-like (nearly
 * so: once fitted).  Returns 1 and sets c, or 0.
 */
static int
candidate(const struct comps *cs, int i, struct cand *c,
    struct find_info *info)
{
	PIX *comp;
	struct quad q;
	double area, frame_area, gs;
	int bx, by, bw, bh, cnt, small = cs->frame;

	boxaGetBoxGeometry(cs->boxa, i, &bx, &by, &bw, &bh);
	if (bw < small / 5 || bh < small / 5)
		return 0;
	comp = sdk_need(pixaGetPix(cs->pixa, i, L_CLONE));
	if (pixCountPixels(comp, &cnt, NULL) != 0)
		sdk_nomem();
	extreme_points(comp, bx, by, &q);
	pixDestroy(&comp);
	area = quad_area(&q);
	frame_area = cs->w * cs->h / (cs->zoom * cs->zoom);
	/*
	 * Big, and lines rather than a solid blob; or, a page's further
	 * grid only (grid_in), a little smaller or inkier.
	 */
	if (area < FURTHER_AREA * frame_area || cnt > FURTHER_INK * area)
		return 0;
	info->candidates++;
	gs = grid_score(cs->thick, &q);
	if (gs < MIN_SCORE && gs >= RESCUE_SCORE) {
		/*
		 * Nearly a grid: a banner or caption joined to it can spoil
		 * the extreme points.  Score it once fitted.
		 */
		struct quad r = q;
		PIX *m1 = comp_mask(cs, i);
		double g2;

		fit_to_mask(m1, cs, &r);
		pixDestroy(&m1);
		if ((g2 = grid_score(cs->thick, &r)) > gs) {
			gs = g2;
			q = r;
			area = quad_area(&q);
		}
	}
	if (gs < MIN_SCORE)
		return 0;
	c->q = q;
	c->gs = gs;
	c->sc = gs * sqrt(area);
	c->i = i;
	c->lattice = 0;
	c->held = 0;
	c->further = area < GRID_AREA * frame_area || cnt > GRID_INK * area;
	return 1;
}

/*
 * Whether a candidate's box (bx, by, bw, bh) within a frame's (ax, ay,
 * aw, ah) is a whole grid that the frame holds: square (WHOLE_SQUARE)
 * and across most of the frame one way (FRAME_HUG).
 */
static int
holds_grid(int ax, int ay, int aw, int ah, int bx, int by, int bw, int bh)
{
	if (bw < WHOLE_SQUARE * bh || bh < WHOLE_SQUARE * bw ||
	    (bw < FRAME_HUG * aw && bh < FRAME_HUG * ah))
		return 0;
	return bx >= ax && by >= ay && bx + bw <= ax + aw &&
	    by + bh <= ay + ah;
}

/*
 * A frame around the grid, not the grid: a phone's bezel, a page's box
 * rule, a component of its own (joined to the grid's ink, it is split by
 * add_held_grids).  Ranked by grid score times size, the
 * frame wins whenever it is grid-like enough at all; a frame is found
 * whose box holds the box of a candidate more grid-like than it, square
 * (a whole grid: WHOLE_SQUARE) and spanning most of it one way
 * (FRAME_HUG: a grid cut by the photo's edge at the foot of a page, or a
 * crossword's corner, within a page's component, is neither), and it
 * then ranks just after the grid it holds.  On 60 made photos of phone
 * screens, the bezel or a part of the screen had taken 7 grids
 * (bench/README.md, "Photos of a screen"); no quad of the 1,994 photos
 * of the other sets moved.  A frame far from square (oblong: a phone's
 * screen) ranks after the whole grid it holds however grid-like it is
 * itself: its outline and the grid's lines its comb happens to cross
 * scored a warm theme's screen above its grid of thin lines.
 */
static void
rank_frames_after(const struct comps *cs, struct cand *cand, int nc)
{
	int a, b, ax, ay, aw, ah, bx, by, bw, bh, frame;

	for (a = 0; a < nc; a++) {
		boxaGetBoxGeometry(cs->boxa, cand[a].i, &ax, &ay, &aw, &ah);
		frame = quad_oblong(&cand[a].q);
		for (b = 0; b < nc; b++) {
			if (b == a || cand[b].further ||
			    cand[b].sc > cand[a].sc ||
			    (cand[b].gs <= cand[a].gs && !frame))
				continue;
			boxaGetBoxGeometry(cs->boxa, cand[b].i, &bx, &by, &bw,
			    &bh);
			if (holds_grid(ax, ay, aw, ah, bx, by, bw, bh))
				cand[a].sc = cand[b].sc * 0.999;
		}
	}
}

/*
 * The parts of component (ax, ay, aw, ah) that are whole grids of it
 * (holds_grid): boxa and pixa, in its box's pixels (NULL: none), each
 * added as a component of cs and a candidate if it is one.  Returns the
 * number of candidates, *cand grown.
 */
static int
add_parts(struct comps *cs, struct cand **cand, int nc, BOXA *boxa,
    PIXA *pixa, int ax, int ay, int aw, int ah, struct find_info *info)
{
	int	 j, m = boxa != NULL ? boxaGetCount(boxa) : 0;

	for (j = 0; j < m; j++) {
		int	 bx, by, bw, bh, idx;

		boxaGetBoxGeometry(boxa, j, &bx, &by, &bw, &bh);
		bx += ax;
		by += ay;
		if (bw < cs->frame / 5 || bh < cs->frame / 5 ||
		    !holds_grid(ax, ay, aw, ah, bx, by, bw, bh))
			continue;
		boxaAddBox(cs->boxa, sdk_need(boxCreate(bx, by, bw, bh)),
		    L_INSERT);
		pixaAddPix(cs->pixa, sdk_need(pixaGetPix(pixa, j, L_CLONE)),
		    L_INSERT);
		idx = boxaGetCount(cs->boxa) - 1;
		*cand = sdk_xreallocarray(*cand, (size_t)nc + 1,
		    sizeof(**cand));
		if (candidate(cs, idx, &(*cand)[nc], info))
			(*cand)[nc++].held = 1;
	}
	return nc;
}

/*
 * A grid whose border touches the frame around it is one component with
 * it: an app's grid runs nearly from edge to edge of the screen, and a
 * phone's bezel photographed is a ring of ink.  Then there is no
 * candidate of the grid's own for rank_frames_after to rank the frame
 * after, and fitted as one, the frame's sides and a comb inside them cut
 * the grid a row or two off.  So for each candidate whose quad is
 * oblong (a grid's is square), its solid ink (thicker than 1/SOLID_SHARE of
 * the work image's short side both ways: a bezel, not a line or a
 * stroke) is taken out, and each part left that is a whole grid of the
 * frame (holds_grid) is a candidate too, the frame ranked just after it.
 * Returns the number of candidates, *cand grown.
 */
static int
add_held_grids(struct comps *cs, struct cand **cand, int nc,
    struct find_info *info)
{
	int	 small = cs->w < cs->h ? cs->w : cs->h;
	int	 k = small / SOLID_SHARE, a, n0 = nc;

	if (k < SOLID_LEAST)
		return nc;
	for (a = 0; a < n0; a++) {
		PIX	*solid, *comp;
		BOXA	*boxa = NULL;
		PIXA	*pixa = NULL;
		int	 ax, ay, aw, ah, j, n1, empty;

		boxaGetBoxGeometry(cs->boxa, (*cand)[a].i, &ax, &ay, &aw, &ah);
		if ((*cand)[a].further || !quad_oblong(&(*cand)[a].q))
			continue;
		comp = sdk_need(pixaGetPix(cs->pixa, (*cand)[a].i, L_COPY));
		solid = sdk_need(pixOpenBrick(NULL, comp, k, k));
		pixZero(solid, &empty);
		if (!empty) {
			pixSubtract(comp, comp, solid);
			boxa = sdk_need(pixConnComp(comp, &pixa, 8));
			sdk_need(pixa);
		}
		n1 = nc;
		nc = add_parts(cs, cand, nc, boxa, pixa, ax, ay, aw, ah, info);
		for (j = n1; j < nc; j++)
			if ((*cand)[a].sc > (*cand)[j].sc * 0.999)
				(*cand)[a].sc = (*cand)[j].sc * 0.999;
		boxaDestroy(&boxa);
		pixaDestroy(&pixa);
		pixDestroy(&solid);
		pixDestroy(&comp);
	}
	return nc;
}

/*
 * The closer look's second chance (find_grids_closer(): nothing was found
 * at the first look): a grid joined to what is drawn beside it, the
 * buttons of a number pad under it, a title bar, its own cells' text
 * boxes.  Fitted as one component with them, the extreme points, sides
 * and comb of the whole lie a row off the grid, or nowhere.  Of each large
 * component, only its long straight strokes are kept (opened by a bar a
 * third of its box's lesser side, across and down: a Sudoku's lines run
 * the grid's whole side, a button's or a digit's a ninth of it); each
 * part left that is a whole grid of the component (holds_grid) is a
 * candidate too, ranked just before the component's own.  Only upright
 * grids keep their lines so; a screen's are.  Returns the number of
 * candidates, *cand grown.
 */
static int
add_line_grids(struct comps *cs, struct cand **cand, int nc,
    struct find_info *info)
{
	int	 n = boxaGetCount(cs->boxa), a, b, j, n1;

	for (a = 0; a < n; a++) {
		PIX	*comp, *across, *down;
		BOXA	*boxa;
		PIXA	*pixa;
		int	 ax, ay, aw, ah, bar;

		boxaGetBoxGeometry(cs->boxa, a, &ax, &ay, &aw, &ah);
		if (aw < cs->frame / 5 || ah < cs->frame / 5)
			continue;
		bar = (aw < ah ? aw : ah) / 3;
		comp = sdk_need(pixaGetPix(cs->pixa, a, L_CLONE));
		across = sdk_need(pixOpenBrick(NULL, comp, bar, 1));
		down = sdk_need(pixOpenBrick(NULL, comp, 1, bar));
		pixOr(across, across, down);
		boxa = sdk_need(pixConnComp(across, &pixa, 8));
		sdk_need(pixa);
		n1 = nc;
		nc = add_parts(cs, cand, nc, boxa, pixa, ax, ay, aw, ah, info);
		for (j = n1; j < nc; j++)
			for (b = 0; b < n1; b++)
				if ((*cand)[b].i == a &&
				    (*cand)[j].sc < (*cand)[b].sc * 1.001)
					(*cand)[j].sc = (*cand)[b].sc * 1.001;
		boxaDestroy(&boxa);
		pixaDestroy(&pixa);
		pixDestroy(&down);
		pixDestroy(&across);
		pixDestroy(&comp);
	}
	return nc;
}

/*
 * The frame's edges that component i runs to (FRAME_LEFT and so on):
 * where the frame may cut the grid.
 */
static int
frame_edges(const struct comps *cs, int i)
{
	int bx, by, bw, bh;

	boxaGetBoxGeometry(cs->boxa, i, &bx, &by, &bw, &bh);
	return (bx <= 1 ? FRAME_LEFT : 0) | (by <= 1 ? FRAME_TOP : 0) |
	    (bx + bw >= cs->w - 1 ? FRAME_RIGHT : 0) |
	    (by + bh >= cs->h - 1 ? FRAME_BOTTOM : 0);
}

/*
 * Step 5 in the image as decoded, native, for a quad q of the work image,
 * which is native enlarged up times (1 but for small photos): the
 * printed border is where the pixels are, not where an enlargement
 * interpolates them.
 */
static void
border_at(PIX *native, double up, struct quad *q)
{
	if (up != 1)
		quad_rescale(q, 1, up);
	border_fit(native, q);
	if (up != 1)
		quad_rescale(q, up, 1);
}

/* A candidate's fitted quad, once fitted (grid_in). */
struct fit {
	int		 done;
	struct quad	 q;
};

/*
 * Candidate c fitted (steps 4 and 5) into *q: the same whatever else is
 * found, so fit_candidates' second pass asks it once.
 */
static void
fit_one(const struct comps *cs, const struct cand *c, PIX *native,
    double up, struct quad *q)
{
	PIX *mask;

	mask = comp_mask(cs, c->i);
	*q = c->q;
	/*
	 * Nine boxes set apart have no comb of ten evenly spaced lines to
	 * trim to: their sides are their lattice's, fitted to every card
	 * found (lattice.c), which the ink of a card broken into pieces
	 * would skew.
	 */
	if (!c->lattice) {
		fit_to_mask(mask, cs, q);
		/*
		 * A whole grid split from its frame whose fit is thrown
		 * off (its tinted cells went with a bezel's solid ink in
		 * add_held_grids, leaving holes) keeps its own corners.
		 * Any other candidate so fitted is no grid: a grid cut by
		 * the frame, a block of text.
		 */
		if (!plausible(q) && c->held)
			*q = c->q;
	}
	extend_to_square(cs->thick, q, frame_edges(cs, c->i));
	if (!c->lattice)
		shift_to_lines(cs->thick, q);
	border_at(native, up, q);
	pixDestroy(&mask);
}

/*
 * The candidates cand[0..nc) fitted best first (each once, kept in
 * fits[]), into out[] (grid_in); with skip_text, not those whose lines
 * stand out of nothing across them, counted in *text.  Returns how many
 * grids.
 */
static int
fit_candidates(const struct comps *cs, const struct cand *cand, int nc,
    struct fit *fits, PIX *native, double up, struct quad *out, int max,
    double *score, int skip_text, int *text)
{
	struct quad q;
	int i, k, *order, visits = nc, found = 0;

	order = sdk_xcalloc(2 * (size_t)nc + 1, sizeof(*order));
	for (k = 0; k < nc; k++)
		order[k] = k;
	for (k = 0; k < visits && found < max; k++) {
		i = order[k];
		/* A part of a grid found already: not worth fitting. */
		if (found > 0 && seen_grid(out, found, &cand[i].q))
			continue;
		/*
		 * Under GRID_AREA of the frame or over GRID_INK of ink: a
		 * label or a solid blob, unless a page of several puzzles has
		 * one grid found already, and this is another of its shape
		 * (another_grid).  Two puzzles side by side photographed whole
		 * are some 4 % of the frame each, and a checkerboard of shaded
		 * cells is half ink in the mask: a page's other puzzle alone
		 * was found, and read instead of its first (pages seed 1 page
		 * 36).  One passed over so is seen again once a grid is found:
		 * a page's first puzzle, turned 38 degrees, a hair under
		 * GRID_AREA where its neighbour was over (pages seed 17 page
		 * 17).
		 */
		if (cand[i].further && found == 0) {
			if (k < nc)
				order[visits++] = i;
			continue;
		}
		if (!fits[i].done) {
			fit_one(cs, &cand[i], native, up, &fits[i].q);
			fits[i].done = 1;
		}
		q = fits[i].q;
		/* Not a sliver or a needle: a line of text, a rule. */
		if (!plausible(&q))
			continue;
		if (found > 0 && !another_grid(out, found, &q, cs->w, cs->h))
			continue;
		/* A further grid only as a sibling: not a small solution. */
		if (cand[i].further &&
		    quad_area(&q) < FURTHER_SIBLING * quad_area(&out[0]))
			continue;
		/*
		 * Lines that stand out of nothing across them: a paragraph
		 * of text, each line a bar of ink, larger than the page's
		 * puzzles and read instead of them (pages seed 16 page 1).
		 */
		if (skip_text && lines_standing(cs->thick, &q) <
		    STANDING_LEAST) {
			(*text)++;
			continue;
		}
		if (found == 0)
			*score = cand[i].gs;
		out[found++] = q;
	}
	free(order);
	return found;
}

/*
 * The grids in the ink mask bin of the work image: steps 3 to 5 at the
 * top of this file.  The candidates are fitted best first; the first that
 * is still plausible once fitted wins (a textured cloth under the paper
 * can make one component spanning the photo, which scores well as it
 * stands and collapses once fitted).  With max over 1, the candidates
 * after it are fitted too, and each plausible one that another_grid()
 * admits is another grid of the page.  Sets out[] in work
 * pixels, best first, and the first's candidate score in *score (0 when
 * there is no grid); returns how many.
 */
int
grid_in(PIX *work, PIX *native, double up, double zoom, PIX *bin,
    struct quad *out, int max, double *score, struct find_info *info)
{
	struct comps cs;
	struct cand *cand;
	struct fit *fits;
	PIX *ink;
	int i, n, nc = 0, found, text = 0;

	*score = 0;
	cs.w = pixGetWidth(work);
	cs.h = pixGetHeight(work);
	cs.zoom = zoom;
	cs.grey = work;
	cs.frame = (int)((cs.w < cs.h ? cs.w : cs.h) / zoom);
	/* Close one-pixel gaps in blurred lines; thicken for scoring. */
	ink = sdk_need(pixCloseBrick(NULL, bin, 3, 3));
	cs.thick = sdk_need(pixDilateBrick(NULL, ink, 3, 3));
	cs.boxa = sdk_need(pixConnComp(ink, &cs.pixa, 8));
	sdk_need(cs.pixa);
	n = boxaGetCount(cs.boxa);
	cand = sdk_xcalloc(n > 0 ? (size_t)n : 1, sizeof(*cand));
	for (i = 0; i < n; i++)
		nc += candidate(&cs, i, &cand[nc], info);
	nc = add_held_grids(&cs, &cand, nc, info);
	nc = add_box_lattices(&cs, &cand, nc, info);
	if (zoom > 1)
		nc = add_line_grids(&cs, &cand, nc, info);
	rank_frames_after(&cs, cand, nc);
	qsort(cand, nc, sizeof(*cand), cand_cmp);
	fits = sdk_xcalloc(nc > 0 ? (size_t)nc : 1, sizeof(*fits));
	found = fit_candidates(&cs, cand, nc, fits, native, up, out, max,
	    score, 1, &text);
	/* Nothing else: all as they come (a page's puzzles, shaded boxes). */
	if (found == 0 && text > 0)
		found = fit_candidates(&cs, cand, nc, fits, native, up, out,
		    max, score, 0, &text);
	free(fits);
	free(cand);
	boxaDestroy(&cs.boxa);
	pixaDestroy(&cs.pixa);
	pixDestroy(&cs.thick);
	pixDestroy(&ink);
	return found;
}
