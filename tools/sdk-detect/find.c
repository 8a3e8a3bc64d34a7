/*
 * find.c: where is the grid in the photo?
 *
 * 1. Grey as the minimum of R, G and B, so that red or pink ink is as dark
 *    as black; scaled down to at most WORK_MAX pixels a side, or doubled
 *    while under half that (enlarge_small); the border (step 5) is still
 *    sought in the pixels as decoded.
 * 2. Ink: how much darker each pixel is than the paper around it (a grey
 *    closing wipes out ink thinner than its window, leaving the paper).
 *    The threshold follows the photo: a fraction of the strongest ink's
 *    contrast, but above the noise floor (dim, noisy phone photos).  A
 *    second mask adds the ink down to half that threshold joined to it
 *    within (a little beyond) the box of a large component: dark
 *    handwriting can raise the threshold above a faint printed grid.
 *    Steps 3 to 5 run on both masks; the second quad wins if it is more
 *    grid-like both on the second mask and in the grey image.
 * 3. Candidates: connected components of ink whose corner points (of a
 *    grid turned up to 45 degrees either way) span a large, sparse
 *    quadrilateral that shows grid lines at the places a Sudoku has them.
 *    The best scoring one wins; a frame around a more grid-like square
 *    (a phone's bezel) ranks after it, and so does a frame joined to the
 *    grid inside it, told from it by the frame's solid ink.
 * 4. Corners: each side is fitted as a straight line to the outermost ink
 *    of the component, robustly (a caption or a neighbouring puzzle touching
 *    the grid is outvoted), twice, narrowing in; then the ten-line comb of a
 *    Sudoku is sought inside the quad, which trims a neighbouring puzzle or
 *    title bar that is part of the same component (a comb that runs on
 *    beyond its side is a grid's lines shifted, and counts less); then the
 *    sides once more, out to the comb's lines, not to a band beyond them.
 * 5. The border: near each side, the printed border line is sought in the
 *    grey image as the straight dark line that runs all along the side
 *    (text touching it does not), followed as the paper bends, and each
 *    corner placed where the two borders meet, from the ends of the sides
 *    next to it.
 *
 * All thresholds are relative (to the photo's contrast, the grid's size),
 * none fitted to single photos.
 *
 * Steps 1 and 3, and the choice between the masks, are here; step 2 is
 * ink.c, step 4 sides.c (the sides) and comb.c (the comb), step 5
 * border.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "find.h"
#include "image.h"
#include "private.h"
#include "util.h"

#define WORK_MAX	FIND_WORK_SIDE	/* detection works at most this big */
#define MIN_SCORE	0.35	/* candidate score: least to be a grid */
#define RESCUE_SCORE	0.25	/* candidate score: least to try fitting */
#define MIN_SIDE	36	/* plausible grid: least side (work pixels) */
#define MAX_ELONGATION	2.5	/* plausible grid: longest side / neighbour */
#define WHOLE_SQUARE	0.75	/* a whole grid's box: each side at least
				   this of the other */
#define FRAME_HUG	0.6	/* a frame's box: its grid's is at least
				   this of it across one way */
#define SOLID_SHARE	60	/* ink thicker than the work image's short
				   side / this both ways: solid, no line */
#define SOLID_LEAST	5	/* ... and than this many pixels */
#define NOISE_MEAN	5	/* a grainy photo's second look: the mean
				   over this many work pixels square */
#define SMOOTH_CLEARLY	1.25	/* ... whose quad replaces one found as it
				   is when this much more grid-like */

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

/* A candidate component: its index, quad, grid score and ranking score. */
struct cand {
	struct quad	 q;
	double		 gs, sc;
	int		 i;
};

static int
cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	return x->sc < y->sc ? 1 : x->sc > y->sc ? -1 : x->i - y->i;
}

/*
 * The components of one ink mask (closed, so that one-pixel gaps in
 * blurred lines do not break them) and what candidates are scored on.
 */
struct comps {
	BOXA		*boxa;
	PIXA		*pixa;
	PIX		*thick;		/* the ink thickened, for scoring */
	int		 w, h;		/* the work image's size */
};

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
 * twice narrowing in, the quad trimmed to the comb, the sides again.
 */
static void
fit_to_mask(PIX *mask, const struct comps *cs, struct quad *q)
{
	fit_sides(mask, q, 0.2, 0);
	fit_sides(mask, q, 0.04, 0);
	trim_to_comb(cs->thick, q);
	/* The comb's lines are the grid's: not a band beyond them. */
	fit_sides(mask, q, 0.04, 1);
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
	double area, gs;
	int bx, by, bw, bh, cnt, small = cs->w < cs->h ? cs->w : cs->h;

	boxaGetBoxGeometry(cs->boxa, i, &bx, &by, &bw, &bh);
	if (bw < small / 5 || bh < small / 5)
		return 0;
	comp = sdk_need(pixaGetPix(cs->pixa, i, L_CLONE));
	if (pixCountPixels(comp, &cnt, NULL) != 0)
		sdk_nomem();
	extreme_points(comp, bx, by, &q);
	pixDestroy(&comp);
	area = quad_area(&q);
	/* Big, and lines rather than a solid blob. */
	if (area < 0.04 * cs->w * cs->h || cnt > 0.5 * area)
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
 * of the other sets moved.
 */
static void
rank_frames_after(const struct comps *cs, struct cand *cand, int nc)
{
	int a, b, ax, ay, aw, ah, bx, by, bw, bh;

	for (a = 0; a < nc; a++) {
		boxaGetBoxGeometry(cs->boxa, cand[a].i, &ax, &ay, &aw, &ah);
		for (b = 0; b < nc; b++) {
			if (b == a || cand[b].gs <= cand[a].gs ||
			    cand[b].sc > cand[a].sc)
				continue;
			boxaGetBoxGeometry(cs->boxa, cand[b].i, &bx, &by, &bw,
			    &bh);
			if (holds_grid(ax, ay, aw, ah, bx, by, bw, bh))
				cand[a].sc = cand[b].sc * 0.999;
		}
	}
}

/*
 * A grid whose border touches the frame around it is one component with
 * it: an app's grid runs nearly from edge to edge of the screen, and a
 * phone's bezel photographed is a ring of ink.  Then there is no
 * candidate of the grid's own for rank_frames_after to rank the frame
 * after, and fitted as one, the frame's sides and a comb inside them cut
 * the grid a row or two off.  So for each candidate whose component is
 * not square (a grid's is), its solid ink (thicker than 1/SOLID_SHARE of
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
		int	 ax, ay, aw, ah, j, m = 0, empty;

		boxaGetBoxGeometry(cs->boxa, (*cand)[a].i, &ax, &ay, &aw, &ah);
		if (aw >= WHOLE_SQUARE * ah && ah >= WHOLE_SQUARE * aw)
			continue;
		comp = sdk_need(pixaGetPix(cs->pixa, (*cand)[a].i, L_COPY));
		solid = sdk_need(pixOpenBrick(NULL, comp, k, k));
		pixZero(solid, &empty);
		if (!empty) {
			pixSubtract(comp, comp, solid);
			boxa = sdk_need(pixConnComp(comp, &pixa, 8));
			sdk_need(pixa);
			m = boxaGetCount(boxa);
		}
		for (j = 0; j < m; j++) {
			int	 bx, by, bw, bh, idx;

			boxaGetBoxGeometry(boxa, j, &bx, &by, &bw, &bh);
			bx += ax;
			by += ay;
			if (bw < small / 5 || bh < small / 5 ||
			    !holds_grid(ax, ay, aw, ah, bx, by, bw, bh))
				continue;
			boxaAddBox(cs->boxa, sdk_need(boxCreate(bx, by, bw,
			    bh)), L_INSERT);
			pixaAddPix(cs->pixa, sdk_need(pixaGetPix(pixa, j,
			    L_CLONE)), L_INSERT);
			idx = boxaGetCount(cs->boxa) - 1;
			*cand = sdk_xreallocarray(*cand, (size_t)nc + 1,
			    sizeof(**cand));
			if (candidate(cs, idx, &(*cand)[nc], info)) {
				if ((*cand)[a].sc > (*cand)[nc].sc * 0.999)
					(*cand)[a].sc = (*cand)[nc].sc * 0.999;
				nc++;
			}
		}
		boxaDestroy(&boxa);
		pixaDestroy(&pixa);
		pixDestroy(&solid);
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
static int
grid_in(PIX *work, PIX *native, double up, PIX *bin, struct quad *out,
    int max, double *score, struct find_info *info)
{
	struct comps cs;
	struct cand *cand;
	struct quad q;
	PIX *ink, *mask;
	int i, n, nc = 0, found = 0;

	*score = 0;
	cs.w = pixGetWidth(work);
	cs.h = pixGetHeight(work);
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
	rank_frames_after(&cs, cand, nc);
	qsort(cand, nc, sizeof(*cand), cand_cmp);
	for (i = 0; i < nc && found < max; i++) {
		/* A part of a grid found already: not worth fitting. */
		if (found > 0 && seen_grid(out, found, &cand[i].q))
			continue;
		mask = comp_mask(&cs, cand[i].i);
		q = cand[i].q;
		fit_to_mask(mask, &cs, &q);
		extend_to_square(cs.thick, &q, frame_edges(&cs, cand[i].i));
		border_at(native, up, &q);
		pixDestroy(&mask);
		/* Not a sliver or a needle: a line of text, a rule. */
		if (!plausible(&q))
			continue;
		if (found > 0 && !another_grid(out, found, &q, cs.w, cs.h))
			continue;
		if (found == 0)
			*score = cand[i].gs;
		out[found++] = q;
	}
	free(cand);
	boxaDestroy(&cs.boxa);
	pixaDestroy(&cs.pixa);
	pixDestroy(&cs.thick);
	pixDestroy(&ink);
	return found;
}

/*
 * Step 1: the grey image (minimum of R, G and B) of pix, at most
 * WORK_MAX pixels a side; *scale is its size over pix's.  NULL when there
 * is none, or it is too small to hold a grid.
 */
static PIX *
work_image(PIX *pix, double *scale)
{
	PIX *work;
	int w, h;

	*scale = 1;
	work = sdk_need(image_grey_min(pix));
	w = pixGetWidth(work);
	h = pixGetHeight(work);
	/*
	 * Halve while more than twice too big (exact 2x2 means are far
	 * cheaper than a general area map), then scale to WORK_MAX.
	 */
	while (w > 2 * WORK_MAX || h > 2 * WORK_MAX) {
		PIX *half = sdk_need(pixScaleAreaMap2(work));

		pixDestroy(&work);
		work = half;
		*scale /= 2;
		w /= 2;
		h /= 2;
	}
	if (w > WORK_MAX || h > WORK_MAX) {
		double s = (double)WORK_MAX / (w > h ? w : h);
		PIX *reduced = sdk_need(pixScaleAreaMap(work, (l_float32)s,
		    (l_float32)s));

		pixDestroy(&work);
		work = reduced;
		*scale *= s;
	}
	if (pixGetWidth(work) < 20 || pixGetHeight(work) < 20) {
		pixDestroy(&work);
		return NULL;
	}
	return work;
}

/*
 * The work image pix enlarged: doubled while its longer side is under
 * half of WORK_MAX, *up times in all; a new reference to pix when it is
 * not small.  The closings and dilations of the search are of fixed
 * sizes: in a small frame they would join the lines of text above or
 * beside a grid into bars as strong as its lines, and the comb take
 * three of them for a box's lines.
 */
static PIX *
enlarge_small(PIX *pix, double *up)
{
	PIX *big = pixClone(pix), *twice;

	*up = 1;
	while (pixGetWidth(big) < WORK_MAX / 2 &&
	    pixGetHeight(big) < WORK_MAX / 2) {
		twice = sdk_need(pixScaleGray2xLI(big));
		pixDestroy(&big);
		big = twice;
		*up *= 2;
	}
	return big;
}

/*
 * Whether the quad q2 found in the joined mask beats q1, found in the
 * first: more grid-like both on the joined mask and in the grey image.
 */
static int
joined_better(PIX *work, PIX *joined, const struct quad *q1,
    const struct quad *q2)
{
	PIX *thick;
	int better;

	thick = sdk_need(pixCloseBrick(NULL, joined, 3, 3));
	sdk_need(pixDilateBrick(thick, thick, 3, 3));
	better = grid_score(thick, q2) > grid_score(thick, q1) &&
	    grey_grid_score(work, q2) > grey_grid_score(work, q1);
	pixDestroy(&thick);
	return better;
}

/*
 * find_grids() in one polarity: dark ink on light paper.  With smooth,
 * the work image is smoothed first (a mean over NOISE_MEAN pixels
 * square).  Sets *noisy when the photo's noise set the ink threshold.
 */
static int
find_dark_on_light(PIX *pix, struct quad *out, int max,
    struct find_info *info, int smooth, int *noisy)
{
	PIX *native, *work, *bin, *joined;
	struct quad q1[FIND_MAX_GRIDS], q2[FIND_MAX_GRIDS];
	const struct quad *more;
	double scale, up, s1, s2;
	int i, n1, n2 = 0, n, nmore;

	*noisy = 0;
	if ((native = work_image(pix, &scale)) == NULL)
		return 0;
	work = enlarge_small(native, &up);
	scale *= up;
	if (smooth) {
		PIX *mean = sdk_need(pixBlockconvGray(work, NULL,
		    NOISE_MEAN / 2, NOISE_MEAN / 2));

		pixDestroy(&work);
		work = mean;
	}
	bin = ink_mask(work, &joined, noisy);
	n1 = grid_in(work, native, up, bin, q1, max, &s1, info);
	/*
	 * Dark handwriting filling the cells raises the strongest ink, and
	 * so the threshold, above parts of a faint printed grid: its border
	 * breaks up, the sides are fitted to inner lines, and the quad found
	 * is part of the grid.  The fainter ink joined to the grid's lines
	 * mends them; but it also joins text or another grid inside the box,
	 * and it thickens blurred lines.  So the grid is sought in both
	 * masks, and the second quad wins only when it is more grid-like both
	 * on the joined mask (which ties, at its cap, for two quads on the
	 * same whole grid) and in the grey image (where a quad taking in a
	 * second grid has lines where none are printed, though its mask,
	 * full of text, may score well).  The other grids of a page (max
	 * over 1) come from the winning mask, then from the other.
	 */
	if (joined != NULL)
		n2 = grid_in(work, native, up, joined, q2, max, &s2, info);
	if (n2 > 0 && (n1 == 0 || joined_better(work, joined, &q1[0],
	    &q2[0]))) {
		memcpy(out, q2, n2 * sizeof(*out));
		n = n2;
		more = q1;
		nmore = n1;
		s1 = s2;
	} else {
		memcpy(out, q1, n1 * sizeof(*out));
		n = n1;
		more = q2;
		nmore = n2;
	}
	for (i = 0; i < nmore && n > 0 && n < max; i++)
		if (another_grid(out, n, &more[i], pixGetWidth(work),
		    pixGetHeight(work)))
			out[n++] = more[i];
	info->score = n > 0 ? s1 : 0;
	for (i = 0; i < n; i++)
		quad_rescale(&out[i], 1, scale);
	pixDestroy(&joined);
	pixDestroy(&bin);
	pixDestroy(&work);
	pixDestroy(&native);
	return n;
}

/* The photo within quad q's box, or NULL when the box is off the photo. */
static PIX *
quad_box(PIX *pix, const struct quad *q)
{
	double	 x0, y0, x1, y1;
	BOX	*box;
	PIX	*clip;

	quad_bounds(q, &x0, &y0, &x1, &y1);
	box = sdk_need(boxCreate((int)x0, (int)y0, (int)(x1 - x0) + 1,
	    (int)(y1 - y0) + 1));
	clip = pixClipRectangle(pix, box, NULL);
	boxDestroy(&box);
	return clip;
}

/*
 * Whether the grid of quad q is drawn on a dark ground: the median grey
 * of the photo within its box is under 128, as image_light_on_dark asks
 * of a dark ground.
 */
static int
dark_ground(PIX *pix, const struct quad *q)
{
	PIX	*clip, *grey;
	l_uint32 median = 0;
	int	 step;

	if ((clip = quad_box(pix, q)) == NULL)
		return 1;	/* nothing to tell by: as found */
	grey = sdk_need(image_grey_min(clip));
	pixDestroy(&clip);
	/* Some 10,000 samples. */
	step = (int)sqrt((double)pixGetWidth(grey) * pixGetHeight(grey) /
	    10000) + 1;
	pixGetRankValue(grey, step, 0.5f, &median);
	pixDestroy(&grey);
	return median < 128;
}

/*
 * Whether quad q2, found in the smoothed photo, is SMOOTH_CLEARLY more
 * grid-like than q1, found as it is, in the grey of the smoothed work
 * image (both quads in the photo's pixels).  A quad one row and one
 * column off the grid still has 18 of the 20 lines it scores on the
 * grid's lines; one a quarter less grid-like lacks four or more: it is
 * a part of the grid.
 */
static int
smoothed_better(PIX *pix, const struct quad *q1, const struct quad *q2)
{
	PIX *native, *work, *mean;
	struct quad a = *q1, b = *q2;
	double scale, up;
	int better;

	if ((native = work_image(pix, &scale)) == NULL)
		return 0;
	work = enlarge_small(native, &up);
	scale *= up;
	mean = sdk_need(pixBlockconvGray(work, NULL, NOISE_MEAN / 2,
	    NOISE_MEAN / 2));
	quad_rescale(&a, scale, 1);
	quad_rescale(&b, scale, 1);
	better = grey_grid_score(mean, &b) > SMOOTH_CLEARLY *
	    grey_grid_score(mean, &a);
	pixDestroy(&mean);
	pixDestroy(&work);
	pixDestroy(&native);
	return better;
}

/*
 * Whether what is drawn within quad q's box is light on a dark ground: the
 * ground (the median grey) dark, and the light tail of the greys longer
 * than the dark one (the 95th centile further above the median than the
 * 5th is below it).  Ink on paper, however dim the photo, is the dark
 * tail.
 */
static int
light_inside(PIX *pix, const struct quad *q)
{
	PIX	*clip, *few, *grey;
	l_uint32 lo = 0, mid = 0, hi = 0;
	int	 step;

	if ((clip = quad_box(pix, q)) == NULL)
		return 0;
	/* Some 10,000 samples, taken before the grey is made. */
	step = (int)sqrt((double)pixGetWidth(clip) * pixGetHeight(clip) /
	    10000) + 1;
	few = sdk_need(pixScaleByIntSampling(clip, step));
	pixDestroy(&clip);
	grey = sdk_need(image_grey_min(few));
	pixDestroy(&few);
	pixGetRankValue(grey, 1, 0.05f, &lo);
	pixGetRankValue(grey, 1, 0.5f, &mid);
	pixGetRankValue(grey, 1, 0.95f, &hi);
	pixDestroy(&grey);
	return mid < 128 && hi - mid > mid - lo;
}

int
find_grids(PIX *pix, struct quad *out, int max, struct find_info *info)
{
	PIX *neg = NULL;
	int n, k, pass, dark, noisy[2] = { 0, 0 }, again, kind = -1;

	info->score = 0;
	info->candidates = 0;
	info->light = 0;
	if (max > FIND_MAX_GRIDS)
		max = FIND_MAX_GRIDS;
	if (max < 1)
		return 0;
	/*
	 * A screen in dark mode (light lines on a dark ground) is sought in
	 * its negative, dark lines on light, first: as it is, the ink
	 * sought would be the ground between the lines, and the junk there
	 * a grid.  Any other picture is sought as it is first, and in the
	 * other polarity only when nothing is found (a photo with a grid
	 * never pays for it).
	 */
	dark = image_light_on_dark(pix, NULL);
	/*
	 * A photo taken in little light is grainy: where the grain, not the
	 * ink, set the ink threshold, only the darkest strokes pass it, the
	 * lines break up and nothing is found.  Such a photo is sought once
	 * more smoothed (pass 1), which takes the grain down more than the
	 * lines.  Only then: a grid found as it is keeps its quad.
	 */
	for (pass = 0, n = 0; pass < 2 && n == 0; pass++)
		for (k = 0; k < 2 && n == 0; k++) {
			if (pass == 1 && !noisy[k])
				continue;
			info->light = (k == 0) == dark;
			if (info->light && neg == NULL)
				neg = sdk_need(pixInvert(NULL, pix));
			n = find_dark_on_light(info->light ? neg : pix, out,
			    max, info, pass, pass == 0 ? &noisy[k] : &again);
			if (n > 0 && pass == 0)
				kind = k;	/* found as it is */
		}
	/*
	 * Found as it is, but the grain set the threshold: the quad may be
	 * the part of the grid whose lines passed it, the outer cells
	 * darkened by the lens's vignetting (dim photos made from Wicht's:
	 * 3 by 6 cells, 3 by 3).  The smoothed search's quad wins when it is
	 * clearly more grid-like (smoothed_better).
	 */
	if (kind >= 0 && noisy[kind]) {
		struct quad q2[FIND_MAX_GRIDS];
		struct find_info info2 = *info;
		PIX *p = info->light ? neg : pix;
		int n2 = find_dark_on_light(p, q2, max, &info2, 1, &again);

		if (n2 > 0 && smoothed_better(p, &out[0], &q2[0])) {
			memcpy(out, q2, n2 * sizeof(*out));
			n = n2;
			*info = info2;
		}
	}
	/*
	 * A phone in dark mode photographed on a light table: sought dark on
	 * light, the ink is the phone, and the quad found its frame, the
	 * dark screen inside.  A grid drawn dark on light has a light ground;
	 * within a dark one, light ink drawn, the negative is sought too,
	 * and a grid found there within the frame wins.
	 */
	if (n > 0 && !info->light && light_inside(pix, &out[0])) {
		struct quad q2[FIND_MAX_GRIDS];
		struct find_info info2 = *info;
		int n2;

		if (neg == NULL)
			neg = sdk_need(pixInvert(NULL, pix));
		info2.light = 1;
		n2 = find_dark_on_light(neg, q2, max, &info2, 0, &again);
		if (n2 > 0 && quad_within(&out[0], &q2[0])) {
			memcpy(out, q2, n2 * sizeof(*out));
			n = n2;
			*info = info2;
		}
	}
	pixDestroy(&neg);
	/*
	 * Light ink is said of the grid, not of the photo: a light screen
	 * photographed on a dark table is light on dark as a whole, and its
	 * grid is found in the negative too, but the screen is dark on light
	 * (sdk-warp would turn the square, and the colour of the entries, to
	 * their negative).
	 */
	if (n > 0 && info->light && !dark_ground(pix, &out[0]))
		info->light = 0;
	if (n == 0)
		info->light = 0;
	return n;
}

int
find_grid(PIX *pix, struct quad *out, struct find_info *info)
{
	return find_grids(pix, out, 1, info) == 1 ? 0 : -1;
}
