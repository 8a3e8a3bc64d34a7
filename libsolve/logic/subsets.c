/*
 * logic/subsets.c: naked and hidden pairs, triples and quads.
 * The techniques' shared helpers are in logic/private.h.
 */
#include <string.h>

#include "private.h"

/* ------------------------------------------------------------ subsets */

static const char *const subset_name[5] = {
	"", "", "pair", "triple", "quad"
};


/*
 * Naked subset of n cells in unit u: n cells whose candidates together
 * are n digits; those digits go from the unit's other cells.
 */
int
find_naked(const struct logic *p, struct logic_step *s, int n,
    enum logic_tech tech)
{
	struct text t;
	int u, k, m, e, cells[9], idx[4], sel[4], i, j;
	unsigned un;

	for (u = 0; u < 27; u++) {
		/* Empty cells with 2..n candidates. */
		e = 0;
		m = 0;
		for (k = 0; k < 9; k++) {
			int c = unit_cell[u][k];

			if (p->cell[c] == 0) {
				m++;
				if (popcount(p->cand[c]) <= n)
					cells[e++] = c;
			}
		}
		if (e < n || m <= n)
			continue;
		/* Combinations of n among e. */
		for (i = 0; i < n; i++)
			idx[i] = i;
		for (;;) {
			un = 0;
			for (i = 0; i < n; i++)
				un |= p->cand[cells[idx[i]]];
			if (popcount(un) == n) {
				step_clear(s, tech);
				for (i = 0; i < n; i++)
					sel[i] = cells[idx[i]];
				for (k = 0; k < 9; k++) {
					int c = unit_cell[u][k], in = 0, d;

					for (j = 0; j < n; j++)
						in |= sel[j] == c;
					if (in)
						continue;
					for (d = 1; d <= 9; d++)
						if (un & BIT(d))
							elim(p, s, c, d);
				}
				if (s->nelim > 0) {
					text_init(&t, s);
					text_add(&t, "naked %s: ",
					    subset_name[n]);
					text_digits(&t, un);
					text_add(&t, " in ");
					text_cells(&t, sel, n);
					text_add(&t, " (");
					text_unit(&t, u);
					text_add(&t, ")");
					text_elims(&t, s, 0);
					return 1;
				}
			}
			/* next combination */
			for (i = n - 1; i >= 0 && idx[i] == e - n + i; i--)
				;
			if (i < 0)
				break;
			idx[i]++;
			for (j = i + 1; j < n; j++)
				idx[j] = idx[j - 1] + 1;
		}
	}
	return 0;
}

/*
 * Hidden subset: n digits that fit only in the same n cells of a unit;
 * the other candidates of those cells go.
 */
/*
 * Sudoku Explainer's direct hidden set: the set of digits dm in the
 * places un of unit u leaves another digit one place in u.
 */
static int
hidden_direct(const struct logic *p, int u, unsigned un, unsigned dm)
{
	unsigned w;
	int d;

	for (d = 1; d <= 9; d++) {
		if ((dm & BIT(d)) || unit_has(p, u, d))
			continue;
		w = unit_where(p, u, d);
		if (popcount(w) > 1 && popcount(w & ~un) == 1)
			return 1;
	}
	return 0;
}

int
find_hidden(const struct logic *p, struct logic_step *s, int n,
    enum logic_tech tech)
{
	return find_hidden_if(p, s, n, tech, 0);
}

int
find_hidden_if(const struct logic *p, struct logic_step *s, int n,
    enum logic_tech tech, int direct)
{
	struct text t;
	int u, d, e, digs[9], idx[4], sel[4], i, j, k, m;
	unsigned where[10], un, dm;

	for (u = 0; u < 27; u++) {
		e = 0;
		m = 0;
		for (d = 1; d <= 9; d++) {
			if (unit_has(p, u, d))
				continue;
			m++;
			where[d] = unit_where(p, u, d);
			if (popcount(where[d]) >= 2 &&
			    popcount(where[d]) <= n)
				digs[e++] = d;
		}
		if (e < n || m <= n)
			continue;
		for (i = 0; i < n; i++)
			idx[i] = i;
		for (;;) {
			un = 0;
			dm = 0;
			for (i = 0; i < n; i++) {
				un |= where[digs[idx[i]]];
				dm |= BIT(digs[idx[i]]);
			}
			if (popcount(un) == n) {
				step_clear(s, tech);
				j = 0;
				for (k = 0; k < 9; k++)
					if (un & (1u << k)) {
						int c = unit_cell[u][k];

						sel[j++] = c;
						for (d = 1; d <= 9; d++)
							if (!(dm & BIT(d)))
								elim(p, s, c,
								    d);
					}
				if (s->nelim > 0 && (!direct ||
				    hidden_direct(p, u, un, dm))) {
					text_init(&t, s);
					text_add(&t, "hidden %s: ",
					    subset_name[n]);
					text_digits(&t, dm);
					text_add(&t, " in ");
					text_cells(&t, sel, n);
					text_add(&t, " (");
					text_unit(&t, u);
					text_add(&t, ")");
					text_elims(&t, s, 0);
					return 1;
				}
			}
			for (i = n - 1; i >= 0 && idx[i] == e - n + i; i--)
				;
			if (i < 0)
				break;
			idx[i]++;
			for (j = i + 1; j < n; j++)
				idx[j] = idx[j - 1] + 1;
		}
	}
	return 0;
}
