/*
 * probe.h: what an image file is and how large it says it is, from its
 * first bytes, before anything is decoded or even read whole: a header
 * that asks for more pixels than the limits allow (sdk.5) is refused
 * here, whatever the format, and bytes that are no image are told at
 * once.  libc only.
 */
#ifndef SDK_PROBE_H
#define SDK_PROBE_H

#include <stddef.h>

enum probe_format {
	PROBE_UNKNOWN, PROBE_JPEG, PROBE_PNG, PROBE_PNM, PROBE_GIF,
	PROBE_BMP, PROBE_TIFF, PROBE_WEBP, PROBE_JP2, PROBE_SPIX, PROBE_HEIF
};

enum probe_result {
	PROBE_BAD = -1,		/* not an image, or refused: err says why */
	PROBE_OK = 0,		/* the size is known and within the limits */
	PROBE_MORE = 1		/* the header goes on past these bytes */
};

struct probe {
	enum probe_format format;
	long	 width, height;	/* as the header says; 0 when not known */
	/*
	 * The bytes the decoder is to be given (0: all): a BMP's header and
	 * rows without what follows them, a GIF up to the end of its first
	 * frame (the rest is never decoded).
	 */
	size_t	 datalen;
};

/*
 * Probe data[0..len).  complete says whether that is the whole file (a
 * header cut short is then "truncated"); when it is not, PROBE_MORE asks
 * for more.  The size is checked against pnm_check_size()'s limits; PNM
 * is left to its reader, which checks its own.  Returns a probe_result
 * and fills p.
 */
int	 probe_image(const unsigned char *data, size_t len, int complete,
	    struct probe *p, char *err, size_t errlen);

/* The format's name, for messages ("GIF"). */
const char *probe_format_name(enum probe_format);

#endif
