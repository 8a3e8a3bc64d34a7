/*
 * image.h: the glue between PNM records, image files and Leptonica.  With
 * pixel.h below it, the only part of libcommon that includes Leptonica.
 */
#ifndef SDK_IMAGE_H
#define SDK_IMAGE_H

#include <stddef.h>
#include <stdio.h>

#include <leptonica/allheaders.h>

#include "pixel.h"
#include "pnm.h"

/*
 * Bilinear sample of an 8 bpp image (data, words per line, width, height)
 * at (x, y), pixel (i, j) being at (i, j); points outside are moved to the
 * nearest edge.  Inline: it is called per pixel in warping and cell
 * normalisation.
 */
static inline double
image_sample(const l_uint32 *data, int wpl, int w, int h, double x,
    double y)
{
	int x0, y0, x1, y1;
	double fx, fy, a, b, c, d;

	x = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
	y = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
	x0 = (int)x;
	y0 = (int)y;
	x1 = x0 + 1 < w ? x0 + 1 : x0;
	y1 = y0 + 1 < h ? y0 + 1 : y0;
	fx = x - x0;
	fy = y - y0;
	a = GET_DATA_BYTE(data + (size_t)y0 * wpl, x0);
	b = GET_DATA_BYTE(data + (size_t)y0 * wpl, x1);
	c = GET_DATA_BYTE(data + (size_t)y1 * wpl, x0);
	d = GET_DATA_BYTE(data + (size_t)y1 * wpl, x1);
	return (a * (1 - fx) + b * fx) * (1 - fy) +
	    (c * (1 - fx) + d * fx) * fy;
}

/* Silence Leptonica's messages (call once, first thing). */
void	 image_init(void);

/* "leptonica-1.82.0 (libjpeg ... libpng ...)" for --version. */
const char *image_versions(void);

/*
 * Decode an image file held in memory: JPEG, PNG, PNM (first image), TIFF,
 * BMP, GIF, WebP, whatever Leptonica reads, and HEIF (HEIC, AVIF: heif.h).  Dimensions are checked against
 * the limits before decoding.  Returns a PIX (8 bpp grey or 32 bpp RGB) or
 * NULL with a lower-case message in err ("not an image", "truncated ...").
 */
PIX	*image_decode(const unsigned char *data, size_t len, char *err,
	    size_t errlen);

/*
 * image_decode, shrunk as image_reduce_for(min_side) says where the
 * format decodes small for less: a JPEG is scaled while it is decoded
 * (libjpeg's scaled inverse DCT, a proper low-pass), which costs less the
 * smaller it is; a HEIF is decoded whole by libheif, then shrunk by block
 * means as it is copied into the PIX (less memory, not less decoding).
 * Other formats are decoded at full size (info->reduce 1).  info (which
 * may be NULL) says what was done.
 */
PIX	*image_decode_reduced(const unsigned char *data, size_t len,
	    int min_side, struct image_info *info, char *err, size_t errlen);
/* The same at a given reduction (1, 2, 4 or 8), where the format can. */
PIX	*image_decode_at(const unsigned char *data, size_t len, int reduce,
	    struct image_info *info, char *err, size_t errlen);

/*
 * Grey as the darkest of R, G and B (a new 8 bpp PIX; a copy if pix is
 * grey already), so that red or pink ink is as dark as black ink.
 */
PIX	*image_grey_min(PIX *);

/*
 * The same of the channels that see the paper well: under warm or dim
 * light one channel (most often blue) sees the paper far darker than the
 * brightest one does; it is under-exposed, with less contrast and more
 * noise, and as the darkest it would be the only one read.  A channel is
 * used when its paper level (the 90th percentile within box, or the whole
 * image when box is NULL) is at least GREY_LIT of the brightest channel's.
 * With all three used, this is image_grey_min.
 */
#define GREY_LIT	0.7
PIX	*image_grey_lit(PIX *, BOX *);

/*
 * Whether pix (8 bpp grey or 32 bpp RGB, as image_grey_min sees it),
 * within box (NULL: all of it), is drawn light on dark, as an app's dark mode draws its grid: the median
 * (the background) is dark, and the darkest there is but for half
 * LIGHT_ON_DARK_STEP (its 2nd percentile), and of the pixels
 * LIGHT_ON_DARK_STEP or more away from it (the drawing), the lighter
 * outnumber the darker three to one.  A dim photo of paper has its ink
 * below the median, one half in shadow its shadow.
 */
#define LIGHT_ON_DARK_STEP	32
int	 image_light_on_dark(PIX *, BOX *);

/*
 * The median grey of the box (x0, y0)-(x1, y1) of an 8 bpp image, in
 * steps of step, into *median; returns whether the box is one flat
 * colour, as an app draws a cell: FLAT_SHARE of its pixels within
 * FLAT_NOISE levels of the median, of those not FLAT_INK darker than it
 * (ink aside).  The paper of a photo, even in shadow, varies more.
 */
#define FLAT_SHARE	0.75
#define FLAT_NOISE	2
#define FLAT_INK	24
int	 image_flat_median(PIX *, int x0, int y0, int x1, int y1, int step,
	    int *median);

/*
 * A screen's grid (a screenshot's): at least this many of its 81 cells
 * flat (image_flat_median of the cell's middle, an eighth in from each
 * side, in steps of 2), two thirds.  No photo of paper of any set we
 * have comes near; a screen photographed may (30 of the 120 of made
 * seeds 41 and 42), and is then levelled as a screenshot is.
 */
#define SCREEN_FLAT_CELLS	54

/* PNM record to PIX: 8 bpp for grey, 32 bpp for RGB. */
PIX	*image_from_pnm(const struct pnm *);
/*
 * The next record of a PNM stream read straight into a PIX (8 or 32
 * bpp), a row at a time: no copy of the whole raster.  Returns as
 * pnm_read() does; *pix (the caller's) and meta are set on 1.
 */
int	 image_pnm_next(struct pnm_reader *, PIX **pix, struct meta *meta);
/*
 * PIX to PNM pixels (grey if the PIX is 8 bpp grey or 1 bpp, else RGB);
 * img->meta is left alone.  Returns 0, or -1 on an unsupported depth.
 */
int	 image_to_pnm(PIX *, struct pnm *);
/*
 * The same written as an image record (P5 or P6, meta as its comments)
 * to fp, a row at a time: no copy of the whole image.  Returns 0, or -1
 * on an unsupported depth or a write error.
 */
int	 image_write_pnm(FILE *, PIX *, const struct meta *);

/* Largest image file read into memory whole (bytes). */
#define IMAGE_MAX_FILE	(512L * 1024 * 1024)
/* What is read of a file before its header is probed (bytes). */
#define IMAGE_PROBE_BYTES	65536

#endif
