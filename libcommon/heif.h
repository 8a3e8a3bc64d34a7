/*
 * heif.h: HEIF images (HEIC from phones, AVIF) decoded through libheif,
 * for image.c.
 */
#ifndef SDK_HEIF_H
#define SDK_HEIF_H

#include <stddef.h>

#include "pixel.h"

/*
 * Decode the primary image of a HEIF file held in memory (probed already:
 * probe.c checked its declared size), with its rotation and mirroring
 * applied, as the phone shows it.  The PIX is 32 bpp RGB (alpha dropped),
 * shrunk by reduce (1, 2, 4 or 8; 0: as image_reduce_for(min_side) says)
 * as it is converted, each pixel the mean of reduce x reduce; info gets
 * the image's size and the reduction.  NULL with a message in err ("bad
 * HEIF data: ...", "truncated HEIF data").
 */
PIX	*heif_decode(const unsigned char *data, size_t len, int reduce,
	    int min_side, struct image_info *info, char *err, size_t errlen);

/* "libheif 1.15.1", for image_versions(). */
const char *heif_version(void);

#endif
