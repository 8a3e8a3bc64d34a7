/*
 * orient.h: which way up a straightened grid is.  A photo taken with the
 * phone on its side, or a JPEG whose EXIF orientation says it is shown
 * turned, gives a square lying on its side or upside down; its digits
 * then read as nonsense.
 */
#ifndef SDK_OCR_ORIENT_H
#define SDK_OCR_ORIENT_H

#include "cells.h"

/*
 * How many quarter turns clockwise make the square whose cells these are
 * upright: 0 to 3.  The built-in classifier reads every present digit
 * turned each way; a turn is taken only when its digits read clearly
 * better than upright.
 */
int	 orient_guess(const struct cell cell[81]);

#endif
