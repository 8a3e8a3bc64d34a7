/*
 * doubt.h: the cells whose reading sdk-ocr doubts ("# sdk-unsure", sdk.5):
 * words "rRcC:W|A", row by row, W the digit read ('.' for none), A the
 * other digit the puzzle would take.  One home for the format: sdk-ocr
 * writes it, sdk-solve and sdk-render read it.
 */
#ifndef SDK_DOUBT_H
#define SDK_DOUBT_H

#include <stddef.h>

#include "grid.h"

struct doubts {
	int		 n;			/* cells in doubt */
	unsigned char	 read[GRID_CELLS];	/* W: 0 none, 1-9 */
	unsigned char	 alt[GRID_CELLS];	/* A: 1-9; 0: not in doubt */
};

/* Parse a value into d; 0, or -1 with why saying what is wrong. */
int	 doubts_parse(const char *s, struct doubts *d, char *why, size_t len);

/* d as the key's value ("" with no doubt); buf holds DOUBTS_MAX. */
#define DOUBTS_MAX	(GRID_CELLS * 10 + 1)
void	 doubts_format(const struct doubts *d, char *buf);

#endif
