/*
 * pass.c: what sdk-detect passes on of a photo.  sdk-warp reads only the
 * grid, and at most REGION_SHRINK_ABOVE times its square's side: the rest
 * of a 12-megapixel photo would be 36 MB through two pipes for nothing.
 * So the record is the grid's region (with a margin), from the photo
 * decoded as small as that allows, with sdk-region saying where it lies
 * in the photo (region.h); the corners stay in the photo's pixels.
 */
#include <math.h>

#include "pass.h"
#include "util.h"

/* The margin around the grid's box: of the grid's side (half a cell). */
#define PASS_MARGIN	(1.0 / 18)
/*
 * The region starts on a multiple of this many record pixels: sdk-warp's
 * halvings then average the same 2x2 blocks as in the whole photo, and a
 * record cut from a photo at full size straightens exactly as the photo.
 */
#define PASS_ALIGN	8

int
pass_reduce(const struct quad *q, int square)
{
	double side = quad_side(q);
	int r = 1;

	while (r < IMAGE_MAX_REDUCE && side / r > REGION_SHRINK_ABOVE * square)
		r *= 2;
	return r;
}

PIX *
pass_region(PIX *pix, const struct image_info *info, const struct quad *q,
    struct region *rg)
{
	double x0, y0, x1, y1, m;
	long a = (long)PASS_ALIGN * info->reduce, bx, by, bw, bh;
	int pw = pixGetWidth(pix), ph = pixGetHeight(pix);
	BOX *box;
	PIX *cut;

	quad_bounds(q, &x0, &y0, &x1, &y1);
	m = quad_side(q) * PASS_MARGIN + 2.0 * info->reduce;
	x0 = fmax(0, floor((x0 - m) / a) * a);
	y0 = fmax(0, floor((y0 - m) / a) * a);
	x1 = fmin(info->width, x1 + m + 1);
	y1 = fmin(info->height, y1 + m + 1);
	/* In the record's pixels: whole pixels covering the box. */
	bx = (long)x0 / info->reduce;
	by = (long)y0 / info->reduce;
	bw = (long)ceil(x1 / info->reduce) - bx;
	bh = (long)ceil(y1 / info->reduce) - by;
	if (bx + bw > pw)
		bw = pw - bx;
	if (by + bh > ph)
		bh = ph - by;
	if (!(bw >= 1 && bh >= 1))
		return NULL;
	box = sdk_need(boxCreate((l_int32)bx, (l_int32)by, (l_int32)bw,
	    (l_int32)bh));
	cut = sdk_need(pixClipRectangle(pix, box, NULL));
	boxDestroy(&box);
	rg->x = bx * info->reduce;
	rg->y = by * info->reduce;
	rg->w = bw * info->reduce;
	rg->h = bh * info->reduce;
	return cut;
}
