/*
 * region.h: "# sdk-region X Y W H" (sdk(5)), the part of the photo an
 * image record shows.  sdk-detect passes on only the grid's region of a
 * photo, often decoded smaller; its corners (sdk-quad) and size
 * (sdk-size) stay in the photo's own pixels, and this maps between them
 * and the record's pixels.  A record without the key is the whole photo
 * at full size.
 */
#ifndef SDK_REGION_H
#define SDK_REGION_H

#include "geom.h"
#include "meta.h"

/*
 * The record's iw x ih pixels show the photo's pixels from (x, y), w by h
 * of them: a record pixel is w / iw by h / ih photo pixels.  The box may
 * run past the photo's right and bottom edges by less than one record
 * pixel (a photo decoded 4 times smaller has ceil(width / 4) columns).
 */
/*
 * sdk-warp shrinks a grid more than this many times its square's side
 * (by halving: bilinear samples would alias), and sdk-detect passes a
 * grid on no bigger than sdk-warp would shrink it to.
 */
#define REGION_SHRINK_ABOVE	1.5

struct region {
	long	 x;
	long	 y;
	long	 w;
	long	 h;
};

/*
 * The region of a record: 1 with *r set, 0 when the key is absent (the
 * whole photo), -1 when it is malformed.
 */
int	 region_get(const struct meta *, struct region *);
void	 region_set(struct meta *, const struct region *);
/* Corners in photo pixels to the pixels of an iw x ih record, and back. */
void	 region_to_record(const struct region *, int iw, int ih,
	    struct quad *);
void	 region_to_photo(const struct region *, int iw, int ih,
	    struct quad *);

#endif
