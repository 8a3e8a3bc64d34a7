/*
 * pnm.h: image records, the binary stream between sdk-detect, sdk-warp and
 * sdk-ocr (sdk.5).  Reads P1-P6 with any maxval (scaled to 255), writes P5
 * or P6 with maxval 255, and keeps "# sdk-*" header comments as metadata.
 * Many images may follow each other in one stream.  libc only.
 */
#ifndef SDK_PNM_H
#define SDK_PNM_H

#include <stddef.h>
#include <stdio.h>

#include "meta.h"

struct pnm {
	struct meta	 meta;		/* the "# sdk-*" comments, in order */
	int		 width;
	int		 height;
	int		 channels;	/* 1 grey, 3 RGB */
	unsigned char	*pixels;	/* width * height * channels bytes */
};

void	 pnm_init(struct pnm *);
void	 pnm_free(struct pnm *);
/* (Re)allocate pixels for a w x h image of ch channels, keeping meta. */
void	 pnm_alloc(struct pnm *, int w, int h, int ch);

/*
 * Check dimensions against the limits of sdk.h (and SDK_MAX_PIXELS in the
 * environment).  Returns 0, or -1 with a message in err.
 */
int	 pnm_check_size(long w, long h, char *err, size_t errlen);
/* The pixel limit in force (SDK_MAX_PIXELS or the environment's). */
long	 pnm_max_pixels(void);

struct pnm_reader;

struct pnm_reader *pnm_reader_new(FILE *fp);
void	 pnm_reader_free(struct pnm_reader *);
/*
 * Read the next image into img (its metadata and pixels are replaced).
 * Returns 1 for an image, 0 at the end of input (only white space left),
 * -1 on a malformed, truncated or oversized image: pnm_reader_error()
 * says what ("image 2: truncated raster").  After -1 stop reading.
 */
int	 pnm_read(struct pnm_reader *, struct pnm *);
/*
 * The same in steps, so that a reader can put each row where it wants
 * (image.c: straight into a PIX, no copy of the whole raster).
 * pnm_read_head() reads the header into img (metadata, width, height,
 * channels; pixels freed and NULL) and returns as pnm_read() does; then
 * each pnm_read_row() reads the next row, width * channels samples
 * scaled to 0-255, into row: 0, or -1 (pnm_reader_error() says why).
 */
int	 pnm_read_head(struct pnm_reader *, struct pnm *);
int	 pnm_read_row(struct pnm_reader *, unsigned char *row);
const char *pnm_reader_error(const struct pnm_reader *);

/* Write as P5 or P6, maxval 255, metadata as comments after the magic. */
int	 pnm_write(FILE *, const struct pnm *);

#endif
