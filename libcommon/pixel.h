/*
 * pixel.h: what the decoders (decode.c, heif.c) share with image.c below
 * it: Leptonica's RGB pixels packed and unpacked, what a decode did
 * (struct image_info), and how much to shrink while decoding.  A header of its own so that the decoders need
 * nothing of image.c, which calls them.
 */
#ifndef SDK_PIXEL_H
#define SDK_PIXEL_H

#include <leptonica/allheaders.h>

/*
 * How a file was decoded: its own size, and how much smaller the PIX is
 * (1, 2, 4 or 8 a side: the PIX's pixel (u, v) covers the file's pixels
 * from (u * reduce, v * reduce), reduce of them each way).
 */
struct image_info {
	int	 width;		/* the image as stored in the file */
	int	 height;
	int	 reduce;	/* 1, 2, 4 or 8 */
	/*
	 * The format decodes smaller for less (JPEG): decoding it again,
	 * finer, costs a part of a whole decode, not a whole one.
	 */
	int	 scales;
};

/*
 * Leptonica's composeRGBPixel() and extractRGBValues() are library calls;
 * per pixel of a 12-megapixel photo they cost more than the decoding.
 */
static inline l_uint32
image_rgb_pack(int r, int g, int b)
{
	return (l_uint32)r << L_RED_SHIFT | (l_uint32)g << L_GREEN_SHIFT |
	    (l_uint32)b << L_BLUE_SHIFT;
}

static inline void
image_rgb_unpack(l_uint32 v, int *r, int *g, int *b)
{
	*r = (int)(v >> L_RED_SHIFT) & 0xff;
	*g = (int)(v >> L_GREEN_SHIFT) & 0xff;
	*b = (int)(v >> L_BLUE_SHIFT) & 0xff;
}

/*
 * The reduction for an image w x h: the largest power of two, at most
 * IMAGE_MAX_REDUCE, that keeps the longer side at least min_side pixels
 * (1 when min_side <= 0).
 */
#define IMAGE_MAX_REDUCE	8
static inline int
image_reduce_for(int w, int h, int min_side)
{
	int longer = w > h ? w : h, r = 1;

	if (min_side <= 0)
		return 1;
	while (r < IMAGE_MAX_REDUCE && (longer + 2 * r - 1) / (2 * r) >=
	    min_side)
		r *= 2;
	return r;
}

#endif
