/*
 * test-image.c: decoding image files from memory, and PNM <-> PIX.  The
 * images are made here with Leptonica, then damaged on purpose.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "sdk.h"
#include "tap.h"

static PIX *
test_pix(int depth)
{
	PIX *pix = pixCreate(40, 30, depth);
	int x, y;

	for (y = 0; y < 30; y++)
		for (x = 0; x < 40; x++)
			pixSetPixel(pix, x, y, depth == 8 ? (l_uint32)(x * 6) :
			    ((l_uint32)(x * 6) << 24 | (l_uint32)(y * 8) << 16 |
			    0x80u << 8));
	return pix;
}

static uint32_t
crc32_png(const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	size_t i;
	int k;

	for (i = 0; i < n; i++) {
		c ^= p[i];
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
	}
	return c ^ 0xffffffffu;
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static void
expect_error(const void *data, size_t len, const char *want, const char *what)
{
	char err[256] = "";
	PIX *pix = image_decode(data, len, err, sizeof(err));

	ok(pix == NULL, "%s: rejected", what);
	is_str(err, want, "%s: message", what);
	pixDestroy(&pix);
}

/* Every format decoded, from memory. */
static void
test_decode(void)
{
	l_uint8 *jpg, *png, *tif;
	size_t jlen, plen, tlen;
	char err[256];
	PIX *src, *pix;
	l_int32 r, g, b;
	l_uint32 v;

	src = test_pix(32);
	pixWriteMem(&jpg, &jlen, src, IFF_JFIF_JPEG);
	pixWriteMem(&png, &plen, src, IFF_PNG);
	pixWriteMem(&tif, &tlen, src, IFF_TIFF_ZIP);
	pix = image_decode(jpg, jlen, err, sizeof(err));
	ok(pix != NULL, "JPEG decodes");
	ok(pix && pixGetWidth(pix) == 40 && pixGetHeight(pix) == 30 &&
	    pixGetDepth(pix) == 32, "JPEG size and depth");
	pixGetPixel(pix, 20, 10, &v);
	extractRGBValues(v, &r, &g, &b);
	ok(abs(r - 120) < 12 && abs(g - 80) < 12 && abs(b - 128) < 12,
	    "JPEG colour close (%d %d %d)", r, g, b);
	pixDestroy(&pix);

	pix = image_decode(png, plen, err, sizeof(err));
	ok(pix != NULL && pixGetDepth(pix) == 32, "PNG decodes to RGB");
	pixGetPixel(pix, 20, 10, &v);
	extractRGBValues(v, &r, &g, &b);
	ok(r == 120 && g == 80 && b == 128, "PNG colour exact");
	pixDestroy(&pix);

	pix = image_decode(tif, tlen, err, sizeof(err));
	ok(pix != NULL && pixGetWidth(pix) == 40, "TIFF through Leptonica");
	pixDestroy(&pix);

	{
		PIX *grey = test_pix(8);
		l_uint8 *gp;
		size_t glen;

		pixWriteMem(&gp, &glen, grey, IFF_PNG);
		pix = image_decode(gp, glen, err, sizeof(err));
		ok(pix != NULL && pixGetDepth(pix) == 8, "grey PNG stays grey");
		pixGetPixel(pix, 10, 3, &v);
		is_int(v, 60, "grey value");
		pixDestroy(&pix);
		free(gp);
		pixWriteMem(&gp, &glen, grey, IFF_JFIF_JPEG);
		pix = image_decode(gp, glen, err, sizeof(err));
		ok(pix != NULL && pixGetDepth(pix) == 8, "grey JPEG stays grey");
		pixDestroy(&pix);
		free(gp);
		pixDestroy(&grey);
	}

	pix = image_decode((const unsigned char *)"P5 2 1 255\n\x05\x06", 13,
	    err, sizeof(err));
	ok(pix != NULL && pixGetDepth(pix) == 8, "PNM decodes");
	pixGetPixel(pix, 1, 0, &v);
	is_int(v, 6, "PNM pixel");
	pixDestroy(&pix);
	pix = image_decode((const unsigned char *)"P5 1 1 255\n\x05", 12,
	    err, sizeof(err));
	ok(pix != NULL && pixGetWidth(pix) == 1, "1x1 image decodes");
	pixDestroy(&pix);
	pixDestroy(&src);
	free(jpg);
	free(png);
	free(tif);
}

/* Bad input, one class each. */
static void
test_bad_input(void)
{
	l_uint8 *jpg, *png, *tif;
	size_t jlen, plen, tlen;
	PIX *src;

	src = test_pix(32);
	pixWriteMem(&jpg, &jlen, src, IFF_JFIF_JPEG);
	pixWriteMem(&png, &plen, src, IFF_PNG);
	pixWriteMem(&tif, &tlen, src, IFF_TIFF_ZIP);
	/* Bad input, one class each. */
	expect_error("", 0, "empty input", "empty");
	expect_error("hello, world: not a picture", 27,
	    "not an image (unknown format)", "text");
	expect_error(jpg, jlen / 2, "truncated JPEG data", "truncated JPEG");
	expect_error(jpg, 3, "truncated JPEG data", "JPEG magic only");
	expect_error(png, plen - 20, "truncated PNG data", "truncated PNG");
	{
		unsigned char *bad = malloc(plen);

		memcpy(bad, png, plen);
		unsigned char *idat = bad + 8;

		while (memcmp(idat, "IDAT", 4) != 0)
			idat++;

		/* Damage the CRC that follows the image data. */
		idat[4 + (idat[-2] << 8 | idat[-1])] ^= 0x55;
		expect_error(bad, plen, "bad PNG: IDAT: CRC error",
		    "PNG with a bad CRC");
		free(bad);
	}
	{
		/* A valid PNG signature and IHDR declaring 100000 x 100000. */
		unsigned char huge[64];

		memcpy(huge, png, 33);
		put32(huge + 16, 100000);
		put32(huge + 20, 100000);
		put32(huge + 29, crc32_png(huge + 12, 17));
		expect_error(huge, 33, "image too large (100000x100000; limit "
		    "100000000 pixels, 65500 a side)", "PNG huge declared size");
	}
	expect_error("P5 100000 100000 255\n", 21, "image too large "
	    "(100000x100000; limit 100000000 pixels, 65500 a side)",
	    "PNM huge declared size");
	expect_error("P6 2 2 255\n\x01", 12, "truncated raster (1 of 12 bytes)",
	    "truncated PNM");
	pixDestroy(&src);
	free(jpg);
	free(png);
	free(tif);
}

/* PNM and PIX both ways, and grey from colour. */
static void
test_convert(void)
{
	l_uint8 *jpg, *png, *tif;
	size_t jlen, plen, tlen;
	PIX *src, *pix;
	struct pnm img;
	l_int32 r;

	src = test_pix(32);
	pixWriteMem(&jpg, &jlen, src, IFF_JFIF_JPEG);
	pixWriteMem(&png, &plen, src, IFF_PNG);
	pixWriteMem(&tif, &tlen, src, IFF_TIFF_ZIP);
	/* PNM <-> PIX. */
	pnm_init(&img);
	is_int(image_to_pnm(src, &img), 0, "PIX to PNM");
	ok(img.channels == 3 && img.width == 40, "RGB PNM");
	ok(img.pixels[(10 * 40 + 20) * 3] == 120, "PNM red");
	pix = image_from_pnm(&img);
	ok(pix != NULL && pixEqual(pix, src, &r) == 0 && r == 1,
	    "PNM to PIX round trip");
	pixDestroy(&pix);
	{
		PIX *one = pixCreate(9, 2, 1);

		pixSetPixel(one, 0, 0, 1);
		is_int(image_to_pnm(one, &img), 0, "1 bpp to PNM");
		ok(img.channels == 1 && img.pixels[0] == 0 &&
		    img.pixels[1] == 255, "1 bpp: black and white");
		pixDestroy(&one);
	}
	pnm_free(&img);

	/*
	 * Grey as the darkest channel; under warm light (blue sees the
	 * paper at under GREY_LIT of red) the darkest of the others.
	 */
	{
		PIX *c = pixCreate(20, 20, 32), *gl;
		l_uint32 gv;
		int x, y;

		for (y = 0; y < 20; y++)
			for (x = 0; x < 20; x++)
				pixSetPixel(c, x, y, x < 2 ?
				    (l_uint32)40 << L_RED_SHIFT |
				    (l_uint32)30 << L_GREEN_SHIFT |
				    (l_uint32)20 << L_BLUE_SHIFT :
				    (l_uint32)200 << L_RED_SHIFT |
				    (l_uint32)180 << L_GREEN_SHIFT |
				    (l_uint32)160 << L_BLUE_SHIFT);
		gl = image_grey_lit(c, NULL);
		pixGetPixel(gl, 10, 10, &gv);
		is_int((int)gv, 160, "grey_lit: all channels lit, the darkest");
		pixGetPixel(gl, 0, 10, &gv);
		is_int((int)gv, 20, "grey_lit: ink, the darkest");
		pixDestroy(&gl);
		for (y = 0; y < 20; y++)
			for (x = 2; x < 20; x++)
				pixSetPixel(c, x, y,
				    (l_uint32)200 << L_RED_SHIFT |
				    (l_uint32)180 << L_GREEN_SHIFT |
				    (l_uint32)100 << L_BLUE_SHIFT);
		gl = image_grey_lit(c, NULL);
		pixGetPixel(gl, 10, 10, &gv);
		is_int((int)gv, 180, "grey_lit: dim blue left out (paper)");
		pixGetPixel(gl, 0, 10, &gv);
		is_int((int)gv, 30, "grey_lit: dim blue left out (ink)");
		pixDestroy(&gl);
		pixDestroy(&c);
	}
	pixDestroy(&src);
	free(jpg);
	free(png);
	free(tif);
}

/* image_reduce_for, and a JPEG decoded 2, 4, 8 times smaller. */
static void
test_reduced(void)
{
	struct image_info info;
	l_uint8 *jpg, *png;
	size_t jlen, plen;
	char err[256];
	PIX *src, *pix;
	l_int32 r, g, b;
	l_uint32 v;

	is_int(image_reduce_for(4608, 3456, 720), 4, "4608 px, 720 wanted: 4");
	is_int(image_reduce_for(1280, 960, 720), 1, "1280 px, 720 wanted: 1");
	is_int(image_reduce_for(1440, 960, 720), 2, "1440 px, 720 wanted: 2");
	is_int(image_reduce_for(20000, 100, 720), 8, "at most 8");
	is_int(image_reduce_for(4608, 3456, 0), 1, "none wanted: 1");

	src = pixCreate(803, 401, 32);
	pixSetAllArbitrary(src, 0x78508000);	/* 120 80 128 */
	pixWriteMem(&jpg, &jlen, src, IFF_JFIF_JPEG);
	pixWriteMem(&png, &plen, src, IFF_PNG);
	pix = image_decode_reduced(jpg, jlen, 150, &info, err, sizeof(err));
	ok(pix != NULL && info.reduce == 4 && info.width == 803 &&
	    info.height == 401, "JPEG reduced by %d", pix ? info.reduce : 0);
	/* libjpeg's scaled sizes round up. */
	ok(pix && pixGetWidth(pix) == 201 && pixGetHeight(pix) == 101,
	    "size rounded up: %dx%d", pix ? pixGetWidth(pix) : 0,
	    pix ? pixGetHeight(pix) : 0);
	if (pix != NULL) {
		pixGetPixel(pix, 100, 50, &v);
		extractRGBValues(v, &r, &g, &b);
	}
	ok(pix && abs(r - 120) < 12 && abs(g - 80) < 12 && abs(b - 128) < 12,
	    "reduced JPEG colour close");
	pixDestroy(&pix);
	pix = image_decode_at(jpg, jlen, 8, &info, err, sizeof(err));
	ok(pix && info.reduce == 8 && pixGetWidth(pix) == 101,
	    "JPEG at 8 times smaller");
	pixDestroy(&pix);
	pix = image_decode_at(jpg, jlen, 3, &info, err, sizeof(err));
	ok(pix && info.reduce == 1 && pixGetWidth(pix) == 803,
	    "a reduction libjpeg has not: full size");
	pixDestroy(&pix);
	pix = image_decode_reduced(png, plen, 100, &info, err, sizeof(err));
	ok(pix && info.reduce == 1 && pixGetWidth(pix) == 803,
	    "PNG: full size, reduce 1");
	pixDestroy(&pix);
	pixDestroy(&src);
	free(jpg);
	free(png);
}

/*
 * A real HEIC (samples/started1.heic, 1512x2016), decoded whole and
 * reduced: a reduced pixel is the mean of its block of the whole one.
 */
static void
test_heif(void)
{
	struct image_info info;
	unsigned char *data;
	size_t len;
	char err[256] = "";
	PIX *full, *small;
	l_uint32 v;
	long sum = 0;
	int x, y, r, g, b;

	data = (unsigned char *)l_binaryRead("../samples/started1.heic",
	    &len);
	ok(data != NULL, "heif: sample read (run from tests/)");
	if (data == NULL)
		return;
	full = image_decode(data, len, err, sizeof(err));
	ok(full != NULL && pixGetWidth(full) == 1512 &&
	    pixGetHeight(full) == 2016 && pixGetDepth(full) == 32,
	    "heif: decoded whole, 32 bpp 1512x2016 (%s)", err);
	small = image_decode_at(data, len, 4, &info, err, sizeof(err));
	ok(small != NULL && pixGetWidth(small) == 378 &&
	    pixGetHeight(small) == 504, "heif: at 4, 378x504 (%s)", err);
	ok(info.width == 1512 && info.height == 2016 && info.reduce == 4,
	    "heif: info %dx%d reduce %d", info.width, info.height,
	    info.reduce);
	if (full != NULL && small != NULL) {
		for (y = 400; y < 404; y++)
			for (x = 800; x < 804; x++) {
				pixGetPixel(full, x, y, &v);
				sum += (long)(v >> L_GREEN_SHIFT & 0xff);
			}
		pixGetPixel(small, 200, 100, &v);
		extractRGBValues(v, &r, &g, &b);
		ok(g == (int)((sum + 8) / 16), "heif: block mean %d, want %ld",
		    g, (sum + 8) / 16);
	}
	pixDestroy(&small);
	small = image_decode_reduced(data, len, 720, &info, err, sizeof(err));
	ok(small != NULL && info.reduce == 2 && pixGetWidth(small) == 756,
	    "heif: reduced to a longer side >= 720: reduce %d", info.reduce);
	pixDestroy(&small);
	pixDestroy(&full);
	free(data);
}

/*
 * image_grey_min against its definition, pixel by pixel: every width from
 * 1 to 40 (the 16-pixel groups and the ends after them), and every byte
 * of every channel, alpha too, from a fixed sequence.
 */
static void
test_grey_min(void)
{
	PIX *rgb, *grey;
	l_uint32 seed = 12345, v;
	int w, x, y, bad = 0, r, g, b, m;

	for (w = 1; w <= 40; w++) {
		rgb = pixCreate(w, 7, 32);
		for (y = 0; y < 7; y++)
			for (x = 0; x < w; x++) {
				seed = seed * 1103515245u + 12345u;
				v = seed ^ (seed >> 16) * 2654435761u;
				pixSetPixel(rgb, x, y, v);
			}
		grey = image_grey_min(rgb);
		for (y = 0; grey != NULL && y < 7; y++)
			for (x = 0; x < w; x++) {
				pixGetPixel(rgb, x, y, &v);
				r = (int)(v >> 24) & 0xff;
				g = (int)(v >> 16) & 0xff;
				b = (int)(v >> 8) & 0xff;
				m = r < g ? r : g;
				m = m < b ? m : b;
				pixGetPixel(grey, x, y, &v);
				bad += (int)v != m;
			}
		bad += grey == NULL;
		pixDestroy(&grey);
		pixDestroy(&rgb);
	}
	is_int(bad, 0, "image_grey_min: the least of R, G, B, widths 1-40");
}

int
main(void)
{
	image_init();
	ok(strstr(image_versions(), "leptonica") != NULL,
	"versions name leptonica: %s", image_versions());
	ok(strstr(image_versions(), "libheif") != NULL,
	    "versions name libheif");
	test_decode();
	test_reduced();
	test_bad_input();
	test_convert();
	test_heif();
	test_grey_min();
	return tap_done();
}
