/*
 * doubt.c: the "# sdk-unsure" value (doubt.h).
 */
#include <stdio.h>
#include <string.h>

#include "doubt.h"

/* One word "rRcC:W|A" at s: its length and cell, or 0 when malformed. */
static size_t
doubt_word(const char *s, int *cell, int *read, int *alt)
{
	if (s[0] != 'r' || s[1] < '1' || s[1] > '9' || s[2] != 'c' ||
	    s[3] < '1' || s[3] > '9' || s[4] != ':' ||
	    (s[5] != '.' && (s[5] < '1' || s[5] > '9')) || s[6] != '|' ||
	    s[7] < '1' || s[7] > '9' || s[7] == s[5] ||
	    (s[8] != ' ' && s[8] != '\0'))
		return 0;
	*cell = (s[1] - '1') * 9 + (s[3] - '1');
	*read = s[5] == '.' ? 0 : s[5] - '0';
	*alt = s[7] - '0';
	return 8;
}

int
doubts_parse(const char *s, struct doubts *d, char *why, size_t len)
{
	const char *p = s;
	int	 cell, read, alt, last = -1;
	size_t	 n;

	memset(d, 0, sizeof(*d));
	while (*p != '\0') {
		if ((n = doubt_word(p, &cell, &read, &alt)) == 0) {
			snprintf(why, len, "\"%.20s\"%s: want words like "
			    "r2c6:8|3", p, strlen(p) > 20 ? "..." : "");
			return -1;
		}
		if (cell <= last) {
			snprintf(why, len, "r%dc%d is out of row-major order",
			    cell / 9 + 1, cell % 9 + 1);
			return -1;
		}
		last = cell;
		d->read[cell] = (unsigned char)read;
		d->alt[cell] = (unsigned char)alt;
		d->n++;
		p += n;
		if (*p == ' ')
			p++;
	}
	return 0;
}

void
doubts_format(const struct doubts *d, char *buf)
{
	size_t	 n = 0;
	int	 i;

	buf[0] = '\0';
	for (i = 0; i < GRID_CELLS; i++)
		if (d->alt[i])
			n += (size_t)snprintf(buf + n, DOUBTS_MAX - n,
			    "%sr%dc%d:%c|%d", n ? " " : "", i / 9 + 1,
			    i % 9 + 1, d->read[i] ? '0' + d->read[i] : '.',
			    d->alt[i]);
}
