/*
 * jpegpatch.h: the digits drawn onto a JPEG photo without decoding and
 * encoding the whole of it.  The photo's DCT coefficients are read; only
 * the MCUs under the grid are decoded, drawn on and encoded again with
 * the photo's own quantisation tables and sampling, and the blocks of the
 * MCUs whose pixels changed replace the photo's; every other block is
 * written as it was (no generation loss), with the photo's markers (EXIF,
 * ICC profile, comments) copied, as "jpegtran -copy all" does.
 */
#ifndef SDK_RENDER_JPEGPATCH_H
#define SDK_RENDER_JPEGPATCH_H

#include <stddef.h>
#include <stdio.h>

#include "draw.h"
#include "meta.h"

struct jpegpatch;

/*
 * Open a photo and read its header.  Returns 1 with *jp set when the
 * photo can be patched (an 8-bit YCbCr JPEG of 3 components, luma
 * sampled 1 or 2 each way, chroma 1), 0 when it is something else (not
 * a JPEG, grey, CMYK, 12-bit...: take the pixel path; *jp NULL), -1 with
 * a message in err when it cannot be opened or read.
 */
int	 jpegpatch_open(const char *name, struct jpegpatch **jp, char *err,
	    size_t errlen);
/* The photo's size as stored (before any EXIF orientation). */
void	 jpegpatch_size(const struct jpegpatch *, int *w, int *h);
/*
 * Draw the board through g2p (grid to photo pixels) and write the photo
 * to fp, with the "sdk-*" metadata as one more comment.  Once only.
 * Returns 0, or -1 with a message in err.
 */
int	 jpegpatch_write(struct jpegpatch *, FILE *fp, const double g2p[9],
	    const struct board *, const struct meta *, char *err,
	    size_t errlen);
void	 jpegpatch_close(struct jpegpatch *);

#endif
