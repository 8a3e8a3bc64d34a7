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
 * Every record of an operand ("-" is standard input) through fn(g, name),
 * which returns an exit status; after each record, stop(status) may end
 * the run early (stop may be NULL).  A malformed record is named and
 * counts as SDK_EXIT_ERROR.  Returns the folded status.
 */
int	 grid_each(const char *name, int (*fn)(struct grid *, const char *),
	    int (*stop)(int status));

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
