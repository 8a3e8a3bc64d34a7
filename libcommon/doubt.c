/*
 * doubt.c: the "# sdk-unsure" value (doubt.h).
 */
#include <stdio.h>
#include <string.h>

#include "cellname.h"
#include "doubt.h"

/* One word "rRcC:W|A" at s: its length and cell, or 0 when malformed. */
static size_t
doubt_word(const char *s, int *cell, int *read, int *alt)
{
	if (cell_parse(s, cell) == 0 || s[4] != ':' ||
	    (s[5] != '.' && (s[5] < '1' || s[5] > '9')) || s[6] != '|' ||
	    s[7] < '1' || s[7] > '9' || s[7] == s[5] ||
	    (s[8] != ' ' && s[8] != '\0'))
		return 0;
	*read = s[5] == '.' ? 0 : s[5] - '0';
	*alt = s[7] - '0';
	return 8;
}

int
doubts_parse(const char *s, struct doubts *d, char *why, size_t len)
{
	const char *p = s;
	char	 name[CELL_NAME_MAX];
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
			snprintf(why, len, "%s is out of row-major order",
			    cell_name(name, cell));
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
	char	 name[CELL_NAME_MAX];
	size_t	 n = 0;
	int	 i;

	buf[0] = '\0';
	for (i = 0; i < GRID_CELLS; i++)
		if (d->alt[i])
			n += (size_t)snprintf(buf + n, DOUBTS_MAX - n,
			    "%s%s:%c|%d", n ? " " : "", cell_name(name, i),
			    d->read[i] ? '0' + d->read[i] : '.', d->alt[i]);
}
