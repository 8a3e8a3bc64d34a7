/*
 * image.h: the glue between PNM records, image files and Leptonica.  The
 * only part of libcommon that includes Leptonica.
 */
#ifndef SDK_IMAGE_H
#define SDK_IMAGE_H

#include <stddef.h>

#include <leptonica/allheaders.h>

#include "pnm.h"

/* Silence Leptonica's messages (call once, first thing). */
void	 image_init(void);

/* "leptonica-1.82.0 (libjpeg ... libpng ...)" for --version. */
const char *image_versions(void);

/*
 * Decode an image file held in memory: JPEG, PNG, PNM (first image), TIFF,
 * BMP, GIF, WebP, whatever Leptonica reads.  Dimensions are checked against
 * the limits before decoding.  Returns a PIX (8 bpp grey or 32 bpp RGB) or
 * NULL with a lower-case message in err ("not an image", "truncated ...").
 */
PIX	*image_decode(const unsigned char *data, size_t len, char *err,
	    size_t errlen);

/* PNM record to PIX: 8 bpp for grey, 32 bpp for RGB.  NULL on no memory. */
PIX	*image_from_pnm(const struct pnm *);
/*
 * PIX to PNM pixels (grey if the PIX is 8 bpp grey or 1 bpp, else RGB);
 * img->meta is left alone.  Returns 0, or -1 on an unsupported depth.
 */
int	 image_to_pnm(PIX *, struct pnm *);

#endif
