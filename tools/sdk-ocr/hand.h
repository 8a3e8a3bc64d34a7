/*
 * hand.h: read what a person wrote into a grid.  For each present cell:
 * the probabilities that it is printed, handwritten or pencil marks
 * (kind.h), and of the digits 1-9 as handwriting.
 */
#ifndef SDK_OCR_HAND_H
#define SDK_OCR_HAND_H

#include "cells.h"
#include "kind.h"

/*
 * kind1 receives the first pass's kinds, kind2 the second's (kind.h);
 * digit the handwriting classifiers' probabilities.
 */
void	 hand_read(const struct cell cell[81], float kind1[81][KIND_N],
	    float kind2[81][KIND_N], float digit[81][9]);

/* One cell's digit as handwriting (hand_read skips the surely printed). */
void	 hand_digit(const struct cell *, float digit[9]);

#endif
