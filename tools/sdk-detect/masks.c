/*
 * masks.c: step 2's choice (find.c): which of the ink masks' quads wins.
 * The first mask's, unless the joined mask's is the better grid
 * (joined_better), or, where the two disagree, the grown mask's
 * (grown_better).
 */
#include <math.h>

#include "find.h"
#include "private.h"
#include "util.h"

#define QUAD_CLOSE	0.03	/* corners this share of a side apart: the
				   same quad, found again */
#define GROWN_LARGER	1.1	/* the grown mask's quad this much larger
				   than the first found to replace it */
#define FLAT_SIDES	0.02	/* a rectangle's opposite sides: at most this
				   share apart (a photo's perspective tapers
				   a pair) */
#define PART_SKEW	0.08	/* a rectangle this far from square (log of
				   width over height) is part of a grid */
#define WHOLE_SKEW	0.02	/* and one this near square the whole */

/* Whether quads a and b have each corner within QUAD_CLOSE of a side. */
int
quads_close(const struct quad *a, const struct quad *b)
{
	double	 tol = QUAD_CLOSE * quad_side(a);
	int	 k;

	for (k = 0; k < 4; k++)
		if (hypot(a->p[k].x - b->p[k].x, a->p[k].y - b->p[k].y) > tol)
			return 0;
	return 1;
}

/* How far from square q is: |log| of its mean width over its height. */
static double
quad_skew(const struct quad *q)
{
	double r[3];

	quad_shape(q, r);
	return r[2] > 0 ? fabs(log(r[2])) : HUGE_VAL;
}

/* Whether ratio r of two sides is within FLAT_SIDES of 1 (r > 0). */
static int
sides_equal(double r)
{
	return 1 - (r < 1 ? r : 1 / r) <= FLAT_SIDES;
}

/*
 * Whether q is a rectangle, as a grid seen straight on is (a screenshot,
 * a scan): each pair of opposite sides within FLAT_SIDES of each other.
 */
static int
flat_rectangle(const struct quad *q)
{
	double r[3];

	quad_shape(q, r);
	return r[0] > 0 && r[1] > 0 && sides_equal(r[0]) && sides_equal(r[1]);
}

/* Point p's distance from the line through a and b. */
static double
line_distance(struct point p, struct point a, struct point b)
{
	double	 len = hypot(b.x - a.x, b.y - a.y);

	return len > 0 ? fabs((b.x - a.x) * (p.y - a.y) -
	    (b.y - a.y) * (p.x - a.x)) / len : HUGE_VAL;
}

/*
 * How many sides of q lie on the lines of out's (both their ends within
 * a third of one of out's cells).
 */
static int
sides_shared(const struct quad *q, const struct quad *out)
{
	double	 tol = quad_side(out) / 9 / 3;
	int	 k, n = 0;

	for (k = 0; k < 4; k++) {
		struct point a = out->p[k], b = out->p[(k + 1) % 4];

		n += line_distance(q->p[k], a, b) <= tol &&
		    line_distance(q->p[(k + 1) % 4], a, b) <= tol;
	}
	return n;
}

/*
 * Whether the quad q2 found in the joined mask beats q1, found in the
 * first: more grid-like both on the joined mask and in the grey image;
 * or a square grid that q1 holds, not merely a little moved (quads_close).
 * A photo's faint, thin lines on a screen break up in the first mask, and
 * the grid is no candidate there: the screen's outline won (screens seed
 * 98 photo 38: 43 cells misread), or the screen trimmed to a comb whose
 * first line was the screen's edge (seed 99 photo 7, a column wide).  On
 * the joined mask their combs, crossing the grid's lines, scored above
 * the grid.  So q2 wins where q1 is oblong (a screen, ranked after the
 * grid it holds in one mask by rank_frames_after) and large enough to
 * hold it as a square grid (oblong_holds: a grid under strong
 * perspective is oblong too, and held itself a row short: photos of
 * screens seed 45 picture 26); or where q2 is squarer than q1 and more
 * grid-like in the grey (seven columns of a degraded grid, held in the
 * whole, were more grid-like in its grey: degraded seed 15 picture 13).
 * And q2 wins where it is q1 grown on one side (the other three on its
 * lines), q1 a rectangle as a flat picture's grid is but far from square
 * (PART_SKEW), q2 nearly square: q1 is a part of the grid (web seed 80
 * page 3: nine cards, the first mask's quad a row of cells short, 0.13
 * from square; the joined mask's 0.002, less grid-like in the grey by
 * 5 %).  A page curled in a photo squeezes its grid, and a quad grown
 * on two sides to a square took in the text around it (degraded seed 21
 * picture 31).
 */
int
joined_better(PIX *work, PIX *joined, const struct quad *q1,
    const struct quad *q2)
{
	PIX *thick;
	int better;

	if (quad_within(q1, q2) && !quads_close(q1, q2) && !quad_oblong(q2) &&
	    (oblong_holds(q1, q2) || (quad_skew(q2) < quad_skew(q1) &&
	    grey_grid_score(work, q2) > grey_grid_score(work, q1))))
		return 1;
	if (quad_within(q2, q1) && !quads_close(q1, q2) &&
	    sides_shared(q1, q2) == 3 && flat_rectangle(q1) &&
	    quad_skew(q1) > PART_SKEW && quad_skew(q2) < WHOLE_SKEW)
		return 1;
	thick = sdk_need(pixCloseBrick(NULL, joined, 3, 3));
	sdk_need(pixDilateBrick(thick, thick, 3, 3));
	better = grid_score(thick, q2) > grid_score(thick, q1) &&
	    grey_grid_score(work, q2) > grey_grid_score(work, q1);
	pixDestroy(&thick);
	return better;
}

/*
 * Whether the grown mask's ink joined to what lies in q's box reaches
 * beyond it, its box GROWN_LARGER times q's or more: else no larger grid
 * is there to find, and the search in the grown mask, which costs as
 * much as the first one, is not made.
 */
static int
grown_beyond(PIX *grown, const struct quad *q)
{
	PIX *held, *seed, *joined;
	BOX *reach = NULL;
	int x, y, w, h, rw, rh;

	if ((held = quad_box(grown, q, &x, &y)) == NULL)
		return 0;
	w = pixGetWidth(held);
	h = pixGetHeight(held);
	seed = sdk_need(pixCreateTemplate(grown));
	pixRasterop(seed, x, y, w, h, PIX_SRC, held, 0, 0);
	pixDestroy(&held);
	joined = sdk_need(pixSeedfillBinary(NULL, seed, grown, 8));
	pixClipBoxToForeground(joined, NULL, NULL, &reach);
	pixDestroy(&seed);
	pixDestroy(&joined);
	if (reach == NULL)
		return 0;
	boxGetGeometry(reach, NULL, NULL, &rw, &rh);
	boxDestroy(&reach);
	return (double)rw * rh > GROWN_LARGER * w * h;
}

/*
 * The first grid found (*q, scoring *score) replaced by the one found in
 * the grown mask (ink.c) where that holds it, is larger by a tenth at
 * least, and is the better (joined_better): the heavy pen of a webcam's
 * newspaper page left the first masks only a few boxes of a faint grid
 * (pen pages seed 50 picture 23, seed 44 picture 48), and the faint ink
 * joined within their boxes only a few more.  The tenth: a curled
 * page's grown mask held text beside the grid, and its quad, shifted a
 * column over, was as large as the grid's (degraded seed 21 picture 24).
 */
void
grown_better(PIX *work, PIX *native, double up, double zoom, PIX *grown,
    int max, struct quad *q, double *score, struct find_info *info)
{
	struct quad g[FIND_MAX_GRIDS];
	double s;

	if (!grown_beyond(grown, q))
		return;
	if (grid_in(work, native, up, zoom, grown, g, max, &s, info) > 0 &&
	    quad_within(&g[0], q) &&
	    quad_area(&g[0]) > GROWN_LARGER * quad_area(q) &&
	    joined_better(work, grown, q, &g[0])) {
		*q = g[0];
		*score = s;
	}
}
