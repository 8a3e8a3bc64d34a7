/*
 * cells.h: split a straightened grid into its 81 cells, decide for each
 * whether it holds a digit (ink, connected components and position, with
 * Leptonica; never by asking an OCR engine) and cut out the digit as a
 * normalised grey crop for the classifiers.  Shared by sdk-ocr and its
 * training program.
 */
#ifndef SDK_OCR_CELLS_H
#define SDK_OCR_CELLS_H

#include <leptonica/allheaders.h>

#define CELL_NORM	20	/* side of the normalised crop, pixels */
#define CELL_BOX	16	/* the digit's longer side inside the crop */
#define CAND_MAX	9	/* candidates a cell of pencil marks */

/* One candidate glyph of a cell of pencil marks, cropped like a digit. */
struct cand {
	int	 place;		/* 0-8: its place on the cell's 3 x 3 lattice,
				   row by row (most apps draw d at d - 1) */
	int	 x, y, w, h;	/* box in square coordinates */
	float	 norm[CELL_NORM * CELL_NORM];
};

struct cell {
	int	 present;	/* 1: a digit is there */
	int	 weak;		/* empty, but something nearly a digit is
				   there: box and norm are filled, for the
				   next-best readings */
	float	 certainty;	/* 0..1: how sure the empty/digit call is */
	int	 flat_paper;	/* its paper one flat colour, as an app
				   draws it (tints.h) */
	int	 pencil;	/* empty: small candidate digits on a 3 x 3
				   lattice (an app's pencil marks) */
	int	 ncand;		/* pencil: its glyphs, by place */
	struct cand cand[CAND_MAX];
	int	 bx, by, bw, bh;	/* digit box in square coordinates */
	float	 contrast;	/* paper minus ink, grey levels */
	float	 ink, paper;	/* their grey levels around the digit */
	/* The box against its cell: sides and centre's offset, in cells. */
	float	 height, width, dx, dy;
	/* ink in [0, 1], row by row, the digit centred (when present) */
	float	 norm[CELL_NORM * CELL_NORM];
	/*
	 * What the handwriting classifiers read: norm again, and the same
	 * with the light taken out (each pixel against the paper under it,
	 * since a person's digits are read in the page's shadows more than
	 * print is), from the box grown to strokes fainter than the
	 * threshold found (a pen's loop drawn lightly, its stem pressed
	 * hard); from the box itself when nothing fainter was found.
	 */
	float	 hand_lit[CELL_NORM * CELL_NORM];
	float	 hand_flat[CELL_NORM * CELL_NORM];
};

/*
 * Analyse an 8 bpp grey square (any size; cells are side/9).  Fills
 * cell[81].  Returns 0, or -1 if the image is too small to hold a grid.
 * A square drawn light on dark (image_light_on_dark) is inverted in
 * place first, for the classifiers that read its pixels too.
 */
int	 cells_extract(PIX *grey, struct cell cell[81]);

/* The ink mask of a present digit, for engines that want pixels. */
PIX	*cells_digit_pix(PIX *grey, const struct cell *);

#endif
