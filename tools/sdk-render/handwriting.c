/*
 * handwriting.c: a started puzzle's handwriting on the board (the keys
 * read by libcommon's entries.c and doubt.c).  The record's
 * grid line holds the solution (after sdk-solve) or only the printed
 * givens (straight from sdk-ocr); sdk-entries holds the digits written
 * by hand.  An entry is wrong when the grid has another digit in its
 * cell, or when sdk-mistakes says so.  The two must agree: a record
 * whose keys contradict each other cannot be drawn truthfully.
 */
#include <stdio.h>
#include <string.h>

#include "cellname.h"
#include "doubt.h"
#include "entries.h"
#include "grid.h"
#include "handwriting.h"

/*
 * Mark cell i, written w by hand, m the sdk-mistakes list; listed says
 * whether the record has one at all.
 */
static int
entry_cell(struct board *b, int i, int w, const struct mistakes *m,
    int listed, char *err, size_t errlen)
{
	int grid, right, wrong = m->right[i] != 0;

	/* The printed given stands, as in sdk-solve: the entry is ignored. */
	if (w != 0 && b->kind[i] == CELL_GIVEN)
		return 0;
	grid = b->kind[i] == CELL_EMPTY ? 0 : b->digit[i];
	if ((wrong && (w == 0 || m->written[i] != w)) ||
	    (!wrong && listed && w != 0 && grid != 0 && grid != w)) {
		snprintf(err, errlen, "sdk-mistakes disagrees with the "
		    "entries at row %d column %d", i / 9 + 1, i % 9 + 1);
		return -1;
	}
	if (wrong && grid != 0 && grid != m->right[i]) {
		snprintf(err, errlen, "sdk-mistakes disagrees with the "
		    "grid at row %d column %d", i / 9 + 1, i % 9 + 1);
		return -1;
	}
	if (w == 0)
		return 0;
	right = wrong ? m->right[i] : grid;
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
	struct mistakes list;
	char why[96];
	int i;

	memset(b->written, 0, sizeof(b->written));
	if (es == NULL) {
		if (ms == NULL)
			return 0;
		snprintf(err, errlen, "sdk-mistakes without sdk-entries");
		return -1;
	}
	if (entries_parse(es, entry, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "malformed sdk-entries: %s", why);
		return -1;
	}
	if (ms == NULL)
		memset(&list, 0, sizeof(list));
	else if (mistakes_parse(ms, &list, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "malformed sdk-mistakes: %s", why);
		return -1;
	}
	for (i = 0; i < GRID_CELLS; i++)
		if (entry_cell(b, i, entry[i], &list, ms != NULL, err,
		    errlen) != 0)
			return -1;
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
	struct pencil p;
	char why[96];

	memset(b->pencil, 0, sizeof(b->pencil));
	if (pencil == NULL)
		return 0;
	if (pencil_parse(pencil, &p, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "malformed sdk-pencil: %s", why);
		return -1;
	}
	memcpy(b->pencil, p.has, sizeof(b->pencil));
	return 0;
}

int
pencil_mistakes_apply(struct board *b, const char *list, char *err,
    size_t errlen)
{
	struct pencil p;
	char why[96], name[CELL_NAME_MAX];
	int i, d;

	memset(b->pmiss, 0, sizeof(b->pmiss));
	if (list == NULL || strcmp(list, "none") == 0)
		return 0;
	if (pencil_parse(list, &p, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "malformed sdk-pencil-mistakes: %s", why);
		return -1;
	}
	for (i = 0; i < GRID_CELLS; i++) {
		if (!p.has[i])
			continue;
		for (d = 1; d <= 9 && p.digits[i] != 1u << d; d++)
			;
		if (d > 9) {
			snprintf(err, errlen, "malformed sdk-pencil-mistakes: "
			    "%s: not one digit", cell_name(name, i));
			return -1;
		}
		if (b->digit[i] != 0 && b->digit[i] != d) {
			snprintf(err, errlen, "sdk-pencil-mistakes disagrees "
			    "with the grid at %s", cell_name(name, i));
			return -1;
		}
		b->pmiss[i] = b->kind[i] == CELL_FILLED;
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
