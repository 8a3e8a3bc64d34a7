/*
 * geom.h: points, quadrilaterals and plane homographies, shared by the
 * programs that map between photo and grid coordinates.  libm only.
 */
#ifndef SDK_GEOM_H
#define SDK_GEOM_H

#include <math.h>
#include <stddef.h>

struct point {
	double	x;
	double	y;
};

/* A grid's outer corners, clockwise from top-left (as "# sdk-quad"). */
struct quad {
	struct point p[4];
};

/* Parse 8 numbers "x1 y1 ... x4 y4".  Returns 0, or -1 if malformed. */
int	 quad_parse(const char *, struct quad *);
/* Format as "x1 y1 ... x4 y4" with one decimal. */
void	 quad_format(const struct quad *, char *buf, size_t len);
struct json;
/* The corners as a JSON member: "key":[[x1,y1],...,[x4,y4]] (json.h). */
void	 quad_json(struct json *, const char *key, const struct quad *);
/* Reorder any four corners into clockwise-from-top-left order. */
void	 quad_order(struct quad *);
/*
 * Can a grid be straightened or drawn through q, in a picture of w x h
 * pixels?  NULL, or why not: "degenerate" (not a convex quadrilateral of
 * a pixel or more: three corners in a line, sides that cross, a corner
 * inside), or "off the photo" (a corner farther out than the picture's
 * own width or height).  sdk-warp and sdk-render go by it alike.
 */
const char *quad_check(const struct quad *, double w, double h);
/* The box of the four corners: *x0, *y0 the least, *x1, *y1 the most. */
void	 quad_bounds(const struct quad *, double *x0, double *y0, double *x1,
	    double *y1);
/* Mean length of the four sides. */
double	 quad_side(const struct quad *);
/* The area inside the four corners (shoelace), for any order of them. */
double	 quad_area(const struct quad *);
/*
 * q's corners from the pixels of one image to those of another num / den
 * times its size, pixel centres kept: each x to (x + 0.5) num / den - 0.5.
 */
void	 quad_rescale(struct quad *, double num, double den);

/*
 * Homography h (row-major 3x3, h[8] normalised to 1) that maps src[i] to
 * dst[i].  Returns 0, or -1 if the points are degenerate.
 */
int	 homography_solve(const struct point src[4], const struct point dst[4],
	    double h[9]);
/* Inline: warping calls it once per output pixel. */
static inline struct point
homography_apply(const double h[9], struct point p)
{
	struct point r;
	double w = h[6] * p.x + h[7] * p.y + h[8];

	r.x = (h[0] * p.x + h[1] * p.y + h[2]) / w;
	r.y = (h[3] * p.x + h[4] * p.y + h[5]) / w;
	return r;
}
int	 homography_invert(const double h[9], double inv[9]);

/*
 * lround(x) without the call into libm, which the hot loops of
 * sdk-detect (comb.c, sides.c) paid for: the same integer for every x.
 * Below 2^31 in size, t is x truncated and x - t is exact (Sterbenz), so
 * comparing it with 0.5 rounds half away from zero as lround does;
 * anything else (large, NaN) goes to lround itself.
 */
static inline long
round_half_away(double x)
{
	long t;
	double f;

	if (!(fabs(x) < 2147483648.0))
		return lround(x);
	t = (long)x;
	f = x - (double)t;
	return t + (f >= 0.5) - (f <= -0.5);
}

#endif
