/*
 * find.h: finding a Sudoku grid's outer corners in a photo.
 */
#ifndef SDK_FIND_H
#define SDK_FIND_H

#include <leptonica/allheaders.h>

#include "geom.h"

/*
 * find_grid() works on the photo scaled down to at most this many pixels
 * a side: a photo decoded with its longer side this long or more gives
 * the same grid as the full photo.
 */
#define FIND_WORK_SIDE	720

struct find_info {
	double	 score;		/* how grid-like the found quad is, 0-1 */
	int	 candidates;	/* components that were considered */
};

/*
 * Find the grid in pix (8 bpp grey or 32 bpp RGB).  On success set q to
 * its outer corners in pix's pixels, clockwise from top-left, and return
 * 0; return -1 when no grid-like quadrilateral is found.
 */
int	 find_grid(PIX *pix, struct quad *q, struct find_info *info);

/*
 * The same in pix inverted, when it is drawn light on dark (an app's
 * dark mode: image_light_on_dark); -1 at once when it is not.  For when
 * find_grid() found nothing: a photo that has a dark grid keeps it.
 */
int	 find_dark_grid(PIX *pix, struct quad *q, struct find_info *info);

#endif
