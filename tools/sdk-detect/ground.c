/*
 * ground.c: what a part of the photo is drawn on, for find.c's choices
 * between the grids of its searches: the photo within a quad's box, its
 * ground dark or light, light drawn on dark within it, and the light thing
 * (a phone's screen, a page) lying on a dark table.
 */
#include <math.h>
#include <stdlib.h>

#include "image.h"
#include "private.h"
#include "util.h"

#define THING_LIGHTER	40	/* a light thing on a dark table: this much
				   above the photo's median grey, */
#define THING_LEAST	0.05	/* ... and this share of the photo */
#define THING_MOST	0.6	/* at most */
#define DRAWN_SAME	0.5	/* a picture drawn: this share of its pixels
				   the same grey as the one to their left */

/*
 * The photo within quad q's box, or NULL when the box is off the photo;
 * where the box, cut to the photo, begins in *x, *y (x NULL: not asked).
 */
PIX *
quad_box(PIX *pix, const struct quad *q, int *x, int *y)
{
	double	 x0, y0, x1, y1;
	BOX	*box, *within = NULL;
	PIX	*clip;

	quad_bounds(q, &x0, &y0, &x1, &y1);
	box = sdk_need(boxCreate((int)x0, (int)y0, (int)(x1 - x0) + 1,
	    (int)(y1 - y0) + 1));
	clip = pixClipRectangle(pix, box, x != NULL ? &within : NULL);
	boxDestroy(&box);
	if (clip != NULL && x != NULL)
		boxGetGeometry(within, x, y, NULL, NULL);
	boxDestroy(&within);
	return clip;
}

/*
 * Whether the grid of quad q is drawn on a dark ground: the median grey
 * of the photo within its box is under 128, as image_light_on_dark asks
 * of a dark ground.
 */
int
dark_ground(PIX *pix, const struct quad *q)
{
	PIX	*clip, *grey;
	l_uint32 median = 0;
	int	 step;

	if ((clip = quad_box(pix, q, NULL, NULL)) == NULL)
		return 1;	/* nothing to tell by: as found */
	grey = sdk_need(image_grey_min(clip));
	pixDestroy(&clip);
	/* Some 10,000 samples. */
	step = (int)sqrt((double)pixGetWidth(grey) * pixGetHeight(grey) /
	    10000) + 1;
	pixGetRankValue(grey, step, 0.5f, &median);
	pixDestroy(&grey);
	return median < 128;
}

/*
 * The grey (the darkest channel) of some samples of pix, taken every so
 * many pixels each way before the grey is made; *step how many.
 */
static PIX *
sampled_grey(PIX *pix, int samples, int *step)
{
	PIX	*few, *grey;

	*step = (int)sqrt((double)pixGetWidth(pix) * pixGetHeight(pix) /
	    samples) + 1;
	few = sdk_need(pixScaleByIntSampling(pix, *step));
	grey = sdk_need(image_grey_min(few));
	pixDestroy(&few);
	return grey;
}

/*
 * Whether what is drawn within quad q's box is light on a dark ground: the
 * ground (the median grey) dark, and the light tail of the greys longer
 * than the dark one (the 95th centile further above the median than the
 * 5th is below it).  Ink on paper, however dim the photo, is the dark
 * tail.
 */
int
light_inside(PIX *pix, const struct quad *q)
{
	PIX	*clip, *grey;
	l_uint32 lo = 0, mid = 0, hi = 0;
	int	 step;

	if ((clip = quad_box(pix, q, NULL, NULL)) == NULL)
		return 0;
	grey = sampled_grey(clip, 10000, &step);
	pixDestroy(&clip);
	pixGetRankValue(grey, 1, 0.05f, &lo);
	pixGetRankValue(grey, 1, 0.5f, &mid);
	pixGetRankValue(grey, 1, 0.95f, &hi);
	pixDestroy(&grey);
	return mid < 128 && hi - mid > mid - lo;
}

/* The place of the k-th (from 0) of the samples counted by place. */
static int
kth_place(const int *count, int len, int k)
{
	int	 i;

	for (i = 0; i < len - 1 && (k -= count[i]) >= 0; i++)
		;
	return i;
}

/*
 * The box of the light thing lying on a dark table in pix (a phone's
 * screen, a page), or NULL when there is none: the photo's grey (the
 * darkest channel, some 40,000 samples) has its median dark, under 128,
 * and between THING_LEAST and THING_MOST of it is THING_LIGHTER above
 * that; the box runs from the 0.5th to the 99.5th centile of those
 * samples' places each way (a glint on the table is not the thing).
 */
BOX *
light_thing(PIX *pix)
{
	PIX	*grey;
	l_uint32 *d, median = 0;
	int	 w, h, wpl, x, y, step, n = 0, k, *cols, *rows;
	BOX	*box = NULL;

	grey = sampled_grey(pix, 40000, &step);
	pixGetRankValue(grey, 1, 0.5f, &median);
	if (median >= 128) {
		pixDestroy(&grey);
		return NULL;
	}
	pixGetDimensions(grey, &w, &h, NULL);
	d = pixGetData(grey);
	wpl = pixGetWpl(grey);
	/* The light samples counted by column and by row. */
	cols = sdk_xcalloc((size_t)w, sizeof(*cols));
	rows = sdk_xcalloc((size_t)h, sizeof(*rows));
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			if (GET_DATA_BYTE(d + y * wpl, x) >
			    (int)median + THING_LIGHTER) {
				cols[x]++;
				rows[y]++;
				n++;
			}
	pixDestroy(&grey);
	if (n >= THING_LEAST * w * h && n <= THING_MOST * w * h) {
		int	 x0 = kth_place(cols, w, n / 200);
		int	 y0 = kth_place(rows, h, n / 200);

		k = n - 1 - n / 200;
		box = sdk_need(boxCreate(x0 * step, y0 * step,
		    (kth_place(cols, w, k) - x0 + 1) * step,
		    (kth_place(rows, h, k) - y0 + 1) * step));
	}
	free(cols);
	free(rows);
	return box;
}

/*
 * Whether pix was drawn rather than photographed (a screenshot, a page
 * drawn by a browser): more than DRAWN_SAME of its pixels have exactly
 * the grey of the one to their left, where a photo's grain leaves a few
 * in a hundred.  Of the pictures here in which no grid is found at
 * first, the photos have 2 to 8 %, the web pages 82 to 94 %.
 */
int
drawn_picture(PIX *pix)
{
	PIX	*grey = sdk_need(image_grey_min(pix));
	l_uint32 *d = pixGetData(grey), *line;
	int	 w, h, wpl = pixGetWpl(grey), x, y;
	long	 same = 0;

	pixGetDimensions(grey, &w, &h, NULL);
	for (y = 0; y < h; y++) {
		line = d + (long)y * wpl;
		for (x = 1; x < w; x++)
			same += GET_DATA_BYTE(line, x) ==
			    GET_DATA_BYTE(line, x - 1);
	}
	pixDestroy(&grey);
	return same > DRAWN_SAME * (double)(w - 1) * h;
}
