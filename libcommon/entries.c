/*
 * entries.c: sdk-entries, sdk-mistakes and sdk-pencil (entries.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cellname.h"
#include "entries.h"

/* ------------------------------------------------------------ sdk-entries */

/* Name the bad character; a control character is not shown as is. */
static void
bad_char(char ch, int i, char *why, size_t len)
{
	if (isprint((unsigned char)ch))
		snprintf(why, len, "character %d is '%c', not a digit or '.'",
		    i + 1, ch);
	else
		snprintf(why, len, "character %d is not a digit or '.'",
		    i + 1);
}

int
entries_parse(const char *s, unsigned char cell[GRID_CELLS], char *why,
    size_t len)
{
	size_t n = strlen(s);
	int i;

	if (n != GRID_CELLS) {
		snprintf(why, len, "%zu characters, not %d", n, GRID_CELLS);
		return -1;
	}
	for (i = 0; i < GRID_CELLS; i++) {
		if (s[i] >= '1' && s[i] <= '9')
			cell[i] = (unsigned char)(s[i] - '0');
		else if (s[i] == '.' || s[i] == '0')
			cell[i] = 0;
		else {
			bad_char(s[i], i, why, len);
			return -1;
		}
	}
	return 0;
}

int
entries_format(const unsigned char cell[GRID_CELLS], char *buf)
{
	int i, n = 0;

	for (i = 0; i < GRID_CELLS; i++) {
		buf[i] = cell[i] ? (char)('0' + cell[i]) : '.';
		n += cell[i] != 0;
	}
	buf[GRID_CELLS] = '\0';
	return n;
}

/* ----------------------------------------------------------- sdk-mistakes */

/*
 * One "rRcC:W>R" word at s: its length, or 0 if it is not one.  The
 * first character that differs stops the scan, so a short word is never
 * read past its end.
 */
static size_t
mistake_word(const char *s, int *cell, int *written, int *right)
{
	if (cell_parse(s, cell) == 0 || s[4] != ':' || s[5] < '1' ||
	    s[5] > '9' || s[6] != '>' || s[7] < '1' || s[7] > '9' ||
	    (s[8] != '\0' && s[8] != ' ' && s[8] != '\t'))
		return 0;
	*written = s[5] - '0';
	*right = s[7] - '0';
	return 8;
}

/* Name the bad word at s in why (up to the next blank). */
static int
mistakes_bad(const char *s, const char *what, char *why, size_t len)
{
	int n = (int)strcspn(s, " \t");

	snprintf(why, len, "\"%.*s\"%s", n > 24 ? 24 : n, s, what);
	return -1;
}

int
mistakes_parse(const char *s, struct mistakes *m, char *why, size_t len)
{
	size_t n;
	int cell, written, right, last = -1;

	memset(m, 0, sizeof(*m));
	s += strspn(s, " \t");
	if (strcmp(s, "none") == 0)
		return 0;
	if (*s == '\0') {
		snprintf(why, len, "empty (want \"none\" or words like "
		    "r3c4:5>7)");
		return -1;
	}
	while (*s != '\0') {
		if ((n = mistake_word(s, &cell, &written, &right)) == 0)
			return mistakes_bad(s, " (want words like r3c4:5>7)",
			    why, len);
		if (written == right)
			return mistakes_bad(s, " is not a mistake", why, len);
		if (cell <= last)
			return mistakes_bad(s, " is out of row-major order",
			    why, len);
		last = cell;
		m->written[cell] = (unsigned char)written;
		m->right[cell] = (unsigned char)right;
		m->n++;
		s += n;
		s += strspn(s, " \t");
	}
	return 0;
}

void
mistakes_format(const struct mistakes *m, char *buf)
{
	char name[CELL_NAME_MAX];
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < GRID_CELLS; i++)
		if (m->right[i])
			n += (size_t)snprintf(buf + n, MISTAKES_MAX - n,
			    "%s%s:%d>%d", n ? " " : "", cell_name(name, i),
			    m->written[i], m->right[i]);
	if (n == 0)
		strcpy(buf, "none");
}

/* ------------------------------------------------------------- sdk-pencil */

int
pencil_parse(const char *s, struct pencil *p, char *why, size_t len)
{
	int cell;

	memset(p, 0, sizeof(*p));
	while (*s != '\0') {
		if (cell_parse(s, &cell) == 0 || s[4] != ':') {
			snprintf(why, len, "\"%.20s\" (want words like "
			    "r1c2:137)", s);
			return -1;
		}
		p->n += !p->has[cell];
		p->has[cell] = 1;
		for (s += 5; *s >= '1' && *s <= '9'; s++)
			p->digits[cell] |= (unsigned short)(1u << (*s - '0'));
		if (*s == ' ')
			s++;
		else if (*s != '\0') {
			snprintf(why, len, "a candidate is not a digit 1-9");
			return -1;
		}
	}
	return 0;
}

void
pencil_format(const struct pencil *p, char *buf)
{
	char name[CELL_NAME_MAX];
	size_t n = 0;
	int i, d;

	buf[0] = '\0';
	for (i = 0; i < GRID_CELLS; i++) {
		if (!p->has[i])
			continue;
		n += (size_t)snprintf(buf + n, PENCIL_MAX - n, "%s%s:",
		    n ? " " : "", cell_name(name, i));
		for (d = 1; d <= 9; d++)
			if (p->digits[i] & (1u << d))
				buf[n++] = (char)('0' + d);
		buf[n] = '\0';
	}
}
