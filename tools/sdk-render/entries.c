/*
 * entries.c: a started puzzle's handwriting on the board.  The record's
 * grid line holds the solution (after sdk-solve) or only the printed
 * givens (straight from sdk-ocr); sdk-entries holds the digits written
 * by hand.  An entry is wrong when the grid has another digit in its
 * cell, or when sdk-mistakes says so.  The two must agree: a record
 * whose keys contradict each other cannot be drawn truthfully.
 */
#include <stdio.h>
#include <string.h>

#include "doubt.h"
#include "entries.h"
#include "grid.h"

struct mistake {
	int	 cell;		/* 0-80 */
	int	 written;	/* 1-9 */
	int	 right;		/* 1-9 */
};

/*
 * Parse one "rRcC:W>R" word at s into m.  Returns its length, or 0 if
 * it is not one.  The first character that differs stops the scan, so
 * a short word is never read past its end.
 */
static size_t
mistake_word(const char *s, struct mistake *m)
{
	static const char pat[] = "rDcD:D>D";
	int v[4], k = 0;
	size_t i;

	for (i = 0; pat[i] != '\0'; i++) {
		if (pat[i] == 'D') {
			if (s[i] < '1' || s[i] > '9')
				return 0;
			v[k++] = s[i] - '0';
		} else if (s[i] != pat[i])
			return 0;
	}
	if (s[i] != '\0' && s[i] != ' ' && s[i] != '\t')
		return 0;
	m->cell = 9 * (v[0] - 1) + v[1] - 1;
	m->written = v[2];
	m->right = v[3];
	return i;
}

/* Name the bad word at s in err (up to the next blank). */
static int
mistakes_bad(const char *s, const char *why, char *err, size_t errlen)
{
	int len = (int)strcspn(s, " \t");

	snprintf(err, errlen, "malformed sdk-mistakes: \"%.*s\"%s",
	    len > 24 ? 24 : len, s, why);
	return -1;
}

/*
 * Parse sdk-mistakes: "none", or words rRcC:W>R in row-major order, W
 * not R.  Returns the number of words, or -1 with a message in err.
 */
static int
mistakes_parse(const char *s, struct mistake list[GRID_CELLS], char *err,
    size_t errlen)
{
	struct mistake m;
	size_t len;
	int n = 0;

	s += strspn(s, " \t");
	if (strcmp(s, "none") == 0)
		return 0;
	if (*s == '\0') {
		snprintf(err, errlen, "malformed sdk-mistakes: empty (want "
		    "\"none\" or words like r3c4:5>7)");
		return -1;
	}
	while (*s != '\0') {
		if ((len = mistake_word(s, &m)) == 0)
			return mistakes_bad(s, " (want words like r3c4:5>7)",
			    err, errlen);
		if (m.written == m.right)
			return mistakes_bad(s, " is not a mistake", err, errlen);
		if (n > 0 && m.cell <= list[n - 1].cell)
			return mistakes_bad(s, " is out of row-major order",
			    err, errlen);
		list[n++] = m;
		s += len;
		s += strspn(s, " \t");
	}
	return n;
}

/*
 * Mark cell i, written w by hand, m its sdk-mistakes word or NULL;
 * listed says whether the record has an sdk-mistakes list at all.
 */
static int
entry_cell(struct board *b, int i, int w, const struct mistake *m,
    int listed, char *err, size_t errlen)
{
	int grid, right;

	/* The printed given stands, as in sdk-solve: the entry is ignored. */
	if (w != 0 && b->kind[i] == CELL_GIVEN)
		return 0;
	grid = b->kind[i] == CELL_EMPTY ? 0 : b->digit[i];
	if ((m != NULL && (w == 0 || m->written != w)) ||
	    (m == NULL && listed && w != 0 && grid != 0 && grid != w)) {
		snprintf(err, errlen, "sdk-mistakes disagrees with the "
		    "entries at row %d column %d", i / 9 + 1, i % 9 + 1);
		return -1;
	}
	if (m != NULL && grid != 0 && grid != m->right) {
		snprintf(err, errlen, "sdk-mistakes disagrees with the "
		    "grid at row %d column %d", i / 9 + 1, i % 9 + 1);
		return -1;
	}
	if (w == 0)
		return 0;
	right = m != NULL ? m->right : grid;
	if (right == 0 || right == w) {
		b->kind[i] = CELL_ENTRY;
		b->digit[i] = (unsigned char)w;
	} else {
		b->kind[i] = CELL_WRONG;
		b->digit[i] = (unsigned char)right;
		b->written[i] = (unsigned char)w;
	}
	return 0;
}

int
entries_apply(struct board *b, const char *es, const char *ms, char *err,
    size_t errlen)
{
	unsigned char entry[GRID_CELLS];
	struct mistake list[GRID_CELLS];
	int i, k = 0, n = 0;

	memset(b->written, 0, sizeof(b->written));
	if (es == NULL) {
		if (ms == NULL)
			return 0;
		snprintf(err, errlen, "sdk-mistakes without sdk-entries");
		return -1;
	}
	if (grid_parse_line(es, entry) != 0) {
		snprintf(err, errlen, "malformed sdk-entries (want 81 "
		    "characters, 1-9 or '.')");
		return -1;
	}
	if (ms != NULL && (n = mistakes_parse(ms, list, err, errlen)) < 0)
		return -1;
	for (i = 0; i < GRID_CELLS; i++) {
		if (entry_cell(b, i, entry[i], k < n && list[k].cell == i ?
		    &list[k] : NULL, ms != NULL, err, errlen) != 0)
			return -1;
		if (k < n && list[k].cell == i)
			k++;
	}
	return 0;
}

int
doubts_apply(struct board *b, const char *unsure, char *err, size_t errlen)
{
	struct doubts d;
	char why[96];
	int i;

	if (unsure == NULL)
		return 0;
	if (doubts_parse(unsure, &d, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "malformed sdk-unsure: %s", why);
		return -1;
	}
	for (i = 0; i < GRID_CELLS; i++) {
		if (!d.alt[i])
			continue;
		if (b->kind[i] == CELL_GIVEN || b->kind[i] == CELL_EMPTY) {
			b->doubt[i] = 1;
			continue;
		}
		/* Not among the entries: no digit of the person's there. */
		b->written[i] = b->kind[i] == CELL_FILLED ? 0 : d.read[i];
		b->kind[i] = CELL_UNSURE;
	}
	return 0;
}

int
pencil_apply(struct board *b, const char *pencil, char *err, size_t errlen)
{
	const char *p = pencil;

	memset(b->pencil, 0, sizeof(b->pencil));
	if (pencil == NULL)
		return 0;
	while (*p != '\0') {
		if (p[0] != 'r' || p[1] < '1' || p[1] > '9' || p[2] != 'c' ||
		    p[3] < '1' || p[3] > '9' || p[4] != ':') {
			snprintf(err, errlen, "malformed sdk-pencil: \"%.20s\" "
			    "(want words like r1c2:137)", p);
			return -1;
		}
		b->pencil[(p[1] - '1') * 9 + p[3] - '1'] = 1;
		for (p += 5; *p >= '1' && *p <= '9'; p++)
			;
		if (*p == ' ')
			p++;
		else if (*p != '\0') {
			snprintf(err, errlen, "malformed sdk-pencil: a "
			    "candidate is not a digit 1-9");
			return -1;
		}
	}
	return 0;
}

int
entries_any(const struct board *b)
{
	int i;

	for (i = 0; i < GRID_CELLS; i++)
		if (b->kind[i] == CELL_ENTRY || b->kind[i] == CELL_WRONG ||
		    b->kind[i] == CELL_UNSURE)
			return 1;
	return 0;
}
