/*
 * logic/fish.c: x-wing, swordfish and jellyfish, and their finned forms.
 * The techniques' shared helpers are in logic/private.h.
 */
#include <string.h>

#include "private.h"

/* ------------------------------------------------------------ fish */

/*
 * Basic fish of size n on digit d: n base lines (rows, or columns) whose
 * candidates lie in n cover lines; d goes from the rest of the covers.
 */
int
find_fish(const struct logic *p, struct logic_step *s, int n,
    enum logic_tech tech)
{
	struct text t;
	int d, dir, e, lines[9], idx[4], i, j, k, ub, uc;
	unsigned where[9], un, bm;

	for (d = 1; d <= 9; d++)
		for (dir = 0; dir < 2; dir++) {
			ub = dir == 0 ? 0 : 9;	/* base units */
			uc = dir == 0 ? 9 : 0;	/* cover units */
			e = 0;
			for (k = 0; k < 9; k++) {
				where[k] = unit_where(p, ub + k, d);
				if (popcount(where[k]) >= 2 &&
				    popcount(where[k]) <= n)
					lines[e++] = k;
			}
			if (e < n)
				continue;
			for (i = 0; i < n; i++)
				idx[i] = i;
			for (;;) {
				un = 0;
				bm = 0;
				for (i = 0; i < n; i++) {
					un |= where[lines[idx[i]]];
					bm |= 1u << lines[idx[i]];
				}
				if (popcount(un) == n) {
					step_clear(s, tech);
					for (k = 0; k < 9; k++) {
						if (!(un & (1u << k)))
							continue;
						for (j = 0; j < 9; j++)
							if (!(bm & (1u << j)))
								elim(p, s,
								    unit_cell[uc
								    + k][j], d);
					}
					if (s->nelim > 0) {
						text_init(&t, s->text,
						    sizeof(s->text));
						text_add(&t, "%s: %d in %s ",
						    logic_tech_name(tech), d,
						    dir == 0 ? "rows" :
						    "columns");
						for (j = 0, k = 0; k < 9; k++)
							if (bm & (1u << k))
								text_add(&t,
								    j++ ? ", %d"
								    : "%d",
								    k + 1);
						text_add(&t, " on %s ",
						    dir == 0 ? "columns" :
						    "rows");
						for (j = 0, k = 0; k < 9; k++)
							if (un & (1u << k))
								text_add(&t,
								    j++ ? ", %d"
								    : "%d",
								    k + 1);
						text_elims(&t, s, d);
						return 1;
					}
				}
				for (i = n - 1; i >= 0 && idx[i] == e - n + i;
				    i--)
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
 * Finned fish of size n on digit d: n base lines whose candidates lie in
 * n cover lines but for some "fins", all in one box.  Either a fin is
 * true, or the fish is: so d goes from the cells of the covers, off the
 * bases, in the fins' box.  For each set of bases and each box, the
 * candidates outside the box must fit in the covers.
 */
int
find_finned(const struct logic *p, struct logic_step *s, int n,
    enum logic_tech tech)
{
	struct text t;
	int d, dir, e, lines[9], idx[4], i, j, k, ub, uc, nf, fins[12], x;
	int bc, extra[3], ne, pick, c;
	unsigned where[9], bm, rest, cm, boxcols;

	for (d = 1; d <= 9; d++)
		for (dir = 0; dir < 2; dir++) {
			ub = dir == 0 ? 0 : 9;
			uc = dir == 0 ? 9 : 0;
			e = 0;
			for (k = 0; k < 9; k++) {
				where[k] = unit_where(p, ub + k, d);
				if (popcount(where[k]) >= 1 &&
				    popcount(where[k]) <= n + 2)
					lines[e++] = k;
			}
			if (e < n)
				continue;
			for (i = 0; i < n; i++)
				idx[i] = i;
			for (;;) {
				bm = 0;
				for (i = 0; i < n; i++)
					bm |= 1u << lines[idx[i]];
				/* x: the fins' box, by its band and stack */
				for (x = 0; x < 9; x++) {
					int xb = x / 3, xs = x % 3;

					/* the box must meet a base line */
					if (!(bm & (7u << (3 * (dir == 0 ? xb :
					    xs)))))
						continue;
					boxcols = 7u << (3 * (dir == 0 ? xs :
					    xb));
					rest = 0;
					for (i = 0; i < n; i++) {
						int l = lines[idx[i]];
						unsigned w = where[l];

						if (l / 3 == (dir == 0 ? xb :
						    xs))
							w &= ~boxcols;
						rest |= w;
					}
					if (popcount(rest) > n)
						continue;
					/* fill the covers from the box's lines */
					ne = 0;
					for (k = 0; k < 9; k++)
						if ((boxcols & (1u << k)) &&
						    !(rest & (1u << k)))
							extra[ne++] = k;
					for (pick = 0; pick < (1 << ne); pick++) {
						if (popcount(rest) +
						    popcount((unsigned)pick) != n)
							continue;
						cm = rest;
						for (k = 0; k < ne; k++)
							if (pick & (1 << k))
								cm |= 1u << extra[k];
						nf = 0;
						for (i = 0; i < n; i++)
							for (k = 0; k < 9; k++)
								if (where[lines[idx[i]]]
								    & ~cm & (1u << k))
									fins[nf++] =
									    unit_cell[ub +
									    lines[idx[i]]][k];
						if (nf == 0)
							continue;	/* plain fish */
						step_clear(s, tech);
						for (k = 0; k < 9; k++) {
							if (!(cm & (1u << k)))
								continue;
							for (j = 0; j < 9; j++) {
								if (bm & (1u << j))
									continue;
								c = unit_cell[uc +
								    k][j];
								if (cell_unit[c][2] -
								    18 != x)
									continue;
								for (bc = 0;
								    bc < nf; bc++)
									if (!sees(c,
									    fins[bc]))
										break;
								if (bc == nf)
									elim(p, s, c,
									    d);
							}
						}
						if (s->nelim == 0)
							continue;
						text_init(&t, s->text,
						    sizeof(s->text));
						text_add(&t, "%s: %d in %s ",
						    logic_tech_name(tech), d,
						    dir == 0 ? "rows" :
						    "columns");
						for (j = 0, k = 0; k < 9; k++)
							if (bm & (1u << k))
								text_add(&t,
								    j++ ? ", %d"
								    : "%d",
								    k + 1);
						text_add(&t, " on %s ",
						    dir == 0 ? "columns" :
						    "rows");
						for (j = 0, k = 0; k < 9; k++)
							if (cm & (1u << k))
								text_add(&t,
								    j++ ? ", %d"
								    : "%d",
								    k + 1);
						text_add(&t, " with fin%s ",
						    nf > 1 ? "s" : "");
						text_cells(&t, fins, nf);
						text_elims(&t, s, d);
						return 1;
					}
				}
				for (i = n - 1; i >= 0 && idx[i] == e - n + i;
				    i--)
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
