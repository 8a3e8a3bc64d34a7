/*
 * imagein.h: images from operands, whatever each holds: a stream of PNM
 * records (many images, with their "# sdk-*" metadata) or one image file
 * of any format image_decode() reads.  "-" is standard input, which may
 * be a pipe: it is never seeked.  Leptonica glue, like image.h.
 */
#ifndef SDK_IMAGEIN_H
#define SDK_IMAGEIN_H

#include <stdio.h>

#include "image.h"
#include "meta.h"

/*
 * Read one image file from a stream (a pipe too: never seeked), probing
 * its first IMAGE_PROBE_BYTES before reading the rest, so that bytes
 * that are no image, or a header over the limits, are refused at once.
 * Returns 1 with *pix, 0 for an empty stream, -1 with a message in err.
 */
int	 image_in_read(FILE *, PIX **pix, char *err, size_t errlen);

/*
 * The images of an operand, one by one.  Typical use:
 *
 *	in = image_in_open(name);	(NULL: message printed)
 *	while ((rc = image_in_next(in, &pix, &meta)) == 1) ...
 *	if (rc < 0) sdk_warnx(name, "%s", image_in_error(in));
 *	image_in_close(in);
 */
struct image_in;

struct image_in *image_in_open(const char *name);
/*
 * The next image: *pix is 8 bpp grey or 32 bpp RGB (caller destroys it),
 * meta receives the record's metadata (cleared first).  Returns 1, 0 at the
 * end, -1 on an unreadable image (image_in_error() says why; stop then).
 * A named file of no bytes is unreadable ("empty file"); empty standard
 * input, or an empty pipe, is no images.
 */
int	 image_in_next(struct image_in *, PIX **pix, struct meta *meta);
const char *image_in_error(const struct image_in *);
/*
 * Decode image files smaller, while their longer side stays at least
 * min_side (image_decode_reduced(); PNM records are never shrunk).
 * Call before the first image_in_next().
 */
void	 image_in_reduce(struct image_in *, int min_side);
/* How the image image_in_next() gave was decoded (reduce 1 for PNM). */
const struct image_info *image_in_info(const struct image_in *);
/*
 * The image image_in_next() gave, decoded again at another reduction:
 * for an image file read after image_in_reduce() only (the file is
 * kept); NULL otherwise, or on an error (image_in_error()).
 */
PIX	*image_in_again(struct image_in *, int reduce,
	    struct image_info *info);
void	 image_in_close(struct image_in *);

/*
 * Every image of an operand through fn(out, pix, meta, name), which writes
 * its record to out and returns an exit status; stops early once out has
 * failed.  An unreadable image is named and counts as SDK_EXIT_ERROR.
 * Returns the folded status.
 */
int	 image_in_each(const char *name, FILE *out,
	    int (*fn)(FILE *, PIX *, struct meta *, const char *name));
/*
 * The same with image files decoded reduced (image_in_reduce(min_side);
 * 0: full size), fn given the operand's image_in for image_in_info() and
 * image_in_again().
 */
int	 image_in_each_reduced(const char *name, FILE *out, int min_side,
	    int (*fn)(FILE *, struct image_in *, PIX *, struct meta *,
	    const char *name));

#endif
