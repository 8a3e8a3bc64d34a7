/*
 * jerr.h: libjpeg's errors as a message and a long jump instead of an
 * exit, for every libjpeg object of sdk-render; and a cap on the scans
 * a JPEG may have.
 */
#ifndef SDK_RENDER_JERR_H
#define SDK_RENDER_JERR_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>

#include <jpeglib.h>

struct jmarkers;

struct jerr {
	struct jpeg_error_mgr	 pub;	/* first: libjpeg's view */
	struct jmarkers		*markers; /* jmarker_keep()'s, or NULL */
	jmp_buf			 jmp;	/* set by the caller */
	char			*buf;	/* "jpeg: ..." goes here */
	size_t			 len;
};

/* Set e up to write its message to err; returns what cinfo->err wants. */
struct jpeg_error_mgr *jerr_init(struct jerr *e, char *err, size_t errlen);

/*
 * Refuse a JPEG of more than IMAGE_MAX_SCANS scans while it is read (a
 * progressive file of thousands of tiny scans costs a pass each); pm
 * must live as long as c.
 */
void	 jerr_limit_scans(j_decompress_ptr c, struct jpeg_progress_mgr *pm);

#endif
