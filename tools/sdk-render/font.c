/*
 * font.c: the font file read and checked (font.h, doc/font.md).  Every
 * number is read a byte at a time, little-endian whatever the host, so
 * the bytes may sit anywhere (the .incbin'd copy, a read file).  The
 * whole file is checked before anything is taken: the outlines of a file
 * that passes cannot send path_glyph() past its tables.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"
#include "font.h"
#include "sdk.h"
#include "util.h"

#define FONT_MAX_BYTES	((size_t)16 << 20)

struct font font_sans, font_sans_bold;

/* builtin.S: data/dejavu-sans.sdkf as built in. */
extern const unsigned char sdk_render_font_sdkf[];
extern const uint32_t sdk_render_font_sdkf_size;

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

/* A signed 32-bit field, two's complement. */
static long
sget32(const unsigned char *p)
{
	uint32_t u = get32(p);

	return u & 0x80000000u ? -(long)(~u) - 1 : (long)u;
}

static short
sget16(const unsigned char *p)
{
	unsigned int u = (unsigned int)p[0] | (unsigned int)p[1] << 8;

	return (short)(u & 0x8000 ? (int)u - 0x10000 : (int)u);
}

static uint64_t
pad4(uint64_t n)
{
	return (n + 3) & ~(uint64_t)3;
}

/* A face's entry, and where its tables start in the file. */
struct face {
	long	 em, asc, desc, first, last;
	uint32_t nops, npts;
	uint64_t glyphs, ops, pts;
};

/* The header and what it says of the whole; -1 with err. */
static int
check_header(const unsigned char *buf, size_t len, char *err, size_t errsz)
{
	uint32_t v;

	if (len < FONT_HEADER) {
		snprintf(err, errsz, "%zu bytes: too short for a font file",
		    len);
		return -1;
	}
	if (memcmp(buf, FONT_MAGIC, 4) != 0) {
		snprintf(err, errsz, "not a font file (no %s magic)",
		    FONT_MAGIC);
		return -1;
	}
	if ((v = get32(buf + 4)) != FONT_VERSION) {
		snprintf(err, errsz, "font format version %lu, not %d",
		    (unsigned long)v, FONT_VERSION);
		return -1;
	}
	if ((v = get32(buf + 16)) != len - FONT_HEADER) {
		snprintf(err, errsz, "%zu bytes where the header says %llu: "
		    "truncated or damaged", len, (unsigned long long)v +
		    FONT_HEADER);
		return -1;
	}
	if ((v = crc32_sum(buf + FONT_HEADER, len - FONT_HEADER)) !=
	    get32(buf + 20)) {
		snprintf(err, errsz, "CRC-32 %08lx where the header says "
		    "%08lx: damaged", (unsigned long)v,
		    (unsigned long)get32(buf + 20));
		return -1;
	}
	if ((v = get32(buf + 8)) != FONT_FACES) {
		snprintf(err, errsz, "faces: %lu, not the %d this program "
		    "draws with", (unsigned long)v, FONT_FACES);
		return -1;
	}
	if ((v = get32(buf + 12)) > FONT_MAX_TEXT) {
		snprintf(err, errsz, "a text of %lu bytes (at most %d)",
		    (unsigned long)v, FONT_MAX_TEXT);
		return -1;
	}
	return 0;
}

/*
 * The faces' entries, and where their tables are: their sizes must add
 * up to the file's length.  -1 with err.
 */
static int
check_faces(const unsigned char *buf, size_t len, struct face *fc,
    char *err, size_t errsz)
{
	const unsigned char *e;
	uint64_t off;
	int	 i;

	off = FONT_HEADER + pad4(get32(buf + 12));
	if (len < off + FONT_FACE * FONT_FACES) {
		snprintf(err, errsz, "too short for its table of faces");
		return -1;
	}
	e = buf + off;
	off += FONT_FACE * FONT_FACES;
	for (i = 0; i < FONT_FACES; i++, e += FONT_FACE) {
		fc[i].em = (long)get32(e);
		fc[i].asc = sget32(e + 4);
		fc[i].desc = sget32(e + 8);
		fc[i].first = (long)get32(e + 12);
		fc[i].last = (long)get32(e + 16);
		fc[i].nops = get32(e + 20);
		fc[i].npts = get32(e + 24);
		if (fc[i].em < FONT_MIN_EM || fc[i].em > FONT_MAX_EM) {
			snprintf(err, errsz, "face %d: %ld units to the em, "
			    "not %d to %d", i + 1, fc[i].em, FONT_MIN_EM,
			    FONT_MAX_EM);
			return -1;
		}
		if (fc[i].first > fc[i].last || fc[i].last > 0x10ffff ||
		    fc[i].last - fc[i].first >= FONT_MAX_GLYPHS) {
			snprintf(err, errsz, "face %d: characters %ld to %ld, "
			    "not 1 to %d of Unicode's", i + 1, fc[i].first,
			    fc[i].last, FONT_MAX_GLYPHS);
			return -1;
		}
		fc[i].glyphs = off;
		off += (uint64_t)FONT_GLYPH * (uint64_t)(fc[i].last -
		    fc[i].first + 1);
		fc[i].ops = off;
		off += pad4(fc[i].nops);
		fc[i].pts = off;
		off += pad4(2 * (uint64_t)fc[i].npts);
	}
	if (off != len) {
		snprintf(err, errsz, "its sizes do not add up to its length");
		return -1;
	}
	return 0;
}

/* Coordinates an op takes, or -1 for a byte that is no op. */
static int
op_coords(unsigned char op)
{
	switch (op) {
	case 'M':
	case 'L':
		return 2;
	case 'Q':
		return 4;
	case 'C':
		return 6;
	default:
		return -1;
	}
}

/*
 * Face i's glyphs: their ops within its ops, their coordinates within
 * its coordinates, their metrics 16-bit.  -1 with err.
 */
static int
check_glyphs(const unsigned char *buf, const struct face *fc, int i,
    char *err, size_t errsz)
{
	const unsigned char *g = buf + fc->glyphs, *ops = buf + fc->ops;
	uint64_t op, nop, need, k;
	long	 ch, v;
	int	 n, j;

	for (ch = fc->first; ch <= fc->last; ch++, g += FONT_GLYPH) {
		op = get32(g);
		nop = get32(g + 4);
		if (op + nop > fc->nops) {
			snprintf(err, errsz, "face %d, U+%04lX: ops %llu to "
			    "%llu of %lu", i + 1, ch, (unsigned long long)op,
			    (unsigned long long)(op + nop),
			    (unsigned long)fc->nops);
			return -1;
		}
		for (need = 0, k = op; k < op + nop; k++) {
			if ((n = op_coords(ops[k])) < 0) {
				snprintf(err, errsz, "face %d, U+%04lX: op "
				    "0x%02x is none of M, L, Q, C", i + 1, ch,
				    ops[k]);
				return -1;
			}
			need += (uint64_t)n;
		}
		if (get32(g + 8) + need > fc->npts) {
			snprintf(err, errsz, "face %d, U+%04lX: coordinates "
			    "%lu to %llu of %lu", i + 1, ch,
			    (unsigned long)get32(g + 8),
			    (unsigned long long)(get32(g + 8) + need),
			    (unsigned long)fc->npts);
			return -1;
		}
		for (j = 12; j < FONT_GLYPH; j += 4)
			if ((v = sget32(g + j)) < -32768 || v > 32767) {
				snprintf(err, errsz, "face %d, U+%04lX: metric "
				    "%ld out of 16 bits", i + 1, ch, v);
				return -1;
			}
	}
	return 0;
}

/* Face fc's tables into f, in host order. */
static void
take(const unsigned char *buf, const struct face *fc, struct font *f)
{
	const unsigned char *p;
	struct glyph *g;
	short	*pts;
	char	*ops;
	size_t	 n = (size_t)(fc->last - fc->first + 1), i;

	g = sdk_xreallocarray(NULL, n, sizeof(*g));
	for (i = 0, p = buf + fc->glyphs; i < n; i++, p += FONT_GLYPH) {
		g[i].op = get32(p);
		g[i].nop = get32(p + 4);
		g[i].pt = get32(p + 8);
		g[i].adv = (short)sget32(p + 12);
		g[i].x0 = (short)sget32(p + 16);
		g[i].y0 = (short)sget32(p + 20);
		g[i].x1 = (short)sget32(p + 24);
		g[i].y1 = (short)sget32(p + 28);
	}
	ops = sdk_xmalloc((size_t)fc->nops + 1);
	memcpy(ops, buf + fc->ops, fc->nops);
	pts = sdk_xreallocarray(NULL, (size_t)fc->npts + 1, sizeof(*pts));
	for (i = 0, p = buf + fc->pts; i < fc->npts; i++, p += 2)
		pts[i] = sget16(p);
	*f = (struct font){ .ops = ops, .pts = pts, .glyphs = g,
	    .em = (int)fc->em, .ascender = (int)fc->asc,
	    .descender = (int)fc->desc, .first = (int)fc->first,
	    .last = (int)fc->last };
}

int
font_parse(const unsigned char *buf, size_t len, struct font f[FONT_FACES],
    char *err, size_t errsz)
{
	struct face fc[FONT_FACES];
	int	 i;

	if (check_header(buf, len, err, errsz) != 0 ||
	    check_faces(buf, len, fc, err, errsz) != 0)
		return -1;
	for (i = 0; i < FONT_FACES; i++)
		if (check_glyphs(buf, &fc[i], i, err, errsz) != 0)
			return -1;
	for (i = 0; i < FONT_FACES; i++)
		take(buf, &fc[i], &f[i]);
	return 0;
}

void
font_load(void)
{
	const char *path = getenv("SDK_RENDER_FONT");
	const char *name = "built-in data/dejavu-sans.sdkf";
	const unsigned char *p = sdk_render_font_sdkf;
	unsigned char *buf = NULL;
	size_t	 len = sdk_render_font_sdkf_size;
	struct font f[FONT_FACES];
	char	 err[256];
	FILE	*fp;

	if (path != NULL && *path != '\0') {
		if ((fp = fopen(path, "rb")) == NULL ||
		    sdk_read_all(fp, FONT_MAX_BYTES, &buf, &len) != 0)
			sdk_err(SDK_EXIT_ERROR, path, "font (SDK_RENDER_FONT)");
		fclose(fp);
		p = buf;
		name = path;
	}
	if (font_parse(p, len, f, err, sizeof(err)) != 0)
		sdk_errx(SDK_EXIT_ERROR, name, "font: %s", err);
	free(buf);
	font_sans = f[0];
	font_sans_bold = f[1];
}
