/*
 * test-probe.c: the format and declared size of every image format from
 * its first bytes (probe.c), headers made here byte by byte: sizes within
 * and over the limits, headers cut short (more wanted, or truncated when
 * that is the whole file), and what is no image.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe.h"
#include "tap.h"

static unsigned char buf[4096];

static void
le16(unsigned char *p, unsigned long v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
}

static void
le32(unsigned char *p, unsigned long v)
{
	le16(p, v & 0xffff);
	le16(p + 2, v >> 16);
}

static void
be16(unsigned char *p, unsigned long v)
{
	p[0] = (unsigned char)(v >> 8);
	p[1] = (unsigned char)v;
}

static void
be32(unsigned char *p, unsigned long v)
{
	be16(p, v >> 16);
	be16(p + 2, v & 0xffff);
}

/* probe: result, format, size and message checked together. */
static void
expect(size_t len, int complete, int want, enum probe_format fmt, long w,
    long h, const char *msg, const char *what)
{
	struct probe p;
	char err[256] = "";
	int rc = probe_image(buf, len, complete, &p, err, sizeof(err));

	is_int(rc, want, "%s: result", what);
	if (want != PROBE_BAD || fmt != PROBE_UNKNOWN)
		is_int(p.format, fmt, "%s: format", what);
	if (want == PROBE_OK) {
		is_int(p.width, w, "%s: width", what);
		is_int(p.height, h, "%s: height", what);
	}
	if (msg != NULL)
		is_str(err, msg, "%s: message", what);
}

static size_t
png(unsigned long w, unsigned long h)
{
	memset(buf, 0, sizeof(buf));
	memcpy(buf, "\x89PNG\r\n\x1a\n", 8);
	be32(buf + 8, 13);
	memcpy(buf + 12, "IHDR", 4);
	be32(buf + 16, w);
	be32(buf + 20, h);
	return 33;
}

static size_t
jpeg(unsigned long w, unsigned long h)
{
	size_t i = 2;

	memset(buf, 0, sizeof(buf));
	buf[0] = 0xff;
	buf[1] = 0xd8;
	/* An APP1 of 1000 bytes, fill bytes, then the frame header. */
	buf[i++] = 0xff;
	buf[i++] = 0xe1;
	be16(buf + i, 1000);
	i += 1000;
	buf[i++] = 0xff;
	buf[i++] = 0xff;
	buf[i++] = 0xc2;
	be16(buf + i, 17);
	buf[i + 2] = 8;
	be16(buf + i + 3, h);
	be16(buf + i + 5, w);
	return i + 17;
}

/* A GIF of n frames of fw x fh on a w x h screen, each with one block. */
static size_t
gif(unsigned long w, unsigned long h, int n, unsigned long fw,
    unsigned long fh)
{
	size_t i = 13;
	int k;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, "GIF89a", 6);
	le16(buf + 6, w);
	le16(buf + 8, h);
	buf[10] = 0x80;			/* two colours */
	i += 6;
	buf[i++] = 0x21;		/* a comment */
	buf[i++] = 0xfe;
	buf[i++] = 3;
	i += 3;
	buf[i++] = 0;
	for (k = 0; k < n; k++) {
		buf[i] = 0x2c;
		le16(buf + i + 5, fw);
		le16(buf + i + 7, fh);
		i += 10;
		buf[i++] = 2;		/* LZW code size */
		buf[i++] = 2;		/* a block of two bytes */
		i += 2;
		buf[i++] = 0;
	}
	buf[i++] = 0x3b;
	return i;
}

static size_t
bmp(long w, long h, int bpp, unsigned long comp, size_t trailer)
{
	unsigned long rows = ((unsigned long)labs(w) * (unsigned long)bpp +
	    31) / 32 * 4 * (unsigned long)labs(h);

	memset(buf, 0, sizeof(buf));
	buf[0] = 'B';
	buf[1] = 'M';
	le32(buf + 10, 54);
	le32(buf + 14, 40);
	le32(buf + 18, (unsigned long)w);
	le32(buf + 22, (unsigned long)h);
	le16(buf + 26, 1);
	le16(buf + 28, (unsigned long)bpp);
	le32(buf + 30, comp);
	return 54 + rows + trailer;
}

static size_t
tiff(int big, unsigned long w, unsigned long h)
{
	void (*p16)(unsigned char *, unsigned long) = big ? be16 : le16;
	void (*p32)(unsigned char *, unsigned long) = big ? be32 : le32;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, big ? "MM\0*" : "II*\0", 4);
	p32(buf + 4, 8);
	p16(buf + 8, 3);
	p16(buf + 10, 256);		/* ImageWidth, LONG */
	p16(buf + 12, 4);
	p32(buf + 14, 1);
	p32(buf + 18, w);
	p16(buf + 22, 257);		/* ImageLength, SHORT */
	p16(buf + 24, 3);
	p32(buf + 26, 1);
	p16(buf + 30, h);
	p16(buf + 34, 258);		/* BitsPerSample */
	p16(buf + 36, 3);
	p32(buf + 38, 1);
	p16(buf + 42, 8);
	return 50;
}

static size_t
webp(const char *chunk, unsigned long w, unsigned long h)
{
	memset(buf, 0, sizeof(buf));
	memcpy(buf, "RIFF", 4);
	memcpy(buf + 8, "WEBP", 4);
	memcpy(buf + 12, chunk, 4);
	if (strcmp(chunk, "VP8 ") == 0) {
		buf[23] = 0x9d;
		buf[24] = 0x01;
		buf[25] = 0x2a;
		le16(buf + 26, w);
		le16(buf + 28, h);
	} else if (strcmp(chunk, "VP8L") == 0) {
		buf[20] = 0x2f;
		le32(buf + 21, (w - 1) | (h - 1) << 14);
	} else {
		le32(buf + 24, w - 1);
		le32(buf + 27, h - 1);
	}
	return 40;
}

/*
 * A JPEG 2000 codestream at off: SIZ with the size and n components, one
 * tile, and its tile-part (SOT, SOD, no data), then EOC.
 */
static size_t
j2k(size_t off, unsigned long w, unsigned long h, int n)
{
	size_t i;

	be16(buf + off, 0xff4f);
	be16(buf + off + 2, 0xff51);
	be16(buf + off + 4, 38 + 3 * (unsigned long)(n < 4 ? n : 4));
	be32(buf + off + 8, w + 5);
	be32(buf + off + 12, h + 7);
	be32(buf + off + 16, 5);
	be32(buf + off + 20, 7);
	be32(buf + off + 24, w + 5);
	be32(buf + off + 28, h + 7);
	be16(buf + off + 40, (unsigned long)n);
	i = off + 4 + 38 + 3 * (size_t)(n < 4 ? n : 4);
	be16(buf + i, 0xff90);
	be16(buf + i + 2, 10);
	be32(buf + i + 6, 14);
	buf[i + 11] = 1;
	be16(buf + i + 12, 0xff93);
	be16(buf + i + 14, 0xffd9);
	return i + 16;
}

static size_t
jp2(unsigned long w, unsigned long h, int n)
{
	memset(buf, 0, sizeof(buf));
	memcpy(buf, "\0\0\0\x0cjP  \r\n\x87\n", 12);
	be32(buf + 12, 20);
	memcpy(buf + 16, "ftyp", 4);
	be32(buf + 32, 0);
	memcpy(buf + 36, "jp2c", 4);
	return j2k(40, w, h, n);
}

static void
test_formats(void)
{
	const char *large = "image too large (70000x10; limit 100000000 "
	    "pixels, 65500 a side)";
	size_t n;

	n = png(640, 480);
	expect(n, 1, PROBE_OK, PROBE_PNG, 640, 480, NULL, "PNG");
	expect(20, 0, PROBE_MORE, PROBE_PNG, 0, 0, NULL, "PNG, cut: more");
	expect(20, 1, PROBE_BAD, PROBE_PNG, 0, 0, "truncated PNG data",
	    "PNG, cut: truncated");
	n = png(70000, 10);
	expect(n, 1, PROBE_BAD, PROBE_PNG, 0, 0, large, "PNG too wide");
	n = png(20000, 20000);
	expect(n, 1, PROBE_BAD, PROBE_PNG, 0, 0, "image too large "
	    "(20000x20000; limit 100000000 pixels, 65500 a side)",
	    "PNG too large");

	n = jpeg(3000, 2000);
	expect(n, 1, PROBE_OK, PROBE_JPEG, 3000, 2000, NULL, "JPEG, SOF "
	    "after APP1");
	expect(500, 0, PROBE_MORE, PROBE_JPEG, 0, 0, NULL, "JPEG, cut in APP1");
	buf[1004] = 0x00;	/* where the next marker is due */
	expect(n, 1, PROBE_BAD, PROBE_JPEG, 0, 0, "bad JPEG: no marker where "
	    "one is due", "JPEG, no marker");

	n = gif(300, 200, 2, 300, 200);
	expect(n, 1, PROBE_OK, PROBE_GIF, 300, 200, NULL, "GIF, 2 frames");
	n = gif(20000, 20000, 1, 10, 10);
	expect(n, 1, PROBE_BAD, PROBE_GIF, 0, 0, NULL, "GIF, a huge screen");
	n = gif(100, 100, 1, 20000, 20000);
	expect(n, 1, PROBE_BAD, PROBE_GIF, 0, 0, NULL, "GIF, a huge frame");
	setenv("SDK_MAX_PIXELS", "100000", 1);
	n = gif(300, 300, 2, 300, 300);
	expect(n, 1, PROBE_BAD, PROBE_GIF, 0, 0, "image too large (its frames "
	    "together are over the pixel limit)", "GIF, frames over together");
	n = gif(300, 300, 1, 300, 300);
	expect(n, 1, PROBE_OK, PROBE_GIF, 300, 300, NULL, "GIF, one under");
	unsetenv("SDK_MAX_PIXELS");
	n = gif(300, 200, 2, 300, 200);
	expect(n - 8, 1, PROBE_OK, PROBE_GIF, 300, 200, NULL,
	    "GIF, second frame cut: the first is whole");
	expect(n - 8, 0, PROBE_MORE, PROBE_GIF, 0, 0, NULL,
	    "GIF, second frame cut, more to come");
	expect(30, 1, PROBE_BAD, PROBE_GIF, 0, 0, "truncated GIF data",
	    "GIF, no frame");

	n = bmp(64, -48, 24, 0, 3144);
	expect(n, 1, PROBE_OK, PROBE_BMP, 64, 48, NULL, "BMP, top-down, "
	    "a trailer");
	{
		struct probe p;
		char err[128];

		probe_image(buf, n, 1, &p, err, sizeof(err));
		is_int(p.datalen, 54 + 64 * 3 * 48, "BMP: the trailer cut off");
	}
	expect(n - 3145, 1, PROBE_BAD, PROBE_BMP, 0, 0, "truncated BMP data",
	    "BMP, rows cut");
	n = bmp(64, 48, 32, 3, 0);
	expect(n, 1, PROBE_BAD, PROBE_BMP, 0, 0, "unsupported BMP (compressed, "
	    "or bit fields)", "BMP, bit fields");
	n = bmp(20000, 20000, 24, 0, 0);
	expect(60, 1, PROBE_BAD, PROBE_BMP, 0, 0, NULL, "BMP too large");

	n = tiff(0, 640, 480);
	expect(n, 1, PROBE_OK, PROBE_TIFF, 640, 480, NULL, "TIFF, II");
	n = tiff(1, 640, 480);
	expect(n, 1, PROBE_OK, PROBE_TIFF, 640, 480, NULL, "TIFF, MM");
	n = tiff(0, 70000, 10);
	expect(n, 1, PROBE_BAD, PROBE_TIFF, 0, 0, large, "TIFF too wide");
	expect(20, 1, PROBE_BAD, PROBE_TIFF, 0, 0, "truncated TIFF data",
	    "TIFF, directory cut");

	n = webp("VP8 ", 640, 480);
	expect(n, 1, PROBE_OK, PROBE_WEBP, 640, 480, NULL, "WebP, VP8");
	n = webp("VP8L", 640, 480);
	expect(n, 1, PROBE_OK, PROBE_WEBP, 640, 480, NULL, "WebP, VP8L");
	n = webp("VP8X", 70000, 10);
	expect(n, 1, PROBE_BAD, PROBE_WEBP, 0, 0, large, "WebP, VP8X too wide");

	n = jp2(640, 480, 3);
	expect(n, 1, PROBE_OK, PROBE_JP2, 640, 480, NULL, "JPEG 2000, boxes");
	n = jp2(640, 480, 16384);
	expect(n, 1, PROBE_BAD, PROBE_JP2, 0, 0, "unsupported JPEG 2000 (more "
	    "than 4 components)", "JPEG 2000, 16384 components");
	memset(buf, 0, sizeof(buf));
	n = j2k(0, 70000, 10, 1);
	expect(n, 1, PROBE_BAD, PROBE_JP2, 0, 0, large,
	    "JPEG 2000 codestream too wide");
}

static void
test_other(void)
{
	memset(buf, 0, sizeof(buf));
	expect(4096, 0, PROBE_BAD, PROBE_UNKNOWN, 0, 0, "not an image "
	    "(unknown format)", "zeros");
	expect(5, 0, PROBE_MORE, PROBE_UNKNOWN, 0, 0, NULL,
	    "five zeros, more to come: too few to tell");
	expect(5, 1, PROBE_BAD, PROBE_UNKNOWN, 0, 0, "not an image (unknown "
	    "format)", "five zeros: all there is");
	expect(0, 1, PROBE_BAD, PROBE_UNKNOWN, 0, 0, "empty input", "empty");
	memcpy(buf, "P5\n# sdk-x\n", 11);
	expect(11, 0, PROBE_OK, PROBE_PNM, 0, 0, NULL, "PNM: left to its "
	    "reader");
	memcpy(buf, "spix", 4);
	le32(buf + 4, 100);
	le32(buf + 8, 70000);
	expect(12, 1, PROBE_BAD, PROBE_SPIX, 0, 0, "image too large (100x70000"
	    "; limit 100000000 pixels, 65500 a side)", "SPIX too tall");
	is_str(probe_format_name(PROBE_JP2), "JPEG 2000", "format name");
}

int
main(void)
{
	unsetenv("SDK_MAX_PIXELS");
	test_formats();
	test_other();
	return tap_done();
}
