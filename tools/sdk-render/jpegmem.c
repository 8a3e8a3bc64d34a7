/*
 * jpegmem.c: where libjpeg keeps its large objects, above all a photo's
 * DCT coefficients (jpegpatch.c: 48 MB for 16 megapixels in 4:2:0).
 * These two functions are libjpeg's system-dependent memory interface
 * (jmemsys.h), which an application may supply; libjpeg calls them
 * through its dynamic symbols, so these take the place of its own
 * (malloc and free).  They add huge pages (sdk_bigalloc): a first touch
 * of 48 MB in 4 KB pages was half of sdk-render's CPU on a phone photo.
 * Where a libjpeg binds them to itself, its own are used: same output.
 */
#include <stdlib.h>
#include <stdio.h>

#include <jpeglib.h>

#include "util.h"

void	*jpeg_get_large(j_common_ptr, size_t);
void	 jpeg_free_large(j_common_ptr, void *, size_t);

void *
jpeg_get_large(j_common_ptr cinfo, size_t n)
{
	(void)cinfo;
	return sdk_bigalloc(n);
}

void
jpeg_free_large(j_common_ptr cinfo, void *p, size_t n)
{
	(void)cinfo;
	(void)n;
	free(p);
}
