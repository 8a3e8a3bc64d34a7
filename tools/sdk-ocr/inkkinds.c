/*
 * inkkinds.c: the kinds of a grid's digits, given or the person's entry,
 * told by the colour of their ink (inkkinds.h).
 */
#include <string.h>

#include "hand.h"
#include "inkkinds.h"
#include "repair.h"
#include "tints.h"

/*
 * Givens that are not a proper puzzle, in a grid whose digits are in two
 * inks (inks.h): a person's pen taken for print wholesale.  The digits of
 * the ink whose leaving makes the givens proper become entries, read as
 * handwriting; when either would, the one that moves fewer.  Returns how
 * many cells changed kind.
 */
int
ink_kinds(struct reading_set *r, const struct cell_inks *inks)
{
	unsigned char digit[81], g[2][81];
	signed char group[81];
	int	 i, k, moved[2] = { 0, 0 }, best = -1;

	for (i = 0; i < 81; i++)
		digit[i] = r->value[i] != 0;
	if (!inks_split(inks, digit, group))
		return 0;
	for (k = 0; k < 2; k++) {
		memcpy(g[k], r->given, 81);
		for (i = 0; i < 81; i++)
			if (group[i] == k && g[k][i] != 0) {
				g[k][i] = 0;
				moved[k]++;
			}
		if (moved[k] > 0 && repair_is_proper(g[k]) &&
		    (best < 0 || moved[k] < moved[best]))
			best = k;
	}
	if (best < 0)
		return 0;
	for (i = 0; i < 81; i++) {
		if (group[i] != best || r->given[i] == 0)
			continue;
		hand_digit(&r->cell[i], r->prob[i]);
		r->nrd[i] = cell_readings(&r->cell[i], r->prob[i], r->rd[i]);
		r->value[i] = (unsigned char)r->rd[i][0].v;
		r->given[i] = 0;
		r->hand[i] = 1;
		r->printed[i] = 0;
		r->sure[i] = 1;
	}
	return moved[best];
}

/*
 * The digits of r (given or entry) outside group k, and those of value
 * keep (1-9: a highlight) in it, into g; returns how many of group k
 * are left out, and in *values the mask of their values.
 */
static int
ink_givens(const struct reading_set *r, const signed char group[81],
    int k, int keep, unsigned char g[81], int *values)
{
	int	 i, n = 0;

	*values = 0;
	for (i = 0; i < 81; i++) {
		g[i] = r->value[i];
		if (group[i] == k && g[i] != keep) {
			*values |= 1 << g[i];
			g[i] = 0;
			n++;
		}
	}
	return n;
}

/*
 * A grid whose digits are in two inks, one of which alone is a proper
 * puzzle: an app's givens and what the person typed in its colour for
 * entries (or a pen beside print), the kinds as the inks say, whatever
 * the shapes said (a typed entry is print to them, a thin given can be
 * taken for a hand).  Right entries keep the givens proper, so the puzzle
 * does not tell them apart; the ink does.  Only when exactly one ink is
 * a proper puzzle without the other, and the other holds two digits or
 * more of two values or more (an app draws the selected digit's
 * instances in a colour of its own: one value is a highlight, not a
 * hand).  An app may draw that highlight in nearly its entries' colour:
 * when neither ink would do, one that would with the digits of one value
 * (every instance of which is in the other ink) is the givens' with
 * those.  The digits moved keep their readings but a hand's become
 * print's (an app's entries are typed).  Returns how many cells changed
 * kind.
 */
int
typed_kinds(struct reading_set *r, const struct cell_inks *inks)
{
	unsigned char digit[81], g[81];
	signed char group[81];
	int	 i, k, v, n, values, best = -1, keep = 0, found = 0;

	/* A screen's: a photo's inks are the shapes' and the pen's to tell. */
	for (i = 0, n = 0; i < 81; i++)
		n += r->cell[i].flat_paper;
	if (n < TINT_SCREEN)
		return 0;
	for (i = 0; i < 81; i++)
		digit[i] = r->value[i] != 0;
	if (!inks_split(inks, digit, group))
		return 0;
	/*
	 * Three inks (givens, entries, and a highlight of its own colour):
	 * the highlight, one value, split off first.  Its digits are left
	 * as givens (a given's or an entry's, the value is the same).
	 */
	for (k = 0; k < 2; k++) {
		values = 0;
		for (i = 0; i < 81; i++)
			if (group[i] == k)
				values |= 1 << r->value[i];
		if ((values & (values - 1)) != 0)
			continue;
		for (i = 0; i < 81; i++)
			if (group[i] == k)
				digit[i] = 0;
		if (!inks_split(inks, digit, group))
			return 0;
		break;
	}
	for (k = 0; k < 2; k++) {
		n = ink_givens(r, group, k, 0, g, &values);
		if (n >= 2 && (values & (values - 1)) != 0 &&
		    repair_is_proper(g)) {
			best = k;
			found++;
		}
	}
	for (k = 0; k < 2 && found == 0; k++)
		for (v = 1; v <= 9; v++) {
			int	 all = 1, some = 0;

			for (i = 0; i < 81; i++)
				if (r->value[i] == v) {
					all &= group[i] == k;
					some = 1;
				}
			if (!all || !some)
				continue;
			n = ink_givens(r, group, k, v, g, &values);
			if (n >= 2 && (values & (values - 1)) != 0 &&
			    repair_is_proper(g) && found++ == 0) {
				best = k;
				keep = v;
			}
		}
	if (found != 1)
		return 0;
	n = 0;
	for (i = 0; i < 81; i++) {
		int	 hand = group[i] == best && r->value[i] != keep;

		if (r->value[i] == 0 || hand == r->hand[i])
			continue;
		if (!hand) {
			/* Read as print now, as the givens are. */
			memcpy(r->prob[i], r->pprint[i], sizeof(r->prob[i]));
			r->nrd[i] = cell_readings(&r->cell[i], r->prob[i],
			    r->rd[i]);
			r->value[i] = (unsigned char)r->rd[i][0].v;
		}
		r->given[i] = hand ? 0 : r->value[i];
		r->hand[i] = (unsigned char)hand;
		r->printed[i] = hand ? 0 : 1;
		r->sure[i] = 1;
		n++;
	}
	return repair_is_proper(r->given) ? n : 0;
}
