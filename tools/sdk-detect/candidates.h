/*
 * candidates.h: what candidates.c shares with lattice.c (nine boxes set
 * apart, made one candidate), and nothing else sees.  Work pixels.
 */
#ifndef SDK_DETECT_CANDIDATES_H
#define SDK_DETECT_CANDIDATES_H

#include "private.h"

#define MIN_SCORE	0.35	/* candidate score: least to be a grid */
#define WHOLE_SQUARE	0.75	/* a whole grid's box: each side at least
				   this of the other */

/*
 * A candidate component: its index, quad, grid score and ranking score;
 * whether it is nine boxes set apart (add_box_lattices).
 */
struct cand {
	struct quad	 q;
	double		 gs, sc;
	int		 i;
	int		 lattice;
	int		 held;		/* a whole grid split from the frame
					   around it (add_parts) */
	int		 further;	/* a page's further grid only, not
					   its first (grid_in) */
};

/*
 * The components of one ink mask (closed, so that one-pixel gaps in
 * blurred lines do not break them) and what candidates are scored on.
 */
struct comps {
	BOXA		*boxa;
	PIXA		*pixa;
	PIX		*thick;		/* the ink thickened, for scoring */
	PIX		*grey;		/* the grey work image it is of */
	int		 w, h;		/* the work image's size */
	int		 frame;		/* its short side over the zoom: what
					   a grid's least size is of */
	double		 zoom;		/* over FIND_WORK_SIDE (find.h) */
};

/* lattice.c: nine boxes set apart as candidates; the count, *cand grown. */
int	 add_box_lattices(struct comps *cs, struct cand **cand, int nc,
	    struct find_info *info);

#endif
