/*
 * decode.c: the decoders libcommon writes itself (decode.h): JPEG with
 * libjpeg, PNG with libpng, straight into a PIX.  Why not through
 * Leptonica: image.c says.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

#include "decode.h"
#include "pnm.h"
#include "util.h"

/* ------------------------------------------------------------------ JPEG */

struct jpeg_fail {
	struct jpeg_error_mgr pub;
	struct jpeg_progress_mgr progress;
	jmp_buf	 jump;
	char	 msg[JMSG_LENGTH_MAX];
};

static void
jpeg_on_error(j_common_ptr cinfo)
{
	struct jpeg_fail *f = (struct jpeg_fail *)cinfo->err;

	if (cinfo->err->msg_code == JERR_OUT_OF_MEMORY)
		sdk_nomem();
	(*cinfo->err->format_message)(cinfo, f->msg);
	longjmp(f->jump, 1);
}

/*
 * libjpeg's warnings that leave the pixels as they should be: a JFIF or
 * Adobe marker it does not know, a bad ICC profile, junk bytes before
 * the end marker (some cameras pad the file so), SOS parameters a
 * sequential file should not have but that decode the same.
 */
static int
jpeg_warning_benign(j_common_ptr cinfo)
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
 * decode into a grey or smeared photo: bad input, as libjpeg-turbo
 * advises for untrusted files (djpeg -strict).
 */
static void
jpeg_on_message(j_common_ptr cinfo, int level)
{
	struct jpeg_fail *f = (struct jpeg_fail *)cinfo->err;

	if (level >= 0 || jpeg_warning_benign(cinfo))
		return;
	if (cinfo->err->msg_code == JWRN_JPEG_EOF)
		snprintf(f->msg, sizeof(f->msg), "truncated JPEG data");
	else
		(*cinfo->err->format_message)(cinfo, f->msg);
	longjmp(f->jump, 1);
}

/*
 * A progressive JPEG may hold any number of scans, each a pass over the
 * whole image however little data it has: past IMAGE_MAX_SCANS the file
 * is refused (djpeg's -maxscans).
 */
static void
jpeg_on_progress(j_common_ptr cinfo)
{
	struct jpeg_fail *f = (struct jpeg_fail *)cinfo->err;
	j_decompress_ptr d = (j_decompress_ptr)cinfo;

	if (d->input_scan_number > IMAGE_MAX_SCANS) {
		snprintf(f->msg, sizeof(f->msg), "too many scans (more than "
		    "%d)", IMAGE_MAX_SCANS);
		longjmp(f->jump, 1);
	}
}

/*
 * Decode a JPEG, shrunk by reduce (1, 2, 4 or 8) through libjpeg's scaled
 * inverse DCT.  info gets the file's size and the reduction.
 */
PIX *
decode_jpeg(const unsigned char *data, size_t len, int reduce,
    struct image_info *info, char *err, size_t errlen)
{
	struct jpeg_decompress_struct cinfo;
	struct jpeg_fail fail;
	PIX *volatile pix = NULL;
	JSAMPLE *volatile row = NULL;
	l_uint32 *line;
	JDIMENSION x, w;
	int wpl;

	memset(&fail, 0, sizeof(fail));
	cinfo.err = jpeg_std_error(&fail.pub);
	fail.pub.error_exit = jpeg_on_error;
	fail.pub.emit_message = jpeg_on_message;
	fail.progress.progress_monitor = jpeg_on_progress;
	if (setjmp(fail.jump)) {
		snprintf(err, errlen, "bad JPEG: %s", fail.msg);
		/* libjpeg messages start upper-case; ours do not. */
		if (strncmp(fail.msg, "truncated", 9) == 0)
			snprintf(err, errlen, "%s", fail.msg);
		jpeg_destroy_decompress(&cinfo);
		{
			PIX *p = pix;

			pixDestroy(&p);
		}
		free(row);
		return NULL;
	}
	jpeg_create_decompress(&cinfo);
	cinfo.progress = &fail.progress;
	jpeg_mem_src(&cinfo, data, (unsigned long)len);
	jpeg_read_header(&cinfo, TRUE);
	if (pnm_check_size(cinfo.image_width, cinfo.image_height, err,
	    errlen) < 0) {
		jpeg_destroy_decompress(&cinfo);
		return NULL;
	}
	cinfo.scale_num = 1;
	cinfo.scale_denom = (unsigned int)reduce;
	info->width = (int)cinfo.image_width;
	info->height = (int)cinfo.image_height;
	info->reduce = reduce;
	if (cinfo.jpeg_color_space == JCS_CMYK ||
	    cinfo.jpeg_color_space == JCS_YCCK)
		cinfo.out_color_space = JCS_CMYK;
	else if (cinfo.num_components == 1)
		cinfo.out_color_space = JCS_GRAYSCALE;
	else
		cinfo.out_color_space = JCS_RGB;
	jpeg_start_decompress(&cinfo);
	w = cinfo.output_width;
	pix = sdk_need(pixCreate((l_int32)w, (l_int32)cinfo.output_height,
	    cinfo.out_color_space == JCS_GRAYSCALE ? 8 : 32));
	wpl = pixGetWpl(pix);
	row = sdk_xmalloc((size_t)w * (size_t)cinfo.output_components);
	while (cinfo.output_scanline < cinfo.output_height) {
		JSAMPROW rp = row;

		line = pixGetData(pix) + (size_t)cinfo.output_scanline * wpl;
		jpeg_read_scanlines(&cinfo, &rp, 1);
		for (x = 0; x < w; x++) {
			const JSAMPLE *s = row + (size_t)x *
			    cinfo.output_components;

			if (cinfo.out_color_space == JCS_GRAYSCALE) {
				SET_DATA_BYTE(line, x, s[0]);
			} else if (cinfo.out_color_space == JCS_RGB) {
				line[x] = image_rgb_pack(s[0], s[1], s[2]);
			} else {
				/* Adobe CMYK is stored inverted. */
				int k = s[3];

				line[x] = image_rgb_pack(s[0] * k / 255,
				    s[1] * k / 255, s[2] * k / 255);
			}
		}
	}
	jpeg_finish_decompress(&cinfo);
	jpeg_destroy_decompress(&cinfo);
	free(row);
	return pix;
}

/* ------------------------------------------------------------------- PNG */

struct png_src {
	const unsigned char *data;
	size_t	 len;
	size_t	 pos;
	char	 msg[160];
};

static void
png_on_error(png_structp png, png_const_charp msg)
{
	struct png_src *src = png_get_error_ptr(png);

	snprintf(src->msg, sizeof(src->msg), "%s", msg);
	png_longjmp(png, 1);
}

static void
png_on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/* libpng's memory: a failed allocation ends the program, named. */
static png_voidp
png_on_malloc(png_structp png, png_alloc_size_t n)
{
	(void)png;
	return sdk_need(malloc(n > 0 ? n : 1));
}

static void
png_on_free(png_structp png, png_voidp p)
{
	(void)png;
	free(p);
}

static void
png_on_read(png_structp png, png_bytep out, png_size_t n)
{
	struct png_src *src = png_get_io_ptr(png);

	if (n > src->len - src->pos) {
		snprintf(src->msg, sizeof(src->msg), "truncated PNG data");
		png_longjmp(png, 1);
	}
	memcpy(out, src->data + src->pos, n);
	src->pos += n;
}

/* A row of the PIX back into libpng's form (for the next pass). */
static void
row_from_pix(png_bytep row, const l_uint32 *line, png_uint_32 w, int ch)
{
	l_int32 r, g, b;
	png_uint_32 x;

	for (x = 0; x < w; x++) {
		if (ch >= 3) {
			image_rgb_unpack(line[x], &r, &g, &b);
			row[x * ch] = (png_byte)r;
			row[x * ch + 1] = (png_byte)g;
			row[x * ch + 2] = (png_byte)b;
		} else
			row[x * ch] = (png_byte)GET_DATA_BYTE(line, x);
	}
}

/* A row as libpng gives it into the PIX. */
static void
row_to_pix(l_uint32 *line, const png_byte *row, png_uint_32 w, int ch)
{
	const png_byte *s;
	png_uint_32 x;

	for (x = 0; x < w; x++) {
		s = row + (size_t)x * ch;
		if (ch >= 3)
			line[x] = image_rgb_pack(s[0], s[1], s[2]);
		else
			SET_DATA_BYTE(line, x, s[0]);
	}
}

PIX *
decode_png(const unsigned char *data, size_t len, char *err, size_t errlen)
{
	struct png_src src = { data, len, 0, "" };
	png_structp png;
	png_infop info = NULL;
	PIX *volatile pix = NULL;
	png_bytep volatile row = NULL;
	png_uint_32 w, h, y;
	int ch, passes, pass;

	png = sdk_need(png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &src,
	    png_on_error, png_on_warning, NULL, png_on_malloc, png_on_free));
	info = sdk_need(png_create_info_struct(png));
	if (setjmp(png_jmpbuf(png))) {
		if (strncmp(src.msg, "truncated", 9) == 0)
			snprintf(err, errlen, "%s", src.msg);
		else
			snprintf(err, errlen, "bad PNG: %s", src.msg);
		png_destroy_read_struct(&png, &info, NULL);
		{
			PIX *p = pix;

			pixDestroy(&p);
		}
		free(row);
		return NULL;
	}
	png_set_read_fn(png, &src, png_on_read);
	/* Our own limit decides, before libpng's defaults do. */
	png_set_user_limits(png, 0x7fffffffL, 0x7fffffffL);
	png_read_info(png, info);
	w = png_get_image_width(png, info);
	h = png_get_image_height(png, info);
	if (pnm_check_size((long)w, (long)h, err, errlen) < 0) {
		png_destroy_read_struct(&png, &info, NULL);
		return NULL;
	}
	png_set_expand(png);
	png_set_strip_16(png);
	png_set_strip_alpha(png);
	passes = png_set_interlace_handling(png);
	png_read_update_info(png, info);
	ch = png_get_channels(png, info);
	pix = sdk_need(pixCreate((l_int32)w, (l_int32)h, ch >= 3 ? 32 : 8));
	row = sdk_xmalloc((size_t)w * (size_t)ch);
	/*
	 * Interlaced images need every pass over a whole-image buffer; rows
	 * are kept in the PIX itself, unpacked after the last pass.
	 */
	for (pass = 0; pass < passes; pass++) {
		for (y = 0; y < h; y++) {
			l_uint32 *line = pixGetData(pix) + (size_t)y *
			    pixGetWpl(pix);

			if (passes > 1)
				row_from_pix(row, line, w, ch);
			png_read_row(png, row, NULL);
			row_to_pix(line, row, w, ch);
		}
	}
	png_read_end(png, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	free(row);
	return pix;
}
