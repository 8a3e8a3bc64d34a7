/*
 * logic/core.c: the tables of units and peers, the names of techniques
 * and levels, the text of steps, the position (sdk_logic_init,
 * sdk_logic_place), and the driver that tries the techniques in order
 * (sdk_logic_find, sdk_logic_run, sdk_logic_solvable, sdk_logic_rate).
 * The techniques' shared helpers are in logic/private.h.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rcname.h"
#include "private.h"

#define BIT(d)		((unsigned)1 << (d))

/* Written once, by tables_build(), under tables_once; read-only after. */
int	 unit_cell[27][9];	/* rows 0-8, columns 9-17, boxes 18-26 */
int	 cell_unit[GRID_CELLS][3];
int	 peer[GRID_CELLS][20];
unsigned char seesm[GRID_CELLS][GRID_CELLS];
unsigned char popc[1024];	/* bits set in a candidate mask */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/*
 * Every technique in one list: its value in enum logic_tech (logic.h,
 * which orders them by difficulty, the order sdk_logic_find() tries them
 * in), its name, its level and the call of its finder.  techs[] and
 * find_tech()'s switch are made from it: a switch of direct calls, which
 * the compiler specialises for the constant sizes (a table of pointers
 * rated top1465 10% slower).
 */
#define TECHNIQUES(X)							\
	X(LT_FULL_HOUSE, "full house", LEVEL_EASY,			\
	    find_full_house(p, s))					\
	X(LT_NAKED_SINGLE, "naked single", LEVEL_EASY,			\
	    find_naked_single(p, s))					\
	X(LT_HIDDEN_SINGLE, "hidden single", LEVEL_EASY,		\
	    find_hidden_single(p, s))					\
	X(LT_POINTING, "pointing", LEVEL_MEDIUM, find_pointing(p, s))	\
	X(LT_CLAIMING, "claiming", LEVEL_MEDIUM, find_claiming(p, s))	\
	X(LT_NAKED_PAIR, "naked pair", LEVEL_MEDIUM,			\
	    find_naked(p, s, 2, LT_NAKED_PAIR))				\
	X(LT_HIDDEN_PAIR, "hidden pair", LEVEL_MEDIUM,			\
	    find_hidden(p, s, 2, LT_HIDDEN_PAIR))			\
	X(LT_NAKED_TRIPLE, "naked triple", LEVEL_MEDIUM,		\
	    find_naked(p, s, 3, LT_NAKED_TRIPLE))			\
	X(LT_HIDDEN_TRIPLE, "hidden triple", LEVEL_MEDIUM,		\
	    find_hidden(p, s, 3, LT_HIDDEN_TRIPLE))			\
	X(LT_NAKED_QUAD, "naked quad", LEVEL_HARD,			\
	    find_naked(p, s, 4, LT_NAKED_QUAD))				\
	X(LT_HIDDEN_QUAD, "hidden quad", LEVEL_HARD,			\
	    find_hidden(p, s, 4, LT_HIDDEN_QUAD))			\
	X(LT_XWING, "x-wing", LEVEL_HARD, find_fish(p, s, 2, LT_XWING))	\
	X(LT_SWORDFISH, "swordfish", LEVEL_HARD,			\
	    find_fish(p, s, 3, LT_SWORDFISH))				\
	X(LT_XYWING, "xy-wing", LEVEL_HARD, find_wing(p, s, 0))		\
	X(LT_XYZWING, "xyz-wing", LEVEL_HARD, find_wing(p, s, 1))	\
	X(LT_WWING, "w-wing", LEVEL_HARD, find_wwing(p, s))		\
	X(LT_COLOURING, "simple colouring", LEVEL_HARD,			\
	    find_colouring(p, s))					\
	X(LT_UR1, "unique rectangle", LEVEL_HARD, find_ur1(p, s))	\
	X(LT_FINNED_XWING, "finned x-wing", LEVEL_HARD,			\
	    find_finned(p, s, 2, LT_FINNED_XWING))			\
	X(LT_BUG1, "bug+1", LEVEL_HARD, find_bug1(p, s))		\
	X(LT_JELLYFISH, "jellyfish", LEVEL_EXPERT,			\
	    find_fish(p, s, 4, LT_JELLYFISH))				\
	X(LT_FINNED_SWORDFISH, "finned swordfish", LEVEL_EXPERT,	\
	    find_finned(p, s, 3, LT_FINNED_SWORDFISH))			\
	/* the chains, up to so many links */				\
	X(LT_XCHAIN, "x-chain", LEVEL_EXPERT, find_xchain(p, s, 11))	\
	X(LT_XYCHAIN, "xy-chain", LEVEL_EXPERT, find_xychain(p, s, 10))	\
	X(LT_AIC, "aic", LEVEL_EXPERT, find_aic(p, s, 12))

#define TECH_ENTRY(tech, name, level, call)	[tech] = { name, level },
static const struct {
	const char	*name;
	enum logic_level level;
} techs[LT_COUNT] = {
	TECHNIQUES(TECH_ENTRY)
};

/*
 * sdk_logic_score(): the techniques in the order Sudoku Explainer tries them,
 * lowest rating first, each with that rating (sdk-solve(1) has the
 * table).  "direct": only a step that leaves a hidden single (SE's
 * direct pointing, claiming, hidden pair and triple).  The techniques SE
 * does not know (w-wing, colouring, finned fish) have the rating of the
 * chain it finds instead.  A hidden single outside a box scores 1.5.
 */
static const struct {
	enum logic_tech	 tech;
	int		 direct;
	double		 score;
} se_order[] = {
	{ LT_FULL_HOUSE, 0, 1.0 },
	{ LT_HIDDEN_SINGLE, 0, 1.2 },
	{ LT_POINTING, 1, 1.7 },
	{ LT_CLAIMING, 1, 1.9 },
	{ LT_HIDDEN_PAIR, 1, 2.0 },
	{ LT_NAKED_SINGLE, 0, 2.3 },
	{ LT_HIDDEN_TRIPLE, 1, 2.5 },
	{ LT_POINTING, 0, 2.6 },
	{ LT_CLAIMING, 0, 2.8 },
	{ LT_NAKED_PAIR, 0, 3.0 },
	{ LT_XWING, 0, 3.2 },
	{ LT_HIDDEN_PAIR, 0, 3.4 },
	{ LT_NAKED_TRIPLE, 0, 3.6 },
	{ LT_SWORDFISH, 0, 3.8 },
	{ LT_HIDDEN_TRIPLE, 0, 4.0 },
	{ LT_XYWING, 0, 4.2 },
	{ LT_XYZWING, 0, 4.4 },
	{ LT_UR1, 0, 4.5 },
	{ LT_NAKED_QUAD, 0, 5.0 },
	{ LT_JELLYFISH, 0, 5.2 },
	{ LT_HIDDEN_QUAD, 0, 5.4 },
	{ LT_BUG1, 0, 5.6 },
	{ LT_COLOURING, 0, 6.6 },
	{ LT_FINNED_XWING, 0, 6.6 },
	{ LT_FINNED_SWORDFISH, 0, 6.6 },
	{ LT_XCHAIN, 0, 6.6 },
	{ LT_WWING, 0, 7.0 },
	{ LT_XYCHAIN, 0, 7.0 },
	{ LT_AIC, 0, 7.0 },
};
#define SE_ORDER_LEN	(sizeof(se_order) / sizeof(se_order[0]))

static const char *const levels[LEVEL_COUNT] = {
	"easy", "medium", "hard", "expert", "extreme"
};

const char *
sdk_logic_tech_name(int t)
{
	if (t < 0 || t >= LT_COUNT)
		return "none";
	return techs[t].name;
}

enum logic_level
sdk_logic_tech_level(int t)
{
	if (t < 0)
		return LEVEL_EASY;
	if (t >= LT_COUNT)
		return LEVEL_EXTREME;
	return techs[t].level;
}

double
sdk_logic_tech_score(int t)
{
	size_t i;

	if (t < 0)
		return 0;
	for (i = 0; i < SE_ORDER_LEN; i++)
		if ((int)se_order[i].tech == t && !se_order[i].direct)
			return se_order[i].score;
	return LOGIC_SCORE_SEARCH;
}

const char *
sdk_logic_level_name(int l)
{
	if (l < 0 || l >= LEVEL_COUNT)
		return "unknown";
	return levels[l];
}

int
sdk_logic_level_find(const char *s)
{
	int l;

	for (l = 0; l < LEVEL_COUNT; l++)
		if (strcmp(levels[l], s) == 0)
			return l;
	return -1;
}

static void
tables_build(void)
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
	for (c = 0; c < GRID_CELLS; c++)
		for (u = 0; u < 3; u++)
			for (k = 0; k < 9; k++)
				seesm[c][unit_cell[cell_unit[c][u]][k]] = 1;
	for (c = 0; c < 1024; c++)
		popc[c] = (unsigned char)__builtin_popcount((unsigned)c);
	for (c = 0; c < GRID_CELLS; c++) {
		seesm[c][c] = 0;
		n = 0;
		for (d = 0; d < GRID_CELLS; d++)
			if (seesm[c][d])
				peer[c][n++] = d;
	}
}

/*
 * Build the tables on the first call, from whichever thread comes first;
 * the others wait for it (pthread_once), and every later call returns at
 * once.
 */
void
tables_init(void)
{
	(void)pthread_once(&tables_once, tables_build);
}

/* ------------------------------------------------------------ text */

void
text_init(struct text *t, struct logic_step *s)
{
	t->buf = s->text;
	t->len = 0;
	t->cap = s->quiet ? 1 : sizeof(s->text);
	s->text[0] = '\0';
}

void
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

void
text_cell(struct text *t, int c)
{
	char name[RC_NAME_MAX];

	text_add(t, "%s", rc_name(name, c));
}

/* Cells, comma separated. */
void
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
void
text_digits(struct text *t, unsigned m)
{
	int d, first = 1;

	for (d = 1; d <= 9; d++)
		if (m & BIT(d)) {
			text_add(t, first ? "%d" : ",%d", d);
			first = 0;
		}
}

void
text_unit(struct text *t, int u)
{
	static const char *const kind[3] = { "row", "column", "box" };

	text_add(t, "%s %d", kind[u / 9], u % 9 + 1);
}

/*
 * " removes r2c7, r2c8" when only digit `d' goes (the text named it), else
 * " removes 3 from r1c4, r1c5; 5 from r1c8".
 */
void
text_elims(struct text *t, const struct logic_step *s, int named)
{
	unsigned all = 0;
	int c, d, first, single;

	for (c = 0; c < GRID_CELLS; c++)
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
		for (c = 0; c < GRID_CELLS; c++)
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
sdk_logic_place(struct logic *p, int c, int d)
{
	int i;

	p->cell[c] = (unsigned char)d;
	p->cand[c] = 0;
	for (i = 0; i < 20; i++)
		p->cand[peer[c][i]] &= (unsigned short)~BIT(d);
}

int
sdk_logic_init(struct logic *p, const unsigned char *g)
{
	int c, i;

	tables_init();
	for (c = 0; c < GRID_CELLS; c++) {
		p->cell[c] = 0;
		p->cand[c] = LOGIC_ALL;
	}
	for (c = 0; c < GRID_CELLS; c++) {
		if (g[c] == 0)
			continue;
		if (g[c] > 9)
			return -1;
		for (i = 0; i < 20; i++)
			if (p->cell[peer[c][i]] == g[c])
				return -1;
		sdk_logic_place(p, c, g[c]);
	}
	return 0;
}

int
sdk_logic_left(const struct logic *p)
{
	int c, n = 0;

	for (c = 0; c < GRID_CELLS; c++)
		n += p->cell[c] == 0;
	return n;
}

int
sdk_logic_consistent(const struct logic *p)
{
	int u, k, c;
	unsigned placed, possible;

	tables_init();
	for (c = 0; c < GRID_CELLS; c++)
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

void
step_clear(struct logic_step *s, enum logic_tech t)
{
	s->tech = t;
	s->cell = -1;
	s->digit = 0;
	s->nelim = 0;
	memset(s->elim, 0, sizeof(s->elim));
	s->text[0] = '\0';
	/* s->quiet stays: the caller's. */
}

/* Remove digit d from cell c if it is a candidate there. */
void
elim(const struct logic *p, struct logic_step *s, int c, int d)
{
	if (p->cell[c] == 0 && (p->cand[c] & BIT(d)) &&
	    !(s->elim[c] & BIT(d))) {
		s->elim[c] |= (unsigned short)BIT(d);
		s->nelim++;
	}
}

/* Cells of unit u holding candidate d, as a 9-bit mask of positions. */
unsigned
unit_where(const struct logic *p, int u, int d)
{
	unsigned m = 0;
	int k;

	for (k = 0; k < 9; k++)
		if (p->cand[unit_cell[u][k]] & BIT(d))
			m |= 1u << k;
	return m;
}

int
unit_has(const struct logic *p, int u, int d)
{
	int k;

	for (k = 0; k < 9; k++)
		if (p->cell[unit_cell[u][k]] == d)
			return 1;
	return 0;
}

/* ------------------------------------------------------------ driver */

#define TECH_CASE(tech, name, level, call)	case tech: return call;
int
find_tech(const struct logic *p, int tech, struct logic_step *s)
{
	switch (tech) {
	TECHNIQUES(TECH_CASE)
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
sdk_logic_find(const struct logic *p, int maxtech, struct logic_step *s)
{
	tables_init();
	s->quiet = 0;
	if (!sdk_logic_consistent(p))
		return -1;
	return find_step(p, maxtech, s);
}

void
sdk_logic_apply(struct logic *p, const struct logic_step *s)
{
	int c;

	if (s->cell >= 0)
		sdk_logic_place(p, s->cell, s->digit);
	for (c = 0; c < GRID_CELLS; c++)
		p->cand[c] &= (unsigned short)~s->elim[c];
}

int
sdk_logic_run(struct logic *p, int maxtech,
    void (*cb)(void *, const struct logic *, const struct logic_step *),
    void *arg, struct logic_rating *r)
{
	struct logic_step s;
	int rc;

	memset(r, 0, sizeof(*r));
	r->hardest = -1;
	tables_init();
	/*
	 * Without a callback nobody reads the steps: no text, and the
	 * position is checked only at the end (steps taken from a broken
	 * position are harmless: it stays broken).
	 */
	s.quiet = cb == NULL;
	for (;;) {
		if (cb == NULL)
			rc = find_step(p, maxtech, &s);
		else
			rc = sdk_logic_find(p, maxtech, &s);
		if (rc <= 0)
			break;
		if (cb != NULL)
			cb(arg, p, &s);
		sdk_logic_apply(p, &s);
		r->steps++;
		r->count[s.tech]++;
		if ((int)s.tech > r->hardest)
			r->hardest = (int)s.tech;
		if (s.tech == LT_UR1 || s.tech == LT_BUG1)
			r->uniqueness = 1;
	}
	if (rc < 0 || !sdk_logic_consistent(p)) {
		r->level = LEVEL_EXTREME;
		return -1;
	}
	r->solved = sdk_logic_left(p) == 0;
	r->level = r->solved ? sdk_logic_tech_level(r->hardest) : LEVEL_EXTREME;
	return r->solved;
}

/* The step of se_order[i] in p, if there is one. */
static int
find_se(const struct logic *p, size_t i, struct logic_step *s)
{
	if (!se_order[i].direct)
		return find_tech(p, se_order[i].tech, s);
	switch (se_order[i].tech) {
	case LT_POINTING:
		return find_pointing_if(p, s, 1);
	case LT_CLAIMING:
		return find_claiming_if(p, s, 1);
	default:
		return find_hidden_if(p, s, se_order[i].tech ==
		    LT_HIDDEN_PAIR ? 2 : 3, se_order[i].tech, 1);
	}
}

double
sdk_logic_score(const struct logic *from)
{
	struct logic p = *from;
	struct logic_step s;
	double score = 0, x;
	size_t i;

	tables_init();
	s.quiet = 1;
	for (;;) {
		for (i = 0; i < SE_ORDER_LEN && !find_se(&p, i, &s); i++)
			;
		if (i == SE_ORDER_LEN)
			break;
		x = se_order[i].score;
		/* A hidden single in a row or a column, none in a box. */
		if (s.tech == LT_HIDDEN_SINGLE && popcount(unit_where(&p,
		    cell_unit[s.cell][2], s.digit)) != 1)
			x = 1.5;
		if (x > score)
			score = x;
		sdk_logic_apply(&p, &s);
	}
	if (!sdk_logic_consistent(&p))
		return -1;
	return sdk_logic_left(&p) == 0 ? score : LOGIC_SCORE_SEARCH;
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

	for (c = 0; c < GRID_CELLS; c++)
		if (p->cell[c] == 0 && popcount(p->cand[c]) <= 1) {
			if (p->cand[c] == 0)
				return -1;
			sdk_logic_place(p, c, first_digit(p->cand[c]));
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
					sdk_logic_place(p, c, d);
					any = 1;
					break;
				}
			}
		}
	}
	return any;
}

int
sdk_logic_propagate(struct logic *p)
{
	int rc;

	tables_init();
	while ((rc = bulk_singles(p)) == 1)
		;
	if (rc < 0 || !sdk_logic_consistent(p))
		return -1;
	return 0;
}

int
sdk_logic_solvable(struct logic *p, int maxtech, int *uniqueness)
{
	struct logic_step s;
	int rc;

	tables_init();
	*uniqueness = 0;
	s.quiet = 1;
	for (;;) {
		while ((rc = bulk_singles(p)) == 1)
			;
		if (rc < 0)
			break;
		if (sdk_logic_left(p) == 0)
			break;
		/* no single is left: start after them */
		if ((rc = find_range(p, LT_POINTING, maxtech, &s)) <= 0)
			break;
		if (s.tech == LT_UR1 || s.tech == LT_BUG1)
			*uniqueness = 1;
		sdk_logic_apply(p, &s);
	}
	if (rc < 0 || !sdk_logic_consistent(p))
		return -1;
	return sdk_logic_left(p) == 0;
}

int
sdk_logic_rate(const unsigned char *givens, struct logic_rating *r)
{
	struct logic p;

	if (sdk_logic_init(&p, givens) < 0) {
		memset(r, 0, sizeof(*r));
		r->hardest = -1;
		r->level = LEVEL_EXTREME;
		return -1;
	}
	return sdk_logic_run(&p, LT_COUNT - 1, NULL, NULL, r);
}
