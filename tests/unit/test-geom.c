/*
 * test-geom.c: quads and homographies.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "geom.h"
#include "tap.h"

static int
near(double a, double b)
{
	return fabs(a - b) < 1e-6;
}

int
main(void)
{
	struct quad q, o;
	struct point sq[4] = { { 0, 0 }, { 9, 0 }, { 9, 9 }, { 0, 9 } };
	struct point c, back;
	double h[9], inv[9];
	char buf[128];
	int i, good;

	is_int(quad_parse("412.5 380 2650.1 402.3 2701.9 2688 371.2 2655.4",
	    &q), 0, "parse 8 numbers");
	ok(near(q.p[2].x, 2701.9) && near(q.p[3].y, 2655.4), "values");
	quad_format(&q, buf, sizeof(buf));
	is_str(buf, "412.5 380.0 2650.1 402.3 2701.9 2688.0 371.2 2655.4",
	    "format");
	is_int(quad_parse("1 2 3 4 5 6 7", &q), -1, "7 numbers rejected");
	is_int(quad_parse("1 2 3 4 5 6 7 8 9", &q), -1, "9 numbers rejected");
	is_int(quad_parse("1 2 3 4 5 6 7 x", &q), -1, "junk rejected");
	is_int(quad_parse("1 2 3 4 5 6 7 nan", &q), -1, "nan rejected");

	/* Corners given in any order come back clockwise from top-left. */
	quad_parse("100 10 110 105 0 0 5 100", &o);
	quad_order(&o);
	quad_format(&o, buf, sizeof(buf));
	is_str(buf, "0.0 0.0 100.0 10.0 110.0 105.0 5.0 100.0",
	    "order: clockwise from top-left");
	ok(fabs(quad_side(&o) - 100.3) < 0.05, "mean side %.2f", quad_side(&o));

	quad_parse("412.5 380 2650.1 402.3 2701.9 2688 371.2 2655.4", &q);
	is_int(homography_solve(sq, q.p, h), 0, "solve square -> quad");
	good = 1;
	for (i = 0; i < 4; i++) {
		c = homography_apply(h, sq[i]);
		good &= near(c.x, q.p[i].x) && near(c.y, q.p[i].y);
	}
	ok(good, "corners map exactly");
	is_int(homography_invert(h, inv), 0, "invert");
	c.x = 4.5;
	c.y = 4.5;
	back = homography_apply(inv, homography_apply(h, c));
	ok(near(back.x, 4.5) && near(back.y, 4.5), "inverse round trip");
	{
		struct point line[4] = { { 0, 0 }, { 1, 1 }, { 2, 2 },
		    { 3, 3 } };

		is_int(homography_solve(sq, line, h), -1,
		    "collinear points are degenerate");
	}
	return tap_done();
}
