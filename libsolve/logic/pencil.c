/*
 * logic/pencil.c: pencil marks in and out: the 729-character line, the boxed
 * grid, and marks read back (sdk_logic_format729, sdk_logic_write_boxed,
 * sdk_logic_parse, sdk_logic_marks).
 * The techniques' shared helpers are in logic/private.h.
 */
#include <stdio.h>
#include <string.h>

#include "rcname.h"
#include "private.h"

/* ------------------------------------------------------------ pencil marks */

void
sdk_logic_format729(const struct logic *p, char *out)
{
	int c, d;

	for (c = 0; c < GRID_CELLS; c++)
		for (d = 1; d <= 9; d++) {
			int on = p->cell[c] ? p->cell[c] == d :
			    (p->cand[c] & BIT(d)) != 0;

			*out++ = on ? (char)('0' + d) : '.';
		}
	*out = '\0';
}

static void
cell_text(const struct logic *p, int c, char *buf)
{
	int d, n = 0;

	if (p->cell[c])
		buf[n++] = (char)('0' + p->cell[c]);
	else
		for (d = 1; d <= 9; d++)
			if (p->cand[c] & BIT(d))
				buf[n++] = (char)('0' + d);
	if (n == 0)
		buf[n++] = '-';		/* no candidate left */
	buf[n] = '\0';
}

/*
 * A rule of the boxed grid, its '+' under the rows' '|': a box of a row is
 * " a b c" and then " |", so its part of the rule is one '-' a character.
 */
static void
boxed_rule(FILE *fp, const int *w)
{
	int c, k;

	fputc('+', fp);
	for (c = 0; c < 9; c++) {
		for (k = 0; k < w[c] + 1; k++)
			fputc('-', fp);
		if (c % 3 == 2)
			fputs("-+", fp);
	}
	fputc('\n', fp);
}

void
sdk_logic_write_boxed(FILE *fp, const struct logic *p)
{
	char buf[10];
	int w[9], r, c;

	for (c = 0; c < 9; c++) {
		w[c] = 1;
		for (r = 0; r < 9; r++) {
			cell_text(p, r * 9 + c, buf);
			if ((int)strlen(buf) > w[c])
				w[c] = (int)strlen(buf);
		}
	}
	for (r = 0; r < 9; r++) {
		if (r % 3 == 0)
			boxed_rule(fp, w);
		for (c = 0; c < 9; c++) {
			if (c % 3 == 0)
				fputs(c == 0 ? "|" : " |", fp);
			cell_text(p, r * 9 + c, buf);
			fprintf(fp, " %-*s", w[c], buf);
		}
		fputs(" |\n", fp);
	}
	boxed_rule(fp, w);
}

int
sdk_logic_marks(struct logic *p, const unsigned char *cells, const char *s,
    char *err, size_t errlen)
{
	char name[RC_NAME_MAX];
	unsigned m;
	int c, d, i;

	tables_init();
	if (strlen(s) != 729) {
		snprintf(err, errlen, "%zu characters, want 729", strlen(s));
		return -1;
	}
	for (c = 0; c < GRID_CELLS; c++) {
		m = 0;
		for (d = 1; d <= 9; d++) {
			char ch = s[c * 9 + d - 1];

			if (ch == '0' + d)
				m |= BIT(d);
			else if (ch != '.' && ch != '0') {
				snprintf(err, errlen, "cell %s: '%c' in place "
				    "%d", rc_name(name, c), ch, d);
				return -1;
			}
		}
		if (cells[c] > 9 || (cells[c] != 0 && !(m & BIT(cells[c])))) {
			snprintf(err, errlen, "%s holds %d, not a "
			    "candidate there", rc_name(name, c), cells[c]);
			return -1;
		}
		p->cell[c] = cells[c];
		p->cand[c] = (unsigned short)(cells[c] ? 0 : m);
	}
	/* Placed digits rule out their peers, as in any pencil marks. */
	for (c = 0; c < GRID_CELLS; c++)
		if (p->cell[c] != 0)
			for (i = 0; i < 20; i++)
				p->cand[peer[c][i]] &=
				    (unsigned short)~BIT(p->cell[c]);
	return 0;
}

/*
 * The digits and dots of text as one run, blanks skipped, into flat (729
 * at most).  Returns how many, or 0 when anything else is there.
 */
static size_t
parse_flat(const char *text, char *flat)
{
	const char *q;
	size_t n = 0;

	for (q = text; *q != '\0'; q++) {
		if (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			continue;
		if (!((*q >= '0' && *q <= '9') || *q == '.') || n >= 729)
			return 0;
		flat[n++] = *q;
	}
	return n;
}

/* The 729 form: nine places a cell, digit d in place d or '.' or '0'. */
static int
parse_729(struct logic *p, const char *flat, char *err, size_t errlen)
{
	char ch, name[RC_NAME_MAX];
	unsigned m;
	int c, d;

	for (c = 0; c < GRID_CELLS; c++) {
		m = 0;
		for (d = 1; d <= 9; d++) {
			ch = flat[c * 9 + d - 1];
			if (ch == '0' + d)
				m |= BIT(d);
			else if (ch != '.' && ch != '0') {
				snprintf(err, errlen, "cell %s: '%c' in place "
				    "%d", rc_name(name, c), ch, d);
				return -1;
			}
		}
		p->cand[c] = (unsigned short)m;
	}
	return 0;
}

/* Groups of digits 1-9 between anything else: 81 cells' candidates. */
static int
parse_groups(struct logic *p, const char *q, char *err, size_t errlen)
{
	unsigned m;
	int cells = 0;

	while (*q != '\0') {
		if (*q < '1' || *q > '9') {
			if (*q == '0') {
				snprintf(err, errlen, "'0' in a candidate "
				    "grid");
				return -1;
			}
			q++;
			continue;
		}
		m = 0;
		while (*q >= '1' && *q <= '9')
			m |= BIT(*q++ - '0');
		if (cells == GRID_CELLS) {
			snprintf(err, errlen, "more than 81 cells");
			return -1;
		}
		p->cand[cells++] = (unsigned short)m;
	}
	if (cells != GRID_CELLS) {
		snprintf(err, errlen, "%d cells, want 81", cells);
		return -1;
	}
	return 0;
}

/*
 * Candidates read: a cell with one is placed, and placed digits rule out
 * their peers, as in any pencil marks.
 */
static int
parse_settle(struct logic *p, char *err, size_t errlen)
{
	char name[RC_NAME_MAX], other[RC_NAME_MAX];
	int c, i, o;

	for (c = 0; c < GRID_CELLS; c++) {
		p->cell[c] = 0;
		if (p->cand[c] == 0) {
			snprintf(err, errlen, "cell %s has no candidate",
			    rc_name(name, c));
			return -1;
		}
	}
	for (c = 0; c < GRID_CELLS; c++)
		if (popcount(p->cand[c]) == 1) {
			p->cell[c] = (unsigned char)first_digit(p->cand[c]);
			p->cand[c] = 0;
		}
	for (c = 0; c < GRID_CELLS; c++) {
		if (p->cell[c] == 0)
			continue;
		for (i = 0; i < 20; i++) {
			o = peer[c][i];
			if (p->cell[o] == p->cell[c]) {
				snprintf(err, errlen, "%d twice, at %s and %s",
				    p->cell[c], rc_name(name, c),
				    rc_name(other, o));
				return -1;
			}
			p->cand[o] &= (unsigned short)~BIT(p->cell[c]);
		}
	}
	for (c = 0; c < GRID_CELLS; c++)
		if (p->cell[c] == 0 && p->cand[c] == 0) {
			snprintf(err, errlen, "cell %s has no candidate "
			    "left beside the placed digits", rc_name(name, c));
			return -1;
		}
	return 0;
}

int
sdk_logic_parse(struct logic *p, const char *text, char *err, size_t errlen)
{
	unsigned char g[GRID_CELLS];
	char flat[800];
	size_t n, i;

	tables_init();
	/* One run of digits and dots: a line of 81 or the 729 form. */
	n = parse_flat(text, flat);
	if (n == GRID_CELLS) {
		for (i = 0; i < GRID_CELLS; i++)
			g[i] = flat[i] == '.' ? 0 : (unsigned char)(flat[i] -
			    '0');
		if (sdk_logic_init(p, g) < 0) {
			snprintf(err, errlen, "a digit repeats in a unit");
			return -1;
		}
		return 0;
	}
	if (n == 729 ? parse_729(p, flat, err, errlen) != 0 :
	    parse_groups(p, text, err, errlen) != 0)
		return -1;
	return parse_settle(p, err, errlen);
}
