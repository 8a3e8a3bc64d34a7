/*
 * pngout.h: write an RGB image as PNG through libpng.
 */
#ifndef SDK_RENDER_PNGOUT_H
#define SDK_RENDER_PNGOUT_H

#include <stddef.h>
#include <stdio.h>

#include "meta.h"
#include "photo.h"

/*
 * Write a picture to fp, turned as it is to be shown, as an 8-bit PNG, with the "sdk-*"
 * metadata as tEXt chunks.  No time stamp: the same pixels give the same
 * bytes.  Returns 0, or -1 with a message in err.
 */
int	 pngout_write(FILE *, const struct picture *, const struct meta *,
	    char *err, size_t errlen);
/* "libpng 1.6.39" */
const char *pngout_version(void);

#endif
