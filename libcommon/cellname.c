/*
 * cellname.c: "r3c4" (cellname.h).
 */
#include <stdio.h>

#include "cellname.h"

char *
cell_name(char buf[CELL_NAME_MAX], int cell)
{
	unsigned c = (unsigned)cell;

	snprintf(buf, CELL_NAME_MAX, "r%uc%u", c / 9 % 9 + 1, c % 9 + 1);
	return buf;
}

size_t
cell_parse(const char *s, int *cell)
{
	if (s[0] != 'r' || s[1] < '1' || s[1] > '9' || s[2] != 'c' ||
	    s[3] < '1' || s[3] > '9')
		return 0;
	*cell = (s[1] - '1') * 9 + (s[3] - '1');
	return 4;
}
