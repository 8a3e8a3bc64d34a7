/*
 * text.h: sdk-render's boxed grid for the terminal (-f text).
 */
#ifndef SDK_RENDER_TEXT_H
#define SDK_RENDER_TEXT_H

#include <stdio.h>

#include "draw.h"
#include "grid.h"

/*
 * The record's source and status, the boxed grid, a started puzzle's
 * mistakes and the banner of a record not solved; in ANSI colour if
 * colour is set.
 */
void	 text_render(FILE *, const struct grid *, const struct board *,
	    const char *status, int colour);

#endif
