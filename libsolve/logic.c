/*
 * logic.c: human-style techniques, one small function each, tried in the
 * order of enum logic_tech.  Each finder looks at a position without
 * changing it and fills a step: a placement or a set of candidates to
 * remove, and a line of text saying why.  Only steps that make progress
 * are reported.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "logic.h"

#define BIT(d)		((unsigned)1 << (d))

static int	 unit_cell[27][9];	/* rows 0-8, columns 9-17, boxes 18-26 */
static int	 cell_unit[81][3];	/* row, column, box unit of a cell */
static int	 peer[81][20];
static unsigned char seesm[81][81];	/* 1 if the cells share a unit */
static unsigned char popc[1024];	/* bits set in a candidate mask */
static int	 tables_ready;
static int	 text_off;		/* logic_run() without a callback */

static const struct {
	const char	*name;
	enum logic_level level;
} techs[LT_COUNT] = {
	{ "full house", LEVEL_EASY },
	{ "naked single", LEVEL_EASY },
	{ "hidden single", LEVEL_EASY },
	{ "pointing", LEVEL_MEDIUM },
	{ "claiming", LEVEL_MEDIUM },
	{ "naked pair", LEVEL_MEDIUM },
	{ "hidden pair", LEVEL_MEDIUM },
	{ "naked triple", LEVEL_MEDIUM },
	{ "hidden triple", LEVEL_MEDIUM },
	{ "naked quad", LEVEL_HARD },
	{ "hidden quad", LEVEL_HARD },
	{ "x-wing", LEVEL_HARD },
	{ "swordfish", LEVEL_HARD },
	{ "xy-wing", LEVEL_HARD },
	{ "xyz-wing", LEVEL_HARD },
	{ "w-wing", LEVEL_HARD },
	{ "simple colouring", LEVEL_HARD },
	{ "unique rectangle", LEVEL_HARD },
	{ "finned x-wing", LEVEL_HARD },
	{ "bug+1", LEVEL_HARD },
	{ "jellyfish", LEVEL_EXPERT },
	{ "finned swordfish", LEVEL_EXPERT },
	{ "x-chain", LEVEL_EXPERT },
	{ "xy-chain", LEVEL_EXPERT },
	{ "aic", LEVEL_EXPERT },
};

static const char *const levels[LEVEL_COUNT] = {
	"easy", "medium", "hard", "expert", "extreme"
};

static const char *const subset_name[5] = {
	"", "", "pair", "triple", "quad"
};

const char *
logic_tech_name(int t)
{
	if (t < 0 || t >= LT_COUNT)
		return "none";
	return techs[t].name;
}

enum logic_level
logic_tech_level(int t)
{
	if (t < 0)
		return LEVEL_EASY;
	if (t >= LT_COUNT)
		return LEVEL_EXTREME;
	return techs[t].level;
}

const char *
logic_level_name(int l)
{
	if (l < 0 || l >= LEVEL_COUNT)
		return "unknown";
	return levels[l];
}

int
logic_level_find(const char *s)
{
	int l;

	for (l = 0; l < LEVEL_COUNT; l++)
		if (strcmp(levels[l], s) == 0)
			return l;
	return -1;
}

static void
tables_init(void)
{
	int u, k, c, d, n;

	for (k = 0; k < 9; k++)
		for (c = 0; c < 9; c++) {
			unit_cell[k][c] = k * 9 + c;
			unit_cell[9 + k][c] = c * 9 + k;
			unit_cell[18 + k][c] = (k / 3 * 3 + c / 3) * 9 +
			    k % 3 * 3 + c % 3;
		}
	for (u = 0; u < 27; u++)
		for (k = 0; k < 9; k++)
			cell_unit[unit_cell[u][k]][u / 9] = u;
	memset(seesm, 0, sizeof(seesm));
	for (c = 0; c < 81; c++)
		for (u = 0; u < 3; u++)
			for (k = 0; k < 9; k++)
				seesm[c][unit_cell[cell_unit[c][u]][k]] = 1;
	for (c = 0; c < 1024; c++)
		popc[c] = (unsigned char)__builtin_popcount((unsigned)c);
	for (c = 0; c < 81; c++) {
		seesm[c][c] = 0;
		n = 0;
		for (d = 0; d < 81; d++)
			if (seesm[c][d])
				peer[c][n++] = d;
	}
	tables_ready = 1;
}

static int
popcount(unsigned x)
{
	return popc[x & 1023];
}

/* Lowest digit of a candidate mask. */
static int
first_digit(unsigned m)
{
	return __builtin_ctz(m);
}

static int
sees(int a, int b)
{
	return seesm[a][b];
}

/* ------------------------------------------------------------ text */

struct text {
	char	*buf;
	size_t	 len;
	size_t	 cap;
};

static void
text_init(struct text *t, char *buf, size_t cap)
{
	t->buf = buf;
	t->len = 0;
	t->cap = text_off ? 1 : cap;
	buf[0] = '\0';
}

static void __attribute__((format(printf, 2, 3)))
text_add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->len + 1 >= t->cap)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	t->len += (size_t)n;
	if (t->len >= t->cap)
		t->len = t->cap - 1;
}

static void
text_cell(struct text *t, int c)
{
	text_add(t, "r%dc%d", c / 9 + 1, c % 9 + 1);
}

/* Cells, comma separated. */
static void
text_cells(struct text *t, const int *cells, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			text_add(t, ", ");
		text_cell(t, cells[i]);
	}
}

/* Digits of a mask: "3,5". */
static void
text_digits(struct text *t, unsigned m)
{
	int d, first = 1;

	for (d = 1; d <= 9; d++)
		if (m & BIT(d)) {
			text_add(t, first ? "%d" : ",%d", d);
			first = 0;
		}
}

static void
text_unit(struct text *t, int u)
{
	static const char *const kind[3] = { "row", "column", "box" };

	text_add(t, "%s %d", kind[u / 9], u % 9 + 1);
}

/*
 * " removes r2c7, r2c8" when only digit `d' goes (the text named it), else
 * " removes 3 from r1c4, r1c5; 5 from r1c8".
 */
static void
text_elims(struct text *t, const struct logic_step *s, int named)
{
	unsigned all = 0;
	int c, d, first, single;

	for (c = 0; c < 81; c++)
		all |= s->elim[c];
	single = popcount(all) == 1 && named == first_digit(all);
	text_add(t, " removes ");
	first = 1;
	for (d = 1; d <= 9; d++) {
		int fc = 1;

		if (!(all & BIT(d)))
			continue;
		if (!first)
			text_add(t, "; ");
		first = 0;
		if (!single)
			text_add(t, "%d from ", d);
		for (c = 0; c < 81; c++)
			if (s->elim[c] & BIT(d)) {
				if (!fc)
					text_add(t, ", ");
				fc = 0;
				text_cell(t, c);
			}
	}
}

/* ------------------------------------------------------------ basics */

void
logic_place(struct logic *p, int c, int d)
{
	int i;

	p->cell[c] = (unsigned char)d;
	p->cand[c] = 0;
	for (i = 0; i < 20; i++)
		p->cand[peer[c][i]] &= (unsigned short)~BIT(d);
}

int
logic_init(struct logic *p, const unsigned char *g)
{
	int c, i;

	if (!tables_ready)
		tables_init();
	for (c = 0; c < 81; c++) {
		p->cell[c] = 0;
		p->cand[c] = LOGIC_ALL;
	}
	for (c = 0; c < 81; c++) {
		if (g[c] == 0)
			continue;
		if (g[c] > 9)
			return -1;
		for (i = 0; i < 20; i++)
			if (p->cell[peer[c][i]] == g[c])
				return -1;
		logic_place(p, c, g[c]);
	}
	return 0;
}

int
logic_left(const struct logic *p)
{
	int c, n = 0;

	for (c = 0; c < 81; c++)
		n += p->cell[c] == 0;
	return n;
}

int
logic_consistent(const struct logic *p)
{
	int u, k, c;
	unsigned placed, possible;

	if (!tables_ready)
		tables_init();
	for (c = 0; c < 81; c++)
		if (p->cell[c] == 0 && p->cand[c] == 0)
			return 0;
	for (u = 0; u < 27; u++) {
		placed = possible = 0;
		for (k = 0; k < 9; k++) {
			c = unit_cell[u][k];
			if (p->cell[c]) {
				if (placed & BIT(p->cell[c]))
					return 0;
				placed |= BIT(p->cell[c]);
			} else
				possible |= p->cand[c];
		}
		if ((placed | possible) != LOGIC_ALL)
			return 0;
	}
	return 1;
}

static void
step_clear(struct logic_step *s, enum logic_tech t)
{
	s->tech = t;
	s->cell = -1;
	s->digit = 0;
	s->nelim = 0;
	memset(s->elim, 0, sizeof(s->elim));
	s->text[0] = '\0';
}

/* Remove digit d from cell c if it is a candidate there. */
static void
elim(const struct logic *p, struct logic_step *s, int c, int d)
{
	if (p->cell[c] == 0 && (p->cand[c] & BIT(d)) &&
	    !(s->elim[c] & BIT(d))) {
		s->elim[c] |= (unsigned short)BIT(d);
		s->nelim++;
	}
}

/* Cells of unit u holding candidate d, as a 9-bit mask of positions. */
static unsigned
unit_where(const struct logic *p, int u, int d)
{
	unsigned m = 0;
	int k;

	for (k = 0; k < 9; k++)
		if (p->cand[unit_cell[u][k]] & BIT(d))
			m |= 1u << k;
	return m;
}

static int
unit_has(const struct logic *p, int u, int d)
{
	int k;

	for (k = 0; k < 9; k++)
		if (p->cell[unit_cell[u][k]] == d)
			return 1;
	return 0;
}

/* ------------------------------------------------------------ singles */

static int
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
		text_init(&t, s->text, sizeof(s->text));
		text_add(&t, "full house: ");
		text_cell(&t, empty);
		text_add(&t, " = %d (", s->digit);
		text_unit(&t, u);
		text_add(&t, ")");
		return 1;
	}
	return 0;
}

static int
find_naked_single(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int c;

	for (c = 0; c < 81; c++) {
		if (p->cell[c] != 0 || popcount(p->cand[c]) != 1)
			continue;
		step_clear(s, LT_NAKED_SINGLE);
		s->cell = c;
		s->digit = first_digit(p->cand[c]);
		text_init(&t, s->text, sizeof(s->text));
		text_add(&t, "naked single: ");
		text_cell(&t, c);
		text_add(&t, " = %d", s->digit);
		return 1;
	}
	return 0;
}

static int
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
			text_init(&t, s->text, sizeof(s->text));
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
	text_init(&t, s->text, sizeof(s->text));
	text_add(&t, "%s: %d in ", techs[tech].name, d);
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

static int
find_pointing(const struct logic *p, struct logic_step *s)
{
	int u, d, kind, v;

	for (u = 18; u < 27; u++)
		for (d = 1; d <= 9; d++) {
			if (popcount(unit_where(p, u, d)) < 2)
				continue;
			for (kind = 0; kind < 2; kind++) {
				v = common_unit(p, u, d, kind);
				if (v >= 0 && locked(p, s, LT_POINTING, u, v,
				    d))
					return 1;
			}
		}
	return 0;
}

static int
find_claiming(const struct logic *p, struct logic_step *s)
{
	int u, d, v;

	for (u = 0; u < 18; u++)
		for (d = 1; d <= 9; d++) {
			if (popcount(unit_where(p, u, d)) < 2)
				continue;
			v = common_unit(p, u, d, 2);
			if (v >= 0 && locked(p, s, LT_CLAIMING, u, v, d))
				return 1;
		}
	return 0;
}

/* ------------------------------------------------------------ subsets */

/*
 * Naked subset of n cells in unit u: n cells whose candidates together
 * are n digits; those digits go from the unit's other cells.
 */
static int
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
					text_init(&t, s->text,
					    sizeof(s->text));
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
static int
find_hidden(const struct logic *p, struct logic_step *s, int n,
    enum logic_tech tech)
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
				if (s->nelim > 0) {
					text_init(&t, s->text,
					    sizeof(s->text));
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

/* ------------------------------------------------------------ fish */

/*
 * Basic fish of size n on digit d: n base lines (rows, or columns) whose
 * candidates lie in n cover lines; d goes from the rest of the covers.
 */
static int
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
						    techs[tech].name, d,
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

/* ------------------------------------------------------------ wings */

/* Remove d from the cells that see every cell of v[0..n-1]. */
static void
elim_seen_by(const struct logic *p, struct logic_step *s, const int *v,
    int n, int d)
{
	int c, i, ok;

	for (c = 0; c < 81; c++) {
		if (p->cell[c] != 0 || !(p->cand[c] & BIT(d)))
			continue;
		ok = 1;
		for (i = 0; i < n && ok; i++)
			ok = c != v[i] && sees(c, v[i]);
		if (ok)
			elim(p, s, c, d);
	}
}

static void
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
static int
find_wing(const struct logic *p, struct logic_step *s, int xyz)
{
	struct text t;
	int pv, a, b, i, j, z, v[3];
	unsigned pm, am, bm;

	for (pv = 0; pv < 81; pv++) {
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
				text_init(&t, s->text, sizeof(s->text));
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
static int
find_wwing(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int a, b, u, k, x, y, c1, c2, v[2], xi;
	unsigned m, w;

	for (a = 0; a < 81; a++) {
		m = p->cand[a];
		if (p->cell[a] != 0 || popcount(m) != 2)
			continue;
		for (b = a + 1; b < 81; b++) {
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
					text_init(&t, s->text,
					    sizeof(s->text));
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

/* ------------------------------------------------------------ colouring */

/* Two places of d in a unit of c holding exactly two: the other place. */
static int
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

	for (c = 0; c < 81; c++)
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
static int
find_colouring(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int d, start, col[81], comp[81], queue[81], qh, qt, c, i, k, n, o[3];
	int a, b, wrap, ncomp;

	for (d = 1; d <= 9; d++) {
		for (c = 0; c < 81; c++)
			comp[c] = 0;
		ncomp = 0;
		for (start = 0; start < 81; start++) {
			if (comp[start] || !(p->cand[start] & BIT(d)) ||
			    p->cell[start])
				continue;
			if (conjugates(p, start, d, o) == 0)
				continue;
			ncomp++;
			for (c = 0; c < 81; c++)
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
				for (c = 0; c < 81; c++)
					if (col[c] == wrap)
						elim(p, s, c, d);
			} else
				for (c = 0; c < 81; c++) {
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
			text_init(&t, s->text, sizeof(s->text));
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

/* ------------------------------------------------------------ uniqueness */

/*
 * Unique rectangle type 1: four empty cells on two rows, two columns and
 * two boxes; three hold just {a,b}: the fourth cannot be a or b, or the
 * puzzle would have two solutions.
 */
static int
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
					text_init(&t, s->text,
					    sizeof(s->text));
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
 * Finned fish of size n on digit d: n base lines whose candidates lie in
 * n cover lines but for some "fins", all in one box.  Either a fin is
 * true, or the fish is: so d goes from the cells of the covers, off the
 * bases, in the fins' box.  For each set of bases and each box, the
 * candidates outside the box must fit in the covers.
 */
static int
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
						    techs[tech].name, d,
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

/*
 * BUG+1: every empty cell has two candidates but one, which has three,
 * and each digit has two places in every unit but one digit of that cell.
 * Without it the grid would be a "bivalue universal grave", which has no
 * or several solutions: so that digit goes there.
 */
static int
find_bug1(const struct logic *p, struct logic_step *s)
{
	struct text t;
	int c, odd = -1, d, i, u, good;

	for (c = 0; c < 81; c++) {
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
		text_init(&t, s->text, sizeof(s->text));
		text_add(&t, "bug+1: ");
		text_cell(&t, odd);
		text_add(&t, " = %d (every other cell has two candidates)", d);
		return 1;
	}
	return 0;
}

/* ------------------------------------------------------------ chains */

/*
 * X-chain on digit d: from cell a, alternate strong links (a unit with
 * two places) and weak links (a shared unit), ending on a strong link at
 * b.  Either a or b holds d, so cells seeing both lose it.  Breadth first,
 * so the shortest chain is found first.
 */
static int
find_xchain(const struct logic *p, struct logic_step *s, int maxlen)
{
	struct text t;
	int d, a, i, k, c, n, o[3], qh, qt, len;
	int queue[162], par[162], dist[162], path[162], v[2];

	for (d = 1; d <= 9; d++)
		for (a = 0; a < 81; a++) {
			if (p->cell[a] || !(p->cand[a] & BIT(d)))
				continue;
			/* state: cell * 2 + (1 after a strong link) */
			for (i = 0; i < 162; i++)
				dist[i] = -1;
			qh = qt = 0;
			queue[qt++] = a * 2;
			dist[a * 2] = 0;
			par[a * 2] = -1;
			while (qh < qt) {
				int st = queue[qh++], cc = st / 2;

				if (dist[st] >= maxlen)
					continue;
				if (st % 2 == 0) {
					n = conjugates(p, cc, d, o);
					for (i = 0; i < n; i++) {
						int ns = o[i] * 2 + 1;

						if (dist[ns] >= 0)
							continue;
						dist[ns] = dist[st] + 1;
						par[ns] = st;
						queue[qt++] = ns;
						if (o[i] == a || dist[ns] < 3)
							continue;
						/* a ... o[i]: try it */
						v[0] = a;
						v[1] = o[i];
						step_clear(s, LT_XCHAIN);
						elim_seen_by(p, s, v, 2, d);
						if (s->nelim == 0)
							continue;
						len = 0;
						for (k = ns; k >= 0; k = par[k])
							path[len++] = k / 2;
						text_init(&t, s->text,
						    sizeof(s->text));
						text_add(&t, "x-chain: %d on ",
						    d);
						for (k = len - 1; k >= 0; k--) {
							text_cell(&t, path[k]);
							if (k > 0)
								text_add(&t,
								    (len - 1 -
								    k) % 2 ?
								    " - " :
								    " = ");
						}
						text_elims(&t, s, d);
						return 1;
					}
				} else {
					for (i = 0; i < 20; i++) {
						int ns;

						c = peer[cc][i];
						ns = c * 2;
						if (p->cell[c] || !(p->cand[c] &
						    BIT(d)) || dist[ns] >= 0)
							continue;
						dist[ns] = dist[st] + 1;
						par[ns] = st;
						queue[qt++] = ns;
					}
				}
			}
		}
	return 0;
}

/*
 * XY-chain: bivalue cells, each seeing the next and sharing the digit that
 * links them.  If the first cell is not x then the last one is, so cells
 * seeing both ends lose x.
 */
static int
find_xychain(const struct logic *p, struct logic_step *s, int maxlen)
{
	struct text t;
	/* state: cell * 10 + digit that is true in this cell */
	int x, a, i, k, c, qh, qt, len, dist[810], par[810], queue[810];
	int path[810], v[2];

	for (a = 0; a < 81; a++) {
		if (p->cell[a] || popcount(p->cand[a]) != 2)
			continue;
		for (x = 1; x <= 9; x++) {
			int y;

			if (!(p->cand[a] & BIT(x)))
				continue;
			/* assume a is not x: a is y */
			y = first_digit(p->cand[a] & ~BIT(x));
			for (i = 0; i < 810; i++)
				dist[i] = -1;
			qh = qt = 0;
			queue[qt++] = a * 10 + y;
			dist[a * 10 + y] = 0;
			par[a * 10 + y] = -1;
			while (qh < qt) {
				int st = queue[qh++], cc = st / 10,
				    on = st % 10;

				if (dist[st] >= maxlen)
					continue;
				for (i = 0; i < 20; i++) {
					int ns, other;

					c = peer[cc][i];
					if (p->cell[c] ||
					    popcount(p->cand[c]) != 2 ||
					    !(p->cand[c] & BIT(on)))
						continue;
					other = first_digit(p->cand[c] &
					    ~BIT(on));
					ns = c * 10 + other;
					if (dist[ns] >= 0)
						continue;
					dist[ns] = dist[st] + 1;
					par[ns] = st;
					queue[qt++] = ns;
					if (other != x || c == a ||
					    dist[ns] < 2)
						continue;
					v[0] = a;
					v[1] = c;
					step_clear(s, LT_XYCHAIN);
					elim_seen_by(p, s, v, 2, x);
					if (s->nelim == 0)
						continue;
					len = 0;
					for (k = ns; k >= 0; k = par[k])
						path[len++] = k / 10;
					text_init(&t, s->text,
					    sizeof(s->text));
					text_add(&t, "xy-chain: %d on ", x);
					for (k = len - 1; k >= 0; k--) {
						text_cellcand(&t, p, path[k]);
						if (k > 0)
							text_add(&t, " - ");
					}
					text_elims(&t, s, x);
					return 1;
				}
			}
		}
	}
	return 0;
}

/*
 * Alternating inference chain: nodes are candidates (a digit in a cell).
 * A strong link joins two candidates of which one must be true (the two
 * of a cell with two, or a digit's two places in a unit), a weak link two
 * that cannot both be (two digits of a cell, one digit in two cells that
 * see each other).  A chain from node a to node b that starts and ends
 * with a strong link, alternating, proves a or b true; what sees both goes.
 * Breadth first from every node, so the shortest chain is found first.
 */
#define AIC_NODES	729

static void
text_node(struct text *t, int n)
{
	text_add(t, "%d", n % 9 + 1);
	text_cell(t, n / 9);
}

/* Candidates removed by "a or b": returns how many. */
static int
aic_elims(const struct logic *p, struct logic_step *s, int a, int b)
{
	int ca = a / 9, da = a % 9 + 1, cb = b / 9, db = b % 9 + 1, d, v[2];

	step_clear(s, LT_AIC);
	if (a == b)
		return 0;
	if (ca == cb) {
		for (d = 1; d <= 9; d++)
			if (d != da && d != db)
				elim(p, s, ca, d);
	} else if (da == db) {
		v[0] = ca;
		v[1] = cb;
		elim_seen_by(p, s, v, 2, da);
	} else if (sees(ca, cb)) {
		elim(p, s, ca, db);
		elim(p, s, cb, da);
	}
	return s->nelim;
}

static int
find_aic(const struct logic *p, struct logic_step *s, int maxlen)
{
	static short strong[AIC_NODES][6], nstrong[AIC_NODES];
	static short dist[2 * AIC_NODES], par[2 * AIC_NODES];
	static short queue[2 * AIC_NODES], path[2 * AIC_NODES];
	struct text t;
	int c, d, e, i, k, u, a, n, len, qh, qt;
	unsigned w;

	/* Strong links of every candidate. */
	for (n = 0; n < AIC_NODES; n++)
		nstrong[n] = 0;
	for (c = 0; c < 81; c++) {
		if (p->cell[c] != 0)
			continue;
		for (d = 1; d <= 9; d++) {
			if (!(p->cand[c] & BIT(d)))
				continue;
			n = c * 9 + d - 1;
			if (popcount(p->cand[c]) == 2)
				strong[n][nstrong[n]++] = (short)(c * 9 +
				    first_digit(p->cand[c] & ~BIT(d)) - 1);
			for (i = 0; i < 3; i++) {
				u = cell_unit[c][i];
				w = unit_where(p, u, d);
				if (popcount(w) != 2)
					continue;
				k = unit_cell[u][first_digit(w)];
				if (k == c)
					k = unit_cell[u][first_digit(w &
					    (w - 1))];
				for (e = 0; e < nstrong[n]; e++)
					if (strong[n][e] == k * 9 + d - 1)
						break;
				if (e == nstrong[n])
					strong[n][nstrong[n]++] = (short)(k * 9 +
					    d - 1);
			}
		}
	}
	/* state: node * 2 + (1 after a strong link: the node is true) */
	for (a = 0; a < AIC_NODES; a++) {
		if (nstrong[a] == 0)
			continue;
		for (i = 0; i < 2 * AIC_NODES; i++)
			dist[i] = -1;
		qh = qt = 0;
		queue[qt++] = (short)(a * 2);
		dist[a * 2] = 0;
		par[a * 2] = -1;
		while (qh < qt) {
			int st = queue[qh++], nd = st / 2, cc = nd / 9,
			    dd = nd % 9 + 1, ns;

			if (dist[st] >= maxlen)
				continue;
			if (st % 2 == 0) {
				for (e = 0; e < nstrong[nd]; e++) {
					ns = strong[nd][e] * 2 + 1;
					if (dist[ns] >= 0)
						continue;
					dist[ns] = (short)(dist[st] + 1);
					par[ns] = (short)st;
					queue[qt++] = (short)ns;
					if (dist[ns] < 3 ||
					    aic_elims(p, s, a, ns / 2) == 0)
						continue;
					len = 0;
					for (k = ns; k >= 0; k = par[k])
						path[len++] = (short)(k / 2);
					text_init(&t, s->text,
					    sizeof(s->text));
					text_add(&t, "aic: ");
					for (k = len - 1; k >= 0; k--) {
						text_node(&t, path[k]);
						if (k > 0)
							text_add(&t, (len - 1 -
							    k) % 2 ? " - " :
							    " = ");
					}
					text_elims(&t, s, 0);
					return 1;
				}
				continue;
			}
			/* weak links: other digits here, d in the peers */
			for (e = 1; e <= 9 + 20; e++) {
				if (e <= 9) {
					if (e == dd || !(p->cand[cc] & BIT(e)))
						continue;
					ns = (cc * 9 + e - 1) * 2;
				} else {
					k = peer[cc][e - 10];
					if (p->cell[k] || !(p->cand[k] &
					    BIT(dd)))
						continue;
					ns = (k * 9 + dd - 1) * 2;
				}
				if (dist[ns] >= 0 || nstrong[ns / 2] == 0)
					continue;
				dist[ns] = (short)(dist[st] + 1);
				par[ns] = (short)st;
				queue[qt++] = (short)ns;
			}
		}
	}
	return 0;
}

/* ------------------------------------------------------------ driver */

static int
find_tech(const struct logic *p, int tech, struct logic_step *s)
{
	switch (tech) {
	case LT_FULL_HOUSE:
		return find_full_house(p, s);
	case LT_NAKED_SINGLE:
		return find_naked_single(p, s);
	case LT_HIDDEN_SINGLE:
		return find_hidden_single(p, s);
	case LT_POINTING:
		return find_pointing(p, s);
	case LT_CLAIMING:
		return find_claiming(p, s);
	case LT_NAKED_PAIR:
		return find_naked(p, s, 2, LT_NAKED_PAIR);
	case LT_HIDDEN_PAIR:
		return find_hidden(p, s, 2, LT_HIDDEN_PAIR);
	case LT_NAKED_TRIPLE:
		return find_naked(p, s, 3, LT_NAKED_TRIPLE);
	case LT_HIDDEN_TRIPLE:
		return find_hidden(p, s, 3, LT_HIDDEN_TRIPLE);
	case LT_NAKED_QUAD:
		return find_naked(p, s, 4, LT_NAKED_QUAD);
	case LT_HIDDEN_QUAD:
		return find_hidden(p, s, 4, LT_HIDDEN_QUAD);
	case LT_XWING:
		return find_fish(p, s, 2, LT_XWING);
	case LT_SWORDFISH:
		return find_fish(p, s, 3, LT_SWORDFISH);
	case LT_XYWING:
		return find_wing(p, s, 0);
	case LT_XYZWING:
		return find_wing(p, s, 1);
	case LT_WWING:
		return find_wwing(p, s);
	case LT_COLOURING:
		return find_colouring(p, s);
	case LT_UR1:
		return find_ur1(p, s);
	case LT_FINNED_XWING:
		return find_finned(p, s, 2, LT_FINNED_XWING);
	case LT_BUG1:
		return find_bug1(p, s);
	case LT_JELLYFISH:
		return find_fish(p, s, 4, LT_JELLYFISH);
	case LT_FINNED_SWORDFISH:
		return find_finned(p, s, 3, LT_FINNED_SWORDFISH);
	case LT_XCHAIN:
		return find_xchain(p, s, 11);
	case LT_XYCHAIN:
		return find_xychain(p, s, 10);
	case LT_AIC:
		return find_aic(p, s, 12);
	}
	return 0;
}

static int
find_range(const struct logic *p, int from, int maxtech,
    struct logic_step *s)
{
	int t;

	if (maxtech >= LT_COUNT)
		maxtech = LT_COUNT - 1;
	for (t = from; t <= maxtech; t++)
		if (find_tech(p, t, s))
			return 1;
	return 0;
}

static int
find_step(const struct logic *p, int maxtech, struct logic_step *s)
{
	return find_range(p, 0, maxtech, s);
}

int
logic_find(const struct logic *p, int maxtech, struct logic_step *s)
{
	if (!tables_ready)
		tables_init();
	if (!logic_consistent(p))
		return -1;
	return find_step(p, maxtech, s);
}

void
logic_apply(struct logic *p, const struct logic_step *s)
{
	int c;

	if (s->cell >= 0)
		logic_place(p, s->cell, s->digit);
	for (c = 0; c < 81; c++)
		p->cand[c] &= (unsigned short)~s->elim[c];
}

int
logic_run(struct logic *p, int maxtech,
    void (*cb)(void *, const struct logic *, const struct logic_step *),
    void *arg, struct logic_rating *r)
{
	struct logic_step s;
	int rc;

	memset(r, 0, sizeof(*r));
	r->hardest = -1;
	if (!tables_ready)
		tables_init();
	/*
	 * Without a callback nobody reads the steps: no text, and the
	 * position is checked only at the end (steps taken from a broken
	 * position are harmless: it stays broken).
	 */
	text_off = cb == NULL;
	for (;;) {
		if (cb == NULL)
			rc = find_step(p, maxtech, &s);
		else
			rc = logic_find(p, maxtech, &s);
		if (rc <= 0)
			break;
		if (cb != NULL)
			cb(arg, p, &s);
		logic_apply(p, &s);
		r->steps++;
		r->count[s.tech]++;
		if ((int)s.tech > r->hardest)
			r->hardest = (int)s.tech;
		if (s.tech == LT_UR1 || s.tech == LT_BUG1)
			r->uniqueness = 1;
	}
	text_off = 0;
	if (rc < 0 || !logic_consistent(p)) {
		r->level = LEVEL_EXTREME;
		return -1;
	}
	r->solved = logic_left(p) == 0;
	r->level = r->solved ? logic_tech_level(r->hardest) : LEVEL_EXTREME;
	return r->solved;
}

/*
 * Singles in bulk: every naked and hidden single of a sweep at once.
 * Returns 1 if anything was placed, -1 on a contradiction, else 0.
 */
static int
bulk_singles(struct logic *p)
{
	unsigned once, twice, m;
	int u, k, c, d, any = 0;

	for (c = 0; c < 81; c++)
		if (p->cell[c] == 0 && popcount(p->cand[c]) <= 1) {
			if (p->cand[c] == 0)
				return -1;
			logic_place(p, c, first_digit(p->cand[c]));
			any = 1;
		}
	for (u = 0; u < 27; u++) {
		once = twice = 0;
		for (k = 0; k < 9; k++) {
			m = p->cand[unit_cell[u][k]];
			twice |= once & m;
			once |= m;
		}
		for (m = once & ~twice; m != 0; m &= m - 1) {
			d = first_digit(m);
			for (k = 0; k < 9; k++) {
				c = unit_cell[u][k];
				if (p->cand[c] & BIT(d)) {
					logic_place(p, c, d);
					any = 1;
					break;
				}
			}
		}
	}
	return any;
}

int
logic_propagate(struct logic *p)
{
	int rc;

	if (!tables_ready)
		tables_init();
	while ((rc = bulk_singles(p)) == 1)
		;
	if (rc < 0 || !logic_consistent(p))
		return -1;
	return 0;
}

int
logic_solvable(struct logic *p, int maxtech, int *uniqueness)
{
	struct logic_step s;
	int rc;

	if (!tables_ready)
		tables_init();
	*uniqueness = 0;
	text_off = 1;
	for (;;) {
		while ((rc = bulk_singles(p)) == 1)
			;
		if (rc < 0)
			break;
		if (logic_left(p) == 0)
			break;
		/* no single is left: start after them */
		if ((rc = find_range(p, LT_POINTING, maxtech, &s)) <= 0)
			break;
		if (s.tech == LT_UR1 || s.tech == LT_BUG1)
			*uniqueness = 1;
		logic_apply(p, &s);
	}
	text_off = 0;
	if (rc < 0 || !logic_consistent(p))
		return -1;
	return logic_left(p) == 0;
}

int
logic_rate(const unsigned char *givens, struct logic_rating *r)
{
	struct logic p;

	if (logic_init(&p, givens) < 0) {
		memset(r, 0, sizeof(*r));
		r->hardest = -1;
		r->level = LEVEL_EXTREME;
		return -1;
	}
	return logic_run(&p, LT_COUNT - 1, NULL, NULL, r);
}

/* ------------------------------------------------------------ pencil marks */

void
logic_format729(const struct logic *p, char *out)
{
	int c, d;

	for (c = 0; c < 81; c++)
		for (d = 1; d <= 9; d++) {
			int on = p->cell[c] ? p->cell[c] == d :
			    (p->cand[c] & BIT(d)) != 0;

			*out++ = on ? (char)('0' + d) : '.';
		}
	*out = '\0';
}

static void
cell_text(const struct logic *p, int c, char *buf)
{
	int d, n = 0;

	if (p->cell[c])
		buf[n++] = (char)('0' + p->cell[c]);
	else
		for (d = 1; d <= 9; d++)
			if (p->cand[c] & BIT(d))
				buf[n++] = (char)('0' + d);
	if (n == 0)
		buf[n++] = '-';		/* no candidate left */
	buf[n] = '\0';
}

void
logic_write_boxed(FILE *fp, const struct logic *p)
{
	char buf[10];
	int w[9], r, c, i, k;

	for (c = 0; c < 9; c++) {
		w[c] = 1;
		for (r = 0; r < 9; r++) {
			cell_text(p, r * 9 + c, buf);
			if ((int)strlen(buf) > w[c])
				w[c] = (int)strlen(buf);
		}
	}
	for (r = 0; r < 9; r++) {
		if (r % 3 == 0) {
			for (c = 0; c < 9; c++) {
				if (c % 3 == 0)
					fputc('+', fp);
				for (k = 0; k < w[c] + 1; k++)
					fputc('-', fp);
			}
			fputs("-+\n", fp);
		}
		for (c = 0; c < 9; c++) {
			if (c % 3 == 0)
				fputs(c == 0 ? "|" : " |", fp);
			cell_text(p, r * 9 + c, buf);
			fprintf(fp, " %-*s", w[c], buf);
		}
		fputs(" |\n", fp);
	}
	for (c = 0; c < 9; c++) {
		if (c % 3 == 0)
			fputc('+', fp);
		for (i = 0; i < w[c] + 1; i++)
			fputc('-', fp);
	}
	fputs("-+\n", fp);
}

int
logic_marks(struct logic *p, const unsigned char *cells, const char *s,
    char *err, size_t errlen)
{
	unsigned m;
	int c, d, i;

	if (!tables_ready)
		tables_init();
	if (strlen(s) != 729) {
		snprintf(err, errlen, "%zu characters, want 729", strlen(s));
		return -1;
	}
	for (c = 0; c < 81; c++) {
		m = 0;
		for (d = 1; d <= 9; d++) {
			char ch = s[c * 9 + d - 1];

			if (ch == '0' + d)
				m |= BIT(d);
			else if (ch != '.' && ch != '0') {
				snprintf(err, errlen, "cell r%dc%d: '%c' in "
				    "place %d", c / 9 + 1, c % 9 + 1, ch, d);
				return -1;
			}
		}
		if (cells[c] > 9 || (cells[c] != 0 && !(m & BIT(cells[c])))) {
			snprintf(err, errlen, "r%dc%d holds %d, not a "
			    "candidate there", c / 9 + 1, c % 9 + 1,
			    cells[c]);
			return -1;
		}
		p->cell[c] = cells[c];
		p->cand[c] = (unsigned short)(cells[c] ? 0 : m);
	}
	/* Placed digits rule out their peers, as in any pencil marks. */
	for (c = 0; c < 81; c++)
		if (p->cell[c] != 0)
			for (i = 0; i < 20; i++)
				p->cand[peer[c][i]] &=
				    (unsigned short)~BIT(p->cell[c]);
	return 0;
}

int
logic_parse(struct logic *p, const char *text, char *err, size_t errlen)
{
	unsigned char g[81];
	char flat[800];
	size_t n = 0, i;
	const char *q;
	int c, d, cells;

	if (!tables_ready)
		tables_init();
	/* One run of digits and dots: a line of 81 or the 729 form. */
	for (q = text; *q != '\0'; q++) {
		if (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			continue;
		if (!((*q >= '0' && *q <= '9') || *q == '.') || n >= 729) {
			n = 0;
			break;
		}
		flat[n++] = *q;
	}
	if (n == 81) {
		for (i = 0; i < 81; i++)
			g[i] = flat[i] == '.' ? 0 : (unsigned char)(flat[i] -
			    '0');
		if (logic_init(p, g) < 0) {
			snprintf(err, errlen, "a digit repeats in a unit");
			return -1;
		}
		return 0;
	}
	if (n == 729) {
		for (c = 0; c < 81; c++) {
			unsigned m = 0;

			for (d = 1; d <= 9; d++) {
				char ch = flat[c * 9 + d - 1];

				if (ch == '0' + d)
					m |= BIT(d);
				else if (ch != '.' && ch != '0') {
					snprintf(err, errlen, "cell r%dc%d: "
					    "'%c' in place %d", c / 9 + 1,
					    c % 9 + 1, ch, d);
					return -1;
				}
			}
			p->cand[c] = (unsigned short)m;
		}
		goto settle;
	}
	/* Groups of digits 1-9 between anything else. */
	cells = 0;
	for (q = text; *q != '\0';) {
		unsigned m = 0;

		if (*q < '1' || *q > '9') {
			if (*q == '0') {
				snprintf(err, errlen, "'0' in a candidate "
				    "grid");
				return -1;
			}
			q++;
			continue;
		}
		while (*q >= '1' && *q <= '9')
			m |= BIT(*q++ - '0');
		if (cells == 81) {
			snprintf(err, errlen, "more than 81 cells");
			return -1;
		}
		p->cand[cells++] = (unsigned short)m;
	}
	if (cells != 81) {
		snprintf(err, errlen, "%d cells, want 81", cells);
		return -1;
	}
settle:
	/* A cell with one candidate is placed. */
	for (c = 0; c < 81; c++) {
		p->cell[c] = 0;
		if (p->cand[c] == 0) {
			snprintf(err, errlen, "cell r%dc%d has no candidate",
			    c / 9 + 1, c % 9 + 1);
			return -1;
		}
	}
	for (c = 0; c < 81; c++)
		if (popcount(p->cand[c]) == 1) {
			p->cell[c] = (unsigned char)first_digit(p->cand[c]);
			p->cand[c] = 0;
		}
	/* Placed digits rule out their peers, as in any pencil marks. */
	for (c = 0; c < 81; c++) {
		if (p->cell[c] == 0)
			continue;
		for (i = 0; i < 20; i++) {
			int o = peer[c][(int)i];

			if (p->cell[o] == p->cell[c]) {
				snprintf(err, errlen, "%d twice, at r%dc%d "
				    "and r%dc%d", p->cell[c], c / 9 + 1,
				    c % 9 + 1, o / 9 + 1, o % 9 + 1);
				return -1;
			}
			p->cand[o] &= (unsigned short)~BIT(p->cell[c]);
		}
	}
	for (c = 0; c < 81; c++)
		if (p->cell[c] == 0 && p->cand[c] == 0) {
			snprintf(err, errlen, "cell r%dc%d has no candidate "
			    "left beside the placed digits", c / 9 + 1,
			    c % 9 + 1);
			return -1;
		}
	return 0;
}
