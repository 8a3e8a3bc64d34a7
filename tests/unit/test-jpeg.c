/*
 * test-jpeg.c: libcommon's one JPEG decoder and error handler (jpeg.c).
 * The JPEGs are made here through the same handler, then damaged.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jpeg.h"
#include "tap.h"

#define W	24
#define H	16

/*
 * A W x H JPEG of comps samples a pixel in space cs, value v (noise when
 * v < 0, for entropy-coded data to damage); *len.
 */
static unsigned char *
make_jpeg(J_COLOR_SPACE cs, int comps, int v, unsigned long *len)
{
	struct jpeg_compress_struct c;
	struct jpeg_fail f;
	unsigned char *mem = NULL, row[W * 4];
	JSAMPROW rp = row;
	size_t i;

	memset(&c, 0, sizeof(c));
	*len = 0;
	c.err = jpeg_fail_init(&f);
	if (setjmp(f.jmp)) {
		printf("# %s\n", f.msg);
		jpeg_destroy_compress(&c);
		return NULL;
	}
	jpeg_create_compress(&c);
	jpeg_mem_dest(&c, &mem, len);
	c.image_width = W;
	c.image_height = H;
	c.input_components = comps;
	c.in_color_space = cs;
	jpeg_set_defaults(&c);
	jpeg_set_quality(&c, 100, TRUE);
	jpeg_start_compress(&c, TRUE);
	while (c.next_scanline < H) {
		for (i = 0; i < sizeof(row); i++)
			row[i] = (unsigned char)(v >= 0 ? v : (int)(i * 73 +
			    c.next_scanline * 151 + i * i) & 0xff);
		jpeg_write_scanlines(&c, &rp, 1);
	}
	jpeg_finish_compress(&c);
	jpeg_destroy_compress(&c);
	return mem;
}

struct got {
	unsigned char	 px[W * H * 4];
	int		 headers, rows, comps;
};

static void
got_header(j_decompress_ptr c, void *arg)
{
	((struct got *)arg)->headers++;
	(void)c;
}

static JSAMPROW
got_row(j_decompress_ptr c, JDIMENSION y, void *arg)
{
	struct got *g = arg;

	g->comps = c->output_components;
	return g->px + (size_t)y * W * (size_t)g->comps;
}

static void
got_done(j_decompress_ptr c, JDIMENSION y, JSAMPROW row, void *arg)
{
	(void)c;
	(void)y;
	(void)row;
	((struct got *)arg)->rows++;
}

static int
read_mem(const unsigned char *data, size_t len, int rgb, struct got *g,
    char *msg, size_t msglen)
{
	struct jpeg_read r;
	int rc;

	memset(&r, 0, sizeof(r));
	memset(g, 0, sizeof(*g));
	r.data = data;
	r.len = len;
	r.rgb = rgb;
	r.arg = g;
	r.header = got_header;
	r.row = got_row;
	r.done = got_done;
	rc = jpeg_read(&r);
	snprintf(msg, msglen, "%s", r.fail.msg);
	return rc;
}

/* A grey and a CMYK JPEG read, spread to RGB or as they are. */
static void
test_read(const unsigned char *grey, unsigned long glen,
    const unsigned char *cmyk, unsigned long clen)
{
	struct got g;
	char msg[256];

	is_int(read_mem(grey, glen, 1, &g, msg, sizeof(msg)), 1, "grey read");
	is_int(g.headers, 1, "the header hook once");
	is_int(g.rows, H, "every row done");
	is_int(g.comps, 3, "rgb: a grey file spread to RGB");
	ok(abs(g.px[(5 * W + 7) * 3] - 60) <= 1 &&
	    g.px[(5 * W + 7) * 3] == g.px[(5 * W + 7) * 3 + 2],
	    "its value kept (%d)", g.px[(5 * W + 7) * 3]);
	is_int(read_mem(grey, glen, 0, &g, msg, sizeof(msg)), 1, "read as is");
	is_int(g.comps, 1, "grey stays grey");

	is_int(read_mem(cmyk, clen, 1, &g, msg, sizeof(msg)), 0,
	    "rgb: CMYK is not for this reader");
	is_int(g.headers, 0, "and is not set up");
	is_int(read_mem(cmyk, clen, 0, &g, msg, sizeof(msg)), 1, "CMYK read");
	is_int(g.comps, 4, "as CMYK");
}

/* The noise JPEG cut short, overwritten, its header cut: refused. */
static void
test_refused(const unsigned char *noise, unsigned long nlen)
{
	unsigned char *cut;
	struct got g;
	char msg[256];

	cut = malloc(nlen);
	memcpy(cut, noise, nlen);
	is_int(read_mem(cut, nlen - 60, 1, &g, msg, sizeof(msg)), -1,
	    "a file cut short refused");
	is_str(msg, "truncated JPEG data", "named truncated");
	/* a marker amid the entropy-coded data: a segment ends early */
	memcpy(cut + nlen - 42, "\xff\xd3", 2);
	is_int(read_mem(cut, nlen, 1, &g, msg, sizeof(msg)), -1,
	    "overwritten data refused");
	ok(strncmp(msg, "bad JPEG: Corrupt JPEG data", 27) == 0,
	    "as corrupt: %s", msg);
	is_int(read_mem(cut, 10, 1, &g, msg, sizeof(msg)), -1,
	    "a header cut refused");
	is_int(read_mem((const unsigned char *)"\xff\xd8\xff\xe0", 4, 1, &g,
	    msg, sizeof(msg)), -1, "four bytes refused");
	free(cut);
}

/* A compressor's error through the same handler. */
static void
test_compressor(void)
{
	struct jpeg_compress_struct c;
	struct jpeg_fail f;
	unsigned char *mem = NULL;
	unsigned long mlen = 0;

	memset(&c, 0, sizeof(c));
	c.err = jpeg_fail_init(&f);
	if (setjmp(f.jmp) == 0) {
		jpeg_create_compress(&c);
		jpeg_mem_dest(&c, &mem, &mlen);
		c.in_color_space = JCS_RGB;
		c.input_components = 3;
		jpeg_set_defaults(&c);
		jpeg_start_compress(&c, TRUE);	/* an image 0 x 0 */
		ok(0, "an empty image fails");
	} else
		ok(strncmp(f.msg, "cannot write JPEG: ", 19) == 0,
		    "a compressor's error: %s", f.msg);
	jpeg_destroy_compress(&c);
	free(mem);
}

int
main(void)
{
	unsigned char *grey, *cmyk, *noise;
	unsigned long glen, clen, nlen;
	struct got g;
	char msg[256];

	grey = make_jpeg(JCS_GRAYSCALE, 1, 60, &glen);
	cmyk = make_jpeg(JCS_CMYK, 4, 200, &clen);
	noise = make_jpeg(JCS_GRAYSCALE, 1, -1, &nlen);
	ok(grey != NULL && cmyk != NULL && noise != NULL,
	    "JPEGs made through jpeg_fail");
	is_int(read_mem(noise, nlen, 1, &g, msg, sizeof(msg)), 1, "noise read");
	test_read(grey, glen, cmyk, clen);
	test_refused(noise, nlen);
	test_compressor();
	free(grey);
	free(cmyk);
	free(noise);
	return tap_done();
}
