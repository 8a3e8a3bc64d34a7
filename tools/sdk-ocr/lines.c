/*
 * lines.c: the grid lines of a straightened square (lines.h): the square
 * binarised, its long runs, where the lines are, and the mask of them
 * that cells.c takes out before it looks for digits.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "util.h"

#define SAUVOLA_K	0.12f	/* lower than usual: faint, blurred digits */
#define LINE_ZONE	0.2	/* a line's runs: this many cells from it */
#define STROKE_REACH	0.3	/* a digit's stroke joins ink this far
				   (of a cell) from its line */

/*
 * Sauvola's binarisation of the square, and in *hmask and *vmask its long
 * horizontal and vertical runs: grid lines, but also the long straight
 * strokes of some handwritten digits (the stem of a 9, a 1, a 4), which
 * only where they lie tells apart (lines_mask).
 */
PIX *
lines_binarise(PIX *grey, int side, PIX **hmask, PIX **vmask)
{
	PIX	*bin = NULL, *hl, *vl;
	int	 half, len;

	half = side / 9 / 3;
	if (half < 4)
		half = 4;
	/* Its float tables are no pixels: only errno tells want of memory. */
	errno = 0;
	if (pixSauvolaBinarize(grey, half, SAUVOLA_K, 1, NULL, NULL, NULL,
	    &bin) != 0 || bin == NULL) {
		if (errno == ENOMEM)
			sdk_nomem();
		return NULL;
	}
	/* Grid lines: runs longer than most of a cell (printed digits have none). */
	len = side / 9 * 3 / 4;
	hl = sdk_need(pixOpenBrick(NULL, bin, len, 1));
	vl = sdk_need(pixOpenBrick(NULL, bin, 1, len));
	*hmask = hl;
	*vmask = vl;
	return bin;
}

/*
 * Keep of a line mask only what lies near the lines found (lines_positions):
 * within LINE_ZONE of a cell of each, band by band.  A digit's long stroke
 * in the middle of its cell stays ink.
 */
static void
keep_near_lines(PIX *mask, int vertical, int w, int h,
    double pos[3][10])
{
	PIX	*zone;
	int	 b, i, len = vertical ? w : h, across = vertical ? h : w;
	int	 half = (int)(LINE_ZONE * len / 9) + 1;

	zone = sdk_need(pixCreate(w, h, 1));
	for (b = 0; b < 3; b++) {
		int	 a0 = b * across / 3, a1 = (b + 1) * across / 3;

		for (i = 0; i < 10; i++) {
			int	 c = (int)pos[b][i];

			if (vertical)
				pixRasterop(zone, c - half, a0, 2 * half,
				    a1 - a0, PIX_SET, NULL, 0, 0);
			else
				pixRasterop(zone, a0, c - half, a1 - a0,
				    2 * half, PIX_SET, NULL, 0, 0);
		}
	}
	pixAnd(mask, mask, zone);
	pixDestroy(&zone);
}

/*
 * The runs of a line mask that may be a digit's stroke, not a line:
 * shorter than a cell (a line runs on across its neighbours) and off the
 * line found by more than its thickness.  Within LINE_ZONE of the line,
 * the long low base of a handwritten 2, or a 1 written near the cell's
 * side, is otherwise taken out with the line.  Returns them as a mask of
 * their own.
 */
static PIX *
stroke_candidates(PIX *mask, int vertical, int w, int h, double pos[3][10])
{
	BOXA	*boxa;
	PIX	*cand;
	int	 len = vertical ? w : h, across = vertical ? h : w;
	double	 cell = len / 9.0;
	int	 i, k, n;

	cand = sdk_need(pixCreateTemplate(mask));
	boxa = sdk_need(pixConnCompBB(mask, 8));
	n = boxaGetCount(boxa);
	for (k = 0; k < n; k++) {
		int	 x, y, bw, bh, a0, a1, along, b;
		double	 gap = len;

		boxaGetBoxGeometry(boxa, k, &x, &y, &bw, &bh);
		along = vertical ? bh : bw;		/* along the line */
		a0 = vertical ? x : y;			/* across it */
		a1 = a0 + (vertical ? bw : bh);
		if (along >= 0.9 * cell)
			continue;
		b = ((vertical ? y : x) + along / 2) * 3 / across;
		b = b < 0 ? 0 : b > 2 ? 2 : b;
		for (i = 0; i < 10; i++) {
			double	 d = pos[b][i] < a0 ? a0 - pos[b][i] :
			    pos[b][i] > a1 ? pos[b][i] - a1 : 0;

			gap = d < gap ? d : gap;
		}
		if (gap > 0.1 * cell)
			pixRasterop(cand, x, y, bw, bh, PIX_SRC, mask, x, y);
	}
	boxaDestroy(&boxa);
	return cand;
}

/*
 * Give back to the ink (clear from mask) the candidates (cand) that are
 * part of a digit: joined, in the ink without the lines (rest), to
 * strokes reaching STROKE_REACH of a cell away from their line, as the
 * base of a 2 is to its neck.  A piece of a broken line stays out: it
 * lies alone, or on the line across.  The ink is followed within a cell
 * of the candidate, so that each costs a few cells' pixels, however
 * large the square and however many the candidates.
 */
static void
spare_strokes(PIX *mask, PIX *cand, PIX *rest, int vertical, double cell)
{
	BOXA	*boxa;
	int	 k, n, c = (int)cell + 1;

	boxa = sdk_need(pixConnCompBB(cand, 8));
	n = boxaGetCount(boxa);
	for (k = 0; k < n; k++) {
		PIX	*near, *seed, *part;
		BOX	*around, *clipped = NULL, *fg = NULL;
		int	 x, y, bw, bh, rx, ry, fx, fy, fw, fh;

		boxaGetBoxGeometry(boxa, k, &x, &y, &bw, &bh);
		around = sdk_need(boxCreate(x - c, y - c, bw + 2 * c,
		    bh + 2 * c));
		near = sdk_need(pixClipRectangle(rest, around, &clipped));
		boxGetGeometry(clipped, &rx, &ry, NULL, NULL);
		seed = sdk_need(pixCreateTemplate(near));
		pixRasterop(seed, x - rx, y - ry, bw, bh, PIX_SRC, cand, x, y);
		part = sdk_need(pixSeedfillBinary(NULL, seed, near, 8));
		if (pixClipToForeground(part, NULL, &fg) == 0 && fg != NULL) {
			boxGetGeometry(fg, &fx, &fy, &fw, &fh);
			if ((vertical ? fw : fh) >= STROKE_REACH * cell)
				pixRasterop(mask, x, y, bw, bh,
				    PIX_DST & PIX_NOT(PIX_SRC), cand, x, y);
		}
		boxDestroy(&fg);
		boxDestroy(&clipped);
		boxDestroy(&around);
		pixDestroy(&part);
		pixDestroy(&seed);
		pixDestroy(&near);
	}
	boxaDestroy(&boxa);
}

/*
 * The grid lines (the long runs near where the lines are, but a digit's
 * stroke), thickened a little so that their blurred edges go too.
 */
PIX *
lines_mask(PIX *bin, PIX *hl, PIX *vl, int w, int h, double xs[3][10],
    double ys[3][10])
{
	PIX	*lines, *hc, *vc, *rest;
	l_int32	 hempty, vempty;

	keep_near_lines(vl, 1, w, h, xs);
	keep_near_lines(hl, 0, w, h, ys);
	vc = stroke_candidates(vl, 1, w, h, xs);
	hc = stroke_candidates(hl, 0, w, h, ys);
	lines = sdk_need(pixOr(NULL, hl, vl));
	pixZero(vc, &vempty);
	pixZero(hc, &hempty);
	if (!vempty || !hempty) {
		/* The ink without the other lines and their blurred edges. */
		pixSubtract(lines, lines, vc);
		pixSubtract(lines, lines, hc);
		sdk_need(pixDilateBrick(lines, lines, 3, 3));
		rest = sdk_need(pixSubtract(NULL, bin, lines));
		spare_strokes(vl, vc, rest, 1, w / 9.0);
		spare_strokes(hl, hc, rest, 0, h / 9.0);
		pixDestroy(&rest);
		pixOr(lines, hl, vl);
	}
	pixDestroy(&vc);
	pixDestroy(&hc);
	sdk_need(pixDilateBrick(lines, lines, 3, 3));
	return lines;
}

/*
 * The profile of a line mask across one band (a0 to a1 across the lines),
 * cell by cell of the band: prof[c][k] the mask's pixels at offset k along
 * which lines are spaced, in the band's c-th third.
 */
static void
band_profile(PIX *mask, int vertical, int a0, int a1, int len,
    int *prof[3])
{
	l_uint32 *d = pixGetData(mask);
	int	 wpl = pixGetWpl(mask), a, k, c;

	for (c = 0; c < 3; c++)
		memset(prof[c], 0, (size_t)len * sizeof(*prof[c]));
	for (a = a0; a < a1; a++) {
		c = (a - a0) * 3 / (a1 - a0);
		for (k = 0; k < len; k++)
			if (GET_DATA_BIT(d + (vertical ? a : k) * wpl,
			    vertical ? k : a))
				prof[c][k]++;
	}
}

/*
 * Where line i of a band is (its offset along, -1: not seen): the strongest
 * profile within a third of a cell of where a perfect grid has it, of a
 * run through at least two of the band's three cells.  A digit's long
 * stroke (the stem of a 9, a 1) lies in one cell: taken for the line, it
 * would cut its cell in two.
 */
static int
band_line(int *prof[3], int len, int across, int i)
{
	double	 e = (double)i * len / 9, r = len / 27.0;
	int	 lo = (int)(e - r), hi = (int)(e + r), best = -1;
	int	 bv = across / 4, part = across / 12, k, c, cells, sum;

	if (lo < 0)
		lo = 0;
	if (hi > len - 1)
		hi = len - 1;
	for (k = lo; k <= hi; k++) {
		for (c = cells = sum = 0; c < 3; c++) {
			sum += prof[c][k];
			cells += prof[c][k] >= part;
		}
		if (sum > bv && cells >= 2) {
			bv = sum;
			best = k;
		}
	}
	return best;
}

/*
 * Where the grid lines are, line by line, in three bands across (page
 * curl bends lines), so pos[band][i].  A line a band does not see is
 * where the bands that see it have it, moved as they are from the perfect
 * grid's place; seen by none, it keeps that place.
 */
void
lines_positions(PIX *mask, int vertical, int w, int h, double pos[3][10])
{
	int	 len, across, b, i, found[3][10];
	int	*prof[3];

	len = vertical ? w : h;		/* along which lines are spaced */
	across = vertical ? h : w;
	for (b = 0; b < 3; b++)
		prof[b] = sdk_xcalloc((size_t)len, sizeof(*prof[b]));
	for (b = 0; b < 3; b++) {
		int	 a0 = b * across / 3, a1 = (b + 1) * across / 3;

		band_profile(mask, vertical, a0, a1, len, prof);
		for (i = 0; i < 10; i++)
			found[b][i] = band_line(prof, len, a1 - a0, i);
	}
	for (i = 0; i < 10; i++) {
		double	 e = (double)i * len / 9, off = 0;
		int	 seen = 0;

		for (b = 0; b < 3; b++)
			if (found[b][i] >= 0) {
				off += found[b][i] + 0.5 - e;
				seen++;
			}
		for (b = 0; b < 3; b++)
			pos[b][i] = found[b][i] >= 0 ? found[b][i] + 0.5 :
			    e + (seen > 0 ? off / seen : 0);
	}
	for (b = 0; b < 3; b++) {
		/* Lines on the image's edge are rarely seen: keep the step. */
		if (pos[b][0] > pos[b][1] - len / 18.0 || pos[b][0] < 0)
			pos[b][0] = 0;
		if (pos[b][9] < pos[b][8] + len / 18.0)
			pos[b][9] = len;
	}
	for (b = 0; b < 3; b++)
		free(prof[b]);
}
