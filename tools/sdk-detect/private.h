/*
 * private.h: what the files of tools/sdk-detect/ that find the grid share
 * and nothing else sees (the interface is find.h): find.c, the whole
 * search; candidates.c, the grids of one mask (lattice.c, nine boxes set
 * apart, with candidates.h); ink.c, the ink masks; masks.c, which of
 * their grids wins;
 * comb.c, the comb of ten lines in a quad and its scores; sides.c, the
 * sides fitted to a mask; border.c, the printed border in the grey image;
 * grids.c, the grids of one page told apart; ground.c, what a part of
 * the photo is drawn on.  Quads and images are in work pixels, but for
 * ground.c's, in the photo's.
 */
#ifndef SDK_DETECT_PRIVATE_H
#define SDK_DETECT_PRIVATE_H

#include "find.h"
#include "image.h"

/* Grey level at (x, y), bilinear; -1 outside the image. */
static inline double
grey_at(PIX *g, double x, double y)
{
	int w = pixGetWidth(g), h = pixGetHeight(g);

	if (x < 0 || y < 0 || x > w - 1 || y > h - 1)
		return -1;
	return image_sample(pixGetData(g), pixGetWpl(g), w, h, x, y);
}

/*
 * ink.c: the ink at least a threshold darker than its paper in the grey
 * work image; *joined that ink with the fainter ink touching it within a
 * large component's box (large at the zoom: the work image's longer side
 * over FIND_WORK_SIDE, 1 at the first look, over 1 only at the closer
 * look), or NULL when that adds nothing, and *faint all that fainter ink
 * (NULL with it); *noisy set when the photo's noise, not its ink, set the
 * threshold.  At the closer look a drawn picture's threshold is lower.
 */
PIX	*ink_mask(PIX *grey, double zoom, PIX **joined, PIX **faint,
	    int *noisy);
/*
 * The grown mask: bin with the faint ink touching it within the boxes of
 * joined's large components, again and again while that adds some: a
 * grid's faint lines, joined to the dark ink of one part of it, lead on
 * to the rest of it, a box further each time.  NULL when it adds nothing
 * to joined.
 */
PIX	*ink_grown(PIX *bin, PIX *joined, PIX *faint, double zoom);

/* masks.c: which mask's quad wins (step 2's choice). */
/* Whether quads a and b have each corner within 3 % of a side apart. */
int	 quads_close(const struct quad *a, const struct quad *b);
/*
 * Whether q2, found in the joined mask, beats q1, found in the first
 * (work the grey it was found in).
 */
int	 joined_better(PIX *work, PIX *joined, const struct quad *q1,
	    const struct quad *q2);
/*
 * *q (scoring *score), the first grid found, replaced by the grid found
 * in the grown mask where that is whole and q a part of it.
 */
void	 grown_better(PIX *work, PIX *native, double up, double zoom,
	    PIX *grown, int max, struct quad *q, double *score,
	    struct find_info *info);

/* comb.c */
/* Ink along the ten places a Sudoku has lines in the mask bin, 0-1. */
double	 grid_score(PIX *bin, const struct quad *q);
/*
 * How many of the ten places of a Sudoku's lines stand out of the cells
 * beside them, in the direction where the fewest do: under two, a
 * paragraph's lines of text, not a grid's.
 */
int	 lines_standing(PIX *bin, const struct quad *q);
/*
 * Ink along the six of them inside a Sudoku's boxes: a grid's thin lines,
 * none in one box drawn alone.
 */
double	 cell_lines_score(PIX *bin, const struct quad *q);
/* Ink along the four lines of one box drawn alone: a card's, 0-1. */
double	 box_lines_score(PIX *bin, const struct quad *q);
/* How dark those lines are in the grey image g (no mask involved). */
double	 grey_grid_score(PIX *g, const struct quad *q);
/* The frame's edges a grid's ink runs to, for extend_to_square(). */
#define FRAME_LEFT	1
#define FRAME_TOP	2
#define FRAME_RIGHT	4
#define FRAME_BOTTOM	8

/*
 * Extend a quad much longer one way than the other; 1 if it was.  edges:
 * the frame's edges the grid's ink runs to (FRAME_LEFT | ...).
 */
int	 extend_to_square(PIX *bin, struct quad *q, int edges);
/*
 * Move a quad a row or a column over when one side has no line along it
 * and the place a cell beyond the other has; 1 if it was.
 */
int	 shift_to_lines(PIX *bin, struct quad *q);
/* Shrink q to the Sudoku comb inside it. */
void	 trim_to_comb(PIX *bin, struct quad *q);

/*
 * sides.c: each side to the outermost ink within reach_frac of it; with
 * from_side, not past the outer edge of the line it lies on.
 */
void	 fit_sides(PIX *mask, struct quad *q, double reach_frac,
	    int from_side);

/* border.c: each side to its printed border, the corners where they meet. */
void	 border_fit(PIX *grey, struct quad *q);

/*
 * ground.c: the photo within quad q's box, or NULL when the box is off the
 * photo; where the box, cut to the photo, begins in *x, *y (x NULL: not
 * asked).
 */
PIX	*quad_box(PIX *pix, const struct quad *q, int *x, int *y);
/* Whether the grid of quad q is drawn on a dark ground. */
int	 dark_ground(PIX *pix, const struct quad *q);
/* Whether what is drawn within quad q's box is light on a dark ground. */
int	 light_inside(PIX *pix, const struct quad *q);
/*
 * The box of the light thing lying on a dark table in pix (a phone's
 * screen, a page), or NULL when there is none.
 */
BOX	*light_thing(PIX *pix);
/* Whether pix was drawn rather than photographed (a screenshot). */
int	 drawn_picture(PIX *pix);

/*
 * candidates.c: the grids in the ink mask bin of the work image, which is
 * native enlarged up times: out[] best first (at most max), the first's
 * candidate score in *score (0: none); returns how many.  A grid may be
 * as small a share of the work image as FIND_WORK_SIDE's look allows,
 * divided by zoom (the work image's longer side over FIND_WORK_SIDE, 1
 * but for the closer look, find_grids_closer()): the same size in work
 * pixels.
 */
int	 grid_in(PIX *work, PIX *native, double up, double zoom, PIX *bin,
	    struct quad *out, int max, double *score, struct find_info *info);

/* grids.c: whether q is the same grid as one of the n quads in qs. */
int	 seen_grid(const struct quad *qs, int n, const struct quad *q);
/* Whether quad in lies within quad out (nearly all of it), and is smaller. */
int	 quad_within(const struct quad *out, const struct quad *in);
/*
 * q's shape as perspective makes it: its top over its bottom side, its
 * left over its right side, its mean width over its mean height (0 where
 * the side divided by is none).
 */
void	 quad_shape(const struct quad *q, double r[3]);
/* Whether q is far from square: a phone's screen, a page, not a grid. */
int	 quad_oblong(const struct quad *q);
/* Whether q is oblong and large enough to hold in as a square grid. */
int	 oblong_holds(const struct quad *q, const struct quad *in);
/*
 * Whether q is a further whole grid of the page, of the first's shape,
 * beside the n found (out[0] the first) in a work image w x h.
 */
int	 another_grid(const struct quad *out, int n, const struct quad *q,
	    int w, int h);

#endif
