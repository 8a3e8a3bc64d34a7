/*
 * frames.h: frames drawn inside cells (a web page's text boxes, an app's
 * cursor), for cells.c.
 */
#ifndef SDK_OCR_FRAMES_H
#define SDK_OCR_FRAMES_H

#include <leptonica/allheaders.h>

/*
 * How many of its four sides component p (w x h pixels, area ink pixels,
 * in a square of cell side c) runs along, if it could be a frame drawn
 * inside a cell or what the grid lines' removal left of one; else 0.
 * Such a frame is half the cell across at least one way and a third the
 * other, its ink along nearly all of a side it has (a 7's top bar, but
 * not its diagonal) and nearly all of it in the bands of its sides (a
 * digit's is mostly inside).
 */
int	 frame_sides(PIX *p, int w, int h, int area, double c);

/*
 * Whether a component of sides sides (frame_sides), w x h, is a frame
 * whatever else is in the grid: three sides (one went with a grid line),
 * or two and about as wide as tall, half a cell each way (a digit is
 * taller, even a seven-segment 8; a 7's top bar and stem are two sides).
 * cells.c drops these, and any other of two sides once the grid has
 * frames.
 */
int	 frame_sure(int sides, int w, int h, double c);

#endif
