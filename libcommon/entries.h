/*
 * entries.h: what a person wrote on a started puzzle, and the verdict on
 * it, as sdk(5) has them; the one home of these formats, written and read
 * here for every program.
 *
 *   sdk-entries   81 characters like the grid line: '1'-'9' a digit written
 *                 by hand, '.' (or '0') none.
 *   sdk-mistakes  "none", or words "rRcC:W>R" in row-major order: the digit
 *                 W written at row R column C, the solution's R (not W).
 *   sdk-pencil    words "rRcC:DDD" in row-major order, the cells holding
 *                 pencil marks and the candidates read there, maybe none.
 *
 * The parsers return 0, or -1 with why saying what is wrong (the caller
 * names the key); the cells are 0-80.
 */
#ifndef SDK_ENTRIES_H
#define SDK_ENTRIES_H

#include <stddef.h>

#include "grid.h"

/* sdk-entries into cell[] (0 empty, 1-9). */
int	 entries_parse(const char *s, unsigned char cell[GRID_CELLS],
	    char *why, size_t len);
/* cell[] as the value, in buf (GRID_CELLS + 1); returns the entries. */
int	 entries_format(const unsigned char cell[GRID_CELLS], char *buf);

struct mistakes {
	int		 n;			/* wrong entries */
	unsigned char	 written[GRID_CELLS];	/* W: 1-9 */
	unsigned char	 right[GRID_CELLS];	/* R: 1-9; 0: no mistake */
};

int	 mistakes_parse(const char *s, struct mistakes *m, char *why,
	    size_t len);
/* m as the value ("none" without mistakes); buf holds MISTAKES_MAX. */
#define MISTAKES_MAX	(GRID_CELLS * 9 + 8)
void	 mistakes_format(const struct mistakes *m, char *buf);

struct pencil {
	int		 n;			/* cells with marks */
	unsigned char	 has[GRID_CELLS];	/* 1: pencil marks here */
	unsigned short	 digits[GRID_CELLS];	/* bit d: candidate d read */
};

int	 pencil_parse(const char *s, struct pencil *p, char *why, size_t len);
/* p as the value ("" without marks); buf holds PENCIL_MAX. */
#define PENCIL_MAX	(GRID_CELLS * 15 + 1)
void	 pencil_format(const struct pencil *p, char *buf);

#endif
