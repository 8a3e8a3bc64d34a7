/*
 * gridline.h: one line of a grid record as the grid reader (grid.c) sees
 * it, whatever tool wrote it: the line of 81 cells, a row of nine with
 * ASCII or box-drawing decoration, a Simple Sudoku border, a HoDoKu or
 * Sudoku Explainer line with text after its cells, a "[Puzzle]" section
 * header, a line of words around a grid, "# key value" metadata (sdk.5).
 * libc only.
 */
#ifndef SDK_GRIDLINE_H
#define SDK_GRIDLINE_H

#include <stddef.h>

#include "sdk.h"

enum gridline_kind {
	GRIDLINE_BLANK,		/* nothing but blanks and rules */
	GRIDLINE_CELLS,		/* cells: n of them */
	GRIDLINE_META,		/* "# key value": text is after the '#' */
	GRIDLINE_COMMENT,	/* '#' then no blank (#A of .sdk): ignored */
	GRIDLINE_SECTION,	/* "[Name]": text and textlen are the name */
	GRIDLINE_TEXT,		/* words and too few digits for a puzzle */
	GRIDLINE_BAD		/* why says what was found and expected */
};

struct gridline {
	enum gridline_kind kind;
	int		 n;		/* CELLS: how many, may be over 81 */
	unsigned char	 cell[GRID_CELLS];	/* the first 81: 0 empty */
	const char	*text;		/* META, SECTION: into the line */
	size_t		 textlen;
	char		 why[128];	/* BAD: "unexpected 'q' in a grid: ..." */
};

/*
 * Read the line s (len bytes, no newline) into gl.  A row whose empty
 * cells are blanks is read by column when bars stand at its ends and
 * between its boxes or cells ("| 5 3   |   7   |       |").
 */
void	 gridline_scan(const char *s, size_t len, struct gridline *gl);

/* Is c a character of a cell: 1-9, or . 0 x X * _ for an empty one? */
int	 gridline_cell_char(int c);

#endif
