/*
 * inkkinds.c: the kinds of a grid's digits, given or the person's entry,
 * told by the colour of their ink (inkkinds.h).
 */
#include <math.h>
#include <string.h>

#include "hand.h"
#include "inkkinds.h"
#include "repair.h"
#include "tints.h"

/* What the inks say: the person's ink, and the exceptions. */
struct ink_choice {
	int	 hand;		/* the group of the person's ink */
	int	 keep;		/* a value (1-9) of it left with the givens */
	int	 extra;		/* a highlighted cell that is the person's */
};

/* Whether digit i is the person's, as the inks say (c). */
static int
out_of_givens(const struct reading_set *r, const signed char group[81],
    const struct ink_choice *c, int i)
{
	return r->value[i] != 0 && ((group[i] == c->hand &&
	    r->value[i] != c->keep) || i == c->extra);
}

static int	person_like(int, int);
static int	choose_inks(const struct reading_set *,
		    const struct cell_inks *, const signed char[81], int,
		    struct ink_choice *);

/*
 * Apps draw their givens in a neutral ink (black, a dark grey, white in
 * a dark theme) and what the person types in a colour.  When either ink
 * could be the person's on a screen (each, left out, leaves the givens
 * proper: typed_kinds), the person's is the one at least INK_COLOURFUL
 * times as colourful as the other (the mean length of its digits' hue,
 * inks.h): on a tablet's screenshot the typed entries' blue read 0.68 to
 * 0.93, the givens' dark brown 0.13 (make-screens.py --size 1536x2048,
 * seed 77, picture 16).  Without it, the pen's split moved the fewer
 * digits, the givens, and solved the entries' puzzle.
 */
#define INK_COLOURFUL	2

/* The clearly more colourful of the two inks (0 or 1), or -1. */
static int
colourful_ink(const struct cell_inks *inks, const signed char group[81])
{
	double	 sum[2] = { 0, 0 }, m[2];
	int	 i, k, n[2] = { 0, 0 };

	for (i = 0; i < 81; i++)
		if (group[i] >= 0) {
			const float *h = inks->hue[i];

			sum[group[i]] += sqrt((double)h[0] * h[0] +
			    (double)h[1] * h[1] + (double)h[2] * h[2]);
			n[group[i]]++;
		}
	if (n[0] == 0 || n[1] == 0)
		return -1;
	for (k = 0; k < 2; k++)
		m[k] = sum[k] / n[k];
	if (m[0] >= INK_COLOURFUL * m[1])
		return 0;
	if (m[1] >= INK_COLOURFUL * m[0])
		return 1;
	return -1;
}

/* Given i becomes the person's entry, read as handwriting. */
static void
give_hand(struct reading_set *r, int i)
{
	hand_digit(&r->cell[i], r->prob[i]);
	r->nrd[i] = cell_readings(&r->cell[i], r->prob[i], r->rd[i]);
	r->value[i] = (unsigned char)r->rd[i][0].v;
	r->given[i] = 0;
	r->hand[i] = 1;
	r->printed[i] = 0;
	r->sure[i] = 1;
}

/*
 * ink_kinds() when neither ink leaves the givens proper: an app
 * photographed off its screen draws the selected digit's givens in the
 * highlight's ink, near enough the typed entries' to fall in their group
 * (a photo of seed 71's screens, 3 given 5s among 29 blue entries).  As
 * typed_kinds() has it (choose_inks), the person's ink but for every
 * digit of one value is left out, the one way it makes the givens
 * proper.  Returns how many givens became entries.
 */
static int
highlight_kept(struct reading_set *r, const struct cell_inks *inks,
    const signed char group[81])
{
	unsigned char g[81];
	struct ink_choice c;
	int	 i, n = 0;

	if (!choose_inks(r, inks, group, 0, &c) || c.keep == 0)
		return 0;
	memcpy(g, r->given, sizeof(g));
	for (i = 0; i < 81; i++)
		if (out_of_givens(r, group, &c, i))
			g[i] = 0;
	if (!repair_is_proper(g))
		return 0;
	for (i = 0; i < 81; i++)
		if (out_of_givens(r, group, &c, i) && r->given[i] != 0) {
			give_hand(r, i);
			n++;
		}
	return n;
}

/*
 * Givens in a grid whose digits are in two inks (inks.h): a person's pen
 * taken for print.  The digits of the ink whose leaving makes (or
 * leaves) the givens proper become entries, read as handwriting; when
 * either would, the one that moves fewer; when neither does, the
 * highlighted digit's exception (highlight_kept).  Returns how many
 * cells changed kind.
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
	if (best >= 0) {
		for (i = 0; i < 81; i++)
			if (group[i] == best && r->given[i] != 0)
				give_hand(r, i);
		return moved[best];
	}
	return highlight_kept(r, inks, group);
}

/*
 * The person's ink out of the givens when they are not proper either way
 * (ink_kinds): the clearly more colourful of two inks (colourful_ink),
 * two digits or more of two values or more, read as handwriting.  A
 * given misread or missed as well leaves neither ink proper alone;
 * ink_settle mends the rest.  Returns how many cells changed kind.
 */
static int
ink_person_out(struct reading_set *r, const struct cell_inks *inks)
{
	unsigned char digit[81];
	signed char group[81];
	int	 i, k, n = 0, values = 0;

	for (i = 0; i < 81; i++)
		digit[i] = r->value[i] != 0;
	if (!inks_split(inks, digit, group) ||
	    (k = colourful_ink(inks, group)) < 0)
		return 0;
	for (i = 0; i < 81; i++)
		if (group[i] == k && r->given[i] != 0) {
			values |= 1 << r->value[i];
			n++;
		}
	if (!person_like(n, values))
		return 0;
	for (i = 0; i < 81; i++)
		if (group[i] == k && r->given[i] != 0)
			give_hand(r, i);
	return n;
}

/*
 * A grid in two inks neither of which alone leaves the givens proper
 * (ink_kinds), as when a given is missed too: the person's ink out
 * (ink_person_out), then the givens mended as print, none of their kinds
 * changed.  A photographed screen's faint given missed in a tinted
 * column, the person's wrong typed 7 kept as a given and a given 8 made
 * an entry instead, answered another puzzle (screens seed 101, 7).
 * Returns whether r was so mended.
 */
int
ink_settle(struct reading_set *r, const struct cell_inks *inks, int repair)
{
	static struct reading_set t;
	unsigned char hand[81];

	t = *r;
	if (ink_person_out(&t, inks) == 0)
		return 0;
	memcpy(hand, t.hand, sizeof(hand));
	if (settle_givens(&t, repair) != REPAIR_MENDED ||
	    memcmp(hand, t.hand, sizeof(hand)) != 0)
		return 0;
	*r = t;
	return 1;
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

/* Whether group k of two values or more leaves out n >= 2 digits. */
static int
person_like(int n, int values)
{
	return n >= 2 && (values & (values - 1)) != 0;
}

/*
 * Whether every digit of value v (and one at least) is in group k, or
 * set aside (-1: the highlight hv).
 */
static int
all_of_value(const struct reading_set *r, const signed char group[81],
    int k, int v, int hv)
{
	int	 i, some = 0;

	for (i = 0; i < 81; i++)
		if (r->value[i] == v) {
			if (group[i] != k && !(v == hv && group[i] < 0))
				return 0;
			some = 1;
		}
	return some;
}

/*
 * The one way the inks make the givens proper (typed_kinds), at the first
 * of three steps that finds any: the person's ink k left out (either
 * ink: the clearly more colourful, colourful_ink); or k but
 * for the digits of one value v, every instance of which is in it or set
 * aside as the highlight hv (0: none), kept with the givens; or that and
 * one of those digits of v left out too, which the puzzle cannot have
 * (the person typed the selected digit, wrong).  Returns 1 and sets c
 * when exactly one way is found.
 */
static int
choose_inks(const struct reading_set *r, const struct cell_inks *inks,
    const signed char group[81], int hv, struct ink_choice *c)
{
	unsigned char g[81];
	int	 i, k, v, n, step, values, found = 0;

	c->hand = -1;
	c->keep = 0;
	c->extra = -1;
	for (k = 0; k < 2; k++) {
		n = ink_givens(r, group, k, 0, g, &values);
		if (person_like(n, values) && repair_is_proper(g) &&
		    found++ == 0)
			c->hand = k;
	}
	/* Either ink the person's: the clearly more colourful. */
	if (found == 2 && (k = colourful_ink(inks, group)) >= 0) {
		c->hand = k;
		return 1;
	}
	for (step = 1; step <= 2 && found == 0; step++)
		for (k = 0; k < 2; k++)
			for (v = 1; v <= 9; v++) {
				if (!all_of_value(r, group, k, v, hv))
					continue;
				n = ink_givens(r, group, k, v, g, &values);
				if (!person_like(n, values))
					continue;
				if (step == 1) {
					if (repair_is_proper(g) && found++ == 0) {
						c->hand = k;
						c->keep = v;
					}
					continue;
				}
				for (i = 0; i < 81; i++) {
					if (r->value[i] != v)
						continue;
					g[i] = 0;
					if (repair_is_proper(g) && found++ == 0) {
						c->hand = k;
						c->keep = v;
						c->extra = i;
					}
					g[i] = (unsigned char)v;
				}
			}
	return found == 1;
}

int
screen_cells(const struct cell cell[81])
{
	int	 i, n = 0;

	for (i = 0; i < 81; i++)
		n += cell[i].flat_paper;
	return n >= SCREEN_FLAT_CELLS;
}

int
typed_told(const struct reading_set *r)
{
	int	 i;

	for (i = 0; i < 81; i++)
		if (r->typed[i])
			return 1;
	return 0;
}

/*
 * A grid whose digits are in two inks, one of which alone is a proper
 * puzzle: an app's givens and what the person typed in its colour for
 * entries, the kinds as the inks say, whatever the shapes said (a typed
 * entry is print to them, a thin given can be taken for a hand).  Right
 * entries keep the givens proper, so the puzzle does not tell them apart;
 * the ink does.  Only on a screen's square, when exactly one ink is a
 * proper puzzle without the other, and the other holds two digits or more
 * of two values or more (choose_inks).  An app draws the selected digit's
 * instances in a colour of their own: a third ink of one value is set
 * aside first, as givens (a given's or an entry's, the value is the
 * same), and one highlight in nearly the entries' colour is kept with
 * the givens.  The digits moved keep their readings, but a hand's become
 * print's (an app's entries are typed).  Returns how many cells changed
 * kind; none unless the givens come out proper.
 */
int
typed_kinds(struct reading_set *r, const struct cell_inks *inks)
{
	unsigned char digit[81], g[81];
	signed char group[81];
	struct ink_choice c;
	struct reading rd[10];
	int	 i, k, n, values, hv = 0, hand[81];

	/* A screen's: a photo's inks are the shapes' and the pen's to tell. */
	if (!screen_cells(r->cell))
		return 0;
	for (i = 0; i < 81; i++)
		digit[i] = r->value[i] != 0;
	if (!inks_split(inks, digit, group))
		return 0;
	for (k = 0; k < 2 && hv == 0; k++) {
		values = 0;
		for (i = 0; i < 81; i++)
			if (group[i] == k)
				values |= 1 << r->value[i];
		if ((values & (values - 1)) != 0)
			continue;
		for (i = 0; i < 81; i++)
			if (group[i] == k) {
				hv = r->value[i];
				digit[i] = 0;
			}
		if (!inks_split(inks, digit, group))
			return 0;
	}
	if (!choose_inks(r, inks, group, hv, &c))
		return 0;
	/* The givens as they will read: proper, or nothing changes. */
	for (i = 0; i < 81; i++) {
		hand[i] = out_of_givens(r, group, &c, i);
		g[i] = hand[i] ? 0 : r->value[i];
		if (g[i] != 0 && r->hand[i]) {
			cell_readings(&r->cell[i], r->pprint[i], rd);
			g[i] = (unsigned char)rd[0].v;
		}
	}
	if (!repair_is_proper(g))
		return 0;
	for (i = 0; i < 81; i++)
		r->font[i] = (unsigned char)(r->value[i] != 0 && hand[i]);
	for (i = 0, n = 0; i < 81; i++) {
		if (r->value[i] == 0 || hand[i] == r->hand[i])
			continue;
		if (!hand[i]) {
			/* Read as print now, as the givens are. */
			memcpy(r->prob[i], r->pprint[i], sizeof(r->prob[i]));
			r->nrd[i] = cell_readings(&r->cell[i], r->prob[i],
			    r->rd[i]);
			r->value[i] = (unsigned char)r->rd[i][0].v;
		}
		r->given[i] = hand[i] ? 0 : r->value[i];
		/* Print taken for the person's is read as print still. */
		r->typed[i] = (unsigned char)hand[i];
		r->hand[i] = (unsigned char)hand[i];
		r->printed[i] = hand[i] ? 0 : 1;
		r->sure[i] = 1;
		n++;
	}
	return n;
}
