/*
 * image.c: decoding image files from memory, and PNM <-> Leptonica.
 *
 * Every file is first probed (probe.c): its format from the magic number,
 * its size from its header, checked against the limits before anything is
 * decoded.  JPEG and PNG are then decoded with libjpeg and libpng (decode.c)
 * rather than through Leptonica, for three reasons: their messages can be
 * silenced (libjpeg prints "Premature end of JPEG file" itself otherwise),
 * corrupt or truncated data is an error instead of a silently grey-filled
 * photo, and a JPEG's scans can be counted (a file of thousands of empty
 * scans costs minutes).  PNM goes through our own reader (same limits, any
 * maxval).  Everything else is handed to Leptonica, cut to what the probe
 * says it needs.
 *
 * An allocation that fails, in Leptonica's pixels, libjpeg or libpng,
 * ends the program through sdk_nomem() (util.h), naming the input.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "decode.h"
#include "heif.h"
#include "image.h"
#include "pnm.h"
#include "probe.h"
#include "util.h"

static void
quiet_handler(const char *msg)
{
	(void)msg;
}

/*
 * Leptonica's pixels: a failed allocation ends the program, named; a
 * large image is asked for huge pages (util.h).
 */
static void *
pix_alloc(size_t n)
{
	return sdk_need(sdk_bigalloc(n));
}

void
image_init(void)
{
	leptSetStderrHandler(quiet_handler);
	setMsgSeverity(L_SEVERITY_NONE);
	setPixMemoryManager(pix_alloc, free);
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
	snprintf(buf, sizeof(buf), "%s; %s; %s", lept ? lept : "leptonica",
	    libs ? libs : "", heif_version());
	free(lept);
	free(libs);
	return buf;
}

/* ---------------------------------------------------------- PNM and rest */

static PIX *
decode_pnm(const unsigned char *data, size_t len, char *err, size_t errlen)
{
	struct pnm_reader *r;
	struct meta meta;
	FILE *fp;
	PIX *pix = NULL;

	fp = sdk_need(fmemopen((void *)(uintptr_t)data, len, "rb"));
	meta_init(&meta);
	r = pnm_reader_new(fp);
	switch (image_pnm_next(r, &pix, &meta)) {
	case 1:
		break;
	case 0:
		snprintf(err, errlen, "empty input");
		break;
	default:
		snprintf(err, errlen, "%s", pnm_reader_error(r));
	}
	pnm_reader_free(r);
	meta_free(&meta);
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

/*
 * The formats Leptonica decodes for us: given only the bytes the probe
 * says are needed (a GIF's first frame, then its trailer).  PAM (P7) is
 * the one whose size the probe leaves to Leptonica's header reader.
 */
static PIX *
decode_lept(const unsigned char *data, size_t len, const struct probe *p,
    char *err, size_t errlen)
{
	l_int32 format, w, h, bps, spp, iscmap;
	unsigned char *copy = NULL;
	PIX *pix;

	if (p->format == PROBE_PNM) {
		if (pixReadHeaderMem(data, len, &format, &w, &h, &bps, &spp,
		    &iscmap) != 0) {
			snprintf(err, errlen, "bad PNM header");
			return NULL;
		}
		if (pnm_check_size(w, h, err, errlen) < 0)
			return NULL;
	}
	if (p->format == PROBE_GIF) {
		copy = sdk_xmalloc(p->datalen + 1);
		memcpy(copy, data, p->datalen);
		copy[p->datalen] = 0x3b;
		data = copy;
		len = p->datalen + 1;
	} else if (p->datalen > 0 && p->datalen < len) {
		len = p->datalen;
	}
	/* The codecs' own allocations fail quietly: errno tells. */
	errno = 0;
	pix = pixReadMem(data, len);
	free(copy);
	if (pix == NULL) {
		if (errno == ENOMEM)
			sdk_nomem();
		snprintf(err, errlen, "bad %s data (cannot decode it)",
		    probe_format_name(p->format));
		return NULL;
	}
	if ((pix = normalise_depth(pix)) == NULL)
		snprintf(err, errlen, "unsupported image depth");
	return pix;
}

/*
 * The decoders: reduce is what is asked (0: as min_side says); those
 * that cannot shrink while decoding decode at full size.
 */
static PIX *
decode_any(const unsigned char *data, size_t len, int reduce, int min_side,
    struct image_info *info, char *err, size_t errlen)
{
	struct image_info dummy;
	struct probe p;
	PIX *pix;

	if (info == NULL)
		info = &dummy;
	memset(info, 0, sizeof(*info));
	if (probe_image(data, len, 1, &p, err, errlen) != PROBE_OK)
		return NULL;
	switch (p.format) {
	case PROBE_JPEG:
		/* The probe read the size from the frame header. */
		if (reduce == 0)
			reduce = image_reduce_for((int)p.width,
			    (int)p.height, min_side);
		info->scales = 1;
		return decode_jpeg(data, len, reduce, info, err, errlen);
	case PROBE_HEIF:
		return heif_decode(data, len, reduce, min_side, info, err,
		    errlen);
	case PROBE_PNG:
		pix = decode_png(data, len, err, errlen);
		break;
	case PROBE_PNM:
		if (data[1] != '7') {
			pix = decode_pnm(data, len, err, errlen);
			break;
		}
		/* FALLTHROUGH */
	default:
		pix = decode_lept(data, len, &p, err, errlen);
	}
	if (pix != NULL) {
		info->width = pixGetWidth(pix);
		info->height = pixGetHeight(pix);
		info->reduce = 1;
	}
	return pix;
}

PIX *
image_decode(const unsigned char *data, size_t len, char *err, size_t errlen)
{
	return decode_any(data, len, 1, 0, NULL, err, errlen);
}

PIX *
image_decode_reduced(const unsigned char *data, size_t len, int min_side,
    struct image_info *info, char *err, size_t errlen)
{
	return decode_any(data, len, 0, min_side, info, err, errlen);
}

PIX *
image_decode_at(const unsigned char *data, size_t len, int reduce,
    struct image_info *info, char *err, size_t errlen)
{
	if (reduce != 1 && reduce != 2 && reduce != 4 && reduce != 8)
		reduce = 1;
	return decode_any(data, len, reduce, 0, info, err, errlen);
}

/*
 * image_grey_min's row, 16 pixels at a time where SSE2 is (x86-64's
 * baseline): each pixel's least of its red, green and blue bytes, as the
 * loop below has it, four grey pixels to a word in Leptonica's order (the
 * first pixel the word's high byte; the pixels reversed in each vector
 * before they are packed).  Returns how many pixels it did (none
 * without SSE2).
 */
static int
grey_min_16s(const l_uint32 *s, l_uint32 *d, int w)
{
	int x = 0;

#ifdef __SSE2__
	const __m128i low = _mm_set1_epi32(0xff);
	__m128i v[4], p, m;
	int i;

	/* Leptonica's RGBA: red << 24, green << 16, blue << 8 (pix.h). */
	for (; x + 16 <= w; x += 16) {
		for (i = 0; i < 4; i++) {
			p = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)
			    (const void *)(s + x + 4 * i)), _MM_SHUFFLE(0, 1, 2,
			    3));
			m = _mm_min_epu8(_mm_min_epu8(_mm_srli_epi32(p, 8),
			    _mm_srli_epi32(p, 16)), _mm_srli_epi32(p, 24));
			v[i] = _mm_and_si128(m, low);
		}
		_mm_storeu_si128((__m128i *)(void *)(d + x / 4),
		    _mm_packus_epi16(_mm_packs_epi32(v[0], v[1]),
		    _mm_packs_epi32(v[2], v[3])));
	}
#else
	(void)s;
	(void)d;
	(void)w;
#endif
	return x;
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
		x = grey_min_16s(s, d, w);
		for (; x < w; x++) {
			image_rgb_unpack(s[x], &r, &g, &b);
			m = r < g ? r : g;
			SET_DATA_BYTE(d, x, m < b ? m : b);
		}
	}
	return grey;
}

int
image_light_on_dark(PIX *pix, BOX *box)
{
	long hist[256], n = 0, acc, light = 0, dark = 0;
	int w, h, d, x, y, r, g, b, v, step, lo, mid, x0, y0, x1, y1;
	l_uint32 *line;

	pixGetDimensions(pix, &w, &h, &d);
	if (d != 8 && d != 32)
		return 0;
	x0 = y0 = 0;
	x1 = w;
	y1 = h;
	if (box != NULL) {
		boxGetGeometry(box, &x0, &y0, &x1, &y1);
		x1 += x0;
		y1 += y0;
		x0 = x0 < 0 ? 0 : x0;
		y0 = y0 < 0 ? 0 : y0;
		x1 = x1 > w ? w : x1;
		y1 = y1 > h ? h : y1;
		if (x1 <= x0 || y1 <= y0)
			return 0;
	}
	/*
	 * Some 65,000 samples, each row's shifted: a regular lattice of them
	 * misses thin lines that lie between its columns.
	 */
	for (step = 1; (long)((x1 - x0) / step) * ((y1 - y0) / step) > 65536;
	    step++)
		;
	memset(hist, 0, sizeof(hist));
	for (y = y0; y < y1; y += step) {
		line = pixGetData(pix) + (size_t)y * pixGetWpl(pix);
		for (x = x0 + (y - y0) / step * 5 % step; x < x1; x += step,
		    n++) {
			if (d == 8)
				v = GET_DATA_BYTE(line, x);
			else {
				image_rgb_unpack(line[x], &r, &g, &b);
				v = r < g ? r : g;
				v = v < b ? v : b;
			}
			hist[v]++;
		}
	}
	for (lo = 0, acc = 0; lo < 255 && (acc += hist[lo]) < n / 50; lo++)
		;
	for (mid = 0, acc = 0; mid < 255 && (acc += hist[mid]) < n / 2; mid++)
		;
	for (v = 0; v < 256; v++)
		if (v >= mid + LIGHT_ON_DARK_STEP)
			light += hist[v];
		else if (v <= mid - LIGHT_ON_DARK_STEP)
			dark += hist[v];
	/* The background is the darkest there is (no shadow's edge). */
	return mid < 128 && mid - lo <= LIGHT_ON_DARK_STEP / 2 &&
	    light >= 0.01 * n && light > 3 * dark;
}

int
image_flat_median(PIX *g, int x0, int y0, int x1, int y1, int step,
    int *median)
{
	l_uint32 *d = pixGetData(g);
	int	 wpl = pixGetWpl(g), hist[256], x, y, n = 0, acc = 0, v, near;

	memset(hist, 0, sizeof(hist));
	for (y = y0; y < y1; y += step)
		for (x = x0; x < x1; x += step, n++)
			hist[GET_DATA_BYTE(d + y * wpl, x)]++;
	for (v = 0; v < 255 && (acc += hist[v]) <= n / 2; v++)
		;
	/* Of the pixels not much darker than the median (ink aside). */
	for (x = v - FLAT_INK, n = 0; x < 256; x++)
		n += x >= 0 ? hist[x] : 0;
	for (x = v - FLAT_NOISE, near = 0; x <= v + FLAT_NOISE; x++)
		near += x >= 0 && x < 256 ? hist[x] : 0;
	*median = v;
	return near >= FLAT_SHARE * n;
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

/* A row of grey or RGB bytes into row y of an 8 or 32 bpp PIX. */
static void
row_to_pixels(PIX *pix, int y, const unsigned char *s, int channels)
{
	l_uint32 *line = pixGetData(pix) + (size_t)y * pixGetWpl(pix);
	int x, w = pixGetWidth(pix);

	for (x = 0; x < w; x++) {
		if (channels == 3) {
			line[x] = image_rgb_pack(s[0], s[1], s[2]);
			s += 3;
		} else {
			SET_DATA_BYTE(line, x, *s++);
		}
	}
}

PIX *
image_from_pnm(const struct pnm *img)
{
	PIX *pix;
	int y;

	pix = sdk_need(pixCreate(img->width, img->height,
	    img->channels == 3 ? 32 : 8));
	for (y = 0; y < img->height; y++)
		row_to_pixels(pix, y, img->pixels + (size_t)y * img->width *
		    img->channels, img->channels);
	return pix;
}

int
image_pnm_next(struct pnm_reader *r, PIX **pixp, struct meta *meta)
{
	struct pnm img;
	unsigned char *row;
	int rc, y;

	*pixp = NULL;
	pnm_init(&img);
	if ((rc = pnm_read_head(r, &img)) == 1) {
		meta_copy(meta, &img.meta);
		*pixp = sdk_need(pixCreate(img.width, img.height,
		    img.channels == 3 ? 32 : 8));
		row = sdk_xmalloc((size_t)img.width * (size_t)img.channels);
		for (y = 0; y < img.height && rc == 1; y++) {
			if (pnm_read_row(r, row) < 0)
				rc = -1;
			else
				row_to_pixels(*pixp, y, row, img.channels);
		}
		free(row);
		if (rc < 0)
			pixDestroy(pixp);
	}
	pnm_free(&img);
	return rc;
}

/* pix as 8 bpp grey or 32 bpp RGB: itself, or a converted copy in *tmp. */
static PIX *
depth_8_or_32(PIX *pix, PIX **tmp)
{
	int depth = pixGetDepth(pix);

	*tmp = NULL;
	if (pixGetColormap(pix) == NULL && (depth == 8 || depth == 32))
		return pix;
	*tmp = pixGetColormap(pix) != NULL ?
	    pixRemoveColormap(pix, REMOVE_CMAP_BASED_ON_SRC) :
	    depth < 8 ? pixConvertTo8(pix, FALSE) : NULL;
	if (*tmp != NULL && pixGetDepth(*tmp) != 8 &&
	    pixGetDepth(*tmp) != 32)
		pixDestroy(tmp);
	return *tmp;
}

/* A row of an 8 or 32 bpp PIX as grey or RGB bytes; returns its end. */
static unsigned char *
row_bytes(const l_uint32 *line, int w, int rgb, unsigned char *d)
{
	l_int32 r, g, b;
	int x;

	for (x = 0; x < w; x++) {
		if (rgb) {
			image_rgb_unpack(line[x], &r, &g, &b);
			*d++ = (unsigned char)r;
			*d++ = (unsigned char)g;
			*d++ = (unsigned char)b;
		} else {
			*d++ = (unsigned char)GET_DATA_BYTE(line, x);
		}
	}
	return d;
}

int
image_write_pnm(FILE *fp, PIX *pix, const struct meta *meta)
{
	PIX *tmp;
	unsigned char *row, *end;
	int y, w, h, rgb;

	if ((pix = depth_8_or_32(pix, &tmp)) == NULL)
		return -1;
	pixGetDimensions(pix, &w, &h, NULL);
	rgb = pixGetDepth(pix) == 32;
	row = sdk_xmalloc((size_t)w * (rgb ? 3 : 1));
	fprintf(fp, "P%c\n", rgb ? '6' : '5');
	meta_write(fp, meta);
	fprintf(fp, "%d %d\n255\n", w, h);
	for (y = 0; y < h && !ferror(fp); y++) {
		end = row_bytes(pixGetData(pix) + (size_t)y * pixGetWpl(pix),
		    w, rgb, row);
		fwrite(row, 1, (size_t)(end - row), fp);
	}
	free(row);
	pixDestroy(&tmp);
	return ferror(fp) ? -1 : 0;
}

int
image_to_pnm(PIX *pix, struct pnm *img)
{
	PIX *tmp;
	unsigned char *d;
	int y, w, h, rgb;

	if ((pix = depth_8_or_32(pix, &tmp)) == NULL)
		return -1;
	pixGetDimensions(pix, &w, &h, NULL);
	rgb = pixGetDepth(pix) == 32;
	pnm_alloc(img, w, h, rgb ? 3 : 1);
	for (d = img->pixels, y = 0; y < h; y++)
		d = row_bytes(pixGetData(pix) + (size_t)y * pixGetWpl(pix), w,
		    rgb, d);
	pixDestroy(&tmp);
	return 0;
}
