/*
 * test-geom.c: quads and homographies.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "geom.h"
#include "keys.h"
#include "meta.h"
#include "region.h"
#include "tap.h"

static int
near(double a, double b)
{
	return fabs(a - b) < 1e-6;
}

/* sdk-region: parsed, written, and corners mapped both ways. */
static void
test_region(void)
{
	struct region r;
	struct meta m;
	struct quad q, back;
	int i, good = 1;

	meta_init(&m);
	is_int(region_get(&m, &r), 0, "region: absent");
	meta_set(&m, SDK_KEY_REGION, "288 1056 2828 2812");
	is_int(region_get(&m, &r), 1, "region: parsed");
	ok(r.x == 288 && r.y == 1056 && r.w == 2828 && r.h == 2812,
	    "region: values");
	meta_set(&m, SDK_KEY_REGION, "1 2 3");
	is_int(region_get(&m, &r), -1, "region: 3 numbers rejected");
	meta_set(&m, SDK_KEY_REGION, "1 2 0 4");
	is_int(region_get(&m, &r), -1, "region: empty rejected");
	meta_set(&m, SDK_KEY_REGION, "-1 2 3 4");
	is_int(region_get(&m, &r), -1, "region: negative rejected");
	meta_set(&m, SDK_KEY_REGION, "1 2 3 4 x");
	is_int(region_get(&m, &r), -1, "region: junk rejected");
	r.x = 288;
	r.y = 1056;
	r.w = 2828;
	r.h = 2812;
	region_set(&m, &r);
	is_str(meta_get(&m, SDK_KEY_REGION), "288 1056 2828 2812",
	    "region: written");
	meta_free(&m);

	/* 4 times smaller, the pixel centres mapped. */
	quad_parse("547.3 1251.8 2922.5 1206.4 2968 3719.5 432.7 3666.2", &q);
	back = q;
	region_to_record(&r, 707, 703, &back);
	ok(near(back.p[0].x, (547.3 - 288 + 0.5) / 4 - 0.5) &&
	    near(back.p[0].y, (1251.8 - 1056 + 0.5) / 4 - 0.5),
	    "region: corner to the record");
	region_to_photo(&r, 707, 703, &back);
	for (i = 0; i < 4; i++)
		good &= near(back.p[i].x, q.p[i].x) && near(back.p[i].y,
		    q.p[i].y);
	ok(good, "region: and back");
}

/*
 * round_half_away gives lround's integer: at and around every half, on
 * both sides of zero, the double just below a half (which x + 0.5 would
 * round up), past 2^31, and NaN; then a sweep of the quarters and of
 * steps that are not exact in binary, as comb_range makes.
 */
static void
test_round(void)
{
	static const double edge[] = { 0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5,
	    -2.5, 0.49999999999999994, -0.49999999999999994,
	    4503599627370495.5, 4503599627370497.0, 2147483647.5,
	    2147483648.0, -2147483648.5, 1e300, -1e300 };
	size_t i;
	int k, bad = 0;
	double x;

	for (i = 0; i < sizeof(edge) / sizeof(edge[0]); i++) {
		x = edge[i];
		bad += round_half_away(x) != lround(x);
		bad += round_half_away(nextafter(x, 1e308)) !=
		    lround(nextafter(x, 1e308));
		bad += round_half_away(nextafter(x, -1e308)) !=
		    lround(nextafter(x, -1e308));
	}
	is_int(bad, 0, "round_half_away: lround's integer at the edges");
	is_int(round_half_away(NAN), lround(NAN),
	    "round_half_away: NaN as lround has it");
	for (bad = 0, k = -400000; k <= 400000; k++) {
		x = k * 0.25;
		bad += round_half_away(x) != lround(x);
		x = k * 0.1 + k / 7.0;
		bad += round_half_away(x) != lround(x);
	}
	is_int(bad, 0, "round_half_away: lround's integer on a sweep");
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
	test_region();
	test_round();
	return tap_done();
}
