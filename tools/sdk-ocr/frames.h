/*
 * frames.h: frames drawn inside cells (a web page's text boxes, an app's
 * cursor), for cells.c.
 */
#ifndef SDK_OCR_FRAMES_H
#define SDK_OCR_FRAMES_H

#include <leptonica/allheaders.h>

/*
 * How many of its four sides component p (w x h pixels, area ink pixels,
 * in a square of cell side c) runs along, if it is a frame drawn inside
 * a cell or what the grid lines' removal left of one; else 0 (cells.c
 * drops a component of two or more).  Such a frame is at least half the
 * cell each way, about as wide as tall (a digit is taller, even a
 * seven-segment 8), its ink along nearly all of a side it has (a 7's top
 * bar, but not its diagonal) and nearly all of it in the bands of its
 * sides (a digit's is mostly inside).
 */
int	 frame_sides(PIX *p, int w, int h, int area, double c);

#endif
