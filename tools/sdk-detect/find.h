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
 * find_grid(), but a picture drawn light on dark (an app's dark mode:
 * image_light_on_dark) is searched inverted first, as it is then: in it
 * as it is, light lines are paper and the junk between them a grid.
 */
int	 find_grid_dark_first(PIX *pix, struct quad *q,
	    struct find_info *info);

#endif
