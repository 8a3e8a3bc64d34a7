/*
 * raster.h: an anti-aliased scanline rasteriser for sdk-render.  Paths
 * of lines and Bezier curves pass through a projective transform, are
 * flattened in output space and filled with the non-zero winding rule,
 * with exact horizontal coverage and RASTER_SUB sub-scanlines a pixel.
 * Plain double arithmetic in a fixed order: the same path always gives
 * the same pixels.
 */
#ifndef SDK_RENDER_RASTER_H
#define SDK_RENDER_RASTER_H

#include <stddef.h>

#include "font.h"

#define RASTER_SUB	16	/* sub-scanlines a pixel */

struct edge {
	double	 x0, y0, x1, y1;	/* output pixels, y0 < y1 */
	int	 dir;			/* +1 downwards, -1 upwards */
};

struct path {
	struct edge *e;
	size_t	 n;
	size_t	 cap;
	double	 m[9];		/* source to output, projective */
	double	 sx, sy;	/* contour start (source) */
	double	 cx, cy;	/* current point (source) */
	int	 open;		/* a contour is open */
};

/* A box of pixels: [x0, x1) x [y0, y1). */
struct pixbox {
	int	 x0, y0, x1, y1;
};

/* The boxes a drawing would paint (a canvas without pixels). */
struct pixboxes {
	struct pixbox	*b;
	size_t		 n;
	size_t		 cap;
};

/*
 * An RGB image, 3 bytes a pixel, row after row; or, with px NULL, a
 * w x h canvas that only measures: each fill adds the box of pixels it
 * would paint to *boxes.
 */
struct canvas {
	unsigned char	*px;
	int		 w;
	int		 h;
	struct pixboxes	*boxes;
};

void	 path_init(struct path *);
void	 path_free(struct path *);
/* Forget the edges; the transform becomes m (NULL: identity). */
void	 path_reset(struct path *, const double m[9]);
void	 path_move(struct path *, double x, double y);
void	 path_line(struct path *, double x, double y);
void	 path_quad(struct path *, double cx, double cy, double x, double y);
void	 path_cubic(struct path *, double c1x, double c1y, double c2x,
	    double c2y, double x, double y);
void	 path_close(struct path *);
void	 path_rect(struct path *, double x0, double y0, double x1, double y1);
/* Append glyph ch of the font, in font units (y up). */
void	 path_glyph(struct path *, const struct font *, int ch);

enum blend {
	BLEND_OVER,		/* paint: the colour covers what is there */
	BLEND_INK		/* ink: multiplies, the paper shows through */
};

/* Fill the path into the canvas in colour rgb with opacity alpha. */
void	 path_fill(const struct path *, struct canvas *,
	    const unsigned char rgb[3], double alpha);
void	 path_fill_blend(const struct path *, struct canvas *,
	    const unsigned char rgb[3], double alpha, enum blend);

/* r = a * b (3x3 row-major). */
void	 mat_mul(const double a[9], const double b[9], double r[9]);

/* The glyph of ch, or NULL if the font does not have it. */
const struct glyph *font_glyph(const struct font *, int ch);

#endif
