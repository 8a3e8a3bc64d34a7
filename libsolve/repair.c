/*
 * repair.c: the likeliest proper puzzle near a misread one.
 *
 * Candidates are single changes (a cell to one of its alternatives), then
 * pairs and triples of the cheapest ones; the cost of a set of changes is
 * the log-probability it gives up.  They are checked cheapest first, each
 * by the fast strategy with a limit of two solutions, within a fixed
 * number of checks, so the time is bounded whatever the read.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repair.h"
#include "solve.h"

#define MAX_SINGLES	40	/* cheapest single changes considered */
#define PAIR_POOL	16	/* of those, the cheapest combined in pairs */
#define TRIPLE_POOL	8	/* and in triples */
#define MAX_CHECKS	400	/* solver calls at most */
#define MAX_COST	12.0	/* give up more than e^-12 of likelihood: no */

struct change {
	int		 cell;
	unsigned char	 to;
	double		 cost;
};

struct combo {
	int	 n;
	int	 idx[3];
	double	 cost;
};

enum kind { KIND_INVALID, KIND_NONE, KIND_PROPER, KIND_MULTIPLE,
    KIND_UNKNOWN };

static enum kind
puzzle_kind(const unsigned char *cells, unsigned char *solution)
{
	struct solve_result res;
	struct budget b;
	char msg[64];

	if (sdk_givens_check(cells, msg, sizeof(msg)) != 0)
		return KIND_INVALID;
	memset(&res, 0, sizeof(res));
	/* Proper newspaper puzzles solve in microseconds; cap the odd one. */
	sdk_budget_start(&b, 200000, 0, 4096);
	sdk_engine_fast.solve(cells, 2, &b, &res, NULL);
	if (b.expired)
		return KIND_UNKNOWN;
	if (solution != NULL && res.count == 1)
		memcpy(solution, res.solution, sizeof(res.solution));
	return res.count == 0 ? KIND_NONE : res.count == 1 ? KIND_PROPER :
	    KIND_MULTIPLE;
}

int
repair_is_proper(const unsigned char *cells)
{
	return puzzle_kind(cells, NULL) == KIND_PROPER;
}

int
repair_solution(const unsigned char *cells, unsigned char *solution)
{
	return puzzle_kind(cells, solution) == KIND_PROPER;
}

static int
by_cost(const void *a, const void *b)
{
	double x = ((const struct change *)a)->cost;
	double y = ((const struct change *)b)->cost;

	if (x != y)
		return x < y ? -1 : 1;
	return ((const struct change *)a)->cell -
	    ((const struct change *)b)->cell;
}

static int
combo_by_cost(const void *a, const void *b)
{
	double x = ((const struct combo *)a)->cost;
	double y = ((const struct combo *)b)->cost;

	if (x != y)
		return x < y ? -1 : 1;
	return ((const struct combo *)a)->n - ((const struct combo *)b)->n;
}

/*
 * The rival of a mend whose puzzle has the solution sol, at cost: the
 * first combination of co from start on, in cost order and within
 * REPAIR_RIVAL_LOG_ODDS of cost and the checks left, that also makes a
 * proper puzzle, one with another solution (put in other); with
 * changing, only one that changes or takes out a digit read.  Its cost
 * above the mend's (0 when below), or HUGE_VAL.  A rival with the same
 * solution does not matter: the answer is the same.
 */
static double
first_rival(const unsigned char *cells, const unsigned char *sol,
    const struct change *ch, const struct combo *co, int nco, int start,
    double cost, int changing, unsigned char *other, int *tried)
{
	unsigned char trial[GRID_CELLS];
	int c, k, changes;

	for (c = start; c < nco && *tried < MAX_CHECKS; c++) {
		if (co[c].cost > cost + REPAIR_RIVAL_LOG_ODDS)
			break;
		memcpy(trial, cells, sizeof(trial));
		for (k = changes = 0; k < co[c].n; k++) {
			changes += cells[ch[co[c].idx[k]].cell] != 0;
			trial[ch[co[c].idx[k]].cell] = ch[co[c].idx[k]].to;
		}
		if (changing && changes == 0)
			continue;	/* adding alone: the mend's own search */
		(*tried)++;
		if (repair_solution(trial, other) &&
		    memcmp(sol, other, GRID_CELLS) != 0)
			return co[c].cost > cost ? co[c].cost - cost : 0;
	}
	return HUGE_VAL;
}

/*
 * The single changes of cells to their alternatives, cheapest first, at
 * most MAX_SINGLES; with adding_only, of empty cells alone.  Returns how
 * many.
 */
static int
single_changes(const unsigned char *cells, const struct repair_cell *info,
    int adding_only, struct change *ch)
{
	int n = 0, i, a;

	for (i = 0; i < GRID_CELLS; i++)
		for (a = 0; a < info[i].nalt; a++) {
			double p0 = info[i].p > 1e-6 ? info[i].p : 1e-6;
			double p1 = info[i].alt_p[a] > 1e-9 ?
			    info[i].alt_p[a] : 1e-9;

			if (info[i].alt[a] == cells[i] || info[i].alt[a] > 9)
				continue;
			if (adding_only && cells[i] != 0)
				continue;
			ch[n].cell = i;
			ch[n].to = info[i].alt[a];
			ch[n].cost = log(p0) - log(p1);
			if (ch[n].cost < 0)
				ch[n].cost = 0;
			n++;
		}
	qsort(ch, (size_t)n, sizeof(ch[0]), by_cost);
	return n > MAX_SINGLES ? MAX_SINGLES : n;
}

/*
 * The singles of ch[n], the pairs and triples of the cheapest, cheapest
 * first, in a new array (*nco of them); NULL when memory is short.
 */
static struct combo *
combos_of(const struct change *ch, int n, int *nco)
{
	struct combo *co;
	int i, j, k, m = 0;

	co = calloc((size_t)n + (size_t)n * n / 2 + 64 * 64, sizeof(*co));
	if (co == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		co[m].n = 1;
		co[m].idx[0] = i;
		co[m++].cost = ch[i].cost;
	}
	for (i = 0; i < n && i < PAIR_POOL; i++)
		for (j = i + 1; j < n && j < PAIR_POOL; j++) {
			if (ch[i].cell == ch[j].cell)
				continue;
			co[m].n = 2;
			co[m].idx[0] = i;
			co[m].idx[1] = j;
			co[m++].cost = ch[i].cost + ch[j].cost;
		}
	for (i = 0; i < n && i < TRIPLE_POOL; i++)
		for (j = i + 1; j < n && j < TRIPLE_POOL; j++)
			for (k = j + 1; k < n && k < TRIPLE_POOL; k++) {
				if (ch[i].cell == ch[j].cell ||
				    ch[i].cell == ch[k].cell ||
				    ch[j].cell == ch[k].cell)
					continue;
				co[m].n = 3;
				co[m].idx[0] = i;
				co[m].idx[1] = j;
				co[m].idx[2] = k;
				co[m++].cost = ch[i].cost + ch[j].cost +
				    ch[k].cost;
			}
	qsort(co, (size_t)m, sizeof(co[0]), combo_by_cost);
	*nco = m;
	return co;
}

/*
 * A read with several solutions mended by adding digits alone (to the
 * solution sol, at cost): its rival among the changes that also change or
 * take out a digit read, which the mend does not make (repair_grid) but
 * which may make as likely a puzzle: a 5 misread as a 9 leaves a puzzle
 * with several solutions too, and a digit added beside it can make that
 * one solution, a wrong one.  As first_rival.
 */
static double
rival_changing(const unsigned char *cells, const unsigned char *sol,
    const struct repair_cell *info, double cost, unsigned char *other,
    int *tried)
{
	struct change ch[GRID_CELLS * REPAIR_ALTS];
	struct combo *co;
	double found;
	int n, nco;

	n = single_changes(cells, info, 0, ch);
	if ((co = combos_of(ch, n, &nco)) == NULL)
		return HUGE_VAL;
	found = first_rival(cells, sol, ch, co, nco, 0, cost, 1, other, tried);
	free(co);
	return found;
}

int
repair_grid(unsigned char *cells, const struct repair_cell *info,
    struct repair_result *res)
{
	struct change ch[GRID_CELLS * REPAIR_ALTS];
	struct combo *co;
	unsigned char trial[GRID_CELLS], sol[GRID_CELLS], other[GRID_CELLS];
	double changing;
	int n, nco = 0, k, c, adding_only = 0;

	memset(res, 0, sizeof(*res));
	res->rival = HUGE_VAL;
	switch (puzzle_kind(cells, NULL)) {
	case KIND_PROPER:
		return res->status = REPAIR_PROPER;
	case KIND_MULTIPLE:
		/*
		 * Consistent givens with several solutions: a digit was missed
		 * (read as empty), not misread.  Only adding a digit can mend
		 * that; changing or removing others could only make a
		 * different, wrong puzzle come out proper.  But a misread
		 * digit may have been what made it several: that rival is
		 * weighed (rival_changing).
		 */
		adding_only = 1;
		break;
	default:
		break;
	}
	n = single_changes(cells, info, adding_only, ch);
	if ((co = combos_of(ch, n, &nco)) == NULL)
		return res->status = REPAIR_FAILED;
	res->status = REPAIR_FAILED;
	for (c = 0; c < nco && res->tried < MAX_CHECKS; c++) {
		if (co[c].cost > MAX_COST)
			break;
		memcpy(trial, cells, sizeof(trial));
		for (k = 0; k < co[c].n; k++)
			trial[ch[co[c].idx[k]].cell] = ch[co[c].idx[k]].to;
		res->tried++;
		if (!repair_solution(trial, sol))
			continue;
		res->status = REPAIR_MENDED;
		res->nchanged = co[c].n;
		for (k = 0; k < co[c].n; k++) {
			res->cell[k] = ch[co[c].idx[k]].cell;
			res->from[k] = cells[res->cell[k]];
			res->to[k] = ch[co[c].idx[k]].to;
		}
		res->rival = first_rival(cells, sol, ch, co, nco, c + 1,
		    co[c].cost, 0, res->rival_solution, &res->tried);
		if (adding_only && (changing = rival_changing(cells, sol, info,
		    co[c].cost, other, &res->tried)) < res->rival) {
			res->rival = changing;
			memcpy(res->rival_solution, other, sizeof(other));
		}
		memcpy(cells, trial, sizeof(trial));
		break;
	}
	free(co);
	return res->status;
}

int
repair_parse(const char *conf, const char *alt, struct repair_cell *info)
{
	const char *s = alt;
	int i, r, c, n;

	for (i = 0; i < GRID_CELLS; i++) {
		info[i].nalt = 0;
		info[i].p = 1;
		if (conf != NULL) {
			if (conf[i] < '0' || conf[i] > '9')
				return -1;
			/* Coarse, but better than nothing without sdk-alt. */
			info[i].p = 0.5 + 0.5 * (conf[i] - '0') / 9.0;
		}
	}
	if (conf != NULL && conf[GRID_CELLS] != '\0')
		return -1;
	while (s != NULL && *s != '\0') {
		double sum = 0;

		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		if (sscanf(s, "r%1dc%1d:%n", &r, &c, &n) != 2 || r < 1 ||
		    c < 1 || n <= 0)
			return -1;
		i = (r - 1) * 9 + (c - 1);
		s += n;
		for (;;) {
			char *end;
			double p;
			int d;

			if (*s == '.')
				d = 0;
			else if (*s >= '1' && *s <= '9')
				d = *s - '0';
			else
				return -1;
			if (s[1] != '=')
				return -1;
			p = strtod(s + 2, &end);
			if (end == s + 2 || !(p >= 0 && p <= 1))
				return -1;
			if (info[i].nalt < REPAIR_ALTS) {
				info[i].alt[info[i].nalt] = (unsigned char)d;
				info[i].alt_p[info[i].nalt++] = p;
			}
			sum += p;
			s = end;
			if (*s != ',')
				break;
			s++;
		}
		if (1 - sum < info[i].p)
			info[i].p = 1 - sum > 0.001 ? 1 - sum : 0.001;
		if (*s != ' ' && *s != '\0')
			return -1;
	}
	return 0;
}
