/*
 * givendoubt.c: the givens of a proper puzzle that another likely reading
 * would make another proper puzzle, with another answer: doubted, so that
 * sdk-solve answers unsure rather than solve what may be another puzzle.
 */
#include <string.h>

#include "read.h"
#include "repair.h"

/* Whether cells i and j share a row, a column or a box. */
static int
cells_see(int i, int j)
{
	return i != j && (i / 9 == j / 9 || i % 9 == j % 9 ||
	    (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3));
}

/*
 * The given that alone keeps cell i from reading v: the one given v that
 * i sees, or -1 (none, or more than one).
 */
static int
sole_blocker(const unsigned char g[81], int i, int v)
{
	int	 j, found = -1;

	for (j = 0; j < 81; j++)
		if (g[j] == v && cells_see(i, j)) {
			if (found >= 0)
				return -1;
			found = j;
		}
	return found;
}

/*
 * Given i's other reading v, kept out by the one given j read v: one of
 * the two v's is wrong, and the read (or the repair, which tries only a
 * cell's few likeliest readings) blamed i.  Blamed instead, j with any of
 * its other digits that makes a proper puzzle, i and j together at least
 * 1/GIVEN_DOUBT_ODDS as likely as read, gives another answer: both
 * doubted.  Pages seed 25 page 40: a faint given 2 read 3 (0.30; the 2
 * at 0.014, below the repair's four), its row's real 3 mended into a 1;
 * the puzzle so made had one solution, 20 cells wrong.  Not j taken out:
 * its ink was judged a digit's, and that call stands (cell_readings),
 * however likely its empty reading; weighed, it doubted right answers
 * (a wicht-mixed and a kubiesa/train photo).  Returns whether i was
 * doubted.
 */
static int
doubt_blamed(struct reading_set *r, unsigned char g[81], int i, int v)
{
	double	 odds_i;
	int	 j, k, w, proper;

	if ((j = sole_blocker(g, i, v)) < 0 || reading_p(r, i, g[i]) <= 0)
		return 0;
	odds_i = reading_p(r, i, v) / reading_p(r, i, g[i]);
	for (k = 0; k < r->nrd[j]; k++) {
		w = r->rd[j][k].v;
		if (w == v || w == 0 ||
		    odds_i * r->rd[j][k].p * GIVEN_DOUBT_ODDS <
		    reading_p(r, j, v))
			continue;
		g[i] = (unsigned char)v;
		g[j] = (unsigned char)w;
		proper = repair_is_proper(g);
		g[i] = r->given[i];
		g[j] = r->given[j];
		if (proper) {
			doubt_set(r, i, r->given[i], v);
			if (!r->doubt.alt[j])
				doubt_set(r, j, v, w);
			return 1;
		}
	}
	return 0;
}

/*
 * The givens' doubts: a given whose other reading, at least
 * 1/GIVEN_DOUBT_ODDS as likely, also makes a proper puzzle, whose
 * solution then differs, alone or with the given that reads it too
 * (doubt_blamed).  Only such a misread can give a wrong answer with one
 * solution (a given missed or added changes no proper puzzle's
 * solution), so these are the readings to doubt.
 */
void
doubt_givens(struct reading_set *r)
{
	unsigned char g[81];
	int	 i, j, proper;

	memcpy(g, r->given, sizeof(g));
	for (i = 0; i < 81; i++) {
		double	 p = reading_p(r, i, r->given[i]);

		if (r->given[i] == 0)
			continue;
		for (j = 0; j < r->nrd[i]; j++) {
			int	 v = r->rd[i][j].v;

			if (v == 0 || v == r->given[i] ||
			    r->rd[i][j].p * GIVEN_DOUBT_ODDS < p)
				continue;
			g[i] = (unsigned char)v;
			proper = repair_is_proper(g);
			g[i] = r->given[i];
			if (proper) {
				doubt_set(r, i, r->given[i], v);
				break;
			}
			if (doubt_blamed(r, g, i, v))
				break;
		}
	}
}
