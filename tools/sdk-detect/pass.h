/*
 * pass.h: what sdk-detect passes on of a photo (pass.c).
 */
#ifndef SDK_DETECT_PASS_H
#define SDK_DETECT_PASS_H

#include "geom.h"
#include "image.h"
#include "region.h"

/*
 * The reduction (1, 2, 4 or 8) at which a grid with corners q (photo
 * pixels) is still at least as big as sdk-warp would shrink it to for a
 * square of side square: the largest that leaves the grid's side over
 * REGION_SHRINK_ABOVE times square, halving no further.
 */
int	 pass_reduce(const struct quad *q, int square);

/*
 * The grid's region of pix, the photo decoded as info says: a new PIX,
 * with rg set to where it lies in the photo; NULL if q lies outside.
 */
PIX	*pass_region(PIX *pix, const struct image_info *info,
	    const struct quad *q, struct region *rg);

#endif
