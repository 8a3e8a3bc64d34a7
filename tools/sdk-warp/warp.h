/*
 * warp.h: what sdk-warp's files share.
 */
#ifndef SDK_WARP_H
#define SDK_WARP_H

#include <stddef.h>

#include <leptonica/allheaders.h>

#include "geom.h"

/*
 * The grid's line crossings, in square coordinates: cross[j][i] is where
 * vertical line i meets horizontal line j (0..9 each).
 */
struct crossings {
	struct point p[10][10];
};

/*
 * The colour of each cell's ink against its paper (cellink.c), as the
 * sdk-cell-ink value: 81 "R,G,B", each channel of the darkest tenth of
 * the cell's pixels in percent of its paper's.  photo is the colour photo
 * (32 bpp); h maps the square, whose lines are at c, onto the photo
 * halved nhalf times.  With dark (a screen in dark mode, its digits light
 * on a dark ground), of the photo's negative, as the square is.  Returns
 * 0, or -1 when photo has no colour (or buf is short).
 */
int	 cell_ink(PIX *photo, const double h[9], const struct crossings *c,
	    int nhalf, int dark, char *buf, size_t len);

#define CELL_INK_MAX	(81 * 12)	/* the value's length, NUL included */

#endif
