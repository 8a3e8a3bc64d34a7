/*
 * logic/colouring.c: simple colouring.
 * The techniques' shared helpers are in logic/private.h.
 */
#include <string.h>

#include "private.h"

/* ------------------------------------------------------------ colouring */

/* Two places of d in a unit of c holding exactly two: the other place. */
int
conjugates(const struct logic *p, int c, int d, int *out)
{
	int i, u, n = 0;
	unsigned w;

	for (i = 0; i < 3; i++) {
		u = cell_unit[c][i];
		w = unit_where(p, u, d);
		if (popcount(w) != 2)
			continue;
		if (unit_cell[u][first_digit(w)] == c)
			out[n++] = unit_cell[u][first_digit(w & (w - 1))];
		else
			out[n++] = unit_cell[u][first_digit(w)];
	}
	return n;
}

static void
text_colour(struct text *t, const int *col, int want)
{
	int c, first = 1;

	for (c = 0; c < GRID_CELLS; c++)
		if (col[c] == want) {
			if (!first)
				text_add(t, ", ");
			first = 0;
			text_cell(t, c);
		}
}

/*
 * Simple colouring on one digit: the cells joined by strong links take
 * two colours, one of which is true.  Colour wrap: two cells of one colour
 * see each other, so that colour is false.  Colour trap: a cell seeing
 * both colours cannot hold the digit.
 */
int
find_colouring(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int col[GRID_CELLS], comp[GRID_CELLS], queue[GRID_CELLS];
	int d, start, qh, qt, c, i, k, n, o[3];
	int a, b, wrap, ncomp;

	for (d = 1; d <= 9; d++) {
		for (c = 0; c < GRID_CELLS; c++)
			comp[c] = 0;
		ncomp = 0;
		for (start = 0; start < GRID_CELLS; start++) {
			if (comp[start] || !(p->cand[start] & BIT(d)) ||
			    p->cell[start])
				continue;
			if (conjugates(p, start, d, o) == 0)
				continue;
			ncomp++;
			for (c = 0; c < GRID_CELLS; c++)
				col[c] = 0;
			qh = qt = 0;
			queue[qt++] = start;
			col[start] = 1;
			comp[start] = ncomp;
			while (qh < qt) {
				c = queue[qh++];
				n = conjugates(p, c, d, o);
				for (i = 0; i < n; i++)
					if (col[o[i]] == 0) {
						col[o[i]] = 3 - col[c];
						comp[o[i]] = ncomp;
						queue[qt++] = o[i];
					}
			}
			if (qt < 3)
				continue;	/* a lone pair proves nothing */
			/* wrap */
			wrap = 0;
			for (i = 0; i < qt && !wrap; i++) {
				a = queue[i];
				for (k = 0; k < 20 && !wrap; k++) {
					b = peer[a][k];
					if (col[b] == col[a])
						wrap = col[a];
				}
			}
			step_clear(s, LT_COLOURING);
			if (wrap) {
				for (c = 0; c < GRID_CELLS; c++)
					if (col[c] == wrap)
						elim(p, s, c, d);
			} else
				for (c = 0; c < GRID_CELLS; c++) {
					int s1 = 0, s2 = 0;

					if (col[c] || !(p->cand[c] & BIT(d)))
						continue;
					for (k = 0; k < 20; k++) {
						a = peer[c][k];
						s1 |= col[a] == 1;
						s2 |= col[a] == 2;
					}
					if (s1 && s2)
						elim(p, s, c, d);
				}
			if (s->nelim == 0)
				continue;
			text_init(&t, s);
			text_add(&t, "simple colouring: %d colour %s on ", d,
			    wrap ? "wrap" : "trap");
			text_colour(&t, col, 1);
			text_add(&t, " against ");
			text_colour(&t, col, 2);
			text_elims(&t, s, d);
			return 1;
		}
	}
	return 0;
}
