/*
 * jpeg.c: libjpeg's one error handler and the one JPEG decoder (jpeg.h).
 */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

#include "jpeg.h"
#include "pnm.h"
#include "util.h"

/* ---------------------------------------------------------------- errors */

static void
fail_exit(j_common_ptr cinfo)
{
	struct jpeg_fail *f = (struct jpeg_fail *)(void *)cinfo->err;
	char msg[JMSG_LENGTH_MAX];

	if (cinfo->err->msg_code == JERR_OUT_OF_MEMORY)
		sdk_nomem();
	(*cinfo->err->format_message)(cinfo, msg);
	snprintf(f->msg, sizeof(f->msg), "%s: %s", cinfo->is_decompressor ?
	    "bad JPEG" : "cannot write JPEG", msg);
	longjmp(f->jmp, 1);
}

/*
 * libjpeg's warnings that leave the pixels as they should be: a JFIF or
 * Adobe marker it does not know, a bad ICC profile, junk bytes before
 * the end marker (some cameras pad the file so), SOS parameters a
 * sequential file should not have but that decode the same.
 */
static int
warning_benign(j_common_ptr cinfo)
{
	switch (cinfo->err->msg_code) {
	case JWRN_JFIF_MAJOR:
	case JWRN_ADOBE_XFORM:
	case JWRN_BOGUS_ICC:
	case JWRN_NOT_SEQUENTIAL:
		return 1;
	case JWRN_EXTRANEOUS_DATA:
		return cinfo->err->msg_parm.i[1] == 0xd9;
	default:
		return 0;
	}
}

/*
 * Every other warning is corrupt data ("Corrupt JPEG data: bad Huffman
 * code", a scan out of sequence, data cut short), which libjpeg would
 * decode into a grey or smeared photo: bad input.  Trace messages
 * (level >= 0) are not printed.
 */
static void
fail_message(j_common_ptr cinfo, int level)
{
	struct jpeg_fail *f = (struct jpeg_fail *)(void *)cinfo->err;
	char msg[JMSG_LENGTH_MAX];

	if (level >= 0 || warning_benign(cinfo))
		return;
	if (cinfo->err->msg_code == JWRN_JPEG_EOF)
		snprintf(f->msg, sizeof(f->msg), "truncated JPEG data");
	else {
		(*cinfo->err->format_message)(cinfo, msg);
		snprintf(f->msg, sizeof(f->msg), "bad JPEG: %s", msg);
	}
	longjmp(f->jmp, 1);
}

struct jpeg_error_mgr *
jpeg_fail_init(struct jpeg_fail *f)
{
	jpeg_std_error(&f->pub);
	f->pub.error_exit = fail_exit;
	f->pub.emit_message = fail_message;
	f->markers = NULL;
	f->msg[0] = '\0';
	return &f->pub;
}

static void
fail_progress(j_common_ptr cinfo)
{
	struct jpeg_fail *f = (struct jpeg_fail *)(void *)cinfo->err;
	j_decompress_ptr d = (j_decompress_ptr)(void *)cinfo;

	if (cinfo->is_decompressor && d->input_scan_number > JPEG_MAX_SCANS) {
		snprintf(f->msg, sizeof(f->msg), "bad JPEG: too many scans "
		    "(more than %d)", JPEG_MAX_SCANS);
		longjmp(f->jmp, 1);
	}
}

void
jpeg_fail_scans(struct jpeg_fail *f, j_decompress_ptr c)
{
	f->progress.progress_monitor = fail_progress;
	c->progress = &f->progress;
}

/* --------------------------------------------------------------- decoder */

/* Apart from jpeg_read(), so that setjmp() clobbers no local. */
static int
read_body(struct jpeg_read *r, j_decompress_ptr c)
{
	JSAMPROW row;
	JDIMENSION y;

	jpeg_create_decompress(c);
	jpeg_fail_scans(&r->fail, c);
	if (r->fp != NULL)
		jpeg_stdio_src(c, r->fp);
	else
		jpeg_mem_src(c, r->data, (unsigned long)r->len);
	if (r->begin != NULL)
		r->begin(c, r->arg);
	jpeg_read_header(c, TRUE);
	if (r->rgb && (c->jpeg_color_space == JCS_CMYK ||
	    c->jpeg_color_space == JCS_YCCK))
		return 0;
	if (pnm_check_size(c->image_width, c->image_height, r->fail.msg,
	    sizeof(r->fail.msg)) < 0)
		return -1;
	if (r->rgb)
		c->out_color_space = JCS_RGB;
	else if (c->jpeg_color_space == JCS_CMYK ||
	    c->jpeg_color_space == JCS_YCCK)
		c->out_color_space = JCS_CMYK;
	else if (c->num_components == 1)
		c->out_color_space = JCS_GRAYSCALE;
	else
		c->out_color_space = JCS_RGB;
	c->dct_method = JDCT_ISLOW;
	if (r->header != NULL)
		r->header(c, r->arg);
	jpeg_start_decompress(c);
	while ((y = c->output_scanline) < c->output_height) {
		row = r->row(c, y, r->arg);
		jpeg_read_scanlines(c, &row, 1);
		if (r->done != NULL)
			r->done(c, y, row, r->arg);
	}
	jpeg_finish_decompress(c);
	return 1;
}

int
jpeg_read(struct jpeg_read *r)
{
	struct jpeg_decompress_struct c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.err = jpeg_fail_init(&r->fail);
	if (setjmp(r->fail.jmp))
		rc = -1;
	else
		rc = read_body(r, &c);
	jpeg_destroy_decompress(&c);
	return rc;
}
