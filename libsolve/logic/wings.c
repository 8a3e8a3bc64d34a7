/*
 * logic/wings.c: xy-wing, xyz-wing and w-wing.
 * The techniques' shared helpers are in logic/private.h.
 */
#include <string.h>

#include "private.h"

/* ------------------------------------------------------------ wings */

/* Remove d from the cells that see every cell of v[0..n-1]. */
void
elim_seen_by(const struct logic *p, struct logic_step *s, const int *v,
    int n, int d)
{
	int c, i, ok;

	for (c = 0; c < GRID_CELLS; c++) {
		if (p->cell[c] != 0 || !(p->cand[c] & BIT(d)))
			continue;
		ok = 1;
		for (i = 0; i < n && ok; i++)
			ok = c != v[i] && sees(c, v[i]);
		if (ok)
			elim(p, s, c, d);
	}
}

void
text_cellcand(struct text *t, const struct logic *p, int c)
{
	text_cell(t, c);
	text_add(t, " {");
	text_digits(t, p->cand[c]);
	text_add(t, "}");
}

/*
 * XY-wing (pivot {x,y}, pincers {x,z} and {y,z} seeing it) and, with
 * xyz set, XYZ-wing (pivot {x,y,z}): z goes from cells seeing the pincers
 * (and, for XYZ, the pivot).
 */
int
find_wing(const struct logic *p, struct logic_step *s, int xyz)
{
	struct text t;
	int pv, a, b, i, j, z, v[3];
	unsigned pm, am, bm;

	for (pv = 0; pv < GRID_CELLS; pv++) {
		pm = p->cand[pv];
		if (p->cell[pv] != 0 || popcount(pm) != (xyz ? 3 : 2))
			continue;
		for (i = 0; i < 20; i++) {
			a = peer[pv][i];
			am = p->cand[a];
			if (p->cell[a] != 0 || popcount(am) != 2)
				continue;
			for (j = i + 1; j < 20; j++) {
				b = peer[pv][j];
				bm = p->cand[b];
				if (p->cell[b] != 0 || popcount(bm) != 2 ||
				    am == bm)
					continue;
				if (xyz) {
					if ((am & ~pm) || (bm & ~pm))
						continue;
					z = (int)(am & bm);
				} else {
					unsigned zz = am & bm;

					if (popcount(zz) != 1 || (zz & pm) ||
					    (am | bm | pm) != (pm | zz) ||
					    popcount(am & pm) != 1 ||
					    popcount(bm & pm) != 1 ||
					    (am & pm) == (bm & pm))
						continue;
					z = (int)zz;
				}
				if (popcount((unsigned)z) != 1)
					continue;
				z = first_digit((unsigned)z);
				step_clear(s, xyz ? LT_XYZWING : LT_XYWING);
				v[0] = a;
				v[1] = b;
				v[2] = pv;
				elim_seen_by(p, s, v, xyz ? 3 : 2, z);
				if (s->nelim == 0)
					continue;
				text_init(&t, s);
				text_add(&t, "%s: %d by pivot ",
				    xyz ? "xyz-wing" : "xy-wing", z);
				text_cellcand(&t, p, pv);
				text_add(&t, " and pincers ");
				text_cellcand(&t, p, a);
				text_add(&t, ", ");
				text_cellcand(&t, p, b);
				text_elims(&t, s, z);
				return 1;
			}
		}
	}
	return 0;
}

/*
 * W-wing: two cells {x,y} that do not see each other, joined by a strong
 * link on x (a unit where x has only two places, one seeing each cell):
 * one of the two cells is y, so y goes from the cells seeing both.
 */
int
find_wwing(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int a, b, u, k, x, y, c1, c2, v[2], xi;
	unsigned m, w;

	for (a = 0; a < GRID_CELLS; a++) {
		m = p->cand[a];
		if (p->cell[a] != 0 || popcount(m) != 2)
			continue;
		for (b = a + 1; b < GRID_CELLS; b++) {
			if (p->cell[b] != 0 || p->cand[b] != m || sees(a, b))
				continue;
			for (xi = 0; xi < 2; xi++) {
				x = xi == 0 ? first_digit(m) :
				    first_digit(m & (m - 1));
				y = first_digit(m & ~BIT(x));
				v[0] = a;
				v[1] = b;
				step_clear(s, LT_WWING);
				elim_seen_by(p, s, v, 2, y);
				if (s->nelim == 0)
					continue;
				for (u = 0; u < 27; u++) {
					w = unit_where(p, u, x);
					if (popcount(w) != 2)
						continue;
					k = first_digit(w);
					c1 = unit_cell[u][k];
					c2 = unit_cell[u][first_digit(w &
					    (w - 1))];
					if (c1 == a || c1 == b || c2 == a ||
					    c2 == b)
						continue;
					if (!((sees(c1, a) && sees(c2, b)) ||
					    (sees(c1, b) && sees(c2, a))))
						continue;
					text_init(&t, s);
					text_add(&t, "w-wing: %d by ", y);
					text_cellcand(&t, p, a);
					text_add(&t, ", ");
					text_cellcand(&t, p, b);
					text_add(&t, " and strong link on %d "
					    "in ", x);
					text_unit(&t, u);
					text_add(&t, " (");
					text_cell(&t, c1);
					text_add(&t, ", ");
					text_cell(&t, c2);
					text_add(&t, ")");
					text_elims(&t, s, y);
					return 1;
				}
			}
		}
	}
	return 0;
}
