/*
 * jpegout.h: write an RGB image as JPEG through libjpeg.
 */
#ifndef SDK_RENDER_JPEGOUT_H
#define SDK_RENDER_JPEGOUT_H

#include <stddef.h>
#include <stdio.h>

#include "meta.h"
#include "photo.h"

#define JPEGOUT_QUALITY	90	/* the default quality, 1-100 */

/*
 * Write a picture to fp, turned as it is to be shown, as a baseline JFIF JPEG of the given
 * quality (1-100), chroma not subsampled (4:4:4), with the "sdk-*"
 * metadata as one comment (COM) marker.  No time stamp: the same pixels
 * give the same bytes.  Returns 0, or -1 with a message in err.
 */
int	 jpegout_write(FILE *, const struct picture *, int quality,
	    const struct meta *, char *err, size_t errlen);

/*
 * The "sdk-*" metadata as "key value" lines, as many as fit, written as
 * one COM marker (between jpeg_start_compress or jpeg_write_coefficients
 * and the first scanline).
 */
struct jpeg_compress_struct;
void	 jpegout_comment(struct jpeg_compress_struct *, const struct meta *);

#endif
