/*
 * decode.c: the decoders libcommon writes itself (decode.h): JPEG with
 * libjpeg (through jpeg.c's reader), PNG with libpng, straight into a PIX.  Why not through
 * Leptonica: image.c says.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "decode.h"
#include "jpeg.h"
#include "pixel.h"
#include "pnm.h"
#include "util.h"

/* ------------------------------------------------------------------ JPEG */

struct jpeg_pix {
	int	 reduce;
	struct image_info *info;
	PIX	*pix;
	JSAMPLE	*row;
};

/* The header read: the scale, and a PIX of the output's size. */
static void
pix_header(j_decompress_ptr c, void *arg)
{
	struct jpeg_pix *j = arg;

	c->scale_num = 1;
	c->scale_denom = (unsigned int)j->reduce;
	j->info->width = (int)c->image_width;
	j->info->height = (int)c->image_height;
	j->info->reduce = j->reduce;
	jpeg_calc_output_dimensions(c);
	j->pix = sdk_need(pixCreate((l_int32)c->output_width,
	    (l_int32)c->output_height, c->out_color_space == JCS_GRAYSCALE ?
	    8 : 32));
	j->row = sdk_xmalloc((size_t)c->output_width *
	    (size_t)c->output_components);
}

static JSAMPROW
pix_row(j_decompress_ptr c, JDIMENSION y, void *arg)
{
	struct jpeg_pix *j = arg;

	(void)c;
	(void)y;
	return j->row;
}

/* Row y into the PIX: grey, RGB, or Adobe's CMYK (stored inverted). */
static void
pix_done(j_decompress_ptr c, JDIMENSION y, JSAMPROW row, void *arg)
{
	struct jpeg_pix *j = arg;
	l_uint32 *line = pixGetData(j->pix) + (size_t)y * pixGetWpl(j->pix);
	JDIMENSION x, n = c->output_width;
	const JSAMPLE *s = row;
	int k, nc = c->output_components;

	/* The colour space once a row, not once a pixel. */
	if (c->out_color_space == JCS_GRAYSCALE) {
		for (x = 0; x < n; x++, s += nc)
			SET_DATA_BYTE(line, x, s[0]);
	} else if (c->out_color_space == JCS_RGB) {
		for (x = 0; x < n; x++, s += nc)
			line[x] = image_rgb_pack(s[0], s[1], s[2]);
	} else {
		for (x = 0; x < n; x++, s += nc) {
			k = s[3];
			line[x] = image_rgb_pack(s[0] * k / 255,
			    s[1] * k / 255, s[2] * k / 255);
		}
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
	struct jpeg_read r;
	struct jpeg_pix j;

	memset(&r, 0, sizeof(r));
	memset(&j, 0, sizeof(j));
	j.reduce = reduce;
	j.info = info;
	r.data = data;
	r.len = len;
	r.arg = &j;
	r.header = pix_header;
	r.row = pix_row;
	r.done = pix_done;
	if (jpeg_read(&r) != 1) {
		snprintf(err, errlen, "%s", r.fail.msg);
		pixDestroy(&j.pix);
	}
	free(j.row);
	return j.pix;
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
