/*
 * test-pnm.c: the PNM record reader and writer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pnm.h"
#include "tap.h"

/* Read the first image of data[0..len); return pnm_read's result. */
static int
read_mem(const void *data, size_t len, struct pnm *img, char *err,
    size_t errlen)
{
	FILE *fp = fmemopen((void *)(size_t)data, len, "rb");
	struct pnm_reader *r = pnm_reader_new(fp);
	int rc = pnm_read(r, img);

	snprintf(err, errlen, "%s", rc < 0 ? pnm_reader_error(r) : "");
	pnm_reader_free(r);
	fclose(fp);
	return rc;
}

#define READ(lit) read_mem(lit, sizeof(lit) - 1, &img, err, sizeof(err))

static void
expect_error(const void *data, size_t len, const char *want, const char *what)
{
	struct pnm img;
	char err[256];

	pnm_init(&img);
	is_int(read_mem(data, len, &img, err, sizeof(err)), -1,
	    "%s: rejected", what);
	is_str(err, want, "%s: message", what);
	pnm_free(&img);
}
#define BAD(lit, want, what) expect_error(lit, sizeof(lit) - 1, want, what)

/* One image of each kind of PNM. */
static void
test_formats(void)
{
	struct pnm img;
	char err[256];

	pnm_init(&img);
	is_int(READ("P5\n# sdk-source a.jpg\n# a plain comment\n"
	    "# sdk-size 640 480\n2 1\n255\n\x10\xf0"), 1, "P5 with metadata");
	is_int(img.width, 2, "width");
	is_int(img.height, 1, "height");
	is_int(img.channels, 1, "grey");
	is_int(img.pixels[1], 0xf0, "pixel");
	is_int(img.meta.n, 2, "sdk-* comments kept, others dropped");
	is_str(img.meta.v[0].key, "sdk-source", "metadata order 1");
	is_str(img.meta.v[1].value, "640 480", "metadata order 2");

	is_int(READ("P6 1 1 255 \x01\x02\x03"), 1, "P6 on one line");
	is_int(img.channels, 3, "colour");
	is_int(img.pixels[2], 3, "blue");

	is_int(READ("P5 2 1 15\n\x0f\x07"), 1, "P5 maxval 15");
	is_int(img.pixels[0], 255, "15 scales to 255");
	is_int(img.pixels[1], 119, "7 scales to 119");

	is_int(READ("P5 1 1 65535\n\xff\xff"), 1, "P5 maxval 65535");
	is_int(img.pixels[0], 255, "16-bit sample scales to 255");
	is_int(READ("P5 1 1 1000\n\x01\xf4"), 1, "P5 maxval 1000");
	is_int(img.pixels[0], 128, "500 of 1000 scales to 128");

	is_int(READ("P1\n3 2\n1 0 1\n010"), 1, "P1, digits with and without "
	    "spaces");
	ok(img.pixels[0] == 0 && img.pixels[1] == 255 && img.pixels[4] == 0,
	    "P1: 1 is black");

	is_int(READ("P4\n10 2\n\x80\x40\xff\xc0"), 1, "P4 packed rows");
	ok(img.pixels[0] == 0 && img.pixels[1] == 255 && img.pixels[9] == 0 &&
	    img.pixels[10] == 0 && img.pixels[19] == 0, "P4 bits");

	is_int(READ("P2\n# c\n2 1\n100\n0 100\n"), 1, "P2");
	is_int(img.pixels[1], 255, "P2 scaled");
	is_int(READ("P3 1 1 255 1 2 3"), 1, "P3");
	is_int(img.pixels[1], 2, "P3 green");
	pnm_free(&img);
}

/* Streams of several images. */
static void
test_streams(void)
{
	struct pnm img;
	char err[256];
	FILE *fp;

	pnm_init(&img);
	/* Streams of several images. */
	{
		static const char two[] = "P5 1 1 255\n\x01\n"
		    "P5\n# sdk-source b\n1 1 255\n\x02" "P5 1 1 255\n";
		struct pnm_reader *r;

		fp = fmemopen((void *)(size_t)two, sizeof(two) - 1, "rb");
		r = pnm_reader_new(fp);
		is_int(pnm_read(r, &img), 1, "stream: first image");
		is_int(img.meta.n, 0, "first has no metadata");
		is_int(pnm_read(r, &img), 1, "stream: second image");
		is_str(meta_get(&img.meta, "sdk-source"), "b",
		    "second image's metadata");
		is_int(img.pixels[0], 2, "second image's pixel");
		is_int(pnm_read(r, &img), -1, "third image truncated");
		is_str(pnm_reader_error(r),
		    "image 3: truncated raster (0 of 1 bytes)",
		    "the message names the image");
		pnm_reader_free(r);
		fclose(fp);
	}
	{
		static const char one[] = "P5 1 1 255\n\x01\n\n";
		struct pnm_reader *r;

		fp = fmemopen((void *)(size_t)one, sizeof(one) - 1, "rb");
		r = pnm_reader_new(fp);
		is_int(pnm_read(r, &img), 1, "image then white space");
		is_int(pnm_read(r, &img), 0, "white space is the end");
		pnm_reader_free(r);
		fclose(fp);
	}
	is_int(read_mem("", 0, &img, err, sizeof(err)), 0, "empty: no image");
	pnm_free(&img);
}

/* Malformed input, one class each. */
static void
test_malformed(void)
{
	struct pnm img;
	FILE *fp;

	pnm_init(&img);
	/* Malformed input, one class each. */
	BAD("GIF89a", "not a PNM image (bad magic number)", "bad magic");
	BAD("P7 1 1 255\n", "not a PNM image (bad magic number)", "P7");
	BAD("P5 2 2 255\n\x01\x02\x03",
	    "truncated raster (3 of 4 bytes)", "truncated raster");
	BAD("P5 2 2", "truncated PNM header (no maxval)", "truncated header");
	BAD("P5 2", "truncated PNM header (no height)", "no height");
	BAD("P5 0 2 255\n", "image has no pixels (0x2)", "zero width");
	BAD("P5 2 0 255\n", "image has no pixels (2x0)", "zero height");
	BAD("P5 100000 100000 255\n", "image too large (100000x100000; limit "
	    "100000000 pixels, 65500 a side)", "huge dimensions");
	BAD("P5 65000 65000 255\n", "image too large (65000x65000; limit "
	    "100000000 pixels, 65500 a side)", "too many pixels");
	BAD("P5 999999999999 2 255\n", "PNM width too large",
	    "absurd width");
	BAD("P5 -2 2 255\n", "bad PNM header (width is not a number)",
	    "negative width");
	BAD("P5 2x2 255\n", "bad PNM header (width is not a number)",
	    "junk in width");
	BAD("P5 1 1 0\n\x00", "bad PNM maxval 0 (must be 1 to 65535)",
	    "maxval 0");
	BAD("P5 1 1 70000\n\x00\x00",
	    "bad PNM maxval 70000 (must be 1 to 65535)", "maxval 70000");
	BAD("P5 1 1 15\n\x10", "sample 16 exceeds maxval 15",
	    "sample over maxval");
	BAD("P2 1 1 15\n16\n", "sample 16 exceeds maxval 15",
	    "ASCII sample over maxval");
	BAD("P2 2 1 15\n1 x\n", "bad sample in ASCII raster",
	    "ASCII garbage");
	BAD("P1 2 1\n1 2\n", "bad sample in P1 raster", "P1 garbage");
	BAD("P4 10 2\n\x80\x40", "truncated raster (row 2 of 2)",
	    "truncated P4");
	BAD("P5 1 1 65535\n\xff", "truncated raster (1 of 2 bytes)",
	    "truncated 16-bit raster");
	{
		/* The error is on the second read. */
		static const char g[] = "P5 1 1 255\n\x01 junk";
		struct pnm_reader *r;

		fp = fmemopen((void *)(size_t)g, sizeof(g) - 1, "rb");
		r = pnm_reader_new(fp);
		is_int(pnm_read(r, &img), 1, "good image before garbage");
		is_int(pnm_read(r, &img), -1, "garbage after it");
		is_str(pnm_reader_error(r),
		    "image 2: garbage after the previous image",
		    "garbage message");
		pnm_reader_free(r);
		fclose(fp);
	}
	setenv("SDK_MAX_PIXELS", "10", 1);
	BAD("P5 4 4 255\n", "image too large (4x4; limit 10 pixels, 65500 a "
	    "side)", "SDK_MAX_PIXELS lowers the limit");
	unsetenv("SDK_MAX_PIXELS");
	pnm_free(&img);
}

/* The writer, read back. */
static void
test_write(void)
{
	struct pnm img;
	char err[256], *buf;
	size_t len;
	FILE *fp;

	pnm_init(&img);
	/* Writer round trip. */
	READ("P6\n# sdk-quad 1 2 3 4 5 6 7 8\n2 1\n255\n\x01\x02\x03\x04\x05"
	    "\x06");
	fp = open_memstream(&buf, &len);
	is_int(pnm_write(fp, &img), 0, "write P6");
	fclose(fp);
	is_int(len, 3 + 27 + 4 + 4 + 6, "written length");
	ok(memcmp(buf, "P6\n# sdk-quad 1 2 3 4 5 6 7 8\n2 1\n255\n\x01", 38)
	    == 0, "magic, metadata, header, raster");
	is_int(read_mem(buf, len, &img, err, sizeof(err)), 1, "reads back");
	is_str(meta_get(&img.meta, "sdk-quad"), "1 2 3 4 5 6 7 8",
	    "metadata round trip");
	free(buf);
	pnm_free(&img);
}

int
main(void)
{
	test_formats();
	test_streams();
	test_malformed();
	test_write();
	return tap_done();
}
