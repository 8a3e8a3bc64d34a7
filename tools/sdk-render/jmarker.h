/*
 * jmarker.h: the markers of a photo that sdk-render keeps (its Exif
 * block for the orientation; every APPn and COM to copy into a JPEG
 * answer), read by a marker processor of our own instead of libjpeg's
 * jpeg_save_markers().  libjpeg's appends each saved marker at the end
 * of a list it walks from the head: a JPEG of 100,000 empty APP markers
 * (425 KB) took 51 s.  Here each marker costs its bytes once, and no more
 * than JMARKER_MAX are kept; the others are skipped as they come.
 */
#ifndef SDK_RENDER_JMARKER_H
#define SDK_RENDER_JMARKER_H

#include <stddef.h>
#include <stdio.h>

#include <jpeglib.h>

/*
 * A phone's photo has four or five (Exif, XMP, an ICC profile, MPF);
 * at most 64 of 64 KB, 4 MB.
 */
#define JMARKER_MAX	64

struct jmarker {
	int		 code;		/* JPEG_APP0 + n, JPEG_COM */
	const JOCTET	*data;		/* in libjpeg's image pool */
	unsigned int	 len;
};

struct jmarkers {
	int		 all;		/* every APPn and COM, or APP1 */
	struct jmarker	 m[JMARKER_MAX];
	size_t		 n;
	unsigned long	 skipped;	/* past JMARKER_MAX */
};

/*
 * Keep the markers of c in mk (cleared here), every APPn and COM when
 * all, else APP1 alone, in their order in the file, until JMARKER_MAX;
 * before jpeg_read_header().  c->err must be a struct jpeg_fail (jpeg.h),
 * and mk live as long as c.
 */
void	 jmarker_keep(j_decompress_ptr c, struct jmarkers *mk, int all);

#endif
