/*
 * photo.c: a photo decoded into RGB bytes, and its rows turned the way
 * it is shown (photo.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exif.h"
#include "imagein.h"
#include "meta.h"
#include "jmarker.h"
#include "jpeg.h"
#include "photo.h"
#include "pnm.h"
#include "util.h"

/* The Exif orientation among a JPEG's kept APP1 markers; 1 if none. */
static int
marker_orientation(const struct jmarkers *mk)
{
	size_t i;
	int o;

	for (i = 0; i < mk->n; i++)
		if ((o = exif_orientation(mk->m[i].data, mk->m[i].len)) != 0)
			return o;
	return 1;
}

/*
 * The largest of libjpeg's reductions 1, 2, 4 and 8 that keeps a w x h
 * image (shown turned for orientations 5-8) covering fitw x fith; 1
 * without a box.
 */
static unsigned int
fit_denom(int w, int h, int orient, int fitw, int fith)
{
	unsigned int d = 1;

	if (fitw <= 0)
		return 1;
	if (orient >= 5) {
		int t = w;

		w = h;
		h = t;
	}
	/* the image fits the box by its tighter side */
	while (d < 8 && ((long)w * fith >= (long)h * fitw ?
	    w / (int)(2 * d) >= fitw : h / (int)(2 * d) >= fith))
		d *= 2;
	return d;
}

struct photo_jpeg {
	struct picture	*p;
	struct jmarkers	 mk;
};

/* Before the header: keep its Exif block (APP1). */
static void
photo_begin(j_decompress_ptr c, void *arg)
{
	struct photo_jpeg *j = arg;

	jmarker_keep(c, &j->mk, 0);
}

/* The header read: the orientation, and the scale that fits the box. */
static void
photo_header(j_decompress_ptr c, void *arg)
{
	struct photo_jpeg *j = arg;
	struct picture *p = j->p;

	p->orient = marker_orientation(&j->mk);
	p->fw = (int)c->image_width;
	p->fh = (int)c->image_height;
	c->scale_num = 1;
	c->scale_denom = fit_denom(p->fw, p->fh, p->orient, p->fw_fit,
	    p->fh_fit);
}

/* Row y of the RGB bytes, made when the first is asked for. */
static JSAMPROW
photo_row(j_decompress_ptr c, JDIMENSION y, void *arg)
{
	struct picture *p = ((struct photo_jpeg *)arg)->p;

	if (p->px == NULL) {
		p->w = (int)c->output_width;
		p->h = (int)c->output_height;
		p->px = sdk_need(sdk_bigalloc((size_t)p->w * p->h * 3));
	}
	return p->px + (size_t)y * p->w * 3;
}

/* A JPEG file: 1 decoded, 0 not for libjpeg to give RGB, -1 error. */
static int
decode_jpeg_rgb(FILE *fp, struct picture *p, char *err, size_t errlen)
{
	struct photo_jpeg j;
	struct jpeg_read r;
	int rc;

	memset(&r, 0, sizeof(r));
	j.p = p;
	r.fp = fp;
	r.rgb = 1;
	r.arg = &j;
	r.begin = photo_begin;
	r.header = photo_header;
	r.row = photo_row;
	if ((rc = jpeg_read(&r)) < 0) {
		snprintf(err, errlen, "%s", r.fail.msg);
		free(p->px);
		p->px = NULL;
	}
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
	p->fw = p->w = (int)pixGetWidth(pix);
	p->fh = p->h = (int)pixGetHeight(pix);
	p->orient = 1;
	wpl = (int)pixGetWpl(pix);
	if (pixGetDepth(pix) == 8) {
		o = p->px = sdk_need(sdk_bigalloc((size_t)p->w * p->h * 3));
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
			int r, g, bl;

			image_rgb_unpack(data[(size_t)y * wpl + i], &r, &g,
			    &bl);
			o[0] = (unsigned char)r;
			o[1] = (unsigned char)g;
			o[2] = (unsigned char)bl;
		}
	p->px = (unsigned char *)data;
	return 0;
}

/*
 * Average the picture down to fit fitw x fith as shown, keeping its
 * shape: each new pixel the mean of the old ones it covers.
 */
static void
shrink(struct picture *p, int fitw, int fith)
{
	int bw = p->orient >= 5 ? fith : fitw, bh = p->orient >= 5 ? fitw :
	    fith, tw, th, x, y, i, j, x0, x1, y0, y1, k;
	unsigned char *o, *q;
	double s;
	unsigned long sum[3], n;

	s = (double)bw / p->w < (double)bh / p->h ? (double)bw / p->w :
	    (double)bh / p->h;
	if (s >= 1)
		return;
	tw = (int)(p->w * s + 0.5);
	th = (int)(p->h * s + 0.5);
	tw = tw < 1 ? 1 : tw;
	th = th < 1 ? 1 : th;
	o = q = sdk_xmalloc((size_t)tw * th * 3);
	for (y = 0; y < th; y++) {
		y0 = (int)((long)y * p->h / th);
		y1 = (int)((long)(y + 1) * p->h / th);
		for (x = 0; x < tw; x++, q += 3) {
			x0 = (int)((long)x * p->w / tw);
			x1 = (int)((long)(x + 1) * p->w / tw);
			sum[0] = sum[1] = sum[2] = 0;
			n = 0;
			for (j = y0; j < y1; j++)
				for (i = x0; i < x1; i++, n++)
					for (k = 0; k < 3; k++)
						sum[k] += p->px[((size_t)j *
						    p->w + i) * 3 + k];
			for (k = 0; k < 3; k++)
				q[k] = (unsigned char)((sum[k] + n / 2) / n);
		}
	}
	free(p->px);
	p->px = o;
	p->w = tw;
	p->h = th;
}

int
photo_decode(const char *name, struct picture *p, char *err, size_t errlen)
{
	return photo_decode_fit(name, 0, 0, p, err, errlen);
}

int
photo_decode_fit(const char *name, int fitw, int fith, struct picture *p,
    char *err, size_t errlen)
{
	unsigned char magic[3];
	FILE *fp;
	int rc = 0;

	memset(p, 0, sizeof(*p));
	p->fw_fit = fitw;
	p->fh_fit = fith;
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
	if (rc == 1 && fitw > 0)
		shrink(p, fitw, fith);
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

/* A picture as a binary PPM, a row at a time, meta as its comments. */
int
picture_write_ppm(FILE *fp, const struct picture *pic, const struct meta *meta)
{
	unsigned char *row;
	int y, w = picture_width(pic), rc = 0;

	fprintf(fp, "P6\n");
	meta_write(fp, meta);
	fprintf(fp, "%d %d\n255\n", w, picture_height(pic));
	row = sdk_xmalloc((size_t)w * 3);
	for (y = 0; y < picture_height(pic) && rc == 0; y++)
		if (fwrite(picture_row(pic, y, row), 3, (size_t)w, fp) !=
		    (size_t)w)
			rc = -1;
	free(row);
	return rc != 0 || ferror(fp) ? -1 : 0;
}
