/*
 * photo.h: the photo sdk-render draws onto, decoded straight into RGB
 * bytes (a JPEG through libjpeg, no other copy of it held), with the way
 * it is to be shown (its Exif orientation); and the rows of a picture
 * turned that way, one at a time, for the writers.
 */
#ifndef SDK_RENDER_PHOTO_H
#define SDK_RENDER_PHOTO_H

#include <stddef.h>
#include <stdio.h>

/*
 * RGB pixels, 3 bytes each, row after row, as stored (w x h), and the
 * Exif orientation (1-8) they are shown in: 1 as stored, 6 turned a
 * quarter clockwise, and so on.
 */
struct picture {
	unsigned char	*px;
	int		 w;
	int		 h;
	int		 orient;
	int		 fw;		/* the file's own size (stored): w */
	int		 fh;		/* and h unless made smaller */
	int		 fw_fit;	/* the box asked for, 0 for none */
	int		 fh_fit;
};

/*
 * Decode an image file into p (px allocated here).  A JPEG's orientation
 * is its Exif one (1 without a valid tag); any other format's is 1.
 * Returns 0, or -1 with a message in err.
 */
int	 photo_decode(const char *name, struct picture *p, char *err,
	    size_t errlen);
/*
 * The same made to fit fitw x fith as it is shown (never larger than the
 * file): a JPEG decoded 2, 4 or 8 times smaller by libjpeg while that
 * still covers the box, then averaged down to fit.
 */
int	 photo_decode_fit(const char *name, int fitw, int fith,
	    struct picture *p, char *err, size_t errlen);

/* The picture's width and height as shown (w and h swapped for 5-8). */
int	 picture_width(const struct picture *);
int	 picture_height(const struct picture *);
/*
 * Row y of the picture as shown: a pointer into px (orientation 1), or
 * row filled in and returned (picture_width() * 3 bytes).
 */
const unsigned char *picture_row(const struct picture *, int y,
	    unsigned char *row);

/* A picture as a binary PPM, turned, meta as its comments.  0 or -1. */
struct meta;
int	 picture_write_ppm(FILE *, const struct picture *, const struct meta *);

#endif
