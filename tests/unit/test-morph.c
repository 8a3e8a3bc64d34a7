/*
 * test-morph.c: morph_close_grey against Leptonica's pixCloseGray, pixel
 * for pixel, on noise, on drawn lines and on a photo's grey, for windows
 * from 1 to wider than the image and images from one pixel up.
 */
#include <stdio.h>
#include <stdlib.h>

#include "image.h"
#include "morph.h"
#include "rng.h"
#include "tap.h"

/* Noise, or dark lines on light paper with some noise (kind 1). */
static PIX *
made(int w, int h, int kind, uint64_t seed)
{
	PIX *pix = pixCreate(w, h, 8);
	struct rng r;
	int x, y, v;

	rng_seed(&r, seed);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			v = (int)(rng_next(&r) % 256);
			if (kind == 1)
				v = x % 13 == 0 || y % 17 < 2 ? v % 60 :
				    180 + v % 60;
			pixSetPixel(pix, x, y, (l_uint32)v);
		}
	return pix;
}

static int
same(PIX *pix, int hsize, int vsize)
{
	PIX *want = pixCloseGray(pix, hsize, vsize);
	PIX *got = morph_close_grey(pix, hsize, vsize);
	int eq = 0;

	if (want != NULL && got != NULL)
		pixEqual(want, got, &eq);
	pixDestroy(&want);
	pixDestroy(&got);
	return eq;
}

int
main(void)
{
	static const int sizes[][2] = { { 1, 1 }, { 3, 3 }, { 5, 3 },
	    { 3, 7 }, { 7, 7 }, { 9, 9 }, { 11, 11 }, { 15, 15 }, { 17, 5 },
	    { 31, 31 }, { 63, 1 } };
	static const int dims[][2] = { { 1, 1 }, { 2, 3 }, { 5, 40 },
	    { 16, 16 }, { 17, 9 }, { 33, 31 }, { 100, 7 }, { 123, 77 } };
	PIX *pix, *grey;
	unsigned i, j;
	int good, kind;

	image_init();
	for (kind = 0; kind < 2; kind++)
		for (i = 0; i < sizeof(dims) / sizeof(dims[0]); i++) {
			pix = made(dims[i][0], dims[i][1], kind, 7 + i);
			good = 1;
			for (j = 0; j < sizeof(sizes) / sizeof(sizes[0]); j++)
				good &= same(pix, sizes[j][0], sizes[j][1]);
			ok(good, "%s %dx%d: every window as pixCloseGray",
			    kind ? "lines" : "noise", dims[i][0], dims[i][1]);
			pixDestroy(&pix);
		}
	pix = pixRead("../samples/image1049.jpg");
	ok(pix != NULL, "a photo read");
	if (pix != NULL) {
		grey = pixConvertTo8(pix, FALSE);
		ok(same(grey, 15, 15) && same(grey, 11, 11) &&
		    same(grey, 5, 5), "a photo's grey as pixCloseGray");
		pixDestroy(&grey);
		pixDestroy(&pix);
	}
	pix = pixCreate(8, 8, 32);
	ok(morph_close_grey(pix, 3, 3) == NULL, "32 bpp refused");
	pixDestroy(&pix);
	pix = pixCreate(8, 8, 8);
	pixSetColormap(pix, pixcmapCreateLinear(8, 256));
	ok(morph_close_grey(pix, 3, 3) == NULL, "a colour map refused");
	pixDestroy(&pix);
	pix = pixCreate(8, 8, 8);
	ok(morph_close_grey(pix, 4, 3) == NULL &&
	    morph_close_grey(pix, 3, 0) == NULL, "even or no window refused");
	pixDestroy(&pix);
	return tap_done();
}
