/*
 * grids.c: the grids of one page (step 3 of find.c with -a): whether two
 * quads are the same grid, and whether a quad is a further whole grid of
 * the page beside those found.
 */
#include <math.h>
#include <string.h>

#include "candidates.h"
#include "private.h"

#define WHOLE_MARGIN	(1.0 / 18) /* a further grid: off the edge, of side */
#define SHAPE_SLACK	1.25	/* a further grid: its shape / the first's */
#define OVERLAP_MAX	0.1	/* two grids: their quads' overlap, of one */
#define WITHIN		0.9	/* a quad within another: this of it inside */

/* Whether p lies inside the clockwise convex quad q. */
static int
quad_holds(const struct quad *q, struct point p)
{
	int s;

	for (s = 0; s < 4; s++) {
		const struct point *a = &q->p[s], *b = &q->p[(s + 1) % 4];

		if ((b->x - a->x) * (p.y - a->y) - (b->y - a->y) * (p.x - a->x) <
		    0)
			return 0;
	}
	return 1;
}

static struct point
quad_centre(const struct quad *q)
{
	struct point c = { 0, 0 };
	int i;

	for (i = 0; i < 4; i++) {
		c.x += q->p[i].x / 4;
		c.y += q->p[i].y / 4;
	}
	return c;
}

/*
 * The part of the convex polygon p (n points, clockwise) on the inner side
 * of the edge a -> b of a clockwise polygon, into out; returns its size
 * (Sutherland and Hodgman's clipping, one edge).
 */
static int
clip_edge(const struct point *p, int n, struct point a, struct point b,
    struct point *out)
{
	int i, m = 0;

	for (i = 0; i < n; i++) {
		struct point c = p[i], d = p[(i + 1) % n];
		double sc = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
		double sd = (b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x);

		if (sc >= 0)
			out[m++] = c;
		if ((sc >= 0) != (sd >= 0)) {
			double t = sc / (sc - sd);

			out[m].x = c.x + t * (d.x - c.x);
			out[m].y = c.y + t * (d.y - c.y);
			m++;
		}
	}
	return m;
}

/* The area two clockwise convex quads share. */
static double
quad_overlap(const struct quad *a, const struct quad *b)
{
	struct point poly[16], tmp[16];
	double area = 0;
	int i, n = 4;

	memcpy(poly, b->p, sizeof(b->p));
	for (i = 0; i < 4 && n > 0; i++) {
		n = clip_edge(poly, n, a->p[i], a->p[(i + 1) % 4], tmp);
		memcpy(poly, tmp, (size_t)n * sizeof(*tmp));
	}
	for (i = 0; i < n; i++)
		area += poly[i].x * poly[(i + 1) % n].y -
		    poly[(i + 1) % n].x * poly[i].y;
	return fabs(area) / 2;
}

/*
 * Whether a and b are the same grid, or overlap as two grids of a page
 * never do: either holds the other's centre, or they share more than
 * OVERLAP_MAX of the smaller (a quad straddling two grids).  The quads
 * themselves, not their boxes: the boxes of two grids side by side on a
 * page turned 30 degrees overlap by a third.
 */
static int
same_grid(const struct quad *a, const struct quad *b)
{
	if (quad_holds(a, quad_centre(b)) || quad_holds(b, quad_centre(a)))
		return 1;
	return quad_overlap(a, b) > OVERLAP_MAX * fmin(quad_area(a),
	    quad_area(b));
}

/* Whether quad in lies within quad out, and is smaller. */
int
quad_within(const struct quad *out, const struct quad *in)
{
	double	 a = quad_area(in);

	return a < quad_area(out) && quad_overlap(out, in) > WITHIN * a;
}

/* Whether q is the same grid as one of the n quads in qs. */
int
seen_grid(const struct quad *qs, int n, const struct quad *q)
{
	int i;

	for (i = 0; i < n; i++)
		if (same_grid(&qs[i], q))
			return 1;
	return 0;
}

/*
 * A quad's shape as perspective makes it: its top over its bottom side,
 * its left over its right side, its mean width over its mean height.
 */
void
quad_shape(const struct quad *q, double r[3])
{
	double t, b, l, rt;

	t = hypot(q->p[1].x - q->p[0].x, q->p[1].y - q->p[0].y);
	b = hypot(q->p[2].x - q->p[3].x, q->p[2].y - q->p[3].y);
	l = hypot(q->p[3].x - q->p[0].x, q->p[3].y - q->p[0].y);
	rt = hypot(q->p[2].x - q->p[1].x, q->p[2].y - q->p[1].y);
	r[0] = b > 0 ? t / b : 0;
	r[1] = rt > 0 ? l / rt : 0;
	r[2] = l + rt > 0 ? (t + b) / (l + rt) : 0;
}

/*
 * Whether q is a further grid of the page (-a) beside the n found, out[0]
 * the first, in a work image w x h: not one of them; whole, inside the
 * image and half a cell off its edge (a neighbouring puzzle cut by the frame's edge
 * has no answer to read, though the first grid may be cut); and of the
 * first's shape, within SHAPE_SLACK: grids printed square on one page are
 * seen through nearly the same perspective, and a crossword or a grid cut
 * by the edge, fitted to the comb, is not a square so seen.
 */
int
another_grid(const struct quad *out, int n, const struct quad *q, int w,
    int h)
{
	double m = quad_side(q) * WHOLE_MARGIN, a[3], b[3], r;
	int i;

	if (seen_grid(out, n, q))
		return 0;
	for (i = 0; i < 4; i++)
		if (q->p[i].x < m || q->p[i].y < m ||
		    q->p[i].x > w - 1 - m || q->p[i].y > h - 1 - m)
			return 0;
	quad_shape(q, a);
	quad_shape(&out[0], b);
	for (i = 0; i < 3; i++) {
		r = b[i] > 0 ? a[i] / b[i] : 0;
		if (!(r < SHAPE_SLACK && r > 1 / SHAPE_SLACK))
			return 0;
	}
	return 1;
}

/*
 * Whether q is far from square (a side and its neighbour under
 * WHOLE_SQUARE of each other, on average): a phone's screen, a page, not
 * a grid.  Its quad, not its box, says so of a phone turned 30 to 45
 * degrees, whose box is square.
 */
int
quad_oblong(const struct quad *q)
{
	double r[3];

	quad_shape(q, r);
	return r[2] < WHOLE_SQUARE || WHOLE_SQUARE * r[2] > 1;
}

/*
 * Whether q is oblong and in under WHOLE_SQUARE of its area, as a square
 * grid in it is, being no larger than the square on q's shorter side.
 */
int
oblong_holds(const struct quad *q, const struct quad *in)
{
	return quad_oblong(q) && quad_area(in) < WHOLE_SQUARE * quad_area(q);
}
