/*
 * logic/uniqueness.c: unique rectangle type 1 and BUG+1.
 * The techniques' shared helpers are in logic/private.h.
 */
#include <string.h>

#include "private.h"

/* ------------------------------------------------------------ uniqueness */

/*
 * Unique rectangle type 1: four empty cells on two rows, two columns and
 * two boxes; three hold just {a,b}: the fourth cannot be a or b, or the
 * puzzle would have two solutions.
 */
int
find_ur1(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int r1, r2, c1, c2, k, v[4], nb, odd, i;
	unsigned m;

	for (r1 = 0; r1 < 9; r1++)
		for (r2 = r1 + 1; r2 < 9; r2++)
			for (c1 = 0; c1 < 9; c1++)
				for (c2 = c1 + 1; c2 < 9; c2++) {
					if ((r1 / 3 == r2 / 3) ==
					    (c1 / 3 == c2 / 3))
						continue;	/* 1 or 4 boxes */
					v[0] = r1 * 9 + c1;
					v[1] = r1 * 9 + c2;
					v[2] = r2 * 9 + c1;
					v[3] = r2 * 9 + c2;
					m = 0;
					nb = 0;
					odd = -1;
					for (k = 0; k < 4; k++) {
						if (p->cell[v[k]])
							break;
						if (popcount(p->cand[v[k]]) ==
						    2) {
							if (m == 0)
								m = p->cand[v[k]];
							if (p->cand[v[k]] != m)
								break;
							nb++;
						} else
							odd = k;
					}
					if (k < 4 || nb != 3 || odd < 0 ||
					    (p->cand[v[odd]] & m) != m)
						continue;
					step_clear(s, LT_UR1);
					for (i = 1; i <= 9; i++)
						if (m & BIT(i))
							elim(p, s, v[odd], i);
					text_init(&t, s);
					text_add(&t, "unique rectangle: ");
					text_cells(&t, v, 4);
					text_add(&t, " {");
					text_digits(&t, m);
					text_add(&t, "} type 1");
					text_elims(&t, s, 0);
					return 1;
				}
	return 0;
}

/*
 * BUG+1: every empty cell has two candidates but one, which has three,
 * and each digit has two places in every unit but one digit of that cell.
 * Without it the grid would be a "bivalue universal grave", which has no
 * or several solutions: so that digit goes there.
 */
int
find_bug1(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int c, odd = -1, d, i, u, good;

	for (c = 0; c < GRID_CELLS; c++) {
		if (p->cell[c])
			continue;
		if (popcount(p->cand[c]) == 3 && odd < 0)
			odd = c;
		else if (popcount(p->cand[c]) != 2)
			return 0;
	}
	if (odd < 0)
		return 0;
	for (d = 1; d <= 9; d++) {
		if (!(p->cand[odd] & BIT(d)))
			continue;
		good = 1;
		for (i = 0; i < 3 && good; i++) {
			u = cell_unit[odd][i];
			good = popcount(unit_where(p, u, d)) == 3;
		}
		if (!good)
			continue;
		/* every other digit and unit: two places */
		for (u = 0; u < 27 && good; u++) {
			int e;

			for (e = 1; e <= 9 && good; e++) {
				int w = popcount(unit_where(p, u, e));

				if (w == 0 || (e == d && (u ==
				    cell_unit[odd][0] || u == cell_unit[odd][1]
				    || u == cell_unit[odd][2])))
					continue;
				good = w == 2;
			}
		}
		if (!good)
			return 0;
		step_clear(s, LT_BUG1);
		s->cell = odd;
		s->digit = d;
		text_init(&t, s);
		text_add(&t, "bug+1: ");
		text_cell(&t, odd);
		text_add(&t, " = %d (every other cell has two candidates)", d);
		return 1;
	}
	return 0;
}
