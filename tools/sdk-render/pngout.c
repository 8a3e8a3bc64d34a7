/*
 * pngout.c: PNG output through libpng's write API, with its errors turned
 * into a message and a return value (setjmp) instead of an abort.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "pngout.h"
#include "util.h"

struct pngerr {
	char	*buf;
	size_t	 len;
};

static void
on_error(png_structp png, png_const_charp msg)
{
	struct pngerr *e = png_get_error_ptr(png);

	/* libpng's own words for it: "insufficient memory", "Out of Memory" */
	if (strstr(msg, "emory") != NULL)
		snprintf(e->buf, e->len, "out of memory");
	else
		snprintf(e->buf, e->len, "png: %s", msg);
	png_longjmp(png, 1);
}

static void
on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/* The libpng calls; an error long-jumps out of them. */
static void
write_body(png_structp png, png_infop info, FILE *fp,
    const struct picture *pic, unsigned char *row, const struct meta *meta)
{
	int w = picture_width(pic), h = picture_height(pic);
	png_text text[16];
	size_t i;
	int y, nt = 0;

	png_init_io(png, fp);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
	    PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
	    PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	/*
	 * Fast over small: at zlib's level 6 the PNG took two thirds of a
	 * batch's CPU (bench/README.md, sdk-batch); level 1 with the Sub
	 * filter is about ten times quicker for files about half again as big.
	 */
	png_set_compression_level(png, 1);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
	for (i = 0; meta != NULL && i < meta->n && nt < 16; i++) {
		/* PNG keywords are 1-79 Latin-1 characters. */
		if (strncmp(meta->v[i].key, "sdk-", 4) != 0 ||
		    strlen(meta->v[i].key) > 79)
			continue;
		memset(&text[nt], 0, sizeof(text[nt]));
		text[nt].compression = PNG_TEXT_COMPRESSION_NONE;
		text[nt].key = meta->v[i].key;
		/* Escaped as on a stream: no control byte (libpng copies). */
		text[nt].text = meta_encode(meta->v[i].value);
		nt++;
	}
	if (nt > 0)
		png_set_text(png, info, text, nt);
	for (i = 0; (int)i < nt; i++)
		free(text[i].text);
	png_write_info(png, info);
	for (y = 0; y < h; y++)
		png_write_row(png, picture_row(pic, y, row));
	png_write_end(png, info);
}

/* Apart from write_body(), so that setjmp() clobbers no local. */
static int
write_png(png_structp png, png_infop info, FILE *fp,
    const struct picture *pic, unsigned char *row, const struct meta *meta)
{
	if (setjmp(png_jmpbuf(png)))
		return -1;
	write_body(png, info, fp, pic, row, meta);
	return 0;
}

int
pngout_write(FILE *fp, const struct picture *pic, const struct meta *meta,
    char *err, size_t errlen)
{
	unsigned char *row;
	struct pngerr e = { err, errlen };
	png_structp png;
	png_infop info;
	int rc;

	snprintf(err, errlen, "png: out of memory");
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &e, on_error,
	    on_warning);
	if (png == NULL)
		return -1;
	if ((info = png_create_info_struct(png)) == NULL) {
		png_destroy_write_struct(&png, NULL);
		return -1;
	}
	row = sdk_xmalloc((size_t)picture_width(pic) * 3);
	rc = write_png(png, info, fp, pic, row, meta);
	png_destroy_write_struct(&png, &info);
	free(row);
	return rc;
}

const char *
pngout_version(void)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "libpng %s", png_get_libpng_ver(NULL));
	return buf;
}
