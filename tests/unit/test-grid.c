/*
 * test-grid.c: the grid record reader and writer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
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
	    "#x\n" PUZZLE "\r\n", &g, err, sizeof(err));
	is_int(n, 2, "metadata, blank lines, CRLF: two records");
	is_int(g.line, 7, "second record on line 7");
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
	    "6.6....28....419..5....8..7x\n",
	    "line 1: unexpected 'x' in a grid", "letter");
	expect_error("hello world\n", "line 1: unexpected 'h' in a grid",
	    "text that is not a grid");
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
	expect_error("\x89PNG\r\n", "line 1: unexpected byte 0x89 in a grid",
	    "binary data");
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
	test_errors();
	test_write();
	return tap_done();
}
