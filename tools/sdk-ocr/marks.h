/*
 * marks.h: the candidate digits of a cell of pencil marks (cells.h: an
 * app's small digits on a 3 x 3 lattice), for # sdk-pencil.
 */
#ifndef SDK_OCR_MARKS_H
#define SDK_OCR_MARKS_H

#include "cells.h"

/* The digits read among cl's candidates: bit d for digit d (1-9). */
unsigned short	 marks_read(const struct cell *cl);

#endif
