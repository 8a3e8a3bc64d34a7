/*
 * warp.h: what sdk-warp's files share.
 */
#ifndef SDK_WARP_H
#define SDK_WARP_H

#include <stddef.h>

#include <leptonica/allheaders.h>

#include "geom.h"

/*
 * The grid's line crossings, in square coordinates: cross[j][i] is where
 * vertical line i meets horizontal line j (0..9 each).
 */
struct crossings {
	struct point p[10][10];
	/*
	 * A grid drawn as nine boxes set apart: on axis 0 (x) or 1 (y),
	 * where apart[axis] is set, box b (0 to 2) lies from box[axis][b][0]
	 * to box[axis][b][1] in the square, the gaps between left out
	 * (boxes_apart); its cells are laid on that, not on the thirds of
	 * the square (box_place).
	 */
	int	 apart[2];
	double	 box[2][3][2];
	double	 size;		/* the square's side */
};

/*
 * Where square coordinate s (x on axis 0, y on 1) of a cell in box b is
 * drawn from: s itself, or its place in the box set apart.
 */
static inline double
box_place(const struct crossings *c, int axis, int b, double s)
{
	double	 third = c->size / 3;

	if (!c->apart[axis])
		return s;
	return c->box[axis][b][0] + (s - b * third) *
	    (c->box[axis][b][1] - c->box[axis][b][0]) / third;
}

/*
 * Square point of cell (i, j) at (u, v) in it (0 to 1): mapped bilinearly
 * onto the quad of its crossings, then into its box set apart.  render()
 * draws each pixel through it; inline, as the crossings' arithmetic was
 * written there before.
 */
static inline struct point
cell_point(const struct crossings *c, int i, int j, double u, double v)
{
	const struct point *a = &c->p[j][i], *b = &c->p[j][i + 1];
	const struct point *cc = &c->p[j + 1][i + 1], *d = &c->p[j + 1][i];
	struct point p;

	p.x = (1 - v) * ((1 - u) * a->x + u * b->x) +
	    v * ((1 - u) * d->x + u * cc->x);
	p.y = (1 - v) * ((1 - u) * a->y + u * b->y) +
	    v * ((1 - u) * d->y + u * cc->y);
	p.x = box_place(c, 0, i / 3, p.x);
	p.y = box_place(c, 1, j / 3, p.y);
	return p;
}

/*
 * Follow the inner lines of square (first warped from the quad, its side
 * a multiple of 9) and place c's crossings where they meet; lines that
 * cannot be followed stay where the corners put them (lines.c).  Returns
 * how many of the 16 were followed.
 */
int	 crossings_find(PIX *square, const double *ink, struct crossings *c);

/*
 * Ink of square (its side a multiple of 9): how much darker each pixel is
 * than the paper around it, size x size doubles to free; what
 * crossings_find and outer_sides_in measure lines in (lines.c).
 */
double	*square_ink(PIX *square);

/*
 * How far inside each side of square (first warped from the quad) the
 * grid's outer line runs, in pixels, in[0] to in[3] the top, right,
 * bottom and left; 0 where it is under a quarter of a cell in (or not
 * found).  Returns whether any side lies so (lines.c).
 */
int	 outer_sides_in(const double *ink, int size, double in[4]);

/*
 * Whether square (a screen's: its lines straight) is a grid of nine boxes
 * set apart: both ways, a band of flat light rows or columns (the page's
 * ground, nothing drawn across it) near each third of the square.  Sets
 * c's apart and box so (apart.c).
 */
int	 boxes_apart(PIX *square, struct crossings *c);

/*
 * The colour of each cell's ink against its paper (cellink.c), as the
 * sdk-cell-ink value: 81 "R,G,B", each channel of the darkest tenth of
 * the cell's pixels in percent of its paper's.  photo is the colour photo
 * (32 bpp); h maps the square, whose lines are at c, onto the photo
 * halved nhalf times.  With dark (a screen in dark mode, its digits light
 * on a dark ground), of the photo's negative, as the square is.  Returns
 * 0, or -1 when photo has no colour (or buf is short).
 */
int	 cell_ink(PIX *photo, const double h[9], const struct crossings *c,
	    int nhalf, int dark, char *buf, size_t len, double paper[81][3]);
/* ... and paper[i], when not NULL, cell i's paper: R, G, B, 0 to 255. */


/*
 * Whether square is a screen's: most of its cells' middles one flat colour
 * each (SCREEN_FLAT_CELLS, image.h), as an app draws them (tinted.c).
 */
int	 screen_square(PIX *square);

/*
 * A cell of square darker than its neighbours on its four sides (all but
 * one of them) and of another hue (paper: each cell's paper colour, from
 * cell_ink) is on a tint: it is drawn again from the colour of photo
 * (within box; its negative when dark; h and c map the square onto it
 * halved nhalf times), each channel against the cell's own paper in it,
 * so that its paper is that of its plain neighbours (tinted.c).  Returns
 * how many cells were.
 */
int	 level_tinted_cells(PIX *square, PIX *photo, BOX *box, int dark,
	    int nhalf, const double h[9], const struct crossings *c,
	    double paper[81][3]);

#define CELL_INK_MAX	(81 * 12)	/* the value's length, NUL included */

#endif
