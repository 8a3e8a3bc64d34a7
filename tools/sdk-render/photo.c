/*
 * photo.c: a photo decoded into RGB bytes, and its rows turned the way
 * it is shown (photo.h).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "exif.h"
#include "imagein.h"
#include "jerr.h"
#include "photo.h"
#include "pnm.h"
#include "util.h"

/* The Exif orientation among a JPEG's saved APP1 markers; 1 if none. */
static int
marker_orientation(j_decompress_ptr c)
{
	jpeg_saved_marker_ptr m;
	int o;

	for (m = c->marker_list; m != NULL; m = m->next)
		if (m->marker == JPEG_APP0 + 1 &&
		    (o = exif_orientation(m->data, m->data_length)) != 0)
			return o;
	return 1;
}

/*
 * The libjpeg calls; an error long-jumps out.  Returns 1 with p set, 0
 * when libjpeg cannot give RGB (CMYK): the caller reads it otherwise.
 */
static int
jpeg_body(j_decompress_ptr c, struct jerr *e, FILE *fp, struct picture *p)
{
	char err[256];
	JSAMPROW row;

	jpeg_create_decompress(c);
	jpeg_stdio_src(c, fp);
	jpeg_save_markers(c, JPEG_APP0 + 1, 0xffff);
	jpeg_read_header(c, TRUE);
	if (c->jpeg_color_space == JCS_CMYK || c->jpeg_color_space == JCS_YCCK)
		return 0;
	if (pnm_check_size(c->image_width, c->image_height, err,
	    sizeof(err)) != 0) {
		snprintf(e->buf, e->len, "%s", err);
		longjmp(e->jmp, 1);
	}
	c->out_color_space = JCS_RGB;
	c->dct_method = JDCT_ISLOW;
	jpeg_start_decompress(c);
	p->w = (int)c->output_width;
	p->h = (int)c->output_height;
	p->orient = marker_orientation(c);
	p->px = sdk_xmalloc((size_t)p->w * p->h * 3);
	while (c->output_scanline < c->output_height) {
		row = p->px + (size_t)c->output_scanline * p->w * 3;
		jpeg_read_scanlines(c, &row, 1);
	}
	jpeg_finish_decompress(c);
	return 1;
}

/* A JPEG file: 1 decoded, 0 not for libjpeg to give RGB, -1 error. */
static int
decode_jpeg_rgb(FILE *fp, struct picture *p, char *err, size_t errlen)
{
	struct jpeg_decompress_struct c;
	struct jpeg_progress_mgr pm;
	struct jerr e;
	int rc;

	memset(&c, 0, sizeof(c));
	c.err = jerr_init(&e, err, errlen);
	jerr_limit_scans(&c, &pm);
	if (setjmp(e.jmp)) {
		free(p->px);
		p->px = NULL;
		rc = -1;
	} else
		rc = jpeg_body(&c, &e, fp, p);
	jpeg_destroy_decompress(&c);
	return rc;
}

/*
 * Any other image through image_in_read(): 32 bpp packed to RGB in the
 * PIX's own buffer (front to back, each write behind its read), grey
 * spread into a new one.
 */
static int
decode_pix(FILE *fp, struct picture *p, char *err, size_t errlen)
{
	const l_uint32 *line;
	l_uint32 *data;
	unsigned char *o;
	PIX *pix;
	size_t i, n;
	int rc, x, y, wpl;

	if ((rc = image_in_read(fp, &pix, err, errlen)) <= 0) {
		if (rc == 0)
			snprintf(err, errlen, "empty file");
		return -1;
	}
	p->w = (int)pixGetWidth(pix);
	p->h = (int)pixGetHeight(pix);
	p->orient = 1;
	wpl = (int)pixGetWpl(pix);
	if (pixGetDepth(pix) == 8) {
		o = p->px = sdk_xmalloc((size_t)p->w * p->h * 3);
		for (y = 0; y < p->h; y++) {
			line = pixGetData(pix) + (size_t)y * wpl;
			for (x = 0; x < p->w; x++, o += 3)
				memset(o, GET_DATA_BYTE(line, x), 3);
		}
		pixDestroy(&pix);
		return 0;
	}
	data = pixExtractData(pix);
	pixDestroy(&pix);
	if (data == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	o = (unsigned char *)data;
	n = (size_t)p->w;
	for (y = 0; y < p->h; y++)
		for (i = 0; i < n; i++, o += 3) {
			l_uint32 v = data[(size_t)y * wpl + i];

			o[0] = (unsigned char)(v >> L_RED_SHIFT);
			o[1] = (unsigned char)(v >> L_GREEN_SHIFT);
			o[2] = (unsigned char)(v >> L_BLUE_SHIFT);
		}
	p->px = (unsigned char *)data;
	return 0;
}

int
photo_decode(const char *name, struct picture *p, char *err, size_t errlen)
{
	unsigned char magic[3];
	FILE *fp;
	int rc = 0;

	memset(p, 0, sizeof(*p));
	if ((fp = fopen(name, "rb")) == NULL) {
		snprintf(err, errlen, "cannot open photo: %s", strerror(errno));
		return -1;
	}
	if (fread(magic, 1, 3, fp) == 3 && magic[0] == 0xff &&
	    magic[1] == 0xd8 && magic[2] == 0xff && fseek(fp, 0, SEEK_SET) == 0)
		rc = decode_jpeg_rgb(fp, p, err, errlen);
	if (rc == 0) {
		rewind(fp);
		rc = decode_pix(fp, p, err, errlen) == 0 ? 1 : -1;
	}
	fclose(fp);
	return rc == 1 ? 0 : -1;
}

int
picture_width(const struct picture *p)
{
	return p->orient >= 5 ? p->h : p->w;
}

int
picture_height(const struct picture *p)
{
	return p->orient >= 5 ? p->w : p->h;
}

const unsigned char *
picture_row(const struct picture *p, int y, unsigned char *row)
{
	long sx, sy, dx, dy, W = p->w, H = p->h;
	int x, n = picture_width(p);
	const unsigned char *s;

	/* the stored pixel of shown (0, y), and the step along the row */
	switch (p->orient) {
	case 2: sx = W - 1, sy = y, dx = -1, dy = 0; break;
	case 3: sx = W - 1, sy = H - 1 - y, dx = -1, dy = 0; break;
	case 4: sx = 0, sy = H - 1 - y, dx = 1, dy = 0; break;
	case 5: sx = y, sy = 0, dx = 0, dy = 1; break;
	case 6: sx = y, sy = H - 1, dx = 0, dy = -1; break;
	case 7: sx = W - 1 - y, sy = H - 1, dx = 0, dy = -1; break;
	case 8: sx = W - 1 - y, sy = 0, dx = 0, dy = 1; break;
	default:
		return p->px + (size_t)y * W * 3;
	}
	for (x = 0; x < n; x++, sx += dx, sy += dy) {
		s = p->px + ((size_t)sy * W + sx) * 3;
		row[3 * x] = s[0];
		row[3 * x + 1] = s[1];
		row[3 * x + 2] = s[2];
	}
	return row;
}
