/*
 * morph.c: grey closing (morph.h).
 *
 * pixCloseGray (van Herk / Gil-Werman) was a quarter of sdk-detect's
 * instructions on a small frame and 60 M on a phone photo's (bench/
 * README.md, "A closing of our own").  Here the greatest of a window is
 * taken by doubling: the greatest of each run of 2, then of 4, then of 8
 * bytes, each one vector operation a 16 bytes (SSE2, x86-64's baseline),
 * and a window of k is two runs of the longest power of two not over k
 * that cover it.  The least is the greatest of the negative.  Rows are
 * unpacked from Leptonica's words into bytes in the pixels' order, so the
 * vertical pass works on whole rows at once.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "morph.h"

/* d[i] = max(a[i], b[i]); d may be a, and b may lie ahead of a. */
static void
max_of(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
	size_t i = 0;

#ifdef __SSE2__
	/* Each vector is loaded before any is stored over it. */
	for (; i + 16 <= n; i += 16)
		_mm_storeu_si128((__m128i *)(void *)(d + i), _mm_max_epu8(
		    _mm_loadu_si128((const __m128i *)(const void *)(a + i)),
		    _mm_loadu_si128((const __m128i *)(const void *)(b + i))));
#endif
	for (; i < n; i++)
		d[i] = a[i] > b[i] ? a[i] : b[i];
}

/* The longest power of two not over k. */
static int
run_of(int k)
{
	int span = 1;

	while (2 * span <= k)
		span *= 2;
	return span;
}

/* The greatest of in[i - r .. i + r], cut at the row's ends (w bytes). */
static uint8_t
edge_max(const uint8_t *in, int w, int r, int i)
{
	int	 j, a = i - r < 0 ? 0 : i - r, b = i + r > w - 1 ? w - 1 : i + r;
	uint8_t	 m = in[a];

	for (j = a + 1; j <= b; j++)
		if (in[j] > m)
			m = in[j];
	return m;
}

/*
 * One row's greatest over the window of radius r, cut at its ends: out[i]
 * the greatest of in[i - r .. i + r].  run holds w bytes.
 */
static void
dilate_row(const uint8_t *in, uint8_t *out, uint8_t *run, int w, int r)
{
	int span, s, i, lo, hi;

	span = run_of(2 * r + 1);
	memcpy(run, in, (size_t)w);
	for (s = 1; s < span && s < w; s *= 2)	/* run[i]: in[i .. i + 2s) */
		max_of(run, run, run + s, (size_t)(w - s));
	/* The middle's windows whole, two runs each; the ends' cut. */
	lo = w > 2 * r ? r : w;
	hi = w > 2 * r ? w - r : w;
	if (lo < hi)
		max_of(out + r, run, run + 2 * r + 1 - span,
		    (size_t)(w - 2 * r));
	for (i = 0; i < lo; i++)
		out[i] = edge_max(in, w, r, i);
	for (i = hi; i < w; i++)
		out[i] = edge_max(in, w, r, i);
}

/*
 * The greatest over the window of radius r down the columns: row y of out
 * the greatest of rows y - r .. y + r of in, cut at the top and bottom;
 * rows of len bytes, h of them.  run holds h * len bytes.
 */
static void
dilate_columns(const uint8_t *in, uint8_t *out, uint8_t *run, int h,
    size_t len, int r)
{
	int span, s, y, j, a, b;

	span = run_of(2 * r + 1);
	memcpy(run, in, (size_t)h * len);
	for (s = 1; s < span && s < h; s *= 2)
		for (y = 0; y + s < h; y++)
			max_of(run + y * len, run + y * len, run + (y + s) * len,
			    len);
	for (y = 0; y < h; y++) {
		a = y - r < 0 ? 0 : y - r;
		b = y + r > h - 1 ? h - 1 : y + r;
		if (b - a == 2 * r) {
			max_of(out + y * len, run + a * len,
			    run + (b - span + 1) * len, len);
			continue;
		}
		memcpy(out + y * len, in + a * len, len);
		for (j = a + 1; j <= b; j++)
			max_of(out + y * len, out + y * len, in + j * len, len);
	}
}

/*
 * The dilation of m in place, through in (its rows' bytes past w stay as
 * they are, zero) and run, buffers of its size.
 */
static void
dilate(uint8_t *m, uint8_t *in, uint8_t *run, int w, int h, size_t len,
    int rx, int ry)
{
	int y;

	for (y = 0; y < h; y++)
		dilate_row(m + y * len, in + y * len, run, w, rx);
	dilate_columns(in, m, run, h, len, ry);
}

static void
negate(uint8_t *m, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		m[i] = (uint8_t)~m[i];
}

PIX *
morph_close_grey(PIX *pix, int hsize, int vsize)
{
	PIX *out;
	uint8_t *m, *in, *run, *p;
	l_uint32 *line, word;
	size_t len;
	int w, h, wpl, x, y;

	if (pix == NULL || pixGetDepth(pix) != 8 ||
	    pixGetColormap(pix) != NULL || hsize < 1 || vsize < 1 ||
	    hsize % 2 == 0 || vsize % 2 == 0)
		return NULL;
	pixGetDimensions(pix, &w, &h, NULL);
	wpl = pixGetWpl(pix);
	len = (size_t)wpl * 4;
	m = malloc(len * (size_t)h);
	in = calloc((size_t)h, len);
	run = malloc(len * (size_t)h);
	if (m == NULL || in == NULL || run == NULL ||
	    (out = pixCreateTemplate(pix)) == NULL) {
		free(m);
		free(in);
		free(run);
		return NULL;
	}
	/* Leptonica's first pixel of a word is its high byte. */
	for (y = 0; y < h; y++) {
		line = pixGetData(pix) + (size_t)y * wpl;
		for (p = m + y * len, x = 0; x < wpl; x++, p += 4) {
			word = line[x];
			p[0] = (uint8_t)(word >> 24);
			p[1] = (uint8_t)(word >> 16);
			p[2] = (uint8_t)(word >> 8);
			p[3] = (uint8_t)word;
		}
	}
	/* Closing: the greatest, then the least (the negative's greatest). */
	dilate(m, in, run, w, h, len, hsize / 2, vsize / 2);
	negate(m, len * (size_t)h);
	dilate(m, in, run, w, h, len, hsize / 2, vsize / 2);
	negate(m, len * (size_t)h);
	for (y = 0; y < h; y++) {
		line = pixGetData(out) + (size_t)y * wpl;
		for (p = m + y * len, x = 0; x < wpl; x++, p += 4)
			line[x] = (l_uint32)p[0] << 24 | (l_uint32)p[1] << 16 |
			    (l_uint32)p[2] << 8 | p[3];
	}
	pixSetPadBits(out, 0);
	free(m);
	free(in);
	free(run);
	return out;
}
