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

static int
read_raster(struct pnm_reader *r, struct pnm *img, int type, long maxval)
{
	size_t w = (size_t)img->width, h = (size_t)img->height;
	size_t nsamples = w * h * (size_t)img->channels, i, got;
	unsigned char *px = img->pixels;
	long v = 0;

	switch (type) {
	case 1: case 2: case 3:
		for (i = 0; i < nsamples; i++) {
			if (ascii_sample(r, type == 1, &v) < 0)
				return -1;
			if (v > maxval)
				return fail(r, "sample %ld exceeds maxval %ld",
				    v, maxval);
			px[i] = type == 1 ? (v ? 0 : 255) : scale(v, maxval);
		}
		return 0;
	case 4: {
		size_t rowbytes = (w + 7) / 8, y, x;
		unsigned char *row = sdk_xmalloc(rowbytes);

		for (y = 0; y < h; y++) {
			if (fread(row, 1, rowbytes, r->fp) != rowbytes) {
				free(row);
				return fail(r, "truncated raster (row %zu "
				    "of %zu)", y + 1, h);
			}
			for (x = 0; x < w; x++)
				px[y * w + x] = (row[x / 8] >> (7 - x % 8)) &
				    1 ? 0 : 255;
		}
		free(row);
		return 0;
	}
	default:
		break;
	}
	if (maxval < 256) {
		got = fread(px, 1, nsamples, r->fp);
		if (got != nsamples)
			return fail(r, "truncated raster (%zu of %zu bytes)",
			    got, nsamples);
		if (maxval == 255)
			return 0;	/* every byte is a valid sample */
		for (i = 0; i < nsamples; i++) {
			if (px[i] > maxval)
				return fail(r, "sample %d exceeds maxval %ld",
				    px[i], maxval);
			px[i] = scale(px[i], maxval);
		}
		return 0;
	}
	for (i = 0; i < nsamples; i++) {
		int hi = getc(r->fp), lo = getc(r->fp);

		if (lo == EOF)
			return fail(r, "truncated raster (%zu of %zu bytes)",
			    i * 2 + (hi != EOF), nsamples * 2);
		v = (long)hi << 8 | lo;
		if (v > maxval)
			return fail(r, "sample %ld exceeds maxval %ld", v,
			    maxval);
		px[i] = scale(v, maxval);
	}
	return 0;
}

int
pnm_read(struct pnm_reader *r, struct pnm *img)
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
	pnm_alloc(img, (int)w, (int)h, type == 3 || type == 6 ? 3 : 1);
	return read_raster(r, img, type, maxval) < 0 ? -1 : 1;
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
