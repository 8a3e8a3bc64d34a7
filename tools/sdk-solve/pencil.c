/*
 * pencil.c: sdk-solve --pencil's reader (pencil.h): records whose grid is
 * pencil marks.
 */
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "logic.h"
#include "meta.h"
#include "pencil.h"
#include "util.h"

/* Runs of digits 1-9 in s. */
static int
digit_groups(const char *s)
{
	int n = 0;

	for (; *s != '\0'; s++)
		if (*s >= '1' && *s <= '9' && (s[1] < '1' || s[1] > '9'))
			n++;
	return n;
}

/* s without blanks is n characters of 0-9 and '.'. */
static int
flat_cells(const char *s, size_t n)
{
	size_t k = 0;

	for (; *s != '\0'; s++) {
		if (*s == ' ' || *s == '\t')
			continue;
		if (!((*s >= '0' && *s <= '9') || *s == '.'))
			return 0;
		k++;
	}
	return k == n;
}

int
pencil_read(struct grid_reader *r, struct grid *g)
{
	struct logic p;
	char *text = NULL, msg[96], pm[730];
	const char *buf;
	size_t tlen = 0, n;
	int cells = 0, done = 0, rc = -1, got = 0;

	meta_clear(&g->meta);
	while (!done && (got = grid_reader_next_line(r, &buf, &n)) == 1) {
		if (cells == 0 && buf[0] == '#') {
			if (meta_parse_line(&g->meta, buf + 1) >= 0)
				continue;
			grid_reader_fail(r, grid_reader_line(r),
			    META_TOO_MUCH, META_LIMITS);
			goto out;
		}
		if (cells == 0 && (flat_cells(buf, 729) ||
		    flat_cells(buf, GRID_CELLS)))
			done = 1;
		else if ((cells += digit_groups(buf)) == 0)
			continue;	/* blank or a rule between records */
		if (tlen == 0)
			g->line = grid_reader_line(r);
		text = sdk_xrealloc(text, tlen + n + 2);
		memcpy(text + tlen, buf, n);
		tlen += n;
		text[tlen++] = '\n';
		text[tlen] = '\0';
		if (cells >= GRID_CELLS)
			done = 1;
	}
	if (!done && got < 0)
		goto out;
	if (tlen == 0) {
		if (g->meta.n > 0) {
			grid_reader_fail(r, grid_reader_line(r), "metadata "
			    "without a grid");
			goto out;
		}
		rc = 0;
		goto out;
	}
	if (!done) {
		grid_reader_fail(r, grid_reader_line(r), "the candidate grid "
		    "ends after %d cells", cells);
		goto out;
	}
	if (sdk_logic_parse(&p, text, msg, sizeof(msg)) < 0) {
		grid_reader_fail(r, g->line, "%s", msg);
		goto out;
	}
	memcpy(g->cell, p.cell, GRID_CELLS);
	sdk_logic_format729(&p, pm);
	meta_set(&g->meta, SDK_KEY_CANDIDATES, pm);
	rc = 1;
out:
	free(text);
	return rc;
}
