/*
 * pnm.c: PNM image records with "# sdk-*" metadata (sdk.5).
 *
 * Reads P1-P6 with any maxval from 1 to 65535 and scales samples to 0-255;
 * writes P5/P6 with maxval 255.  Header comments that start with "sdk-"
 * become metadata, in order; other comments are dropped.  Dimensions are
 * checked against the limits before the raster is allocated, so a header
 * that declares 100000x100000 pixels costs nothing.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pnm.h"
#include "util.h"

struct pnm_reader {
	FILE	*fp;
	long	 index;		/* images started so far */
	long	 head;		/* bytes of this image's header so far */
	int	 type;		/* this image's: 1 to 6 (P1 to P6) */
	long	 maxval;
	int	 width, height, channels;
	long	 row;		/* rows read so far */
	unsigned char *packed;	/* a P4 row */
	char	 err[256];
	int	 failed;
};

void
pnm_init(struct pnm *img)
{
	meta_init(&img->meta);
	img->width = img->height = 0;
	img->channels = 1;
	img->pixels = NULL;
}

void
pnm_free(struct pnm *img)
{
	meta_free(&img->meta);
	free(img->pixels);
	img->pixels = NULL;
	img->width = img->height = 0;
}

void
pnm_alloc(struct pnm *img, int w, int h, int ch)
{
	free(img->pixels);
	img->pixels = sdk_xmalloc((size_t)w * (size_t)h * (size_t)ch);
	img->width = w;
	img->height = h;
	img->channels = ch;
}

long
pnm_max_pixels(void)
{
	const char *s = getenv("SDK_MAX_PIXELS");
	long v;

	if (s != NULL && sdk_parse_long(s, 1, SDK_MAX_SIDE * SDK_MAX_SIDE,
	    &v) == 0)
		return v;
	return SDK_MAX_PIXELS;
}

int
pnm_check_size(long w, long h, char *err, size_t errlen)
{
	long max = pnm_max_pixels();

	if (w < 1 || h < 1) {
		snprintf(err, errlen, "image has no pixels (%ldx%ld)", w, h);
		return -1;
	}
	if (w > SDK_MAX_SIDE || h > SDK_MAX_SIDE || w > max / h) {
		snprintf(err, errlen, "image too large (%ldx%ld; limit %ld "
		    "pixels, %ld a side)", w, h, max, SDK_MAX_SIDE);
		return -1;
	}
	return 0;
}

struct pnm_reader *
pnm_reader_new(FILE *fp)
{
	struct pnm_reader *r = sdk_xcalloc(1, sizeof(*r));

	r->fp = fp;
	return r;
}

void
pnm_reader_free(struct pnm_reader *r)
{
	if (r == NULL)
		return;
	free(r->packed);
	free(r);
}

const char *
pnm_reader_error(const struct pnm_reader *r)
{
	return r->err;
}

static int
fail(struct pnm_reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
fail(struct pnm_reader *r, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (r->index > 1)
		n = snprintf(r->err, sizeof(r->err), "image %ld: ", r->index);
	va_start(ap, fmt);
	vsnprintf(r->err + n, sizeof(r->err) - (size_t)n, fmt, ap);
	va_end(ap);
	r->failed = 1;
	return -1;
}

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\v' || c == '\f';
}

/* A byte of the header, counted against SDK_MAX_HEAD. */
static int
head_getc(struct pnm_reader *r)
{
	r->head++;
	return getc(r->fp);
}

static int
head_too_long(struct pnm_reader *r)
{
	return fail(r, "PNM header too long (over %ld bytes, comments "
	    "included)", SDK_MAX_HEAD);
}

/* Read a comment after '#' up to the end of the line; keep sdk-* keys. */
static int
read_comment(struct pnm_reader *r, struct meta *m)
{
	char line[4096];
	size_t n = 0;
	int c;

	while ((c = head_getc(r)) != EOF && c != '\n' && c != '\r') {
		if (r->head > SDK_MAX_HEAD)
			return head_too_long(r);
		if (n + 1 < sizeof(line))
			line[n++] = (char)c;
	}
	line[n] = '\0';
	if (c == EOF)
		return fail(r, "truncated PNM header");
	if (n + 1 >= sizeof(line))
		return 0;	/* an over-long comment is not ours */
	{
		const char *p = line;

		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "sdk-", 4) == 0 && meta_parse_line(m, p) < 0)
			return fail(r, META_TOO_MUCH, META_LIMITS);
	}
	return 0;
}

/*
 * Read an unsigned decimal header field, skipping white space and comments
 * before it.  Returns 0, or -1 with a message.
 */
static int
header_number(struct pnm_reader *r, struct meta *m, const char *what,
    long *out)
{
	long v = 0;
	int c, digits = 0;

	for (;;) {
		c = head_getc(r);
		if (r->head > SDK_MAX_HEAD)
			return head_too_long(r);
		if (c == '#') {
			if (read_comment(r, m) < 0)
				return -1;
			continue;
		}
		if (!is_space(c))
			break;
	}
	if (c == EOF)
		return fail(r, "truncated PNM header (no %s)", what);
	while (c >= '0' && c <= '9') {
		if (v > 100000000L)
			return fail(r, "PNM %s too large", what);
		v = v * 10 + (c - '0');
		digits++;
		c = head_getc(r);
	}
	if (digits == 0)
		return fail(r, "bad PNM header (%s is not a number)", what);
	/* One white space byte ends the field (and the header, for maxval). */
	if (c == '#') {
		if (read_comment(r, m) < 0)
			return -1;
	} else if (c != EOF && !is_space(c)) {
		return fail(r, "bad PNM header (%s is not a number)", what);
	}
	*out = v;
	return 0;
}

/* Read one ASCII sample (P1 digits need no separator). */
static int
ascii_sample(struct pnm_reader *r, int bit, long *out)
{
	long v = 0;
	int c, digits = 0;

	do {
		c = getc(r->fp);
		if (c == '#') {
			while ((c = getc(r->fp)) != EOF && c != '\n')
				;
		}
	} while (is_space(c));
	if (c == EOF)
		return fail(r, "truncated raster");
	if (bit) {
		if (c != '0' && c != '1')
			return fail(r, "bad sample in P1 raster");
		*out = c - '0';
		return 0;
	}
	while (c >= '0' && c <= '9') {
		if (v > 65535)
			return fail(r, "sample exceeds maxval");
		v = v * 10 + (c - '0');
		digits++;
		c = getc(r->fp);
	}
	if (digits == 0)
		return fail(r, "bad sample in ASCII raster");
	if (c != EOF && !is_space(c))
		ungetc(c, r->fp);
	*out = v;
	return 0;
}

static unsigned char
scale(long v, long maxval)
{
	return (unsigned char)((v * 255 + maxval / 2) / maxval);
}

/* Read row y of a P4 image (packed bits, 1 is black). */
static int
read_bits_row(struct pnm_reader *r, unsigned char *row, size_t w)
{
	size_t rowbytes = (w + 7) / 8, x;

	if (r->packed == NULL)
		r->packed = sdk_xmalloc(rowbytes);
	if (fread(r->packed, 1, rowbytes, r->fp) != rowbytes)
		return fail(r, "truncated raster (row %ld of %d)", r->row + 1,
		    r->height);
	for (x = 0; x < w; x++)
		row[x] = (r->packed[x / 8] >> (7 - x % 8)) & 1 ? 0 : 255;
	return 0;
}

int
pnm_read_row(struct pnm_reader *r, unsigned char *row)
{
	size_t n = (size_t)r->width * (size_t)r->channels, i, got;
	size_t done = (size_t)r->row * n, all = (size_t)r->height * n;
	long v = 0, maxval = r->maxval;

	if (r->failed)
		return -1;
	switch (r->type) {
	case 1: case 2: case 3:
		for (i = 0; i < n; i++) {
			if (ascii_sample(r, r->type == 1, &v) < 0)
				return -1;
			if (v > maxval)
				return fail(r, "sample %ld exceeds maxval %ld",
				    v, maxval);
			row[i] = r->type == 1 ? (v ? 0 : 255) :
			    scale(v, maxval);
		}
		break;
	case 4:
		if (read_bits_row(r, row, n) < 0)
			return -1;
		break;
	default:
		if (maxval >= 256)
			break;
		if ((got = fread(row, 1, n, r->fp)) != n)
			return fail(r, "truncated raster (%zu of %zu bytes)",
			    done + got, all);
		for (i = 0; maxval < 255 && i < n; i++) {
			if (row[i] > maxval)
				return fail(r, "sample %d exceeds maxval %ld",
				    row[i], maxval);
			row[i] = scale(row[i], maxval);
		}
		break;
	}
	for (i = 0; r->type >= 5 && maxval >= 256 && i < n; i++) {
		int hi = getc(r->fp), lo = getc(r->fp);

		if (lo == EOF)
			return fail(r, "truncated raster (%zu of %zu bytes)",
			    (done + i) * 2 + (hi != EOF), all * 2);
		v = (long)hi << 8 | lo;
		if (v > maxval)
			return fail(r, "sample %ld exceeds maxval %ld", v,
			    maxval);
		row[i] = scale(v, maxval);
	}
	r->row++;
	return 0;
}

int
pnm_read_head(struct pnm_reader *r, struct pnm *img)
{
	char msg[160];
	long w, h, maxval = 1;
	int c, type;

	if (r->failed)
		return -1;
	/* White space may separate images in a stream; nothing else. */
	do
		c = getc(r->fp);
	while (is_space(c));
	if (c == EOF) {
		if (ferror(r->fp))
			return fail(r, "read error: %s", strerror(errno));
		return 0;
	}
	r->index++;
	type = getc(r->fp);
	if (c != 'P' || type < '1' || type > '6') {
		if (r->index > 1)
			return fail(r, "garbage after the previous image");
		return fail(r, "not a PNM image (bad magic number)");
	}
	type -= '0';
	r->head = 2;
	meta_clear(&img->meta);
	if (header_number(r, &img->meta, "width", &w) < 0 ||
	    header_number(r, &img->meta, "height", &h) < 0)
		return -1;
	if (type != 1 && type != 4) {
		if (header_number(r, &img->meta, "maxval", &maxval) < 0)
			return -1;
		if (maxval < 1 || maxval > 65535)
			return fail(r, "bad PNM maxval %ld (must be 1 to "
			    "65535)", maxval);
	}
	if (pnm_check_size(w, h, msg, sizeof(msg)) < 0)
		return fail(r, "%s", msg);
	free(img->pixels);
	img->pixels = NULL;
	img->width = r->width = (int)w;
	img->height = r->height = (int)h;
	img->channels = r->channels = type == 3 || type == 6 ? 3 : 1;
	r->type = type;
	r->maxval = maxval;
	r->row = 0;
	/* A P4 row buffer is the size of this image's rows. */
	free(r->packed);
	r->packed = NULL;
	return 1;
}

int
pnm_read(struct pnm_reader *r, struct pnm *img)
{
	size_t rowlen;
	int rc, y;

	if ((rc = pnm_read_head(r, img)) != 1)
		return rc;
	pnm_alloc(img, img->width, img->height, img->channels);
	rowlen = (size_t)img->width * (size_t)img->channels;
	for (y = 0; y < img->height; y++)
		if (pnm_read_row(r, img->pixels + (size_t)y * rowlen) < 0)
			return -1;
	return 1;
}

int
pnm_write(FILE *fp, const struct pnm *img)
{
	size_t n = (size_t)img->width * (size_t)img->height *
	    (size_t)img->channels;

	fprintf(fp, "P%c\n", img->channels == 3 ? '6' : '5');
	meta_write(fp, &img->meta);
	fprintf(fp, "%d %d\n255\n", img->width, img->height);
	if (n > 0 && fwrite(img->pixels, 1, n, fp) != n)
		return -1;
	return ferror(fp) ? -1 : 0;
}
