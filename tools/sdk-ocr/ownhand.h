/*
 * ownhand.h: an entry compared with the person's other entries.  A person
 * writes a digit much the same way each time, and not as the classifiers'
 * training hands did: an entry the classifiers hesitate over looks like
 * the person's own d, or not.  A synthetic page that gives each cell
 * another writer's digit has no own hand: the comparison must first show,
 * on the entries it knows, that it tells the person's digits apart.
 */
#ifndef SDK_OCR_OWNHAND_H
#define SDK_OCR_OWNHAND_H

#include "cells.h"

struct own_hand {
	float		 crop[81][CELL_NORM * CELL_NORM];	/* blurred */
	unsigned char	 ref[81];	/* a known entry's digit, 0: none */
	int		 known;		/* whether it tells digits apart */
	double		 spread;	/* how unlike the likest other of
					   its digit a known entry is: the
					   90th centile */
	double		 close;		/* the same, the median */
};

/*
 * Learn a hand from the entries known (ref[i] the digit of cell i, 0 where
 * none): their crops, and whether each but a few of them looks likest
 * one of the same digit.
 */
void	 own_hand_learn(struct own_hand *, const struct cell cell[81],
	    const unsigned char ref[81]);

/*
 * Whether cell i looks like the person's v (1), is not their v (-1: like
 * their s, or unlike any v of theirs) or cannot be told (0: no known hand,
 * too few of either digit, or no clear likeness).
 */
int	 own_hand_says(const struct own_hand *, int i, int v, int s);

/*
 * Whether cell i is a known cell's v drawn again: likest one of the v's,
 * as like it as half the known cells are like their likest of the same
 * digit (close), and clearly likelier than any other digit's.
 * Learnt from the givens, a print's v.
 */
int	 own_hand_copies(const struct own_hand *, int i, int v);

#endif
