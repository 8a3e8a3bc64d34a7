/*
 * font.h: the glyph outlines sdk-render draws its digits and banners with,
 * and the font file they come from (doc/font.md): data/dejavu-sans.sdkf,
 * DejaVu Sans and DejaVu Sans Bold written by lab/font/fontgen.c, built
 * into the program (builtin.S); SDK_RENDER_FONT names a file to read
 * instead (sdk-render(1)).  The file's text keeps DejaVu's licence.
 */
#ifndef SDK_RENDER_FONT_H
#define SDK_RENDER_FONT_H

#include <stddef.h>

/* The file's layout (doc/font.md), shared with its writer, fontgen. */
#define FONT_MAGIC	"SDKF"
#define FONT_VERSION	1
#define FONT_HEADER	24	/* magic, version, faces, text, length, CRC */
#define FONT_FACE	28	/* a face's entry: 7 numbers */
#define FONT_GLYPH	32	/* op, nop, pt, adv, x0, y0, x1, y1 */
#define FONT_FACES	2	/* regular, bold: what sdk-render draws with */
#define FONT_MAX_TEXT	16384	/* bytes of the text: what, and the licence */
#define FONT_MAX_GLYPHS	65536	/* characters of a face */
#define FONT_MIN_EM	16	/* units to the em, as TrueType allows them */
#define FONT_MAX_EM	16384

struct glyph {
	unsigned int	 op;	/* first op in font->ops */
	unsigned int	 nop;	/* number of ops */
	unsigned int	 pt;	/* first coordinate in font->pts */
	short		 adv;	/* advance width */
	short		 x0, y0, x1, y1;	/* control box */
};

/*
 * Ops: 'M' move (x y), 'L' line (x y), 'Q' quadratic (cx cy x y), 'C'
 * cubic (c1x c1y c2x c2y x y); coordinates in font units, y up.
 */
struct font {
	const char	*ops;
	const short	*pts;
	const struct glyph *glyphs;
	int		 em;
	int		 ascender;
	int		 descender;
	int		 first;
	int		 last;
};

/* The two faces, DejaVu Sans and DejaVu Sans Bold, once font_load() ran. */
extern struct font font_sans;
extern struct font font_sans_bold;

/*
 * Check the font file in buf[len] and take its two faces into f[0]
 * (regular) and f[1] (bold), their tables malloc'd in host order: 0.
 * Otherwise -1, with why in err (too short, not a font file, of another
 * format version, truncated, damaged, or an outline that would read past
 * its tables), and nothing taken.
 */
int	 font_parse(const unsigned char *buf, size_t len,
	    struct font f[FONT_FACES], char *err, size_t errsz);

/*
 * Read font_sans and font_sans_bold from the file SDK_RENDER_FONT names
 * or else from the built-in copy.  A file that cannot be read or is
 * refused ends the program (exit 2) with a message naming it: main()
 * calls this before any output.
 */
void	 font_load(void);

#endif
