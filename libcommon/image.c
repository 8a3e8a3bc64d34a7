/*
 * image.c: decoding image files from memory, and PNM <-> Leptonica.
 *
 * JPEG and PNG are decoded here with libjpeg and libpng rather than through
 * Leptonica, for three reasons: their messages can be silenced (libjpeg
 * prints "Premature end of JPEG file" itself otherwise), a truncated JPEG is
 * an error instead of a silently grey-filled photo, and the dimensions are
 * checked against our limits right after the header, before anything is
 * allocated.  PNM goes through our own reader (same limits, any maxval).
 * Everything else is handed to Leptonica after a header check.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

#include "image.h"
#include "pnm.h"
#include "util.h"

/*
 * Leptonica's composeRGBPixel() and extractRGBValues() are library calls;
 * per pixel of a 12-megapixel photo they cost more than the decoding.
 */
static inline l_uint32
rgb_pack(int r, int g, int b)
{
	return (l_uint32)r << L_RED_SHIFT | (l_uint32)g << L_GREEN_SHIFT |
	    (l_uint32)b << L_BLUE_SHIFT;
}

static inline void
rgb_unpack(l_uint32 v, int *r, int *g, int *b)
{
	*r = (int)(v >> L_RED_SHIFT) & 0xff;
	*g = (int)(v >> L_GREEN_SHIFT) & 0xff;
	*b = (int)(v >> L_BLUE_SHIFT) & 0xff;
}

static void
quiet_handler(const char *msg)
{
	(void)msg;
}

void
image_init(void)
{
	leptSetStderrHandler(quiet_handler);
	setMsgSeverity(L_SEVERITY_NONE);
}

const char *
image_versions(void)
{
	static char buf[512];
	char *lept, *libs;

	if (buf[0] != '\0')
		return buf;
	lept = getLeptonicaVersion();
	libs = getImagelibVersions();
	snprintf(buf, sizeof(buf), "%s; %s", lept ? lept : "leptonica",
	    libs ? libs : "");
	free(lept);
	free(libs);
	return buf;
}

/* ------------------------------------------------------------------ JPEG */

struct jpeg_fail {
	struct jpeg_error_mgr pub;
	jmp_buf	 jump;
	char	 msg[JMSG_LENGTH_MAX];
};

static void
jpeg_on_error(j_common_ptr cinfo)
{
	struct jpeg_fail *f = (struct jpeg_fail *)cinfo->err;

	(*cinfo->err->format_message)(cinfo, f->msg);
	longjmp(f->jump, 1);
}

static void
jpeg_on_message(j_common_ptr cinfo, int level)
{
	struct jpeg_fail *f = (struct jpeg_fail *)cinfo->err;

	/*
	 * Warnings are dropped, except the one that says the data ran out:
	 * libjpeg would fill the rest with grey and call it a photo.
	 */
	if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
		snprintf(f->msg, sizeof(f->msg), "truncated JPEG data");
		longjmp(f->jump, 1);
	}
}

static PIX *
decode_jpeg(const unsigned char *data, size_t len, char *err, size_t errlen)
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
	jpeg_mem_src(&cinfo, data, (unsigned long)len);
	jpeg_read_header(&cinfo, TRUE);
	if (pnm_check_size(cinfo.image_width, cinfo.image_height, err,
	    errlen) < 0) {
		jpeg_destroy_decompress(&cinfo);
		return NULL;
	}
	if (cinfo.jpeg_color_space == JCS_CMYK ||
	    cinfo.jpeg_color_space == JCS_YCCK)
		cinfo.out_color_space = JCS_CMYK;
	else if (cinfo.num_components == 1)
		cinfo.out_color_space = JCS_GRAYSCALE;
	else
		cinfo.out_color_space = JCS_RGB;
	jpeg_start_decompress(&cinfo);
	w = cinfo.output_width;
	pix = pixCreate((l_int32)w, (l_int32)cinfo.output_height,
	    cinfo.out_color_space == JCS_GRAYSCALE ? 8 : 32);
	if (pix == NULL) {
		snprintf(err, errlen, "out of memory");
		jpeg_destroy_decompress(&cinfo);
		return NULL;
	}
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
				line[x] = rgb_pack(s[0], s[1], s[2]);
			} else {
				/* Adobe CMYK is stored inverted. */
				int k = s[3];

				line[x] = rgb_pack(s[0] * k / 255,
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

/*
 * IHDR comes first in every PNG: check the declared size before libpng
 * reads on, so even a cut-off file gets the right message.
 */
static int
png_check_ihdr(const unsigned char *data, size_t len, char *err,
    size_t errlen)
{
	long dw, dh;

	if (len < 24 || memcmp(data + 12, "IHDR", 4) != 0)
		return 0;
	dw = (long)data[16] << 24 | (long)data[17] << 16 |
	    (long)data[18] << 8 | data[19];
	dh = (long)data[20] << 24 | (long)data[21] << 16 |
	    (long)data[22] << 8 | data[23];
	return pnm_check_size(dw, dh, err, errlen);
}

/* A row of the PIX back into libpng's form (for the next pass). */
static void
row_from_pix(png_bytep row, const l_uint32 *line, png_uint_32 w, int ch)
{
	l_int32 r, g, b;
	png_uint_32 x;

	for (x = 0; x < w; x++) {
		if (ch >= 3) {
			rgb_unpack(line[x], &r, &g, &b);
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
			line[x] = rgb_pack(s[0], s[1], s[2]);
		else
			SET_DATA_BYTE(line, x, s[0]);
	}
}

static PIX *
decode_png(const unsigned char *data, size_t len, char *err, size_t errlen)
{
	struct png_src src = { data, len, 0, "" };
	png_structp png;
	png_infop info = NULL;
	PIX *volatile pix = NULL;
	png_bytep volatile row = NULL;
	png_uint_32 w, h, y;
	int ch, passes, pass;

	if (png_check_ihdr(data, len, err, errlen) < 0)
		return NULL;
	png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src,
	    png_on_error, png_on_warning);
	if (png == NULL || (info = png_create_info_struct(png)) == NULL) {
		snprintf(err, errlen, "out of memory");
		png_destroy_read_struct(&png, NULL, NULL);
		return NULL;
	}
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
	pix = pixCreate((l_int32)w, (l_int32)h, ch >= 3 ? 32 : 8);
	if (pix == NULL) {
		snprintf(src.msg, sizeof(src.msg), "out of memory");
		png_longjmp(png, 1);
	}
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

/* ---------------------------------------------------------- PNM and rest */

static PIX *
decode_pnm(const unsigned char *data, size_t len, char *err, size_t errlen)
{
	struct pnm_reader *r;
	struct pnm img;
	FILE *fp;
	PIX *pix = NULL;

	if ((fp = fmemopen((void *)(uintptr_t)data, len, "rb")) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	pnm_init(&img);
	r = pnm_reader_new(fp);
	switch (pnm_read(r, &img)) {
	case 1:
		if ((pix = image_from_pnm(&img)) == NULL)
			snprintf(err, errlen, "out of memory");
		break;
	case 0:
		snprintf(err, errlen, "empty input");
		break;
	default:
		snprintf(err, errlen, "%s", pnm_reader_error(r));
	}
	pnm_reader_free(r);
	pnm_free(&img);
	fclose(fp);
	return pix;
}

static PIX *
normalise_depth(PIX *pix)
{
	PIX *out;
	int d = pixGetDepth(pix);

	if (pixGetColormap(pix) != NULL)
		out = pixRemoveColormap(pix, REMOVE_CMAP_BASED_ON_SRC);
	else if (d == 8 || d == 32)
		return pix;
	else if (d == 16)
		out = pixConvert16To8(pix, L_MS_BYTE);
	else if (d == 24)
		out = pixConvert24To32(pix);
	else
		out = pixConvertTo8(pix, FALSE);
	pixDestroy(&pix);
	if (out != NULL && pixGetDepth(out) != 8 && pixGetDepth(out) != 32) {
		pix = out;
		out = pixConvertTo32(pix);
		pixDestroy(&pix);
	}
	return out;
}

PIX *
image_decode(const unsigned char *data, size_t len, char *err, size_t errlen)
{
	l_int32 format, w, h, bps, spp, iscmap;
	PIX *pix;

	if (len == 0) {
		snprintf(err, errlen, "empty input");
		return NULL;
	}
	if (len >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff)
		return decode_jpeg(data, len, err, errlen);
	if (len >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0)
		return decode_png(data, len, err, errlen);
	if (len >= 2 && data[0] == 'P' && data[1] >= '1' && data[1] <= '6')
		return decode_pnm(data, len, err, errlen);
	if (len < 12 || findFileFormatBuffer(data, &format) != 0 ||
	    format == IFF_UNKNOWN) {
		snprintf(err, errlen, "not an image (unknown format)");
		return NULL;
	}
	if (pixReadHeaderMem(data, len, &format, &w, &h, &bps, &spp,
	    &iscmap) != 0) {
		snprintf(err, errlen, "bad image header");
		return NULL;
	}
	if (pnm_check_size(w, h, err, errlen) < 0)
		return NULL;
	if ((pix = pixReadMem(data, len)) == NULL) {
		snprintf(err, errlen, "cannot decode image");
		return NULL;
	}
	if ((pix = normalise_depth(pix)) == NULL)
		snprintf(err, errlen, "unsupported image depth");
	return pix;
}

PIX *
image_grey_min(PIX *pix)
{
	PIX *grey;
	l_uint32 *s, *d;
	int w, h, x, y, r, g, b, m;

	if (pixGetDepth(pix) != 32)
		return pixConvertTo8(pix, FALSE);
	pixGetDimensions(pix, &w, &h, NULL);
	if ((grey = pixCreate(w, h, 8)) == NULL)
		return NULL;
	for (y = 0; y < h; y++) {
		s = pixGetData(pix) + (size_t)y * pixGetWpl(pix);
		d = pixGetData(grey) + (size_t)y * pixGetWpl(grey);
		for (x = 0; x < w; x++) {
			rgb_unpack(s[x], &r, &g, &b);
			m = r < g ? r : g;
			SET_DATA_BYTE(d, x, m < b ? m : b);
		}
	}
	return grey;
}

PIX *
image_grey_lit(PIX *pix, BOX *box)
{
	static const int shift[3] = { L_RED_SHIFT, L_GREEN_SHIFT,
	    L_BLUE_SHIFT };
	long hist[3][256], n = 0, acc;
	int w, h, wpl, x, y, c, v, m, x0, y0, x1, y1, paper[3], top = 0;
	int use[3], nuse = 0;
	l_uint32 *s, *d;
	PIX *grey;

	if (pixGetDepth(pix) != 32)
		return image_grey_min(pix);
	pixGetDimensions(pix, &w, &h, NULL);
	wpl = pixGetWpl(pix);
	x0 = y0 = 0;
	x1 = w - 1;
	y1 = h - 1;
	if (box != NULL) {
		boxGetGeometry(box, &x0, &y0, &x1, &y1);
		x1 += x0 - 1;
		y1 += y0 - 1;
		x0 = x0 < 0 ? 0 : x0;
		y0 = y0 < 0 ? 0 : y0;
		x1 = x1 > w - 1 ? w - 1 : x1;
		y1 = y1 > h - 1 ? h - 1 : y1;
	}
	/* The paper's level in each channel: most of a page is paper. */
	memset(hist, 0, sizeof(hist));
	for (y = y0; y <= y1; y += 2) {
		s = pixGetData(pix) + (size_t)y * wpl;
		for (x = x0; x <= x1; x += 2, n++)
			for (c = 0; c < 3; c++)
				hist[c][(s[x] >> shift[c]) & 0xff]++;
	}
	if (n < 100)
		return image_grey_min(pix);
	for (c = 0; c < 3; c++) {
		for (acc = 0, v = 0; v < 255 && acc + hist[c][v] < 0.9 * n;
		    v++)
			acc += hist[c][v];
		paper[c] = v;
		if (v > top)
			top = v;
	}
	for (c = 0; c < 3; c++)
		nuse += use[c] = paper[c] >= GREY_LIT * top;
	if (nuse == 3)
		return image_grey_min(pix);
	if ((grey = pixCreate(w, h, 8)) == NULL)
		return NULL;
	for (y = 0; y < h; y++) {
		s = pixGetData(pix) + (size_t)y * wpl;
		d = pixGetData(grey) + (size_t)y * pixGetWpl(grey);
		for (x = 0; x < w; x++) {
			for (m = 255, c = 0; c < 3; c++)
				if (use[c] && (v = (s[x] >> shift[c]) & 0xff) <
				    m)
					m = v;
			SET_DATA_BYTE(d, x, m);
		}
	}
	return grey;
}

PIX *
image_from_pnm(const struct pnm *img)
{
	PIX *pix;
	l_uint32 *line;
	const unsigned char *s = img->pixels;
	int x, y, wpl;

	pix = pixCreate(img->width, img->height, img->channels == 3 ? 32 : 8);
	if (pix == NULL)
		return NULL;
	wpl = pixGetWpl(pix);
	for (y = 0; y < img->height; y++) {
		line = pixGetData(pix) + (size_t)y * wpl;
		for (x = 0; x < img->width; x++) {
			if (img->channels == 3) {
				line[x] = rgb_pack(s[0], s[1], s[2]);
				s += 3;
			} else {
				SET_DATA_BYTE(line, x, *s++);
			}
		}
	}
	return pix;
}

int
image_to_pnm(PIX *pix, struct pnm *img)
{
	PIX *p8 = NULL;
	l_uint32 *line;
	unsigned char *d;
	int x, y, w, h, wpl, depth;

	depth = pixGetDepth(pix);
	if (pixGetColormap(pix) != NULL || (depth != 8 && depth != 32)) {
		p8 = pixGetColormap(pix) != NULL ?
		    pixRemoveColormap(pix, REMOVE_CMAP_BASED_ON_SRC) :
		    depth < 8 ? pixConvertTo8(pix, FALSE) : NULL;
		if (p8 == NULL)
			return -1;
		pix = p8;
		depth = pixGetDepth(pix);
		if (depth != 8 && depth != 32) {
			pixDestroy(&p8);
			return -1;
		}
	}
	pixGetDimensions(pix, &w, &h, NULL);
	pnm_alloc(img, w, h, depth == 32 ? 3 : 1);
	wpl = pixGetWpl(pix);
	d = img->pixels;
	for (y = 0; y < h; y++) {
		line = pixGetData(pix) + (size_t)y * wpl;
		for (x = 0; x < w; x++) {
			if (depth == 32) {
				l_int32 r, g, b;

				rgb_unpack(line[x], &r, &g, &b);
				*d++ = (unsigned char)r;
				*d++ = (unsigned char)g;
				*d++ = (unsigned char)b;
			} else {
				*d++ = (unsigned char)GET_DATA_BYTE(line, x);
			}
		}
	}
	pixDestroy(&p8);
	return 0;
}

/* ------------------------------------------------------------ operands */

struct image_in {
	FILE	*fp;
	struct pnm_reader *pnm;	/* PNM stream, or NULL for one image */
	int	 done;
	char	 err[256];
};

struct image_in *
image_in_open(const char *name)
{
	struct image_in *in;
	FILE *fp;
	int c;

	if ((fp = sdk_open_input(name)) == NULL)
		return NULL;
	in = sdk_xcalloc(1, sizeof(*in));
	in->fp = fp;
	/* One byte of look-ahead tells a PNM stream from an image file. */
	c = getc(fp);
	if (c != EOF)
		ungetc(c, fp);
	if (c == 'P')
		in->pnm = pnm_reader_new(fp);
	return in;
}

int
image_in_next(struct image_in *in, PIX **pixp, struct meta *meta)
{
	unsigned char *data;
	size_t len;
	int rc;

	*pixp = NULL;
	meta_clear(meta);
	if (in->pnm != NULL) {
		struct pnm img;

		pnm_init(&img);
		rc = pnm_read(in->pnm, &img);
		if (rc < 0)
			snprintf(in->err, sizeof(in->err), "%s",
			    pnm_reader_error(in->pnm));
		if (rc == 1) {
			meta_copy(meta, &img.meta);
			if ((*pixp = image_from_pnm(&img)) == NULL) {
				snprintf(in->err, sizeof(in->err),
				    "out of memory");
				rc = -1;
			}
		}
		pnm_free(&img);
		return rc;
	}
	if (in->done)
		return 0;
	in->done = 1;
	if (sdk_read_all(in->fp, IMAGE_MAX_FILE, &data, &len) != 0) {
		snprintf(in->err, sizeof(in->err), "%s",
		    errno == EFBIG ? "file too large" : strerror(errno));
		return -1;
	}
	if (len == 0) {
		free(data);
		return 0;	/* empty input: no records */
	}
	*pixp = image_decode(data, len, in->err, sizeof(in->err));
	free(data);
	return *pixp != NULL ? 1 : -1;
}

const char *
image_in_error(const struct image_in *in)
{
	return in->err;
}

void
image_in_close(struct image_in *in)
{
	if (in == NULL)
		return;
	pnm_reader_free(in->pnm);
	sdk_close_input(in->fp);
	free(in);
}

int
image_in_each(const char *name, FILE *out,
    int (*fn)(FILE *, PIX *, struct meta *, const char *))
{
	struct image_in *in;
	struct meta meta;
	PIX *pix;
	int rc, status = SDK_EXIT_OK;

	if ((in = image_in_open(name)) == NULL)
		return SDK_EXIT_ERROR;
	meta_init(&meta);
	while ((rc = image_in_next(in, &pix, &meta)) == 1) {
		status = sdk_status_fold(status, fn(out, pix, &meta, name));
		pixDestroy(&pix);
		if (ferror(out))
			break;
	}
	if (rc < 0) {
		sdk_warnx(name, "%s", image_in_error(in));
		status = SDK_EXIT_ERROR;
	}
	meta_free(&meta);
	image_in_close(in);
	return status;
}
