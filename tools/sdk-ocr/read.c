/*
 * read.c: a grid's cells to its reading (read.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cellname.h"
#include "hand.h"
#include "inkkinds.h"
#include "inks.h"
#include "judge.h"
#include "kind.h"
#include "read.h"
#include "repair.h"

/*
 * The readings of one cell, best first: the presence call weighed with
 * the engine's digit probabilities.  Returns how many (1 for an empty
 * cell, 10 for a digit or for an empty cell with something nearly a
 * digit in it).
 */
int
cell_readings(const struct cell *cl, const float prob[9],
    struct reading r[10])
{
	double	 pp;
	int	 n = 0, i, j;

	/* How likely a digit is there, from the presence certainty. */
	pp = cl->present ? 0.5 + cl->certainty / 2 : 0.5 - cl->certainty / 2;
	if (pp < 0.001)
		pp = 0.001;
	if (pp > 0.999)
		pp = 0.999;
	r[n].v = 0;
	r[n++].p = 1 - pp;
	if (cl->present || cl->weak)
		for (i = 0; i < 9; i++) {
			r[n].v = i + 1;
			r[n++].p = pp * prob[i];
		}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && r[j].p > r[j - 1].p; j--) {
			struct reading t = r[j];

			r[j] = r[j - 1];
			r[j - 1] = t;
		}
	/*
	 * The presence call stands: a digit judged present is read as its
	 * likeliest digit even when "empty" beats each digit alone.
	 */
	if (cl->present && r[0].v == 0) {
		struct reading t = r[0];

		r[0] = r[1];
		r[1] = t;
	}
	return n;
}

#define REPAIR_GUESSED		(-1)	/* settle_givens: a repair too unsure
					   to be made */

/*
 * A given the puzzle cannot have is ink of the person's or nothing; the
 * kind networks call a pen they never saw print as surely as they call
 * print (some 3 % of the made pen pages' entries, seed 1), so their word
 * that it is no hand's counts for at most 1 - KIND_DOUBT
 * (written_by_hand): a pen's wrong 1 read as a given 1, 0.999 print,
 * was taken out as nothing and the mistake never told (made pen seed 6
 * pen-007).
 */
#define KIND_DOUBT		0.1

double
reading_p(const struct reading_set *r, int i, int v)
{
	int	 j;

	for (j = 0; j < r->nrd[i]; j++)
		if (r->rd[i][j].v == v)
			return r->rd[i][j].p;
	return 0;
}

void
make_best(struct reading_set *r, int i, int v)
{
	int	 j;

	for (j = 1; j < r->nrd[i]; j++)
		if (r->rd[i][j].v == v) {
			struct reading t = r->rd[i][j];

			r->rd[i][j] = r->rd[i][0];
			r->rd[i][0] = t;
			break;
		}
	r->value[i] = (unsigned char)r->rd[i][0].v;
}

void
doubt_set(struct reading_set *r, int i, int read, int alt)
{
	if (!r->doubt.alt[i])
		r->doubt.n++;
	r->doubt.read[i] = (unsigned char)read;
	r->doubt.alt[i] = (unsigned char)alt;
}

/*
 * Cell i now reads v: listed in r->changed ("r3c4:5>7"), made its best.
 * A digit changed into another far less likely reading than the one read
 * (GIVEN_DOUBT_ODDS) is a guess the puzzle forced: doubted (r->doubt).
 */
static void
note_change(struct reading_set *r, int i, int v)
{
	char	 name[CELL_NAME_MAX];

	if (r->value[i] != 0 && v != 0 && reading_p(r, i, v) *
	    GIVEN_DOUBT_ODDS < reading_p(r, i, r->value[i]))
		doubt_set(r, i, r->value[i], v);
	snprintf(r->changed + strlen(r->changed), sizeof(r->changed) -
	    strlen(r->changed), "%s%s:%c>%c", r->changed[0] ? " " : "",
	    cell_name(name, i), r->value[i] ? '0' + r->value[i] : '.',
	    v ? '0' + v : '.');
	if (r->mended[i] == 0)		/* as read, before any change */
		r->mended[i] = (unsigned char)(r->value[i] + 1);
	make_best(r, i, v);
}

/*
 * Whether a given that the puzzle cannot have (the repair takes it out)
 * was written by hand rather than being nothing: ink with a hand's kind
 * against no ink.  Any digit will do for an entry, so how print reads it
 * does not count: a bold pen taken for print, whose digit print reads
 * poorly, stays the person's entry, judged as one (a wrong one named),
 * not dropped silently (made pen, seed 5 pen-031).
 */
static int
written_by_hand(const struct reading_set *r, int i)
{
	double	 p0 = reading_p(r, i, 0), hand = 1 - r->printed[i];

	if (hand < KIND_DOUBT)
		hand = KIND_DOUBT;
	return r->value[i] != 0 && (1 - p0) * hand >= p0;
}

/*
 * Whether the repair res, not yet made (r->value as read; rereads[k]
 * says whether its k-th change is of the cell's reading, not of its kind
 * alone), is a guess rather than a mend: all its readings together less
 * than 1/GIVEN_DOUBT_ODDS as likely as those they replace, or another
 * change nearly as likely (1/GIVEN_DOUBT_ODDS) making a puzzle with
 * another solution.  Each change may be likely enough alone
 * (note_change): two givens of a small frame's last row read 1 and 1,
 * one taken out and the other made a 4, a third and an eighth as likely
 * as read, made another puzzle with one solution, a wrong one.  Returns
 * 0 for a mend, or a guess that only takes givens out (what is left was
 * read, and has one solution); 1 for a guess whose digits written over
 * others are to be doubted; REPAIR_GUESSED for one that writes a given
 * where none was read (no reading to doubt it against): not to be made.
 */
static int
repair_guess(const struct reading_set *r, const struct repair_result *res,
    const int rereads[])
{
	double	 odds = 1;
	int	 k, i, added = 0, written = 0;

	for (k = 0; k < res->nchanged; k++) {
		i = res->cell[k];
		if (!rereads[k] || res->to[k] == r->value[i])
			continue;
		odds *= reading_p(r, i, res->to[k]) /
		    reading_p(r, i, r->value[i]);
		added += r->value[i] == 0;
		written += r->value[i] != 0 && res->to[k] != 0;
	}
	if (odds * GIVEN_DOUBT_ODDS >= 1 &&
	    res->rival >= log(GIVEN_DOUBT_ODDS))
		return 0;
	return added > 0 ? REPAIR_GUESSED : written > 0;
}

/*
 * The digits the guess res is to write over other digits read (rereads
 * as for repair_guess), doubted before the repair is made (r->value as
 * read): the digit written, or the other one.  note_change may then doubt
 * one the other way round (the digit read, or the one written); that
 * stands, the same cell in doubt.
 */
static void
doubt_guess(struct reading_set *r, const struct repair_result *res,
    const int rereads[])
{
	int	 k, i;

	for (k = 0; k < res->nchanged; k++) {
		i = res->cell[k];
		if (rereads[k] && r->value[i] != 0 && res->to[k] != 0 &&
		    res->to[k] != r->value[i])
			doubt_set(r, i, res->to[k], r->value[i]);
	}
}

/*
 * The repair res just made of r->given (read: the givens before it)
 * weighed (repair_guess): not to be made, the givens as read again and
 * REPAIR_GUESSED returned; a guess, its digits doubted (doubt_guess).
 * A repair kept keeps its rival too, for the entries to weigh (judge.c).
 */
static int
weigh_repair(struct reading_set *r, const unsigned char read[81],
    const struct repair_result *res, const int rereads[])
{
	int	 guess = repair_guess(r, res, rereads);

	if (guess == REPAIR_GUESSED) {
		memcpy(r->given, read, 81);
		return guess;
	}
	if (guess)
		doubt_guess(r, res, rereads);
	r->rival_cost = res->rival;
	if (res->rival < HUGE_VAL)
		memcpy(r->rival, res->rival_solution, sizeof(r->rival));
	return guess;
}

/*
 * Mend a read that is not a proper puzzle (a digit twice in a unit, no
 * solution, several) with libsolve's repair: the likeliest change of one
 * to three cells to their next-best readings that makes it proper.  A
 * proper read is never changed.  The cells changed go in r->changed, as
 * "r5c9:5>9 ..."; returns the repair status.
 */
static int
mend(struct reading_set *r)
{
	struct repair_cell info[81];
	struct repair_result res;
	unsigned char read[81];
	int	 i, j, k, st;
	int	 rereads[sizeof(res.cell) / sizeof(res.cell[0])] = { 0 };

	for (i = 0; i < 81; i++) {
		info[i].p = r->rd[i][0].p;
		info[i].nalt = 0;
		/* A person's entry is theirs: not a given, never mended. */
		if (r->hand[i]) {
			info[i].p = 1;
			continue;
		}
		for (j = 1; j < r->nrd[i] && info[i].nalt < REPAIR_ALTS; j++) {
			if (r->rd[i][j].p < ALT_MIN)
				break;
			info[i].alt[info[i].nalt] = (unsigned char)r->rd[i][j].v;
			info[i].alt_p[info[i].nalt++] = r->rd[i][j].p;
		}
	}
	memcpy(read, r->given, sizeof(read));
	if ((st = repair_grid(r->given, info, &res)) != REPAIR_MENDED)
		return st;
	for (k = 0; k < res.nchanged; k++)
		rereads[k] = !(res.to[k] == 0 &&
		    written_by_hand(r, res.cell[k]));
	if (weigh_repair(r, read, &res, rereads) == REPAIR_GUESSED)
		return REPAIR_FAILED;
	for (k = 0; k < res.nchanged; k++) {
		i = res.cell[k];
		if (!rereads[k])
			r->hand[i] = 1;
		else
			note_change(r, i, res.to[k]);
	}
	return st;
}

/*
 * Which present cells are handwritten and which are pencil marks (kind.h):
 * a handwritten cell's digit probabilities become the handwriting
 * classifier's, weighed with how sure the kind is; pencil marks are an
 * empty cell whose digit readings stay as next-best ones.  A grid drawn
 * light on dark (light) is a screen's dark theme: no pencil lies on it,
 * and a digit the kinds call pencil is a fainter ink, the person's (a
 * typed blue 9 on black, mid-grey in the negative, was left out, and the
 * person's mistake in it never named: screens seed 85's picture 6).
 */
static void
split_kinds(struct cell cell[81], float prob[81][9],
    float kind[81][KIND_N], float hprob[81][9], int light,
    unsigned char hand[81], unsigned char pencil[81], float sure[81],
    float printed[81])
{
	int	 i, d;

	memset(hand, 0, 81);
	memset(pencil, 0, 81);
	for (i = 0; i < 81; i++) {
		sure[i] = 1;
		printed[i] = 1;
	}
	for (i = 0; i < 81; i++) {
		float	 pp, ph, pn, pz;

		if (!cell[i].present)
			continue;
		pp = kind[i][KIND_PRINTED];
		ph = kind[i][KIND_HAND];
		pn = kind[i][KIND_PENCIL];
		pz = kind[i][KIND_NOISE];
		if (light && pn > pz) {
			ph += pn;
			pn = 0;
		}
		if (pn + pz > pp + ph) {
			pencil[i] = pn > pz;
			cell[i].present = 0;
			cell[i].weak = 1;
			cell[i].certainty = 2 * (pn + pz) - 1;
			continue;
		}
		hand[i] = ph > pp;
		sure[i] = fabsf(ph - pp) / (pp + ph);
		printed[i] = pp / (pp + ph);
		for (d = 0; d < 9; d++)
			prob[i][d] = (pp * prob[i][d] + ph * hprob[i][d]) /
			    (pp + ph);
	}
}

/*
 * One alternative for the repair: cell c may hold `to' with likelihood p.
 * Two alternatives to the same value keep the likelier.
 */
static void
alt_add(struct repair_cell *c, int to, double p)
{
	int	 a;

	if (p < ALT_MIN)
		return;
	for (a = 0; a < c->nalt; a++)
		if (c->alt[a] == to) {
			if (p > c->alt_p[a])
				c->alt_p[a] = p;
			return;
		}
	if (c->nalt < REPAIR_ALTS) {
		c->alt[c->nalt] = (unsigned char)to;
		c->alt_p[c->nalt++] = p;
	}
}

/*
 * Newspapers print their givens in a pattern symmetric under a half turn
 * (cell i and cell 80 - i both given or both not): every kubiesa/train
 * puzzle and 24 of the 37 wicht ones are, and the others are far from it
 * (12 or more pairs broken, but one with 2).  A read whose givens break
 * only a few pairs most likely has those cells' kinds or readings wrong.
 */
#define SYM_PAIRS_MAX	3	/* broken pairs: more, and no symmetry */
#define SYM_GIVENS_MIN	17	/* fewer givens say nothing */
#define SYM_ODDS	20.0	/* a change restoring a pair: this likelier */

/* Pairs broken by the givens' pattern, or -1 when it is not nearly whole. */
static int
sym_broken(const unsigned char *given)
{
	int	 i, n = 0, broken = 0;

	for (i = 0; i < 81; i++)
		n += given[i] != 0;
	for (i = 0; i < 40; i++)
		broken += (given[i] != 0) != (given[80 - i] != 0);
	return n >= SYM_GIVENS_MIN && broken <= SYM_PAIRS_MAX ? broken : -1;
}

/*
 * How much likelier (or less likely) cell i becoming a given (to != 0) or
 * not (to == 0) is with a symmetric pattern in view: SYM_ODDS when it
 * mends a broken pair, 1 / SYM_ODDS when it breaks a whole one.
 */
static double
sym_weight(const unsigned char *given, int i, int to)
{
	int	 was = given[i] != 0, will = to != 0, partner;

	if (i == 40 || was == will)
		return 1;
	partner = given[80 - i] != 0;
	return will == partner ? SYM_ODDS : 1 / SYM_ODDS;
}

/*
 * What each cell of the givens could be instead, kinds and readings on one
 * scale (the likelihood of a kind times that of a reading): a faint given
 * read as empty and a handwritten digit taken for print compete, and the
 * likeliest change that makes the givens proper wins.  A handwritten cell
 * may become a given, read as print (its likeliest printed digits); a
 * printed one may be an entry (0 among the givens), empty, or another
 * digit.  readings 0 (--no-repair): kinds only, an entry becoming a given
 * with its own digit.
 */
static void
givens_alternatives(const struct reading_set *r, int readings,
    struct repair_cell info[81])
{
	int	 i, j, sym = sym_broken(r->given) >= 0;

	for (i = 0; i < 81; i++) {
		struct repair_cell *c = &info[i];
		const struct reading *rd = r->rd[i];
		double	 pk = r->printed[i];

		c->nalt = 0;
		if (r->hand[i]) {
			/* Print after all: read as print, likeliest first. */
			int	 order[9], d, e;

			c->p = 1 - pk;
			for (d = 0; d < 9; d++) {
				for (e = d; e > 0 && r->pprint[i][order[e - 1]] <
				    r->pprint[i][d]; e--)
					order[e] = order[e - 1];
				order[e] = d;
			}
			for (e = 0; e < 9 && r->pprint[i][order[0]] > 0; e++)
				if (readings || order[e] + 1 == r->value[i])
					alt_add(c, order[e] + 1, pk *
					    r->pprint[i][order[e]] /
					    r->pprint[i][order[0]] * (sym ?
					    sym_weight(r->given, i, order[e] + 1) :
					    1));
			continue;
		}
		c->p = rd[0].v ? rd[0].p * pk : rd[0].p;
		if (rd[0].v)
			alt_add(c, 0, rd[0].p * (1 - pk) * (sym ?
			    sym_weight(r->given, i, 0) : 1));
		for (j = 1; readings && j < r->nrd[i]; j++)
			alt_add(c, rd[j].v, (rd[j].v ? rd[j].p * pk : rd[j].p) *
			    (sym ? sym_weight(r->given, i, rd[j].v) : 1));
	}
}



/*
 * Make the givens a proper puzzle with the likeliest changes of kinds and
 * readings (givens_alternatives, repair.h).  Readings changed are listed
 * in r->changed; kinds changed alone are not (the cell reads the same).
 * Returns the repair status.
 */
int
settle_givens(struct reading_set *r, int readings)
{
	struct repair_cell info[81];
	struct repair_result res;
	unsigned char read[81];
	int	 k, i, st;
	int	 rereads[sizeof(res.cell) / sizeof(res.cell[0])] = { 0 };

	givens_alternatives(r, readings, info);
	memcpy(read, r->given, sizeof(read));
	if ((st = repair_grid(r->given, info, &res)) != REPAIR_MENDED)
		return st;
	for (k = 0; k < res.nchanged; k++) {
		i = res.cell[k];
		rereads[k] = r->hand[i] ? res.to[k] != r->value[i] :
		    !(res.to[k] == 0 && written_by_hand(r, i));
	}
	if (weigh_repair(r, read, &res, rereads) == REPAIR_GUESSED)
		return REPAIR_GUESSED;
	for (k = 0; k < res.nchanged; k++) {
		i = res.cell[k];
		if (r->hand[i]) {
			r->hand[i] = 0;		/* an entry was print */
			if (res.to[k] != r->value[i])
				note_change(r, i, res.to[k]);
			continue;
		}
		if (!rereads[k]) {
			r->hand[i] = 1;
			continue;
		}
		note_change(r, i, res.to[k]);
	}
	return st;
}

/*
 * The cost (log odds given up) of cell i leaving the givens, or of it
 * joining them with its solution's digit sol; HUGE_VAL when it cannot.
 * *hand says whether it leaves as an entry (else as an empty cell).
 */
static double
sym_cost(const struct reading_set *r, int i, int sol, int readings,
    int *hand)
{
	double	 pk = r->printed[i], pe, best = HUGE_VAL;

	*hand = 0;
	if (r->given[i] != 0) {
		if (pk < 1)
			best = log(pk / (1 - pk));
		pe = reading_p(r, i, 0);
		if (readings && pe > 0 && log(r->rd[i][0].p / pe) < best)
			best = log(r->rd[i][0].p / pe);
		else
			*hand = best < HUGE_VAL;
		return best;
	}
	if (r->hand[i]) {
		/* As print, read as sol (as in givens_alternatives). */
		float	 top = 0, ps;
		int	 d;

		for (d = 0; d < 9; d++)
			top = r->pprint[i][d] > top ? r->pprint[i][d] : top;
		ps = top > 0 ? r->pprint[i][sol - 1] / top : 0;
		return ps > 0 && pk > 0 ? log((1 - pk) / (pk * ps)) : HUGE_VAL;
	}
	if (readings && reading_p(r, i, sol) > 0)
		return log(r->rd[i][0].p / reading_p(r, i, sol));
	return HUGE_VAL;
}

/*
 * Givens that are a proper puzzle but break a few pairs of the symmetric
 * pattern (sym_broken): each broken pair is mended by the cheaper of its
 * two cells changing kind or reading, when that is at most SYM_ODDS
 * against and the givens stay proper.  Readings changed go in r->changed.
 */
static void
sym_settle(struct reading_set *r, int readings)
{
	unsigned char solution[81], g[81];
	double	 cost[2];
	int	 i, k, c, cell[2], hand[2];

	if (sym_broken(r->given) <= 0 || !repair_solution(r->given, solution))
		return;
	for (i = 0; i < 40; i++) {
		if ((r->given[i] != 0) == (r->given[80 - i] != 0))
			continue;
		cell[0] = i;
		cell[1] = 80 - i;
		for (k = 0; k < 2; k++)
			cost[k] = sym_cost(r, cell[k], solution[cell[k]],
			    readings, &hand[k]);
		k = cost[1] < cost[0];
		if (cost[k] > log(SYM_ODDS))
			continue;
		c = cell[k];
		memcpy(g, r->given, sizeof(g));
		g[c] = g[c] ? 0 : solution[c];
		if (!repair_is_proper(g))
			continue;
		if (r->given[c] != 0 && hand[k])
			r->hand[c] = 1;
		else if (r->given[c] == 0 && r->hand[c]) {
			r->hand[c] = 0;
			if (r->value[c] != g[c])
				note_change(r, c, g[c]);
		} else
			note_change(r, c, g[c]);
		r->given[c] = g[c];
	}
}

/*
 * When the givens are not proper and no likely change of a few cells
 * (settle_givens) makes them so, more printed digits than a few were taken
 * for handwriting: the handwritten
 * cells are taken back for print one by one, the least sure first, until
 * the givens are a proper puzzle.  If they never are, nothing changes.
 * On kubiesa/val this solves 3 more photos of 80; on wicht-mixed it puts
 * a few right entries among the givens (bench/README.md).  Returns how
 * many cells changed kind.
 */
static int
promote_kinds(unsigned char *given, const unsigned char *value,
    unsigned char hand[81], const float sure[81])
{
	unsigned char g[81];
	int	 order[81], n = 0, i, j, k;

	for (i = 0; i < 81; i++) {
		if (!hand[i] || value[i] == 0)
			continue;
		for (j = n++; j > 0 && sure[order[j - 1]] > sure[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	memcpy(g, given, sizeof(g));
	for (k = 0; k < n; k++) {
		g[order[k]] = value[order[k]];
		if (!repair_is_proper(g))
			continue;
		for (j = 0; j <= k; j++)
			hand[order[j]] = 0;
		memcpy(given, g, sizeof(g));
		return k + 1;
	}
	return 0;
}

/*
 * Givens whose readings a repair changed (r->changed: the mend of an
 * improper read, or sym_settle's of a broken pair) but that still break a
 * few pairs of the symmetric pattern (sym_broken, after sym_settle):
 * the repair made a proper puzzle, but of a read that the pattern says is
 * wrong in those cells, most often a faint given missed beside another
 * misread.  Such a mend is no mend: the given of each broken pair is
 * doubted (the digit read, or the likeliest other digit), and sdk-solve
 * answers unsure, not a solution of what may be another puzzle.  A read
 * proper as read and left so is not doubted: a few newspapers print a
 * pattern broken in two pairs (a Wicht puzzle).  Nor is a started
 * puzzle's: there a broken pair is most often a digit of the person's
 * taken for print or the other way round, whose digit is the solution's
 * either way (kubiesa train 02_19: three such photos of the kubiesa sets
 * were answered right).
 */
static void
doubt_unsymmetric(struct reading_set *r)
{
	int	 i, j, c;

	if (r->changed[0] == '\0' || sym_broken(r->given) <= 0)
		return;
	for (i = 0; i < 81; i++)
		if (r->hand[i] && r->value[i] != 0)
			return;
	for (i = 0; i < 40; i++) {
		if ((r->given[i] != 0) == (r->given[80 - i] != 0))
			continue;
		c = r->given[i] != 0 ? i : 80 - i;
		for (j = 0; j < r->nrd[c]; j++)
			if (r->rd[c][j].v != 0 &&
			    r->rd[c][j].v != r->given[c]) {
				if (!r->doubt.alt[c])
					doubt_set(r, c, r->given[c],
					    r->rd[c][j].v);
				break;
			}
	}
}

/*
 * Read the cells (the engine's probabilities prob for printed digits,
 * hprob for handwritten ones) with the kinds kind: readings, kinds and
 * readings settled by the givens (settle_givens; kinds only with
 * --no-repair), the doubts of a proper puzzle's givens and entries.  Returns
 * whether the givens are a proper puzzle.
 */
static int
read_cells(struct reading_set *r, const struct cell cell[81],
    float prob[81][9], float kind[81][KIND_N], float hprob[81][9],
    const struct cell_inks *inks, int repair)
{
	int	 i, proper, st = REPAIR_PROPER;

	memcpy(r->cell, cell, sizeof(r->cell));
	memcpy(r->prob, prob, sizeof(r->prob));
	memcpy(r->pprint, prob, sizeof(r->pprint));
	split_kinds(r->cell, r->prob, kind, hprob, inks->light, r->hand,
	    r->pencil, r->sure, r->printed);
	for (i = 0; i < 81; i++) {
		r->nrd[i] = cell_readings(&r->cell[i], r->prob[i], r->rd[i]);
		r->value[i] = (unsigned char)r->rd[i][0].v;
		/* The record's grid holds the givens; entries go apart. */
		r->given[i] = r->hand[i] ? 0 : r->value[i];
	}
	r->changed[0] = '\0';
	memset(r->typed, 0, sizeof(r->typed));
	memset(r->font, 0, sizeof(r->font));
	memset(r->mended, 0, sizeof(r->mended));
	memset(&r->doubt, 0, sizeof(r->doubt));
	r->rival_cost = HUGE_VAL;
	r->repair = REPAIR_PROPER;
	proper = repair_is_proper(r->given);
	/*
	 * A screen's typed entries first: they are print, and read so; a
	 * pen's (ink_kinds) are read again as handwriting.
	 */
	if (typed_kinds(r, inks) > 0)
		r->repair = proper ? REPAIR_PROPER : REPAIR_MENDED;
	else if (!proper && ink_kinds(r, inks) > 0)
		r->repair = REPAIR_MENDED;	/* kinds changed by the ink */
	else if (!proper && ink_settle(r, inks, repair))
		r->repair = REPAIR_MENDED;	/* the person's ink out, mended */
	else if (proper && ink_kinds(r, inks) > 0)
		r->repair = REPAIR_PROPER;	/* a pen's few digits, as print */
	else if (!repair_is_proper(r->given) &&
	    (st = settle_givens(r, repair)) == REPAIR_GUESSED)
		r->repair = REPAIR_FAILED;	/* refused as read */
	else if (!repair_is_proper(r->given) && st != REPAIR_MENDED) {
		/* No likely change did: print was taken wholesale for hand. */
		promote_kinds(r->given, r->value, r->hand, r->sure);
		if (repair)
			r->repair = mend(r);
	} else if (r->changed[0] != '\0')
		r->repair = REPAIR_MENDED;	/* readings changed, not kinds */
	if (repair_is_proper(r->given)) {
		sym_settle(r, repair);
		doubt_givens(r);
		doubt_unsymmetric(r);
		judge_entries(r);
	}
	if (!repair)
		return repair_is_proper(r->given);
	return r->repair != REPAIR_FAILED;
}

/*
 * The kinds of the second pass see the whole grid and are surer on the
 * photos like those it learnt from; the first pass's are read too, and
 * taken when only they make the givens a proper puzzle.  On a screen,
 * they are taken too when the ink tells the typed entries apart in them
 * (typed_kinds) and the givens are proper so, where the second pass's
 * were mended: a mend guesses, the ink does not.  A typed wrong 1 beside
 * a given 1 in a light face (screens seed 72 screen 7) was mended away
 * as a misreading, the person's mistake never named.
 */
struct reading_set *
read_grid(const struct cell cell[81], float prob[81][9],
    const struct cell_inks *inks, int repair)
{
	static struct reading_set second, first;
	static float kind1[81][KIND_N], kind2[81][KIND_N], hprob[81][9];

	hand_read(cell, kind1, kind2, hprob);
	if (read_cells(&second, cell, prob, kind2, hprob, inks, repair)) {
		if (second.repair == REPAIR_MENDED && !typed_told(&second) &&
		    screen_cells(cell) &&
		    read_cells(&first, cell, prob, kind1, hprob, inks,
		    repair) && typed_told(&first))
			return &first;
		return &second;
	}
	if (read_cells(&first, cell, prob, kind1, hprob, inks, repair))
		return &first;
	return &second;
}

