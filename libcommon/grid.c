/*
 * grid.c: read and write grid records (sdk.5).
 *
 * The reader is lenient about layout and strict about content: a record is
 * "# key value" lines, then either one line of 81 cells or nine lines of
 * nine, where '|', '-', '+', spaces and tabs are decoration and blank lines
 * may stand anywhere between rows and records.  Anything else is an error
 * that names the line.  Lines are read with a fixed bound so that a binary
 * file or a line with no end cannot make it allocate without limit.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "keys.h"
#include "util.h"

struct grid_reader {
	FILE	*fp;
	long	 line;		/* lines read so far */
	char	*buf;		/* current line, NUL-terminated */
	size_t	 len;
	char	 err[256];
	int	 failed;
};

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
		if (n == SDK_MAX_LINE) {
			r->line++;
			return fail(r, "line longer than %d bytes",
			    SDK_MAX_LINE);
		}
		if (c == '\0') {
			r->line++;
			return fail(r, "NUL byte (not a text grid)");
		}
		r->buf[n++] = (char)c;
	}
	if (ferror(r->fp)) {
		r->line++;
		return fail(r, "read error");
	}
	if (c == EOF && n == 0)
		return 0;
	if (n > 0 && r->buf[n - 1] == '\r')
		n--;
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

/* A byte as it should appear in a message. */
static void
show_byte(unsigned char c, char *out, size_t len)
{
	if (c >= 0x21 && c < 0x7f)
		snprintf(out, len, "'%c'", c);
	else
		snprintf(out, len, "byte 0x%02x", c);
}

/*
 * Collect the cells of a line into cells[] (at most max).  Returns the
 * number of cells, or -1 (message set) on a character that is neither a
 * cell nor decoration.  Counting goes on past max so the message can say
 * how many there were.
 */
static int
line_cells(struct grid_reader *r, unsigned char *cells, int max)
{
	const unsigned char *p;
	char what[16];
	int n = 0, v;

	for (p = (const unsigned char *)r->buf; *p != '\0'; p++) {
		switch (*p) {
		case ' ': case '\t': case '|': case '-': case '+':
			continue;
		case '.': case '0':
			v = 0;
			break;
		default:
			if (*p < '1' || *p > '9') {
				show_byte(*p, what, sizeof(what));
				return fail(r, "unexpected %s in a grid",
				    what);
			}
			v = *p - '0';
		}
		if (n < max)
			cells[n] = (unsigned char)v;
		n++;
	}
	return n;
}

int
grid_read(struct grid_reader *r, struct grid *g)
{
	const char *p;
	int rows = 0, n, rc;

	if (r->failed)
		return -1;
	meta_clear(&g->meta);
	g->line = 0;
	while ((rc = next_line(r)) == 1) {
		for (p = r->buf; *p == ' ' || *p == '\t'; p++)
			;
		if (*p == '#') {
			if (rows > 0)
				return fail(r, "metadata inside a grid "
				    "(%d of 9 rows read)", rows);
			if (meta_parse_line(&g->meta, p + 1) < 0)
				return fail(r, META_TOO_MUCH, META_LIMITS);
			continue;
		}
		n = line_cells(r, g->cell + rows * 9,
		    rows == 0 ? GRID_CELLS : 9);
		if (n < 0)
			return -1;
		if (n == 0)
			continue;	/* blank or a decoration rule */
		if (rows == 0 && n == GRID_CELLS) {
			g->line = r->line;
			return 1;
		}
		if (n != 9) {
			if (rows > 0)
				return fail(r, "row %d has %d cells, "
				    "expected 9", rows + 1, n);
			return fail(r, "%d cells, expected 81 (or a row of "
			    "9)", n);
		}
		if (rows == 0)
			g->line = r->line;
		if (++rows == 9)
			return 1;
	}
	if (rc < 0)
		return -1;
	if (rows > 0)
		return fail(r, "input ends after %d of 9 rows", rows);
	if (g->meta.n > 0)
		return fail(r, "input ends with metadata but no grid");
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

int
grid_each_read(const char *name,
    int (*read)(struct grid_reader *, struct grid *),
    int (*fn)(struct grid *, const char *), int (*stop)(int))
{
	struct grid_reader *r;
	struct grid g;
	FILE *fp;
	int n, rc, status = SDK_EXIT_OK;

	if ((fp = sdk_open_input(name)) == NULL)
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
	return status;
}
