/*
 * draw.h: what sdk-render draws: the clean grid, digits in perspective on
 * a photo, and status banners.  All drawing goes through a map from grid
 * coordinates (0..9 across and down, (0,0) the top-left corner) to output
 * pixels: an affine one for the clean grid, the quad's homography for a
 * photo.
 */
#ifndef SDK_RENDER_DRAW_H
#define SDK_RENDER_DRAW_H

#include "raster.h"
#include "sdk.h"

/* sdk-conf at or below this: the reading is doubtful. */
#define CONF_DOUBT	4

/* What a cell holds (struct board kind[]). */
#define CELL_EMPTY	0
#define CELL_GIVEN	1	/* printed in the puzzle */
#define CELL_FILLED	2	/* found by the solver */
#define CELL_ENTRY	3	/* written by hand (sdk-entries), not wrong */
#define CELL_WRONG	4	/* written by hand and wrong: digit[] is right */
#define CELL_UNSURE	5	/* read unsure (sdk-unsure): digit[] is the
				   solution's, written[] what was read */

struct board {
	unsigned char	 digit[GRID_CELLS];	/* 0 or 1-9 */
	unsigned char	 kind[GRID_CELLS];	/* CELL_* */
	unsigned char	 written[GRID_CELLS];	/* CELL_WRONG, CELL_UNSURE: as
						   written (read) */
	unsigned char	 mark[GRID_CELLS];	/* 1: highlight (changed) */
	unsigned char	 doubt[GRID_CELLS];	/* 1: read unsure */
	unsigned char	 pencil[GRID_CELLS];	/* 1: pencil marks there */
	unsigned char	 pmiss[GRID_CELLS];	/* 1: its marks lack the answer
						   (sdk-pencil-mistakes) */
	const char	*banner;	/* NULL, or the status to show */
};

/*
 * A white side x side clean grid, margin pixels from the edges, with
 * givens, filled digits, handwritten entries (a wrong one struck through
 * with its correction), answers the pencil marks lacked (red on pink)
 * and banner.
 */
void	 draw_grid(struct canvas *, int side, int margin, const struct board *);
/*
 * Onto a photo: the filled digits in pen colour, in the perspective of
 * g2p (grid to photo homography), wrong entries marked in red with their
 * correction, cells read unsure ringed in amber with the solution's
 * digit, and the banner across the grid.  A filled digit in a cell of
 * pencil marks goes on a patch of paper, legible over them; pink, and
 * the digit red, when the marks lacked it.  With g2p NULL only the
 * banner, across the middle of the photo.
 */
void	 draw_onto(struct canvas *, const double g2p[9], const struct board *);

/* Has the board digits to draw on a photo (filled, wrong, unsure)? */
int	 board_draws(const struct board *);

#endif
