/*
 * logic/singles.c: full house, naked and hidden singles, and locked candidates
 * (pointing, claiming).
 * The techniques' shared helpers are in logic/private.h.
 */
#include <string.h>

#include "private.h"

/* ------------------------------------------------------------ singles */

int
find_full_house(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int u, k, c, empty, n;
	unsigned placed;

	for (u = 0; u < 27; u++) {
		n = 0;
		empty = -1;
		placed = 0;
		for (k = 0; k < 9; k++) {
			c = unit_cell[u][k];
			if (p->cell[c] == 0) {
				n++;
				empty = c;
			} else
				placed |= BIT(p->cell[c]);
		}
		if (n != 1 || popcount(LOGIC_ALL & ~placed) != 1 ||
		    !(p->cand[empty] & LOGIC_ALL & ~placed))
			continue;
		step_clear(s, LT_FULL_HOUSE);
		s->cell = empty;
		s->digit = first_digit(LOGIC_ALL & ~placed);
		text_init(&t, s);
		text_add(&t, "full house: ");
		text_cell(&t, empty);
		text_add(&t, " = %d (", s->digit);
		text_unit(&t, u);
		text_add(&t, ")");
		return 1;
	}
	return 0;
}

int
find_naked_single(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int c;

	for (c = 0; c < GRID_CELLS; c++) {
		if (p->cell[c] != 0 || popcount(p->cand[c]) != 1)
			continue;
		step_clear(s, LT_NAKED_SINGLE);
		s->cell = c;
		s->digit = first_digit(p->cand[c]);
		text_init(&t, s);
		text_add(&t, "naked single: ");
		text_cell(&t, c);
		text_add(&t, " = %d", s->digit);
		return 1;
	}
	return 0;
}

int
find_hidden_single(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int i, u, d;
	unsigned w;

	for (i = 0; i < 27; i++) {
		u = (i + 18) % 27;	/* boxes first, then rows, columns */
		for (d = 1; d <= 9; d++) {
			w = unit_where(p, u, d);
			if (popcount(w) != 1)
				continue;
			step_clear(s, LT_HIDDEN_SINGLE);
			s->cell = unit_cell[u][first_digit(w)];
			s->digit = d;
			text_init(&t, s);
			text_add(&t, "hidden single: ");
			text_cell(&t, s->cell);
			text_add(&t, " = %d (", d);
			text_unit(&t, u);
			text_add(&t, ")");
			return 1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------ locked */

/*
 * Digit d in unit a lies only where a meets unit b: remove it from the
 * rest of b.
 */
static int
locked(const struct logic *p, struct logic_step *s, enum logic_tech tech,
    int a, int b, int d)
{
	struct text t;
	int k, c;

	step_clear(s, tech);
	for (k = 0; k < 9; k++) {
		c = unit_cell[b][k];
		if (cell_unit[c][0] != a && cell_unit[c][1] != a &&
		    cell_unit[c][2] != a)
			elim(p, s, c, d);
	}
	if (s->nelim == 0)
		return 0;
	text_init(&t, s);
	text_add(&t, "%s: %d in ", sdk_logic_tech_name(tech), d);
	text_unit(&t, a);
	text_add(&t, tech == LT_POINTING ? " on " : " within ");
	text_unit(&t, b);
	text_elims(&t, s, d);
	return 1;
}

/* All cells of unit u with candidate d share the unit of kind `kind'. */
static int
common_unit(const struct logic *p, int u, int d, int kind)
{
	int k, c, v = -1;

	for (k = 0; k < 9; k++) {
		c = unit_cell[u][k];
		if (!(p->cand[c] & BIT(d)))
			continue;
		if (v == -1)
			v = cell_unit[c][kind];
		else if (v != cell_unit[c][kind])
			return -1;
	}
	return v;
}

/*
 * Sudoku Explainer's "direct" locked candidates, hidden pairs and
 * triples: the step leaves a hidden single where p had none, which is
 * easier to see than the step alone.
 */
int
step_direct(const struct logic *p, const struct logic_step *s)
{
	struct logic q = *p;
	struct logic_step t;

	sdk_logic_apply(&q, s);
	return find_hidden_single(&q, &t);
}

/* Pointing; only a direct one when direct is set. */
int
find_pointing_if(const struct logic *p, struct logic_step *s, int direct)
{
	int u, d, kind, v;

	for (u = 18; u < 27; u++)
		for (d = 1; d <= 9; d++) {
			if (popcount(unit_where(p, u, d)) < 2)
				continue;
			for (kind = 0; kind < 2; kind++) {
				v = common_unit(p, u, d, kind);
				if (v >= 0 && locked(p, s, LT_POINTING, u, v,
				    d) && (!direct || step_direct(p, s)))
					return 1;
			}
		}
	return 0;
}

int
find_pointing(const struct logic *p, struct logic_step *s)
{
	return find_pointing_if(p, s, 0);
}

/* Claiming; only a direct one when direct is set. */
int
find_claiming_if(const struct logic *p, struct logic_step *s, int direct)
{
	int u, d, v;

	for (u = 0; u < 18; u++)
		for (d = 1; d <= 9; d++) {
			if (popcount(unit_where(p, u, d)) < 2)
				continue;
			v = common_unit(p, u, d, 2);
			if (v >= 0 && locked(p, s, LT_CLAIMING, u, v, d) &&
			    (!direct || step_direct(p, s)))
				return 1;
		}
	return 0;
}

int
find_claiming(const struct logic *p, struct logic_step *s)
{
	return find_claiming_if(p, s, 0);
}
