/*
 * grid.h: grid records, the text stream between sdk-ocr, sdk-solve and
 * sdk-render (sdk.5).  A record is zero or more "# key value" lines and a
 * grid: one line of 81 cells, or nine rows of nine with decoration.  libc
 * only, so that sdk-solve links neither Leptonica nor Tesseract.
 */
#ifndef SDK_GRID_H
#define SDK_GRID_H

#include <stdio.h>

#include "meta.h"
#include "sdk.h"

struct grid {
	struct meta	meta;
	unsigned char	cell[GRID_CELLS];	/* 0 empty, 1-9 digit */
	long		line;		/* input line the grid began on */
	long		recno;		/* grid_each(): record of the operand */
};

enum grid_format {
	GRID_FORMAT_LINE,	/* 81 characters, '.' for empty */
	GRID_FORMAT_BOX		/* nine rows with | and - between boxes */
};

void	 grid_init(struct grid *);
void	 grid_free(struct grid *);

struct grid_reader;

/* Read records from fp (not closed by grid_reader_free()). */
struct grid_reader *grid_reader_new(FILE *fp);
void	 grid_reader_free(struct grid_reader *);
/*
 * Read the next record into g (its old metadata is cleared).  Returns 1
 * for a record, 0 at the end of input, -1 on malformed or unreadable input:
 * grid_reader_error() then says what and where ("line 12: ...").  After -1
 * the stream is in an unknown state: stop reading it.
 */
int	 grid_read(struct grid_reader *, struct grid *);
const char *grid_reader_error(const struct grid_reader *);
/* Line number of the last line read (1-based). */
long	 grid_reader_line(const struct grid_reader *);

/*
 * For readers of other record forms (sdk-solve --pencil) built on this
 * one, with its limits and messages.  grid_reader_next_line() gives the
 * next line without its newline (or CR), valid until the next call:
 * returns 1, 0 at the end, -1 on a line over SDK_MAX_LINE bytes, a NUL
 * byte or a read error (grid_reader_error() says which).
 * grid_reader_fail() sets the error, "line N: " and the message, and
 * returns -1.
 */
int	 grid_reader_next_line(struct grid_reader *, const char **line,
	    size_t *len);
int	 grid_reader_fail(struct grid_reader *, long line, const char *fmt,
	    ...) __attribute__((format(printf, 3, 4)));

/*
 * Every record of an operand ("-" is standard input) through fn(g, name),
 * which returns an exit status; g->recno counts the operand's records
 * from 1.  After each record, stop(status) may end the run early (stop
 * may be NULL).  A malformed record is named and counts as
 * SDK_EXIT_ERROR.  Returns the folded status.
 */
int	 grid_each(const char *name, int (*fn)(struct grid *, const char *),
	    int (*stop)(int status));
/*
 * grid_each() reads an operand of 81 cell characters (1-9 and . 0 x X *
 * _) that names no file as a puzzle, named by itself; for --help:
 */
#define GRID_OPERAND_HELP \
	"  FILE ...           files of grid records, - for standard input;" \
	" a puzzle\n                     of 81 cells (53..7....6..) that" \
	" names no file is read\n                     as it stands\n"

/* The same with another record reader than grid_read() (see above). */
int	 grid_each_read(const char *name,
	    int (*read)(struct grid_reader *, struct grid *),
	    int (*fn)(struct grid *, const char *), int (*stop)(int status));

/* Write metadata lines then the grid.  Returns 0, or -1 on write error. */
int	 grid_write(FILE *, const struct grid *, enum grid_format);
/* Write just the cells, with no metadata and no newline for LINE form. */
int	 grid_write_cells(FILE *, const unsigned char *cell, enum grid_format);

/* 81 cells to "53..7....6..." (82 bytes with the NUL). */
void	 grid_format_line(const unsigned char *cell, char *out);
/*
 * Parse exactly 81 cells ('1'-'9', '.' or '0') from s, as found in a
 * "# sdk-puzzle" value.  Returns 0 or -1.
 */
int	 grid_parse_line(const char *s, unsigned char *cell);

#endif
