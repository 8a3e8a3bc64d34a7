/*
 * cellname.h: a cell's name in the records and messages, "r3c4" (row 3,
 * column 4, both from 1), as sdk(5) writes it in sdk-alt, sdk-repaired,
 * sdk-unsure, sdk-pencil and sdk-mistakes.  The one place it is written
 * and read.
 */
#ifndef SDK_CELLNAME_H
#define SDK_CELLNAME_H

#include <stddef.h>

#define CELL_NAME_MAX	5	/* "r9c9" and its NUL */

/* Cell 0-80 (row-major) named in buf; returns buf, for a printf. */
char	*cell_name(char buf[CELL_NAME_MAX], int cell);
/* A name "rRcC" at the start of s: its length (4) and the cell, or 0. */
size_t	 cell_parse(const char *s, int *cell);

#endif
