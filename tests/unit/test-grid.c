/*
 * test-grid.c: the grid record reader and writer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "gridline.h"
#include "sdk.h"
#include "tap.h"

#define PUZZLE "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

static char got[GRID_CELLS + 1];

/* Read all records of text; return how many, or -(count+1) on error. */
static int
read_text(const char *text, struct grid *last, char *err, size_t errlen)
{
	FILE *fp = fmemopen((void *)(size_t)text, strlen(text), "r");
	struct grid_reader *r = grid_reader_new(fp);
	struct grid g;
	int n = 0, rc;

	err[0] = '\0';
	grid_init(&g);
	while ((rc = grid_read(r, &g)) == 1) {
		n++;
		grid_format_line(g.cell, got);
		meta_copy(&last->meta, &g.meta);
		memcpy(last->cell, g.cell, sizeof(g.cell));
		last->line = g.line;
	}
	grid_free(&g);
	if (rc < 0) {
		snprintf(err, errlen, "%s", grid_reader_error(r));
		n = -(n + 1);
	}
	grid_reader_free(r);
	fclose(fp);
	return n;
}

static void
expect_error(const char *text, const char *want, const char *what)
{
	struct grid g;
	char err[256];
	int n;

	grid_init(&g);
	n = read_text(text, &g, err, sizeof(err));
	ok(n < 0, "%s: rejected", what);
	is_str(err, want, "%s: message", what);
	grid_free(&g);
}

/* Records read: the line and nine-line forms, metadata. */
static void
test_read(void)
{
	struct grid g;
	char err[256];
	int n;

	grid_init(&g);
	n = read_text(PUZZLE "\n", &g, err, sizeof(err));
	is_int(n, 1, "one 81-character line is one record");
	is_str(got, PUZZLE, "cells read back");
	is_int(g.line, 1, "record starts on line 1");

	n = read_text("53007000060019500009800006080006000340080300170002000"
	    "6060000280000419005000080079", &g, err, sizeof(err));
	is_int(n, 1, "zeros for empty cells, no final newline");
	is_str(got, PUZZLE, "zeros read as empty");

	n = read_text("# sdk-source a.jpg\n# sdk-conf 9\n" PUZZLE "\n\n\n"
	    "# x\n#comment\n" PUZZLE "\r\n", &g, err, sizeof(err));
	is_int(n, 2, "metadata, blank lines, CRLF: two records");
	is_int(g.line, 8, "second record on line 8");
	is_int(g.meta.n, 1, "second record has only its own metadata");
	is_str(g.meta.v[0].key, "x", "key with no value");
	is_str(g.meta.v[0].value, "", "empty value");

	n = read_text("# sdk-source scans/a b.jpg  \n" PUZZLE "\n", &g, err,
	    sizeof(err));
	is_str(meta_get(&g.meta, "sdk-source"), "scans/a b.jpg",
	    "value keeps inner spaces, loses trailing ones");

	n = read_text(
	    "5 3 . | . 7 . | . . .\n"
	    "6 . . | 1 9 5 | . . .\n"
	    ". 9 8 | . . . | . 6 .\n"
	    "------+-------+------\n"
	    "8 . . | . 6 . | . . 3\n"
	    "4 . . | 8 . 3 | . . 1\n"
	    "7 . . | . 2 . | . . 6\n"
	    "\n"
	    "+-------+-------+-------+\n"
	    "| . 6 . | . . . | 2 8 . |\n"
	    "| . . . | 4 1 9 | . . 5 |\n"
	    "| . . . | . 8 . | . 7 9 |\n", &g, err, sizeof(err));
	is_int(n, 1, "nine-line layout with mixed decoration");
	is_str(got, PUZZLE, "nine-line cells");
	is_int(g.line, 1, "nine-line record starts on line 1");

	n = read_text("0 0 0 7 0 0 0 8 0 \n0 9 0 0 0 3 1 0 0\n"
	    "0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n"
	    "0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n"
	    "1 0 5 0 0 4 0 0 0\n", &g, err, sizeof(err));
	is_int(n, 1, "space-separated rows (.dat layout)");
	ok(strncmp(got, "...7...8..9...31..", 18) == 0 &&
	    strcmp(got + 72, "1.5..4...") == 0, "space-separated cells");

	n = read_text("", &g, err, sizeof(err));
	is_int(n, 0, "empty input: no records");
	n = read_text("\n\n  \n", &g, err, sizeof(err));
	is_int(n, 0, "blank lines only: no records");
	grid_free(&g);
}

/* One line each of what the reader meets, and what it makes of it. */
/*
 * A line of 81 digits, '.' and '0' takes a short way; the same grid with
 * its empty cells as 'x' or '_' takes the general one.  Both read alike.
 */
static void
plain_and_general(void)
{
	static const char empty[] = ".0x_";
	struct gridline gl[4];
	char line[GRID_CELLS + 1];
	int e, i;

	for (e = 0; e < 4; e++) {
		for (i = 0; i < GRID_CELLS; i++)
			line[i] = PUZZLE[i] == '.' ? empty[e] : PUZZLE[i];
		line[GRID_CELLS] = '\0';
		gridline_scan(line, GRID_CELLS, &gl[e]);
		ok(gl[e].kind == GRIDLINE_CELLS && gl[e].n == GRID_CELLS &&
		    memcmp(gl[e].cell, gl[0].cell, GRID_CELLS) == 0,
		    "81 cells, empty as '%c': read as with '.'", empty[e]);
	}
	memcpy(line, PUZZLE, GRID_CELLS);
	line[40] = 'q';
	gridline_scan(line, GRID_CELLS, &gl[0]);
	is_int(gl[0].kind, GRIDLINE_BAD, "81 characters, one a 'q': bad");
}

static void
test_lines(void)
{
	static const struct {
		const char	*line;
		enum gridline_kind kind;
		int		 n;
		const char	*cells;	/* the first cells, or NULL */
	} t[] = {
		{ PUZZLE, GRIDLINE_CELLS, 81, "53..7...." },
		{ PUZZLE "\tED=2.3/1.2/1.2", GRIDLINE_CELLS, 81, NULL },
		{ PUZZLE " #1 Classic", GRIDLINE_CELLS, 81, NULL },
		{ PUZZLE "# x er(1) x", GRIDLINE_CELLS, 81, NULL },
		{ PUZZLE "," PUZZLE, GRIDLINE_CELLS, 81, NULL },
		{ PUZZLE ";solved", GRIDLINE_CELLS, 81, NULL },
		{ PUZZLE " " PUZZLE, GRIDLINE_CELLS, 81, NULL },
		{ PUZZLE "x", GRIDLINE_CELLS, 82, NULL },
		{ "\xef\xbb\xbf" PUZZLE, GRIDLINE_CELLS, 81, "53..7" },
		{ "*-----------*", GRIDLINE_BLANK, 0, NULL },
		{ " |---+---+---|", GRIDLINE_BLANK, 0, NULL },
		{ "|.3.|4..|...|", GRIDLINE_CELLS, 9, ".3.4....." },
		{ "\xe2\x94\x82 5 3   \xe2\x94\x82   7   \xe2\x94\x82       "
		    "\xe2\x94\x82", GRIDLINE_CELLS, 9, "53..7...." },
		{ "\xe2\x95\x91   \xe2\x94\x82   \xe2\x94\x82   \xe2\x95\x91 8 "
		    "\xe2\x94\x82   \xe2\x94\x82 2 \xe2\x95\x91   \xe2\x94\x82 3 "
		    "\xe2\x94\x82   \xe2\x95\x91", GRIDLINE_CELLS, 9,
		    "...8.2.3." },
		{ "|       |       |       |", GRIDLINE_CELLS, 9, "........." },
		{ "| 5 3   |   7   |       |", GRIDLINE_CELLS, 9, "53..7...." },
		{ "\xe2\x95\x9f\xe2\x94\x80\xe2\x94\x80\xe2\x94\xbc",
		    GRIDLINE_BLANK, 0, NULL },
		{ "+-------+-------+-------+", GRIDLINE_BLANK, 0, NULL },
		{ " [5, 3, 0, 0, 7, 0, 0, 0, 0],", GRIDLINE_CELLS, 9,
		    "53..7...." },
		{ "xxx|xXx|x_*", GRIDLINE_CELLS, 9, "........." },
		{ "5 3 . 7", GRIDLINE_CELLS, 4, "53.7" },
		{ "| 5 3 |", GRIDLINE_CELLS, 2, "53" },
		{ "5 3   |   7   |       ", GRIDLINE_CELLS, 3, "537" },
		{ "| 53    |       |       |", GRIDLINE_CELLS, 2, "53" },
		{ " \xc2\xa0\t", GRIDLINE_BLANK, 0, NULL },
		{ "", GRIDLINE_BLANK, 0, NULL },
		{ "# sdk-source a.jpg", GRIDLINE_META, 0, NULL },
		{ "#", GRIDLINE_META, 0, NULL },
		{ "#ARuud", GRIDLINE_COMMENT, 0, NULL },
		{ "[Puzzle]", GRIDLINE_SECTION, 0, NULL },
		{ "[5]", GRIDLINE_CELLS, 1, "5" },
		{ " Simple Sudoku", GRIDLINE_TEXT, 0, NULL },
		{ "  Version 4.2n", GRIDLINE_TEXT, 0, NULL },
		{ "640x480:24 JPG", GRIDLINE_TEXT, 0, NULL },
		{ "quizzes,solutions", GRIDLINE_TEXT, 0, NULL },
		{ "Sudoku tr\xc3\xa8s difficile", GRIDLINE_TEXT, 0, NULL },
		{ "Grid 01 " PUZZLE, GRIDLINE_BAD, 0, NULL },
		{ "5 3 q", GRIDLINE_BAD, 0, NULL },
		{ "5 3 \xc2\xbd", GRIDLINE_BAD, 0, NULL },
		{ "5 3 \x01", GRIDLINE_BAD, 0, NULL },
		{ "5 3 \xff", GRIDLINE_BAD, 0, NULL },
		{ "5 3 \xe2\x94", GRIDLINE_BAD, 0, NULL },
		{ ":0000:x:" PUZZLE ":::", GRIDLINE_BAD, 0, NULL },
	};
	struct gridline gl;
	char cells[GRID_CELLS + 1];
	size_t i;
	int j;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		gridline_scan(t[i].line, strlen(t[i].line), &gl);
		is_int(gl.kind, t[i].kind, "line %zu: kind", i + 1);
		if (t[i].kind != GRIDLINE_CELLS)
			continue;
		is_int(gl.n, t[i].n, "line %zu: cells", i + 1);
		if (t[i].cells == NULL)
			continue;
		for (j = 0; j < (int)strlen(t[i].cells); j++)
			cells[j] = gl.cell[j] ? (char)('0' + gl.cell[j]) : '.';
		cells[j] = '\0';
		is_str(cells, t[i].cells, "line %zu: read", i + 1);
	}
	plain_and_general();
	gridline_scan("[Sudoku]", 8, &gl);
	ok(gl.textlen == 6 && strncmp(gl.text, "Sudoku", 6) == 0,
	    "section name");
	gridline_scan("5 3 q", 5, &gl);
	is_str(gl.why, "unexpected 'q' in a grid: a cell is 1-9, or one of "
	    ". 0 x * _ when empty", "what it expected");
}

/* Malformed input: every class names its line. */
static void
test_errors(void)
{
	struct grid g;
	char err[256];
	int n;

	grid_init(&g);
	/* Malformed input: every class names its line. */
	expect_error(PUZZLE "1\n", "line 1: 82 cells, expected 81 (or a row of 9)",
	    "82 cells");
	expect_error(PUZZLE "\n" "53..7....6..195....98....6.8...6...34..8.3..17"
	    "...2...6.6....28....419..5....8..7\n",
	    "line 2: 80 cells, expected 81 (or a row of 9)", "80 cells");
	expect_error("53..7....6..195....98....6.8...6...34..8.3..17...2..."
	    "6.6....28....419..5....8..7q\n",
	    "line 1: unexpected 'q' in a grid: a cell is 1-9, or one of . 0 "
	    "x * _ when empty", "letter");
	expect_error("hello world\n", "line 1: text but no grid: expected 81 "
	    "cells on a line, or nine rows of nine", "text that is not a grid");
	expect_error("5 3 . 7\n", "line 1: 4 cells, expected 81 (or a row of 9)",
	    "short row");
	expect_error("123456789\n123456789\n1234567890\n",
	    "line 3: row 3 has 10 cells, expected 9", "long row mid-grid");
	expect_error("123456789\n123456789\n",
	    "line 2: input ends after 2 of 9 rows", "truncated nine-line grid");
	expect_error("123456789\n# sdk-x\n",
	    "line 2: metadata inside a grid (1 of 9 rows read)",
	    "metadata inside a grid");
	expect_error(PUZZLE "\n# sdk-source x\n",
	    "line 2: input ends with metadata but no grid",
	    "metadata with no grid");
	expect_error("\x89PNG\r\n", "line 1: unexpected byte 0x89 in a grid: "
	    "not UTF-8 text", "binary data");
	{
		static const char nul[] = "12\0003\n";
		FILE *f = fmemopen((void *)(size_t)nul, sizeof(nul) - 1, "r");
		struct grid_reader *r = grid_reader_new(f);

		is_int(grid_read(r, &g), -1, "NUL byte rejected");
		is_str(grid_reader_error(r),
		    "line 1: NUL byte (not a text grid)", "NUL byte message");
		is_int(grid_read(r, &g), -1, "reader stays failed");
		grid_reader_free(r);
		fclose(f);
	}
	{
		size_t big = SDK_MAX_LINE + 10;
		char *s = malloc(big + 1);

		memset(s, '.', big);
		s[big] = '\0';
		n = read_text(s, &g, err, sizeof(err));
		ok(n < 0, "over-long line rejected");
		ok(strstr(err, "line 1: line longer than") == err,
		    "over-long line message: %s", err);
		free(s);
	}
	expect_error(PUZZLE "\n" PUZZLE "\n.\n", "line 3: 1 cells, expected 81 "
	    "(or a row of 9)", "error after good records");
	n = read_text(PUZZLE "\n" PUZZLE "\n.\n", &g, err, sizeof(err));
	is_int(n, -3, "the two good records came first");
	grid_free(&g);
}

/* The writer, both forms, read back. */
static void
test_write(void)
{
	struct grid g;
	char err[256], *buf;
	size_t len;
	FILE *fp;
	int n;

	grid_init(&g);
	/* Writer. */
	fp = open_memstream(&buf, &len);
	read_text("# sdk-source a.jpg\n" PUZZLE "\n", &g, err, sizeof(err));
	grid_write(fp, &g, GRID_FORMAT_LINE);
	fclose(fp);
	is_str(buf, "# sdk-source a.jpg\n" PUZZLE "\n", "line form round trip");
	free(buf);

	fp = open_memstream(&buf, &len);
	grid_write(fp, &g, GRID_FORMAT_BOX);
	fclose(fp);
	ok(strstr(buf, "5 3 . | . 7 . | . . .\n6 . . | 1 9 5") != NULL,
	    "box form rows");
	ok(strstr(buf, "------+-------+------\n") != NULL, "box form rule");
	n = read_text(buf, &g, err, sizeof(err));
	is_int(n, 1, "box form reads back");
	is_str(got, PUZZLE, "box form round trip");
	is_str(meta_get(&g.meta, "sdk-source"), "a.jpg",
	    "box form keeps metadata");
	free(buf);

	{
		unsigned char cells[GRID_CELLS];

		is_int(grid_parse_line(PUZZLE, cells), 0, "parse a line");
		is_int(cells[0], 5, "first cell");
		is_int(grid_parse_line(PUZZLE "1", cells), -1,
		    "parse rejects 82");
		is_int(grid_parse_line("x3..7....6..195....98....6.8...6...34"
		    "..8.3..17...2...6.6....28....419..5....8..79", cells), -1,
		    "parse rejects a letter");
	}
	grid_free(&g);
}

int
main(void)
{
	test_read();
	test_lines();
	test_errors();
	test_write();
	return tap_done();
}
