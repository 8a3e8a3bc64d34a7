/*
 * grid.c: read and write grid records (sdk.5).
 *
 * The reader is lenient about layout and strict about content: a record is
 * "# key value" lines, then either one line of 81 cells or nine lines of
 * nine, in any of the layouts gridline.c reads (decoration, box drawing,
 * text after the cells); blank lines and rules may stand anywhere between
 * rows and records, and lines of words, "#" comments and sections other
 * than "[Puzzle]" between records.  A CSV header that names a puzzle's
 * column ("id,puzzle,solution,clues,difficulty") makes the reader take
 * that field of each row that follows, and only it.  Anything else is an
 * error that names the line and says what was expected.  Lines are read with a fixed bound
 * so that a binary file or a line with no end cannot make it allocate
 * without limit.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grid.h"
#include "gridline.h"
#include "keys.h"
#include "util.h"

struct grid_reader {
	FILE	*fp;
	long	 line;		/* lines read so far */
	char	*buf;		/* current line, NUL-terminated */
	size_t	 len;
	char	 err[256];
	int	 failed;
	long	 records;	/* records read so far */
	long	 text_line;	/* the first line of words, 0: none yet */
	int	 skip;		/* in a section other than [Puzzle] */
	int	 csv_col;	/* the puzzle's CSV column from 0, or -1 */
	char	 csv_sep;	/* and its separator: ',', ';' or a tab */
	char	 csv_name[32];	/* and its name in the header */
};

/*
 * The names a CSV header gives the puzzle's column, as data sets write
 * them (Kaggle's "quizzes,solutions", "puzzle,solution",
 * "id,puzzle,solution,clues,difficulty"); "clues" is no puzzle there but
 * a count.
 */
static const char *const csv_puzzle_names[] = {
	"puzzle", "puzzles", "quiz", "quizzes", "question", "questions",
	"sudoku", "sudokus", "problem", "problems", "grid", "grids",
	"givens", "board", "boards"
};

/* What a grid is, for messages about input that holds none. */
static const char grid_forms[] = "expected 81 cells on a line, or nine "
    "rows of nine";

void
grid_init(struct grid *g)
{
	meta_init(&g->meta);
	memset(g->cell, 0, sizeof(g->cell));
	g->line = 0;
	g->recno = 0;
}

void
grid_free(struct grid *g)
{
	meta_free(&g->meta);
}

struct grid_reader *
grid_reader_new(FILE *fp)
{
	struct grid_reader *r = sdk_xcalloc(1, sizeof(*r));

	r->fp = fp;
	r->buf = sdk_xmalloc(SDK_MAX_LINE + 1);
	r->csv_col = -1;
	return r;
}

void
grid_reader_free(struct grid_reader *r)
{
	if (r == NULL)
		return;
	free(r->buf);
	free(r);
}

const char *
grid_reader_error(const struct grid_reader *r)
{
	return r->err;
}

long
grid_reader_line(const struct grid_reader *r)
{
	return r->line;
}

static int
vfail(struct grid_reader *r, long line, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
static int
fail(struct grid_reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
vfail(struct grid_reader *r, long line, const char *fmt, va_list ap)
{
	int n;

	n = snprintf(r->err, sizeof(r->err), "line %ld: ", line);
	vsnprintf(r->err + n, sizeof(r->err) - (size_t)n, fmt, ap);
	r->failed = 1;
	return -1;
}

static int
fail(struct grid_reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(r, r->line, fmt, ap);
	va_end(ap);
	return -1;
}

int
grid_reader_fail(struct grid_reader *r, long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(r, line, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Read one line into r->buf without its newline.  Returns 1, 0 at the end
 * of input, -1 on error (too long, NUL byte, read error).
 */
static int
next_line(struct grid_reader *r)
{
	int c;
	size_t n = 0;

	while ((c = getc_unlocked(r->fp)) != EOF && c != '\n') {
		/* A carriage return alone ends a line too (old Macs). */
		if (c == '\r') {
			if ((c = getc_unlocked(r->fp)) != '\n' && c != EOF)
				ungetc(c, r->fp);
			c = '\n';
			break;
		}
		if (n == SDK_MAX_LINE) {
			r->line++;
			return fail(r, "line longer than %d bytes",
			    SDK_MAX_LINE);
		}
		if (c == '\0') {
			r->line++;
			return fail(r, "NUL byte (not a text grid)");
		}
		if (r->line == 0 && n == 1 && ((r->buf[0] == '\xff' &&
		    c == 0xfe) || (r->buf[0] == '\xfe' && c == 0xff))) {
			r->line++;
			return fail(r, "UTF-16 text: convert it to UTF-8 "
			    "(iconv -f UTF-16 -t UTF-8)");
		}
		r->buf[n++] = (char)c;
	}
	if (ferror(r->fp)) {
		r->line++;
		return fail(r, "read error");
	}
	if (c == EOF && n == 0)
		return 0;
	r->buf[n] = '\0';
	r->len = n;
	r->line++;
	return 1;
}

int
grid_reader_next_line(struct grid_reader *r, const char **line, size_t *len)
{
	int rc;

	if (r->failed)
		return -1;
	if ((rc = next_line(r)) == 1) {
		*line = r->buf;
		*len = r->len;
	}
	return rc;
}

/* Is the section named "Puzzle" (SadMan's .sdk: [Puzzle], [State], ...)? */
static int
puzzle_section(const struct gridline *gl)
{
	return gl->textlen == 6 && strncasecmp(gl->text, "puzzle", 6) == 0;
}

/*
 * A line that is not cells: metadata, a comment, a section header, words.
 * Returns 0 to go on reading, or -1 (message set).
 */
static int
other_line(struct grid_reader *r, struct grid *g, const struct gridline *gl,
    int rows)
{
	switch (gl->kind) {
	case GRIDLINE_META:
		if (rows > 0)
			return fail(r, "metadata inside a grid (%d of 9 rows "
			    "read)", rows);
		if (meta_parse_line(&g->meta, gl->text) < 0)
			return fail(r, META_TOO_MUCH, META_LIMITS);
		return 0;
	case GRIDLINE_SECTION:
		if (rows > 0)
			return fail(r, "section header inside a grid (%d of 9 "
			    "rows read)", rows);
		r->skip = !puzzle_section(gl);
		return 0;
	case GRIDLINE_TEXT:
		if (rows > 0)
			return fail(r, "row %d is text: expected nine cells",
			    rows + 1);
		if (r->text_line == 0)
			r->text_line = r->line;
		return 0;
	case GRIDLINE_BAD:
		return fail(r, "%s", gl->why);
	default:
		return 0;	/* a comment, a blank line, a rule */
	}
}

/*
 * Field col of the CSV line s (len bytes) between separators sep, blanks
 * and one pair of double quotes around it taken off (a quoted field may
 * hold sep).  Returns 1 with *f and *flen, 0 when the line has fewer
 * fields.
 */
static int
csv_field(const char *s, size_t len, char sep, int col, const char **f,
    size_t *flen)
{
	const char *end = s + len, *b;
	int quoted = 0;

	for (; col > 0; s++) {
		if (s == end)
			return 0;
		if (*s == '"')
			quoted = !quoted;
		else if (*s == sep && !quoted)
			col--;
	}
	for (b = s; s < end && (*s != sep || quoted); s++)
		if (*s == '"')
			quoted = !quoted;
	while (b < s && (*b == ' ' || *b == '\t'))
		b++;
	while (s > b && (s[-1] == ' ' || s[-1] == '\t'))
		s--;
	if (s - b >= 2 && *b == '"' && s[-1] == '"') {
		b++;
		s--;
	}
	*f = b;
	*flen = (size_t)(s - b);
	return 1;
}

/*
 * A line of words as a CSV header: the column (from 0) whose name is a
 * puzzle's, its separator in *sep and its name in name; -1 when the line
 * has no separator or no such column.
 */
static int
csv_header(const char *s, size_t len, char *sep, char *name, size_t namelen)
{
	const char *f, *p;
	size_t flen, i;
	int col;

	*sep = 0;
	for (p = s; p < s + len && *sep == 0; p++)
		if (*p == ',' || *p == ';' || *p == '\t')
			*sep = *p;
	if (*sep == 0)
		return -1;
	for (col = 0; csv_field(s, len, *sep, col, &f, &flen); col++)
		for (i = 0; i < sizeof(csv_puzzle_names) /
		    sizeof(csv_puzzle_names[0]); i++)
			if (flen == strlen(csv_puzzle_names[i]) &&
			    strncasecmp(f, csv_puzzle_names[i], flen) == 0) {
				snprintf(name, namelen, "%.*s", (int)flen, f);
				return col;
			}
	return -1;
}

/*
 * The line as the reader takes it into gl: in a CSV whose header named
 * the puzzle's column, that field alone, which must then be a puzzle.
 * Returns 0, or -1 (message set).
 */
static int
scan_line(struct grid_reader *r, int rows, struct gridline *gl)
{
	const char *f;
	size_t flen;
	int col = r->csv_col + 1;

	gridline_scan(r->buf, r->len, gl);
	if (rows > 0 || r->skip)
		return 0;
	if (gl->kind == GRIDLINE_TEXT) {
		/* A header, of a puzzle's column or of none. */
		r->csv_col = csv_header(r->buf, r->len, &r->csv_sep,
		    r->csv_name, sizeof(r->csv_name));
		return 0;
	}
	if (r->csv_col < 0 || (gl->kind != GRIDLINE_CELLS &&
	    gl->kind != GRIDLINE_BAD))
		return 0;
	/* A line without a separator is no row: read as any line. */
	if (memchr(r->buf, r->csv_sep, r->len) == NULL)
		return 0;
	if (!csv_field(r->buf, r->len, r->csv_sep, r->csv_col, &f, &flen))
		return fail(r, "no column %d (%s): expected the puzzle there",
		    col, r->csv_name);
	gridline_scan(f, flen, gl);
	switch (gl->kind) {
	case GRIDLINE_CELLS:
		if (gl->n == GRID_CELLS)
			return 0;
		return fail(r, "column %d (%s): %d cells, expected 81", col,
		    r->csv_name, gl->n);
	case GRIDLINE_BAD:
		return fail(r, "column %d (%s): %s", col, r->csv_name,
		    gl->why);
	default:
		return fail(r, "column %d (%s): no puzzle: expected 81 cells",
		    col, r->csv_name);
	}
}

int
grid_read(struct grid_reader *r, struct grid *g)
{
	struct gridline gl;
	int rows = 0, rc;

	if (r->failed)
		return -1;
	meta_clear(&g->meta);
	g->line = 0;
	while ((rc = next_line(r)) == 1) {
		if (scan_line(r, rows, &gl) < 0)
			return -1;
		/* A section other than [Puzzle] lasts to the next header. */
		if (r->skip && gl.kind != GRIDLINE_SECTION &&
		    gl.kind != GRIDLINE_META && gl.kind != GRIDLINE_COMMENT)
			continue;
		r->skip = 0;
		if (gl.kind != GRIDLINE_CELLS) {
			if (other_line(r, g, &gl, rows) < 0)
				return -1;
			continue;
		}
		if (rows == 0 && gl.n == GRID_CELLS) {
			memcpy(g->cell, gl.cell, GRID_CELLS);
			g->line = r->line;
			r->records++;
			return 1;
		}
		if (gl.n != 9) {
			if (rows > 0)
				return fail(r, "row %d has %d cells, "
				    "expected 9", rows + 1, gl.n);
			return fail(r, "%d cells, expected 81 (or a row of "
			    "9)", gl.n);
		}
		memcpy(g->cell + rows * 9, gl.cell, 9);
		if (rows == 0)
			g->line = r->line;
		if (++rows == 9) {
			r->records++;
			return 1;
		}
	}
	if (rc < 0)
		return -1;
	if (rows > 0)
		return fail(r, "input ends after %d of 9 rows", rows);
	if (g->meta.n > 0)
		return fail(r, "input ends with metadata but no grid");
	if (r->records == 0 && r->text_line > 0)
		return grid_reader_fail(r, r->text_line, "text but no grid: "
		    "%s", grid_forms);
	return 0;
}

void
grid_format_line(const unsigned char *cell, char *out)
{
	int i;

	for (i = 0; i < GRID_CELLS; i++)
		out[i] = cell[i] ? (char)('0' + cell[i]) : '.';
	out[GRID_CELLS] = '\0';
}

int
grid_parse_line(const char *s, unsigned char *cell)
{
	int i;

	for (i = 0; i < GRID_CELLS; i++) {
		if (s[i] >= '1' && s[i] <= '9')
			cell[i] = (unsigned char)(s[i] - '0');
		else if (s[i] == '.' || s[i] == '0')
			cell[i] = 0;
		else
			return -1;
	}
	return s[GRID_CELLS] == '\0' ? 0 : -1;
}

int
grid_write_cells(FILE *fp, const unsigned char *cell, enum grid_format f)
{
	char line[GRID_CELLS + 1];
	int r, c;

	if (f == GRID_FORMAT_LINE) {
		grid_format_line(cell, line);
		fputs(line, fp);
		return ferror(fp) ? -1 : 0;
	}
	for (r = 0; r < 9; r++) {
		if (r == 3 || r == 6)
			fputs("------+-------+------\n", fp);
		for (c = 0; c < 9; c++) {
			if (c == 3 || c == 6)
				fputs(" |", fp);
			if (c > 0)
				putc(' ', fp);
			putc(cell[r * 9 + c] ? '0' + cell[r * 9 + c] : '.',
			    fp);
		}
		putc('\n', fp);
	}
	return ferror(fp) ? -1 : 0;
}

int
grid_write(FILE *fp, const struct grid *g, enum grid_format f)
{
	meta_write(fp, &g->meta);
	grid_write_cells(fp, g->cell, f);
	/* Ends the 81-cell line; after the box form, a blank line. */
	putc('\n', fp);
	return ferror(fp) ? -1 : 0;
}

int
grid_each(const char *name, int (*fn)(struct grid *, const char *),
    int (*stop)(int))
{
	return grid_each_read(name, grid_read, fn, stop);
}

/*
 * An operand that is a puzzle rather than a file: only cell characters,
 * and no file of that name.  Returns 1 with *fp on a copy of it, 0 when
 * the operand is a file name (or "-"), -1 when it is neither a file nor
 * 81 cells (named on stderr).
 */
static int
open_puzzle(const char *name, FILE **fp, char **copy)
{
	size_t n = strlen(name);
	struct stat st;

	if (n < 9 || strspn(name, "0123456789.xX*_") != n ||
	    stat(name, &st) == 0 || errno != ENOENT)
		return 0;
	if (n != GRID_CELLS) {
		sdk_warnx(name, "no such file, and not a puzzle: %zu cells, "
		    "expected 81", n);
		return -1;
	}
	*copy = sdk_xstrdup(name);
	if ((*fp = fmemopen(*copy, n, "r")) == NULL) {
		sdk_warn(name, "cannot read");
		free(*copy);
		return -1;
	}
	return 1;
}

int
grid_each_read(const char *name,
    int (*read)(struct grid_reader *, struct grid *),
    int (*fn)(struct grid *, const char *), int (*stop)(int))
{
	struct grid_reader *r;
	struct grid g;
	FILE *fp;
	char *copy = NULL;
	int n, rc, status = SDK_EXIT_OK;

	if ((n = open_puzzle(name, &fp, &copy)) < 0)
		return SDK_EXIT_ERROR;
	if (n == 0 && (fp = sdk_open_input(name)) == NULL)
		return SDK_EXIT_ERROR;
	r = grid_reader_new(fp);
	grid_init(&g);
	sdk_set_input(name);
	while ((n = read(r, &g)) == 1) {
		g.recno++;
		if (meta_get(&g.meta, SDK_KEY_SOURCE) != NULL)
			sdk_set_input(meta_get(&g.meta, SDK_KEY_SOURCE));
		rc = fn(&g, name);
		status = sdk_status_fold(status, rc);
		if (stop != NULL && stop(rc))
			break;
	}
	if (n < 0) {
		sdk_warnx(name, "%s", grid_reader_error(r));
		status = SDK_EXIT_ERROR;
	}
	sdk_set_input(NULL);
	grid_free(&g);
	grid_reader_free(r);
	sdk_close_input(fp);
	free(copy);
	return status;
}
