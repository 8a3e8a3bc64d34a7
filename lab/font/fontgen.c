/*
 * fontgen: the glyph outlines of two TrueType fonts as sdk-render's font
 * file (doc/font.md).  Run by "make render-font", never by the normal
 * build: the file it writes (data/dejavu-sans.sdkf) is committed and
 * built into sdk-render (tools/sdk-render/builtin.S), so sdk-render itself
 * needs neither FreeType nor the font files.
 *
 * usage: fontgen NOTICE.txt REGULAR.ttf BOLD.ttf > FONT.sdkf
 *
 * The outlines are kept as they are in the font (TrueType quadratic
 * Bezier splines, in font units, y up, unhinted), for printable ASCII.
 * The file's text is a line naming the faces, then NOTICE.txt: the
 * fonts' licence, which asks for its notice to be kept with them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include "crc32.h"
#include "font.h"

#define FIRST	0x20
#define LAST	0x7e

/* A growing run of bytes, the file's numbers little-endian in it. */
struct buf {
	unsigned char	*p;
	size_t		 len, cap;
};

static void
put(struct buf *b, const void *p, size_t n)
{
	if (b->len + n > b->cap) {
		while (b->len + n > b->cap)
			b->cap = b->cap ? b->cap * 2 : 4096;
		if ((b->p = realloc(b->p, b->cap)) == NULL) {
			fprintf(stderr, "fontgen: out of memory\n");
			exit(1);
		}
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void
put16(struct buf *b, long v)
{
	unsigned char c[2] = { (unsigned char)v, (unsigned char)(v >> 8) };

	put(b, c, 2);
}

static void
put32(struct buf *b, long v)
{
	unsigned char c[4] = { (unsigned char)v, (unsigned char)(v >> 8),
	    (unsigned char)(v >> 16), (unsigned char)(v >> 24) };

	put(b, c, 4);
}

/* Zero bytes up to a multiple of 4. */
static void
pad4(struct buf *b)
{
	static const unsigned char zero[4];

	put(b, zero, (4 - b->len % 4) % 4);
}

/* One face as the file keeps it: its entry's numbers and its tables. */
struct face {
	long		 em, asc, desc;
	size_t		 nops, npts;
	struct buf	 glyphs, ops, pts;
	char		 name[128];
};

static struct face *cur;	/* the face the outline callbacks add to */

static void
pt_add(long x, long y)
{
	put16(&cur->pts, x);
	put16(&cur->pts, y);
	cur->npts += 2;
}

static void
op_add(char op)
{
	put(&cur->ops, &op, 1);
	cur->nops++;
}

static int
move_to(const FT_Vector *to, void *u)
{
	(void)u;
	op_add('M');
	pt_add(to->x, to->y);
	return 0;
}

static int
line_to(const FT_Vector *to, void *u)
{
	(void)u;
	op_add('L');
	pt_add(to->x, to->y);
	return 0;
}

static int
conic_to(const FT_Vector *c, const FT_Vector *to, void *u)
{
	(void)u;
	op_add('Q');
	pt_add(c->x, c->y);
	pt_add(to->x, to->y);
	return 0;
}

static int
cubic_to(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to,
    void *u)
{
	(void)u;
	op_add('C');
	pt_add(c1->x, c1->y);
	pt_add(c2->x, c2->y);
	pt_add(to->x, to->y);
	return 0;
}

static const FT_Outline_Funcs funcs = {
	move_to, line_to, conic_to, cubic_to, 0, 0
};

/* The printable ASCII glyphs of the font file at path into f. */
static void
read_face(FT_Library lib, const char *path, struct face *f)
{
	FT_Face face;
	FT_BBox bb;
	FT_UInt gi;
	size_t	 op, pt;
	int	 ch;

	if (FT_New_Face(lib, path, 0, &face) != 0) {
		fprintf(stderr, "fontgen: %s: cannot open\n", path);
		exit(1);
	}
	cur = f;
	for (ch = FIRST; ch <= LAST; ch++) {
		gi = FT_Get_Char_Index(face, (FT_ULong)ch);
		if (FT_Load_Glyph(face, gi, FT_LOAD_NO_SCALE |
		    FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) != 0) {
			fprintf(stderr, "fontgen: %s: glyph %d\n", path,
			    ch - FIRST);
			exit(1);
		}
		op = f->nops;
		pt = f->npts;
		FT_Outline_Decompose(&face->glyph->outline, &funcs, NULL);
		FT_Outline_Get_CBox(&face->glyph->outline, &bb);
		put32(&f->glyphs, (long)op);
		put32(&f->glyphs, (long)(f->nops - op));
		put32(&f->glyphs, (long)pt);
		put32(&f->glyphs, face->glyph->metrics.horiAdvance);
		put32(&f->glyphs, bb.xMin);
		put32(&f->glyphs, bb.yMin);
		put32(&f->glyphs, bb.xMax);
		put32(&f->glyphs, bb.yMax);
	}
	f->em = face->units_per_EM;
	f->asc = face->ascender;
	f->desc = face->descender;
	snprintf(f->name, sizeof(f->name), "%s %s", face->family_name,
	    face->style_name);
	FT_Done_Face(face);
}

/*
 * The whole file but its header: the text, the faces' entries and their
 * tables.  Returns the text's length.
 */
static size_t
payload(struct buf *b, const char *notice, struct face *f)
{
	char	 line[512];
	size_t	 text;
	int	 i;

	snprintf(line, sizeof(line), "sdk-render's font (doc/font.md), "
	    "written by lab/font/fontgen.c: 1 %s, 2 %s, U+%04X to "
	    "U+%04X.\n\n", f[0].name, f[1].name, FIRST, LAST);
	put(b, line, strlen(line));
	put(b, notice, strlen(notice));
	text = b->len;
	pad4(b);
	for (i = 0; i < FONT_FACES; i++) {
		put32(b, f[i].em);
		put32(b, f[i].asc);
		put32(b, f[i].desc);
		put32(b, FIRST);
		put32(b, LAST);
		put32(b, (long)f[i].nops);
		put32(b, (long)f[i].npts);
	}
	for (i = 0; i < FONT_FACES; i++) {
		put(b, f[i].glyphs.p, f[i].glyphs.len);
		put(b, f[i].ops.p, f[i].ops.len);
		pad4(b);
		put(b, f[i].pts.p, f[i].pts.len);
		pad4(b);
	}
	return text;
}

/* The notice file, whole, as a string. */
static char *
read_notice(const char *path)
{
	struct buf b = { 0 };
	char	 chunk[4096];
	size_t	 n;
	FILE	*fp;

	if ((fp = fopen(path, "r")) == NULL) {
		perror(path);
		exit(1);
	}
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		put(&b, chunk, n);
	put(&b, "", 1);
	if (ferror(fp) || strlen((char *)b.p) != b.len - 1) {
		fprintf(stderr, "fontgen: %s: unreadable or not text\n", path);
		exit(1);
	}
	fclose(fp);
	return (char *)b.p;
}

/* The header and then the payload b, to standard output: 0 or 1. */
static int
write_file(const struct buf *b, size_t text)
{
	struct buf head = { 0 };
	int	 ok;

	put(&head, FONT_MAGIC, 4);
	put32(&head, FONT_VERSION);
	put32(&head, FONT_FACES);
	put32(&head, (long)text);
	put32(&head, (long)b->len);
	put32(&head, (long)crc32_sum(b->p, b->len));
	ok = fwrite(head.p, 1, head.len, stdout) == head.len &&
	    fwrite(b->p, 1, b->len, stdout) == b->len;
	free(head.p);
	return !ok || ferror(stdout) || fclose(stdout) != 0;
}

int
main(int argc, char *argv[])
{
	static struct face f[FONT_FACES];
	struct buf b = { 0 };
	FT_Library lib;
	char	*notice;
	size_t	 text;
	int	 i, rc;

	if (argc != 4) {
		fprintf(stderr, "usage: fontgen NOTICE.txt REGULAR.ttf "
		    "BOLD.ttf\n");
		return 2;
	}
	if (FT_Init_FreeType(&lib) != 0)
		return 1;
	read_face(lib, argv[2], &f[0]);
	read_face(lib, argv[3], &f[1]);
	FT_Done_FreeType(lib);
	notice = read_notice(argv[1]);
	if ((text = payload(&b, notice, f)) > FONT_MAX_TEXT) {
		fprintf(stderr, "fontgen: %s: the file's text would be %zu "
		    "bytes, over %d\n", argv[1], text, FONT_MAX_TEXT);
		return 1;
	}
	rc = write_file(&b, text);
	for (i = 0; i < FONT_FACES; i++) {
		free(f[i].glyphs.p);
		free(f[i].ops.p);
		free(f[i].pts.p);
	}
	free(notice);
	free(b.p);
	return rc;
}
