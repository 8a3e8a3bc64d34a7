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
	int	 light;		/* the grid is light on dark (dark mode) */
};

/*
 * Find the grid in pix (8 bpp grey or 32 bpp RGB).  On success set q to
 * its outer corners in pix's pixels, clockwise from top-left, and return
 * 0; return -1 when no grid-like quadrilateral is found.
 */
int	 find_grid(PIX *pix, struct quad *q, struct find_info *info);

/* The most grids find_grids() returns. */
#define FIND_MAX_GRIDS	16

/*
 * Every grid in pix, up to max (at most FIND_MAX_GRIDS): set q[0] to the
 * grid find_grid() finds, the one a person would mean, and q[1] on to the
 * other whole grids of the page, best first.  Returns how many (0: none).
 */
int	 find_grids(PIX *pix, struct quad *q, int max,
	    struct find_info *info);

/*
 * The same, looked at twice as closely (up to 2 * FIND_WORK_SIDE pixels a
 * side) for grids down to half the share of the picture find_grids()
 * asks: for a picture in which it found none.  A picture drawn (a
 * screenshot) under 1.5 * FIND_WORK_SIDE on its longer side is enlarged
 * for it, the quads in pix's pixels; a photo that small is not looked at
 * again (0).
 */
int	 find_grids_closer(PIX *pix, struct quad *q, int max,
	    struct find_info *info);

#endif
