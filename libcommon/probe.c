/*
 * probe.c: the format and declared size of an image file from its first
 * bytes (probe.h).
 *
 * Each format's header is walked here, by hand and bounds-checked, rather
 * than asked of its library: Leptonica's own header readers decode a GIF
 * or a BMP whole to learn its size, and giflib keeps every frame of an
 * animation.  So the GIF walk checks every frame and has Leptonica given
 * the first one only; the BMP walk has it given the rows without what
 * follows them (ImageMagick leaves a colour profile there, which Leptonica
 * takes for an inconsistent file).  JPEG and PNG are decoded by libjpeg and
 * libpng, which check again once they have read the header themselves.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pnm.h"
#include "probe.h"
#include "probe-walk.h"

/* ----------------------------------------------------------------- JPEG */

static int
sof_marker(int m)
{
	return m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc;
}

/* Markers up to the frame header (SOFn), which has the size. */
static int
probe_jpeg(struct walk *w)
{
	size_t i = 2, seglen;
	int m;

	for (;;) {
		if (i + 4 > w->len)
			return short_of(w);
		if (w->d[i] != 0xff)
			return bad(w, "bad JPEG: no marker where one is due");
		while (i + 4 <= w->len && w->d[i + 1] == 0xff)
			i++;	/* fill bytes */
		if (i + 4 > w->len)
			return short_of(w);
		m = w->d[i + 1];
		if (m == 0x01 || (m >= 0xd0 && m <= 0xd7)) {
			i += 2;		/* no length */
			continue;
		}
		if (m == 0x00 || m == 0xd8 || m == 0xd9 || m == 0xda)
			return bad(w, "bad JPEG: no frame header");
		seglen = be16(w->d + i + 2);
		if (seglen < 2)
			return bad(w, "bad JPEG: bad marker length");
		if (sof_marker(m)) {
			if (i + 9 > w->len)
				return short_of(w);
			return size_ok(w, (long)be16(w->d + i + 7),
			    (long)be16(w->d + i + 5));
		}
		i += 2 + seglen;
	}
}

/* ------------------------------------------------------------------ PNG */

static int
probe_png(struct walk *w)
{
	if (w->len < 24)
		return short_of(w);
	if (be32(w->d + 8) != 13 || memcmp(w->d + 12, "IHDR", 4) != 0)
		return bad(w, "bad PNG: no IHDR chunk first");
	if (be32(w->d + 16) > 0x7fffffffUL || be32(w->d + 20) > 0x7fffffffUL)
		return bad(w, "bad PNG: bad size in IHDR");
	return size_ok(w, (long)be32(w->d + 16), (long)be32(w->d + 20));
}

/* ------------------------------------------------------------------ GIF */

/* Skip data sub-blocks from *i to past their terminator; 0 if cut off. */
static int
gif_sub_blocks(struct walk *w, size_t *i)
{
	for (;;) {
		if (*i >= w->len)
			return 0;
		if (w->d[*i] == 0) {
			(*i)++;
			return 1;
		}
		*i += 1 + (size_t)w->d[*i];
	}
}

/*
 * One frame's descriptor at *i: its size must be within the limits, and
 * all frames' together (giflib keeps them all, though only the first is
 * decoded).  Moves *i past the frame; returns PROBE_MORE if cut off.
 */
static int
gif_frame(struct walk *w, size_t *i, long *total)
{
	long fw, fh;

	if (*i + 10 > w->len)
		return PROBE_MORE;
	fw = (long)le16(w->d + *i + 5);
	fh = (long)le16(w->d + *i + 7);
	if (pnm_check_size(fw, fh, w->err, w->errlen) < 0)
		return PROBE_BAD;
	if (fw * fh > pnm_max_pixels() - *total)
		return bad(w, "image too large (its frames together are over "
		    "the pixel limit)");
	*total += fw * fh;
	if (w->d[*i + 9] & 0x80)
		*i += 3 * ((size_t)2 << (w->d[*i + 9] & 7));
	*i += 11;		/* descriptor and LZW code size */
	return gif_sub_blocks(w, i) ? PROBE_OK : PROBE_MORE;
}

/* The logical screen, then every block to the trailer. */
static int
probe_gif(struct walk *w)
{
	size_t i = 13, first_end = 0;
	long total = 0;
	int rc = PROBE_OK;

	if (w->len < 13)
		return short_of(w);
	if ((rc = size_ok(w, (long)le16(w->d + 6), (long)le16(w->d + 8))) !=
	    PROBE_OK)
		return rc;
	if (w->d[10] & 0x80)
		i += 3 * ((size_t)2 << (w->d[10] & 7));
	while (rc == PROBE_OK && i < w->len && (w->d[i] == 0x21 ||
	    w->d[i] == 0x2c)) {
		if (w->d[i] == 0x21) {		/* extension: label, blocks */
			i += 2;
			rc = gif_sub_blocks(w, &i) ? PROBE_OK : PROBE_MORE;
		} else if ((rc = gif_frame(w, &i, &total)) == PROBE_OK &&
		    first_end == 0)
			first_end = i;
	}
	if (rc == PROBE_BAD)
		return rc;
	/*
	 * The trailer, garbage after a frame (never decoded) or the end: the
	 * first frame is all that is needed.
	 */
	if (first_end == 0 && (rc == PROBE_MORE || i >= w->len))
		return short_of(w);
	if (first_end == 0)
		return bad(w, "bad GIF: no image before its end");
	if (!w->complete && (rc == PROBE_MORE || i >= w->len))
		return PROBE_MORE;
	w->p->datalen = first_end;
	return PROBE_OK;
}

/* ------------------------------------------------------------------ BMP */

/*
 * Leptonica reads uncompressed BMP with the 40-byte (or V4, V5) header,
 * at 1, 2, 4, 8, 16, 24 or 32 bits a pixel.
 */
static int
probe_bmp(struct walk *w)
{
	unsigned long off, hsize, bpp, comp, rowbytes;
	long bw, bh;
	int rc;

	if (w->len < 34)
		return short_of(w);
	off = le32(w->d + 10);
	hsize = le32(w->d + 14);
	if (hsize != 40 && hsize != 108 && hsize != 124)
		return bad(w, "unsupported BMP header (only the Windows "
		    "BITMAPINFOHEADER and its V4 and V5)");
	bw = (long)(int32_t)le32(w->d + 18);
	bh = (long)(int32_t)le32(w->d + 22);
	bpp = le16(w->d + 28);
	comp = le32(w->d + 30);
	if ((rc = size_ok(w, bw, bh < 0 ? -bh : bh)) != PROBE_OK)
		return rc;
	if (comp != 0)
		return bad(w, "unsupported BMP (compressed, or bit fields)");
	if (bpp != 1 && bpp != 2 && bpp != 4 && bpp != 8 && bpp != 16 &&
	    bpp != 24 && bpp != 32)
		return bad(w, "bad BMP: bad bits per pixel");
	if (off < 14 + hsize || off > 14 + hsize + 4 * 256)
		return bad(w, "bad BMP: bad offset to the pixels");
	rowbytes = ((unsigned long)w->p->width * bpp + 31) / 32 * 4;
	w->p->datalen = off + rowbytes * (unsigned long)w->p->height;
	if (w->len < w->p->datalen)
		return short_of(w);
	return PROBE_OK;
}

/* ----------------------------------------------------------------- TIFF */

/* The first directory's ImageWidth (256) and ImageLength (257). */
static int
probe_tiff(struct walk *w)
{
	unsigned long (*u16)(const unsigned char *), (*u32)(const unsigned
	    char *);
	unsigned long ifd, n, k, tag, type, v;
	long tw = 0, th = 0;
	const unsigned char *e;

	if (w->len < 8)
		return short_of(w);
	u16 = w->d[0] == 'I' ? le16 : be16;
	u32 = w->d[0] == 'I' ? le32 : be32;
	ifd = u32(w->d + 4);
	if (ifd < 8)
		return bad(w, "bad TIFF: bad directory offset");
	if (ifd + 2 > w->len)
		return short_of(w);
	n = u16(w->d + ifd);
	if (ifd + 2 + 12 * n > w->len)
		return short_of(w);
	for (k = 0; k < n; k++) {
		e = w->d + ifd + 2 + 12 * k;
		tag = u16(e);
		type = u16(e + 2);
		if (tag != 256 && tag != 257)
			continue;
		if (type == 3)		/* SHORT, first in the value field */
			v = u16(e + 8);
		else if (type == 4)	/* LONG */
			v = u32(e + 8);
		else
			return bad(w, "bad TIFF: bad image size field");
		if (v > 0x7fffffffUL)
			v = 0x7fffffffUL;
		*(tag == 256 ? &tw : &th) = (long)v;
	}
	return size_ok(w, tw, th);
}

/* ----------------------------------------------------------------- WebP */

static int
probe_webp(struct walk *w)
{
	const unsigned char *c = w->d + 12;

	if (w->len < 32)
		return short_of(w);
	if (memcmp(c, "VP8 ", 4) == 0) {
		if (c[11] != 0x9d || c[12] != 0x01 || c[13] != 0x2a)
			return bad(w, "bad WebP: no VP8 start code");
		return size_ok(w, (long)(le16(c + 14) & 0x3fff),
		    (long)(le16(c + 16) & 0x3fff));
	}
	if (memcmp(c, "VP8L", 4) == 0) {
		if (c[8] != 0x2f)
			return bad(w, "bad WebP: no VP8L signature");
		return size_ok(w, (long)(le32(c + 9) & 0x3fff) + 1,
		    (long)(le32(c + 9) >> 14 & 0x3fff) + 1);
	}
	if (memcmp(c, "VP8X", 4) == 0)
		return size_ok(w, (long)(le32(c + 12) & 0xffffff) + 1,
		    (long)(le32(c + 15) & 0xffffff) + 1);
	return bad(w, "bad WebP: unknown first chunk");
}

/* ------------------------------------------------------- JPEG 2000 */

/*
 * A codestream's SIZ segment: the size, and the number of components,
 * which OpenJPEG allocates each of at 32 bits a sample (Leptonica takes
 * at most four).
 */
/*
 * No more tiles than this in a JPEG 2000 image: openjpeg sets up every
 * tile before it decodes (about 10 KB each: 65,535 tiles of one pixel,
 * a 217-byte file, took 640 MB).  A 100 MP image in tiles of 160 x 160
 * is 3,900.
 */
#define J2K_MAX_TILES	4096

/*
 * The tile-parts of a codestream from its first SOT at i, each Psot bytes
 * long (0: the last, to the end): every tile must have one, or openjpeg
 * leaves the missing ones blank and says nothing.
 */
static int
j2k_tiles(struct walk *w, size_t i, unsigned long ntiles)
{
	unsigned char seen[J2K_MAX_TILES / 8];
	unsigned long t, psot, have = 0;
	char msg[96];

	memset(seen, 0, sizeof(seen));
	while (i + 12 <= w->len && be16(w->d + i) == 0xff90) {
		t = be16(w->d + i + 4);
		psot = be32(w->d + i + 6);
		if (t >= ntiles || (psot != 0 && psot < 14))
			return bad(w, "bad JPEG 2000: bad tile-part header");
		if (!(seen[t / 8] & 1 << (t % 8)))
			have++;
		seen[t / 8] |= (unsigned char)(1 << (t % 8));
		if (psot == 0 || psot > w->len - i)
			break;
		i += psot;
	}
	if (have == ntiles)
		return PROBE_OK;
	for (t = 0; t < ntiles && seen[t / 8] & 1 << (t % 8); t++)
		;
	snprintf(msg, sizeof(msg), "truncated JPEG 2000 data (tile %lu of "
	    "%lu missing)", t + 1, ntiles);
	return bad(w, msg);
}

/*
 * A codestream from its SIZ segment: the size, the tiles (at most
 * J2K_MAX_TILES, and every one of them there when the file is complete).
 */
static int
probe_j2k(struct walk *w, size_t i)
{
	unsigned long x, y, x0, y0, tw, th, tx0, ty0, nx, ny;
	char msg[96];
	int rc;

	if (i + 42 > w->len)
		return short_of(w);
	if (be16(w->d + i) != 0xff4f || be16(w->d + i + 2) != 0xff51)
		return bad(w, "bad JPEG 2000: no SIZ segment");
	x = be32(w->d + i + 8);
	y = be32(w->d + i + 12);
	x0 = be32(w->d + i + 16);
	y0 = be32(w->d + i + 20);
	tw = be32(w->d + i + 24);
	th = be32(w->d + i + 28);
	tx0 = be32(w->d + i + 32);
	ty0 = be32(w->d + i + 36);
	if (be16(w->d + i + 40) < 1 || be16(w->d + i + 40) > 4)
		return bad(w, "unsupported JPEG 2000 (more than 4 "
		    "components)");
	if (x0 >= x || y0 >= y)
		return size_ok(w, 0, 0);
	if ((rc = size_ok(w, x - x0 > 0x7fffffffUL ? 0x7fffffffL :
	    (long)(x - x0), y - y0 > 0x7fffffffUL ? 0x7fffffffL :
	    (long)(y - y0))) != PROBE_OK)
		return rc;
	if (tw == 0 || th == 0 || tx0 > x0 || ty0 > y0 || tx0 + tw <= x0 ||
	    ty0 + th <= y0)
		return bad(w, "bad JPEG 2000: bad tiles");
	nx = (x - tx0 + tw - 1) / tw;
	ny = (y - ty0 + th - 1) / th;
	if (nx > J2K_MAX_TILES || ny > J2K_MAX_TILES ||
	    nx * ny > J2K_MAX_TILES) {
		snprintf(msg, sizeof(msg), "image too large (%lu tiles; limit "
		    "%d)", nx > J2K_MAX_TILES || ny > J2K_MAX_TILES ?
		    J2K_MAX_TILES + 1UL : nx * ny, J2K_MAX_TILES);
		return bad(w, msg);
	}
	if (!w->complete)
		return PROBE_OK;
	/* The main header's marker segments, to the first tile-part. */
	for (i += 4 + be16(w->d + i + 4); i + 4 <= w->len &&
	    be16(w->d + i) != 0xff90; i += 2 + be16(w->d + i + 2))
		if (w->d[i] != 0xff || be16(w->d + i + 2) < 2)
			return bad(w, "bad JPEG 2000: bad main header");
	return j2k_tiles(w, i, nx * ny);
}

/* The boxes of a JP2 file, to its codestream (jp2c). */
static int
probe_jp2(struct walk *w)
{
	size_t i = 0;
	unsigned long blen;
	uint64_t big;

	if (w->d[0] == 0xff)
		return probe_j2k(w, 0);
	for (;;) {
		if (i + 8 > w->len)
			return short_of(w);
		blen = be32(w->d + i);
		if (memcmp(w->d + i + 4, "jp2c", 4) == 0)
			return probe_j2k(w, i + (blen == 1 ? 16 : 8));
		if (blen == 1) {
			if (i + 16 > w->len)
				return short_of(w);
			big = (uint64_t)be32(w->d + i + 8) << 32 |
			    be32(w->d + i + 12);
			if (big < 16 || big > w->len - i)
				return big < 16 ? bad(w, "bad JPEG 2000 box") :
				    short_of(w);
			i += (size_t)big;
		} else if (blen < 8) {
			return bad(w, "bad JPEG 2000: no codestream");
		} else {
			i += blen;
		}
	}
}

/* -------------------------------------------------------------- all */

const char *
probe_format_name(enum probe_format f)
{
	static const char *const names[] = { "image", "JPEG", "PNG", "PNM",
	    "GIF", "BMP", "TIFF", "WebP", "JPEG 2000", "SPIX", "HEIF" };

	return names[f];
}

/* The format from the magic number; PROBE_UNKNOWN if none fits. */
static enum probe_format
magic(const unsigned char *d, size_t len)
{
	if (len >= 3 && d[0] == 0xff && d[1] == 0xd8 && d[2] == 0xff)
		return PROBE_JPEG;
	if (len >= 8 && memcmp(d, "\x89PNG\r\n\x1a\n", 8) == 0)
		return PROBE_PNG;
	if (len >= 2 && d[0] == 'P' && d[1] >= '1' && d[1] <= '7')
		return PROBE_PNM;
	if (len >= 6 && (memcmp(d, "GIF87a", 6) == 0 ||
	    memcmp(d, "GIF89a", 6) == 0))
		return PROBE_GIF;
	if (len >= 2 && d[0] == 'B' && d[1] == 'M')
		return PROBE_BMP;
	if (len >= 4 && (memcmp(d, "II*\0", 4) == 0 ||
	    memcmp(d, "MM\0*", 4) == 0))
		return PROBE_TIFF;
	if (len >= 12 && memcmp(d, "RIFF", 4) == 0 &&
	    memcmp(d + 8, "WEBP", 4) == 0)
		return PROBE_WEBP;
	if ((len >= 12 && memcmp(d, "\0\0\0\x0cjP  \r\n\x87\n", 12) == 0) ||
	    (len >= 4 && memcmp(d, "\xff\x4f\xff\x51", 4) == 0))
		return PROBE_JP2;
	if (len >= 4 && memcmp(d, "spix", 4) == 0)
		return PROBE_SPIX;
	if (heif_brand(d, len))
		return PROBE_HEIF;
	return PROBE_UNKNOWN;
}

int
probe_image(const unsigned char *data, size_t len, int complete,
    struct probe *p, char *err, size_t errlen)
{
	struct walk w = { data, len, complete, p, err, errlen };

	memset(p, 0, sizeof(*p));
	if (len == 0) {
		snprintf(err, errlen, "empty input");
		return complete ? PROBE_BAD : PROBE_MORE;
	}
	/* Twelve bytes tell every format (a PNM stream's first two). */
	if ((p->format = magic(data, len)) == PROBE_UNKNOWN) {
		if (len < 12 && !complete)
			return PROBE_MORE;
		return bad(&w, "not an image (unknown format)");
	}
	switch (p->format) {
	case PROBE_JPEG:
		return probe_jpeg(&w);
	case PROBE_PNG:
		return probe_png(&w);
	case PROBE_GIF:
		return probe_gif(&w);
	case PROBE_BMP:
		return probe_bmp(&w);
	case PROBE_TIFF:
		return probe_tiff(&w);
	case PROBE_WEBP:
		return probe_webp(&w);
	case PROBE_JP2:
		return probe_jp2(&w);
	case PROBE_HEIF:
		return probe_heif(&w);
	case PROBE_SPIX:
		if (len < 12)
			return short_of(&w);
		return size_ok(&w, (long)(le32(data + 4) & 0x7fffffff),
		    (long)(le32(data + 8) & 0x7fffffff));
	default:
		/* PNM: its reader checks the size before the raster. */
		return PROBE_OK;
	}
}
