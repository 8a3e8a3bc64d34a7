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
						text_init(&t, s);
						text_add(&t, "%s: %d in %s ",
						    sdk_logic_tech_name(tech),
						    d, dir == 0 ? "rows" :
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

/* A finned fish being sought: digit d, its base lines one way. */
struct finned {
	int		 n;		/* size: 2 x-wing, 3 swordfish */
	int		 d;
	int		 dir;		/* 0: the bases are rows */
	int		 ub, uc;	/* first unit: bases, covers */
	unsigned	 where[9];	/* d's places in each base line */
	int		 lines[9];	/* the lines that may be bases */
	int		 e;		/* how many */
	int		 idx[4];	/* the n bases chosen, into lines[] */
	unsigned	 bm;		/* the bases as a mask of lines */
};

/* The lines with d in 1 to n + 2 places.  Returns how many. */
static int
finned_lines(const struct logic *p, struct finned *f)
{
	int k;

	f->ub = f->dir == 0 ? 0 : 9;
	f->uc = f->dir == 0 ? 9 : 0;
	f->e = 0;
	for (k = 0; k < 9; k++) {
		f->where[k] = unit_where(p, f->ub + k, f->d);
		if (popcount(f->where[k]) >= 1 &&
		    popcount(f->where[k]) <= f->n + 2)
			f->lines[f->e++] = k;
	}
	return f->e;
}

/* The next n of the e lines, in order.  Returns 0 after the last. */
static int
finned_next(struct finned *f)
{
	int i, j;

	for (i = f->n - 1; i >= 0 && f->idx[i] == f->e - f->n + i; i--)
		;
	if (i < 0)
		return 0;
	f->idx[i]++;
	for (j = i + 1; j < f->n; j++)
		f->idx[j] = f->idx[j - 1] + 1;
	return 1;
}

/* The fins: the bases' candidates outside the covers cm. */
static int
finned_fins(const struct finned *f, unsigned cm, int *fins)
{
	int i, k, l, nf = 0;

	for (i = 0; i < f->n; i++) {
		l = f->lines[f->idx[i]];
		for (k = 0; k < 9; k++)
			if (f->where[l] & ~cm & (1u << k))
				fins[nf++] = unit_cell[f->ub + l][k];
	}
	return nf;
}

/* d goes from the covers' cells in box x, off the bases, that see the fins. */
static void
finned_elims(const struct logic *p, struct logic_step *s,
    const struct finned *f, int x, unsigned cm, const int *fins, int nf)
{
	int j, k, c, bc;

	for (k = 0; k < 9; k++) {
		if (!(cm & (1u << k)))
			continue;
		for (j = 0; j < 9; j++) {
			if (f->bm & (1u << j))
				continue;
			c = unit_cell[f->uc + k][j];
			if (cell_unit[c][2] - 18 != x)
				continue;
			for (bc = 0; bc < nf; bc++)
				if (!sees(c, fins[bc]))
					break;
			if (bc == nf)
				elim(p, s, c, f->d);
		}
	}
}

/* The lines of a mask: "1, 4, 7". */
static void
text_lines(struct text *t, unsigned m)
{
	int j = 0, k;

	for (k = 0; k < 9; k++)
		if (m & (1u << k))
			text_add(t, j++ ? ", %d" : "%d", k + 1);
}

static void
finned_text(struct logic_step *s, const struct finned *f, unsigned cm,
    const int *fins, int nf, enum logic_tech tech)
{
	struct text t;

	text_init(&t, s);
	text_add(&t, "%s: %d in %s ", sdk_logic_tech_name(tech), f->d,
	    f->dir == 0 ? "rows" : "columns");
	text_lines(&t, f->bm);
	text_add(&t, " on %s ", f->dir == 0 ? "columns" : "rows");
	text_lines(&t, cm);
	text_add(&t, " with fin%s ", nf > 1 ? "s" : "");
	text_cells(&t, fins, nf);
	text_elims(&t, s, f->d);
}

/*
 * The chosen bases with their fins in box x: the candidates outside the
 * box must fit in n covers, which the box's lines fill up.  Returns 1
 * with the step.
 */
static int
finned_box(const struct logic *p, struct logic_step *s,
    const struct finned *f, int x, enum logic_tech tech)
{
	int xb = x / 3, xs = x % 3, i, k, l, ne, pick, nf, fins[12];
	int extra[3];
	unsigned rest = 0, cm, boxcols, w;

	/* the box must meet a base line */
	if (!(f->bm & (7u << (3 * (f->dir == 0 ? xb : xs)))))
		return 0;
	boxcols = 7u << (3 * (f->dir == 0 ? xs : xb));
	for (i = 0; i < f->n; i++) {
		l = f->lines[f->idx[i]];
		w = f->where[l];
		if (l / 3 == (f->dir == 0 ? xb : xs))
			w &= ~boxcols;
		rest |= w;
	}
	if (popcount(rest) > f->n)
		return 0;
	/* fill the covers from the box's lines */
	ne = 0;
	for (k = 0; k < 9; k++)
		if ((boxcols & (1u << k)) && !(rest & (1u << k)))
			extra[ne++] = k;
	for (pick = 0; pick < (1 << ne); pick++) {
		if (popcount(rest) + popcount((unsigned)pick) != f->n)
			continue;
		cm = rest;
		for (k = 0; k < ne; k++)
			if (pick & (1 << k))
				cm |= 1u << extra[k];
		if ((nf = finned_fins(f, cm, fins)) == 0)
			continue;	/* plain fish */
		step_clear(s, tech);
		finned_elims(p, s, f, x, cm, fins, nf);
		if (s->nelim == 0)
			continue;
		finned_text(s, f, cm, fins, nf, tech);
		return 1;
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
	struct finned f;
	int i, x;

	f.n = n;
	for (f.d = 1; f.d <= 9; f.d++)
		for (f.dir = 0; f.dir < 2; f.dir++) {
			if (finned_lines(p, &f) < n)
				continue;
			for (i = 0; i < n; i++)
				f.idx[i] = i;
			do {
				f.bm = 0;
				for (i = 0; i < n; i++)
					f.bm |= 1u << f.lines[f.idx[i]];
				/* x: the fins' box, by its band and stack */
				for (x = 0; x < 9; x++)
					if (finned_box(p, s, &f, x, tech))
						return 1;
			} while (finned_next(&f));
		}
	return 0;
}
