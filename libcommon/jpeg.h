/*
 * jpeg.h: libjpeg, the one way sdk uses it.  One error handler for every
 * libjpeg object of every program (a message and a long jump instead of
 * libjpeg's exit), and the one decoder of a JPEG's pixels, which
 * image_decode() (decode.c) and sdk-render's photos and patches use.
 *
 * A corrupt file is an error, not a grey or smeared photo: every libjpeg
 * warning is one but those that leave the pixels as they should be, as
 * libjpeg-turbo advises for untrusted files (djpeg -strict).  A failed
 * allocation ends the program (sdk_nomem, util.h).
 */
#ifndef SDK_JPEG_H
#define SDK_JPEG_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>

#include <jpeglib.h>

/*
 * Most scans a JPEG may have: a progressive file from an encoder has ten
 * or so, a few dozen at most; each costs a pass over the whole image
 * (djpeg's -maxscans).
 */
#define JPEG_MAX_SCANS	100

struct jpeg_fail {
	struct jpeg_error_mgr	 pub;		/* first: libjpeg's view */
	struct jpeg_progress_mgr progress;	/* the scan count */
	void			*markers;	/* sdk-render's jmarker.c */
	jmp_buf			 jmp;		/* set by the caller */
	/* "bad JPEG: ...", "truncated JPEG data", "cannot write JPEG: ..." */
	char			 msg[JMSG_LENGTH_MAX + 32];
};

/*
 * Make f a handler: cinfo->err = jpeg_fail_init(&f) before
 * jpeg_create_*(), and setjmp(f.jmp) before any other libjpeg call; a
 * long jump there leaves the message in f.msg.  One f may serve several
 * objects.
 */
struct jpeg_error_mgr *jpeg_fail_init(struct jpeg_fail *f);
/* Refuse a file of more than JPEG_MAX_SCANS scans; after jpeg_create_*. */
void	 jpeg_fail_scans(struct jpeg_fail *f, j_decompress_ptr);

/*
 * What to decode and where its pixels go.  The file is data (len bytes)
 * or fp (at its start).  rgb: RGB samples, a grey file spread, a CMYK one
 * not for this reader (jpeg_read returns 0); else grey, RGB or CMYK as
 * the file is.  The hooks, all but row optional, get arg:
 */
struct jpeg_read {
	const unsigned char *data;
	size_t		 len;
	FILE		*fp;
	int		 rgb;
	void		*arg;
	/* before the header is read (jmarker_keep, say) */
	void		(*begin)(j_decompress_ptr, void *arg);
	/* the header read and its size checked: scale_denom, say */
	void		(*header)(j_decompress_ptr, void *arg);
	/* output_width x output_height known: where row y goes */
	JSAMPROW	(*row)(j_decompress_ptr, JDIMENSION y, void *arg);
	/* row y decoded there */
	void		(*done)(j_decompress_ptr, JDIMENSION y, JSAMPROW,
			    void *arg);
	struct jpeg_fail fail;		/* fail.msg on -1 */
};

/* Decode r: 1, 0 (a CMYK file when r->rgb), or -1 with r->fail.msg. */
int	 jpeg_read(struct jpeg_read *r);

#endif
