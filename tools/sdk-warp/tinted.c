/*
 * tinted.c: a cell on a coloured tint that sets it apart from its
 * neighbours (an app's highlight of the selected digit, photographed on
 * its screen; a newspaper's few shaded cells) levelled to the paper
 * beside it (warp.h).
 *
 * The square is grey: the darkest channel that sees the paper well.  A
 * blue or green tint is dark in red, so a digit printed on it stands out
 * from it far less than the digits on white stand out from theirs, and is
 * read as a faint smudge, or as nothing.  Levelled, it is read as any.
 * Only a tint of another hue than its neighbours' paper: a shadow darkens
 * without changing the hue much, and the reader's own thresholds are what
 * handle shadows (and the pencil in them).
 *
 * A screen's square (its cells flat colours, a screenshot or a clean
 * photo of one) too: sdk-ocr levels its tints again (tints.c there), but
 * in the grey alone, and a digit whose colour differs from its tint's in
 * hue more than in the grey is lost before it gets there.  A dark theme
 * draws the selected 5s yellow on blue: in the negative's grey (255 less
 * the brightest channel) the yellow's red and the blue's blue are near
 * alike, the 5s were smudges a quarter of the way from the tint to black,
 * and read as empty or as doubt (make-screens.py's dark-blue theme: five
 * photos of screens and a screenshot sent at JPEG quality 50 refused;
 * bench/README.md, "A screen's selected digit, yellow on blue").  In red
 * alone the 5 is black on the tint's paper.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "util.h"
#include "warp.h"

/*
 * Another hue: a channel's share of the brightest channel off the
 * neighbours' by more than this.  Of the 79 cells of 431 photos of paper
 * (kubiesa, wicht, wicht-mixed, taylorjg, widor-hand) darker than their
 * neighbours, the shadows' were off by 0.12 at most but one (0.13,
 * kubiesa/val 01_15), a newspaper's shaded cells by 0.14 to 0.22 (and
 * two, in both Wicht sets, by 0.07 to 0.10); a screen's highlight
 * photographed 0.24 to 0.42.
 */
#define TINT_HUE	0.12
#define TINT_DARKER	0.85	/* darker than this x a neighbour: sdk-ocr's
				   TINT_LEVEL for a screenshot's tints */
#define TINT_LIT	0.25	/* a channel the tint leaves lighter than this
				   x its lightest: the digit is read in it */

static int
cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/*
 * The median grey of the middle of the square's cell i (an eighth in from
 * each side) into *median; returns whether it is one flat colour
 * (image_flat_median).
 */
static int
middle_median(PIX *square, int i, int *median)
{
	int	 side = pixGetWidth(square);
	int	 x0 = (i % 9) * side / 9, x1 = (i % 9 + 1) * side / 9;
	int	 y0 = (i / 9) * side / 9, y1 = (i / 9 + 1) * side / 9;
	int	 mx = (x1 - x0) / 8, my = (y1 - y0) / 8;

	return image_flat_median(square, x0 + mx, y0 + my, x1 - mx, y1 - my,
	    2, median);
}

/* How far the hue of colour p is from g's: a channel's share of each. */
static double
hue_off(const double p[3], const double g[3])
{
	double	 pm = fmax(p[0], fmax(p[1], p[2]));
	double	 gm = fmax(g[0], fmax(g[1], g[2])), off = 0;
	int	 c;

	if (pm <= 0 || gm <= 0)
		return 0;
	for (c = 0; c < 3; c++)
		off = fmax(off, fabs(p[c] / pm - g[c] / gm));
	return off;
}

/*
 * Whether cell i is a tint against its neighbours (up, down, left and
 * right): darker than TINT_DARKER x each of them but at most one, and
 * than two at least, and of another hue than those.  An app's highlight
 * of the selected digit's cells is such, cell by cell; a shadow or a
 * photo's uneven light is not: it darkens its neighbours alike.
 */
static int
tinted_against_neighbours(int i, const int grey[81], double paper[81][3])
{
	static const int step[4][2] = { { 0, -1 }, { 0, 1 }, { -1, 0 },
	    { 1, 0 } };
	double	 ch[4], near[3];
	int	 nb[4], n = 0, lighter = 0, k, c;

	for (k = 0; k < 4; k++) {
		int	 x = i % 9 + step[k][0], y = i / 9 + step[k][1];

		if (x < 0 || x > 8 || y < 0 || y > 8)
			continue;
		nb[n++] = y * 9 + x;
		lighter += grey[i] < TINT_DARKER * grey[y * 9 + x];
	}
	if (lighter < 2 || lighter < n - 1)
		return 0;
	/* The neighbours' paper: each channel's median. */
	for (c = 0; c < 3; c++) {
		for (k = 0; k < n; k++)
			ch[k] = paper[nb[k]][c];
		qsort(ch, (size_t)n, sizeof(ch[0]), sdk_cmp_double);
		near[c] = n % 2 ? ch[n / 2] : (ch[n / 2 - 1] + ch[n / 2]) / 2;
	}
	return hue_off(paper[i], near) > TINT_HUE;
}

/*
 * The photo's colour within box (all of it when NULL), of the negative
 * when dark, halved nhalf times as the grey was, as three 8 bpp channels
 * in ch[]; the halved photo's (0, 0) is at *ox, *oy of them.  Returns 0,
 * or -1 when there is none.
 */
static int
colour_channels(PIX *photo, BOX *box, int dark, int nhalf, PIX *ch[3],
    int *ox, int *oy)
{
	static const int comp[3] = { COLOR_RED, COLOR_GREEN, COLOR_BLUE };
	PIX	*pix;
	int	 bx = 0, by = 0, bw, bh, unit = 1 << nhalf, c;

	if (box != NULL) {
		/* Whole blocks of the halving, so that its means are the grey's. */
		boxGetGeometry(box, &bx, &by, &bw, &bh);
		bw += bx % unit;
		bh += by % unit;
		bx -= bx % unit;
		by -= by % unit;
		box = boxCreate(bx, by, bw, bh);
		pix = pixClipRectangle(photo, box, NULL);
		boxDestroy(&box);
	} else
		pix = pixCopy(NULL, photo);	/* inverted below: not photo */
	if (pix == NULL)
		return -1;
	if (dark)
		pixInvert(pix, pix);
	for (c = 0; c < nhalf && pix != NULL; c++) {
		PIX	*half = pixScaleAreaMap2(pix);

		pixDestroy(&pix);
		pix = half;
	}
	if (pix == NULL)
		return -1;
	for (c = 0; c < 3; c++)
		ch[c] = sdk_need(pixGetRGBComponent(pix, comp[c]));
	pixDestroy(&pix);
	*ox = bx >> nhalf;
	*oy = by >> nhalf;
	return 0;
}

/*
 * Cell i of square drawn again from the colour channels ch: each channel
 * read against the cell's own paper in it (its median over the cell's
 * middle), the darkest of those the tint leaves light (TINT_LIT of the
 * lightest), at level for the paper.  A digit on a yellow tint is then
 * read in red and green, where the yellow is as light as white paper; in
 * the grey, the blue channel, it was blurred by the JPEG's halved colour.
 */
static void
redraw_cell(PIX *square, int i, PIX *ch[3], int ox, int oy,
    const double h[9], const struct crossings *cr, int level)
{
	l_uint32 *d = pixGetData(square), *cd[3];
	int	 wpl = pixGetWpl(square), side = pixGetWidth(square);
	int	 x0 = (i % 9) * side / 9, x1 = (i % 9 + 1) * side / 9;
	int	 y0 = (i / 9) * side / 9, y1 = (i / 9 + 1) * side / 9;
	int	 cw = pixGetWidth(ch[0]), chh = pixGetHeight(ch[0]);
	int	 cwpl = pixGetWpl(ch[0]), mx = (x1 - x0) / 8;
	int	 n = (x1 - x0) * (y1 - y0), m = 0, x, y, c, k;
	double	*v = sdk_xmalloc(sizeof(*v) * 3 * (size_t)n);
	double	*mid = sdk_xmalloc(sizeof(*mid) * (size_t)n);
	double	 paper[3], top = 0;
	double	 cell = side / 9.0;

	for (c = 0; c < 3; c++)
		cd[c] = pixGetData(ch[c]);
	for (y = y0, k = 0; y < y1; y++)
		for (x = x0; x < x1; x++, k++) {
			struct point q = homography_apply(h, cell_point(cr,
			    i % 9, i / 9, (x + 0.5) / cell - i % 9,
			    (y + 0.5) / cell - i / 9));

			for (c = 0; c < 3; c++)
				v[3 * k + c] = image_sample(cd[c], cwpl, cw,
				    chh, q.x - ox - 0.5, q.y - oy - 0.5);
		}
	for (c = 0; c < 3; c++) {
		for (y = y0 + mx, m = 0; y < y1 - mx; y++)
			for (x = x0 + mx; x < x1 - mx; x++)
				mid[m++] = v[3 * ((y - y0) * (x1 - x0) +
				    x - x0) + c];
		qsort(mid, (size_t)m, sizeof(mid[0]), sdk_cmp_double);
		paper[c] = m > 0 ? mid[m / 2] : 0;
		top = fmax(top, paper[c]);
	}
	for (k = 0; k < n && top >= 1; k++) {
		double	 g = 1;

		for (c = 0; c < 3; c++)
			if (paper[c] >= TINT_LIT * top)
				g = fmin(g, v[3 * k + c] / paper[c]);
		g *= level;
		SET_DATA_BYTE(d + (y0 + k / (x1 - x0)) * wpl, x0 + k %
		    (x1 - x0), g > 255 ? 255 : (int)(g + 0.5));
	}
	free(v);
	free(mid);
}

int
screen_square(PIX *square)
{
	int	 i, flat, grey;

	for (i = 0, flat = 0; i < 81; i++)
		flat += middle_median(square, i, &grey);
	return flat >= SCREEN_FLAT_CELLS;
}

int
level_tinted_cells(PIX *square, PIX *photo, BOX *box, int dark, int nhalf,
    const double h[9], const struct crossings *cr, double paper[81][3])
{
	PIX	*ch[3] = { NULL, NULL, NULL };
	int	 grey[81], tinted[81], i, n = 0, any = 0, ox = 0, oy = 0;

	for (i = 0; i < 81; i++)
		(void)middle_median(square, i, &grey[i]);
	/* Judged first, levelled after: the neighbours as they were. */
	for (i = 0; i < 81; i++)
		any |= tinted[i] = grey[i] >= 8 &&
		    tinted_against_neighbours(i, grey, paper);
	if (!any || colour_channels(photo, box, dark, nhalf, ch, &ox,
	    &oy) != 0)
		return 0;
	for (i = 0; i < 81; i++) {
		int	 nb[4], m = 0, k;

		if (!tinted[i])
			continue;
		/* To the paper of its plain neighbours (their median). */
		for (k = 0; k < 4; k++) {
			int	 j = k == 0 ? i - 9 : k == 1 ? i + 9 : k == 2 ?
			    i - 1 : i + 1;

			if (j < 0 || j > 80 || (k >= 2 && j / 9 != i / 9) ||
			    tinted[j])
				continue;
			nb[m++] = grey[j];
		}
		if (m == 0)
			continue;
		qsort(nb, (size_t)m, sizeof(nb[0]), cmp_int);
		redraw_cell(square, i, ch, ox, oy, h, cr, m % 2 ? nb[m / 2] :
		    (nb[m / 2 - 1] + nb[m / 2]) / 2);
		n++;
	}
	for (i = 0; i < 3; i++)
		pixDestroy(&ch[i]);
	return n;
}
