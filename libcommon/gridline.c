/*
 * gridline.c: one line of pasted grid text, character by character
 * (gridline.h).
 *
 * Each character of the line (a UTF-8 code point) is a cell, a blank, a
 * bar, a rule, a letter or something else.  Cells are 1-9, and for an
 * empty cell '.', '0', 'x', 'X', '*' or '_' (the characters Sudopedia's
 * clipboard formats list).  Bars are '|' and the vertical box-drawing
 * characters; rules are '-', '+', '=', dashes and the rest of the
 * box-drawing and block characters.  A line that starts with 81 cells
 * may go on after a blank, a tab, a ',' or a ';' with anything (Sudoku
 * Explainer's ratings, CSV columns); a '#' after a cell starts a comment
 * (HoDoKu).  Words (two letters side by side) make a line text, which the
 * reader skips outside a grid, unless the line also holds 17 digits or
 * more: a puzzle with words beside it is refused rather than skipped.
 * ',', ';', '[' and ']' are decoration too (CSV columns, Python's and
 * JSON's lists of lists).  A line of nine fields between ',' (or ';'),
 * each empty or one cell, is a row of nine whose empty fields are empty
 * cells: a spreadsheet's row, as the Debian sudoku program's -fcsv
 * writes it ("9,,,,7,,,,5").
 */
#include <stdio.h>
#include <string.h>

#include "gridline.h"

enum glyph {
	G_CELL, G_BLANK, G_BAR, G_RULE, G_LETTER, G_HASH, G_SEP, G_OTHER,
	G_BINARY
};

/* Columns remembered for reading a row by column. */
#define MAX_BARS	10
#define MAX_COLS	9

/* What the scan of a line found. */
struct scan {
	int	 n, digits, stars;	/* cells, of them 1-9, of them '*' */
	int	 run;		/* cells from the start with nothing between */
	int	 bars, bar_col[MAX_BARS];
	int	 cell_col[MAX_COLS];
	int	 rule;		/* a rule character was seen */
	int	 word;		/* two letters side by side */
	int	 last;		/* the last glyph other than a blank */
	unsigned other;		/* the first unexpected character, or 0 */
	int	 binary;	/* the first byte that is not text, or -1 */
};

static const char expect[] = "a cell is 1-9, or one of . 0 x * _ when "
    "empty";

int
gridline_cell_char(int c)
{
	return (c >= '0' && c <= '9') || c == '.' || c == 'x' || c == 'X' ||
	    c == '*' || c == '_';
}

/*
 * Decode the UTF-8 character at p (before end) into *cp.  Returns its
 * length, or 0 for a byte that does not start a valid character.
 */
static int
utf8_decode(const unsigned char *p, const unsigned char *end, unsigned *cp)
{
	int len, i;
	unsigned c = p[0], min;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, c &= 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, c &= 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, c &= 0x07, min = 0x10000;
	else
		return 0;
	if (end - p < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/* The vertical lines of the box-drawing block: bars between cells. */
static int
vertical_box(unsigned c)
{
	static const unsigned v[] = { 0x2502, 0x2503, 0x2506, 0x2507, 0x250a,
	    0x250b, 0x2551, 0x254e, 0x254f, 0x2575, 0x2577, 0x2579, 0x257b,
	    0x257d, 0x257f };
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (c == v[i])
			return 1;
	return 0;
}

/* What the character c is; *value is a cell's digit (0 empty). */
static enum glyph
classify(unsigned c, int *value)
{
	*value = 0;
	if (c >= '1' && c <= '9') {
		*value = (int)c - '0';
		return G_CELL;
	}
	if (c < 0x80 && gridline_cell_char((int)c))
		return G_CELL;
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return G_LETTER;
	switch (c) {
	case ' ': case '\t':
	case 0xa0:		/* no-break space, from web pages */
	case 0x200b:		/* zero-width space */
	case 0x3000:		/* ideographic space */
	case 0xfeff:		/* byte order mark */
		return G_BLANK;
	case '|': case 0xa6:
		return G_BAR;
	case '-': case '+': case '=':
	case 0x2012: case 0x2013: case 0x2014: case 0x2015: case 0x2212:
		return G_RULE;
	case '#':
		return G_HASH;
	case ',': case ';': case '[': case ']':
		return G_SEP;
	}
	if (c >= 0x2500 && c <= 0x259f)
		return vertical_box(c) ? G_BAR : G_RULE;
	if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
		return G_BINARY;
	return G_OTHER;
}

/* "[Puzzle]": a letter, then letters, digits, blanks, '-' or '_'. */
static int
section_name(const char *s, const char *end)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return 0;
	for (; s < end; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || *s == ' ' || *s == '-' ||
		    *s == '_'))
			return 0;
	return 1;
}

/* The first blank-free character: is it '#' or '['?  Sets gl if so. */
static int
scan_marks(const char *s, const char *end, struct gridline *gl)
{
	const char *e = end;

	if (*s == '#') {
		if (s + 1 == end || s[1] == ' ' || s[1] == '\t') {
			gl->kind = GRIDLINE_META;
			gl->text = s + 1;
			gl->textlen = (size_t)(end - s - 1);
		} else
			gl->kind = GRIDLINE_COMMENT;
		return 1;
	}
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (*s == '[' && e - s >= 3 && e[-1] == ']' && section_name(s + 1,
	    e - 1)) {
		gl->kind = GRIDLINE_SECTION;
		gl->text = s + 1;
		gl->textlen = (size_t)(e - s - 2);
		return 1;
	}
	return 0;
}

/* One character of the line into the scan.  Returns 0 to stop. */
static int
scan_glyph(struct scan *sc, struct gridline *gl, enum glyph g, int value,
    unsigned c, int col, int *letter)
{
	int was_letter = *letter;

	/* 81 cells, then a blank, a separator or a comment: the rest goes. */
	if (sc->run >= 0 && g != G_CELL) {
		if (sc->run == GRID_CELLS && (g == G_BLANK || g == G_SEP ||
		    g == G_HASH))
			return 0;
		sc->run = -1;
	}
	*letter = g == G_LETTER || (g == G_CELL && (c == 'x' || c == 'X'));
	if (*letter && was_letter && (g == G_LETTER || was_letter == 2))
		sc->word = 1;
	if (g == G_LETTER)
		*letter = 2;
	if (g != G_BLANK)
		sc->last = g;
	switch (g) {
	case G_CELL:
		if (sc->n < GRID_CELLS)
			gl->cell[sc->n] = (unsigned char)value;
		if (sc->n < MAX_COLS)
			sc->cell_col[sc->n] = col;
		sc->n++;
		sc->digits += value != 0;
		sc->stars += c == '*';
		if (sc->run >= 0)
			sc->run++;
		break;
	case G_HASH:
		if (sc->n > 0)
			return 0;
		if (sc->other == 0)
			sc->other = c;
		break;
	case G_BAR:
		if (sc->bars < MAX_BARS)
			sc->bar_col[sc->bars] = col;
		sc->bars++;
		break;
	case G_RULE:
		sc->rule = 1;
		break;
	case G_OTHER:
	case G_LETTER:
		if (sc->other == 0)
			sc->other = c;
		break;
	case G_SEP:
	case G_BLANK:
	case G_BINARY:
		break;
	}
	return 1;
}

/*
 * A row of nine read by column: bars at both ends and between each box
 * (3 spans) or each cell (9 spans); within a span, each cell has its
 * share of the columns and at most one character in it.  Returns 0, or
 * -1 when the row is not of that shape.
 */
static int
scan_columns(const struct scan *sc, const struct gridline *gl,
    unsigned char *row)
{
	int spans = sc->bars - 1, per, i, j, w, o;

	if (sc->n > MAX_COLS || sc->bars > MAX_BARS || sc->last != G_BAR ||
	    (spans != 3 && spans != 9) || sc->rule)
		return -1;
	per = 9 / spans;
	memset(row, 0, 9);
	for (i = 0; i < sc->n; i++) {
		if (sc->cell_col[i] < sc->bar_col[0])
			return -1;
		for (j = 0; j < spans && sc->cell_col[i] > sc->bar_col[j + 1];
		    j++)
			;
		if (j == spans)
			return -1;
		w = sc->bar_col[j + 1] - sc->bar_col[j] - 1;
		o = sc->cell_col[i] - sc->bar_col[j] - 1;
		if (w < per)
			return -1;
		o = j * per + o * per / w;
		if (row[o] != 0)
			return -1;
		row[o] = 10 + gl->cell[i];	/* 10: taken, even if empty */
	}
	for (i = 0; i < 9; i++)
		row[i] = row[i] >= 10 ? (unsigned char)(row[i] - 10) : 0;
	return 0;
}

/* What the line is, from its scan. */
static void
scan_verdict(const struct scan *sc, struct gridline *gl, int first_bar)
{
	unsigned char row[9];
	char what[32];

	if (sc->binary >= 0) {
		gl->kind = GRIDLINE_BAD;
		snprintf(gl->why, sizeof(gl->why), "unexpected byte 0x%02x in "
		    "a grid: not UTF-8 text", (unsigned)sc->binary);
		return;
	}
	if (sc->word) {
		gl->kind = sc->digits < 17 ? GRIDLINE_TEXT : GRIDLINE_BAD;
		snprintf(gl->why, sizeof(gl->why), "words beside a grid: "
		    "expected the grid on a line of its own");
		return;
	}
	if (sc->other != 0) {
		if (sc->other >= 0x21 && sc->other < 0x7f)
			snprintf(what, sizeof(what), "'%c'", (int)sc->other);
		else
			snprintf(what, sizeof(what), "U+%04X", sc->other);
		gl->kind = GRIDLINE_BAD;
		snprintf(gl->why, sizeof(gl->why), "unexpected %s in a grid: "
		    "%s", what, expect);
		return;
	}
	gl->kind = GRIDLINE_CELLS;
	gl->n = sc->n;
	/* Simple Sudoku's "*-----------*": corners, not cells. */
	if (sc->rule && sc->n == sc->stars)
		gl->n = 0;
	if (gl->n != 9 && gl->n != GRID_CELLS && first_bar && sc->bars >= 4 &&
	    scan_columns(sc, gl, row) == 0) {
		memcpy(gl->cell, row, 9);
		gl->n = 9;
	}
	if (gl->n == 0)
		gl->kind = GRIDLINE_BLANK;
}

/*
 * A spreadsheet's row of nine: nine fields between eight ',' or eight
 * ';', each blanks around at most one cell character.  Returns 1 with the
 * row in gl, or 0 when the line is not one.
 */
static int
scan_csv_row(const char *s, const char *end, struct gridline *gl)
{
	unsigned char row[9];
	char sep = 0;
	int field = 0, value;

	memset(row, 0, sizeof(row));
	value = -1;		/* -1: no cell in this field yet */
	for (; s <= end; s++) {
		if (s == end || *s == ',' || *s == ';') {
			if (s < end && sep != 0 && *s != sep)
				return 0;
			if (s < end)
				sep = *s;
			if (field == 9)
				return 0;
			row[field++] = value > 0 ? (unsigned char)value : 0;
			value = -1;
		} else if (*s == ' ' || *s == '\t')
			continue;
		else if (value < 0 && gridline_cell_char((unsigned char)*s))
			value = *s >= '1' && *s <= '9' ? *s - '0' : 0;
		else
			return 0;
	}
	if (field != 9)
		return 0;
	gl->kind = GRIDLINE_CELLS;
	gl->n = 9;
	memcpy(gl->cell, row, sizeof(row));
	return 1;
}

/*
 * The commonest line by far, 81 characters of 1-9, '.' or '0' and
 * nothing else, read as the scan below would read it, without it: at
 * benchmark rates the general scan cost a twentieth of solving.
 */
static int
scan_plain_line(const char *s, size_t len, struct gridline *gl)
{
	int i;

	if (len != GRID_CELLS)
		return 0;
	for (i = 0; i < GRID_CELLS; i++)
		if ((s[i] < '0' || s[i] > '9') && s[i] != '.')
			return 0;
	for (i = 0; i < GRID_CELLS; i++)
		gl->cell[i] = s[i] == '.' ? 0 : (unsigned char)(s[i] - '0');
	gl->kind = GRIDLINE_CELLS;
	gl->n = GRID_CELLS;
	return 1;
}

void
gridline_scan(const char *s, size_t len, struct gridline *gl)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	struct scan sc;
	unsigned c;
	int k, value, col = 0, letter = 0, first_bar = -1;
	enum glyph g;

	memset(gl, 0, sizeof(*gl));
	if (scan_plain_line(s, len, gl))
		return;
	memset(&sc, 0, sizeof(sc));
	sc.binary = -1;
	/* Blanks and byte order marks before anything else. */
	while (p < end && (k = utf8_decode(p, end, &c)) > 0 &&
	    classify(c, &value) == G_BLANK)
		p += k;
	if (p < end && scan_marks((const char *)p, (const char *)end, gl))
		return;
	if (scan_csv_row((const char *)p, (const char *)end, gl))
		return;
	for (; p < end; p += k, col++) {
		if ((k = utf8_decode(p, end, &c)) == 0) {
			sc.binary = *p;
			break;
		}
		g = classify(c, &value);
		if (g == G_BINARY) {
			sc.binary = (int)c;
			break;
		}
		if (first_bar < 0 && g != G_BLANK)
			first_bar = g == G_BAR;
		if (!scan_glyph(&sc, gl, g, value, c, col, &letter))
			break;
	}
	scan_verdict(&sc, gl, first_bar == 1);
}
