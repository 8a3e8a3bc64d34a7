/*
 * ink.c: the ink masks of the work image (step 2 of find.c): how much
 * darker each pixel is than the paper around it, thresholded as the photo
 * asks, and the fainter ink joined to it within a large component's box,
 * once or, grown box by box, while it joins more.
 */
#include "morph.h"
#include "private.h"
#include "util.h"

#define INK_WINDOW	15	/* paper estimate: closing of this size */
#define INK_FRACTION	0.3	/* ink threshold: of the 98th percentile */
#define DRAWN_FRACTION	0.15	/* ... in a drawn picture, looked at closer */
#define DRAWN_SHARE	0.5	/* drawn: this share of it exactly paper */
#define NOISE_FACTOR	2.0	/* ink threshold: at least this x median */
#define INK_MIN		6	/* ink threshold: at least this */
#define HYST_FRACTION	0.5	/* fainter ink joined to ink: of threshold */
#define BOX_MARGIN	0.04	/* fainter ink joined within: of the box */
#define GROW_ROUNDS	16	/* the grown mask: boxes grown so many times */

/*
 * Clear faint outside the boxes of bin's components large enough to be a
 * grid (as in candidates.c's grid_in, at the zoom), each grown by
 * BOX_MARGIN of its size (a faint border line wholly outside the box of
 * the inner lines): a faint part of a grid lies within the box of its
 * lines; shadows, the frame's edge, text or another grid beside it mostly
 * do not.
 */
static void
within_large(PIX *bin, PIX *faint, double zoom)
{
	PIX *ink, *keep;
	BOXA *boxa;
	int w = pixGetWidth(bin), h = pixGetHeight(bin), small, i, n;
	int bx, by, bw, bh, mx, my;

	small = (int)((w < h ? w : h) / zoom);
	keep = sdk_need(pixCreate(w, h, 1));
	ink = sdk_need(pixCloseBrick(NULL, bin, 3, 3));
	boxa = sdk_need(pixConnComp(ink, NULL, 8));
	n = boxaGetCount(boxa);
	for (i = 0; i < n; i++) {
		boxaGetBoxGeometry(boxa, i, &bx, &by, &bw, &bh);
		if (bw < small / 5 || bh < small / 5)
			continue;
		mx = (int)(bw * BOX_MARGIN + 1);
		my = (int)(bh * BOX_MARGIN + 1);
		pixRasterop(keep, bx - mx, by - my, bw + 2 * mx, bh + 2 * my,
		    PIX_SET, NULL, 0, 0);
	}
	pixAnd(faint, faint, keep);
	boxaDestroy(&boxa);
	pixDestroy(&ink);
	pixDestroy(&keep);
}

/*
 * The grown mask (private.h): GROW_ROUNDS times at most.
 */
PIX *
ink_grown(PIX *bin, PIX *joined, PIX *faint, double zoom)
{
	PIX *grown = sdk_need(pixCopy(NULL, joined)), *more, *within;
	int round, same = 0;

	for (round = 0; round < GROW_ROUNDS && !same; round++) {
		within = sdk_need(pixCopy(NULL, faint));
		within_large(grown, within, zoom);
		more = sdk_need(pixSeedfillBinary(NULL, bin, within, 8));
		pixOr(more, more, bin);
		pixDestroy(&within);
		pixEqual(more, grown, &same);
		pixDestroy(&grown);
		grown = more;
	}
	if (round == 1)
		pixDestroy(&grown);
	return grown;
}

/*
 * Ink masks of a grey image: see the top of find.c, step 2, and private.h.
 * Sets *noisy when the noise floor, not the strongest ink, set the
 * threshold.  Returns the ink at
 * least thr darker than its paper, and sets *joined to that ink with the
 * fainter ink, down to HYST_FRACTION of thr, that touches it within the
 * box of a large component (hysteresis), and *faint to all that fainter
 * ink; both to NULL when that adds nothing.
 */
PIX *
ink_mask(PIX *grey, double zoom, PIX **joined, PIX **faint, int *noisy)
{
	PIX *paper, *diff, *bin, *near;
	NUMA *hist;
	l_float32 strong = 0, median = 0, none = 0, all = 0;
	int thr, lo, same;

	paper = sdk_need(morph_close_grey(grey, INK_WINDOW, INK_WINDOW));
	diff = sdk_need(pixSubtractGray(NULL, paper, grey));
	hist = sdk_need(pixGetGrayHistogram(diff, 1));
	numaHistogramGetValFromRank(hist, 0.98, &strong);
	numaHistogramGetValFromRank(hist, 0.5, &median);
	thr = (int)(strong * INK_FRACTION);
	/*
	 * A picture drawn, not photographed (a screenshot: most of it
	 * exactly its paper, no grain to rise above) may draw its lines far
	 * fainter than its digits, as dark themes do (a tenth of their
	 * contrast and more): the closer look (zoom over 1) takes ink down
	 * to DRAWN_FRACTION of the strongest.
	 */
	if (zoom > 1) {
		numaGetFValue(hist, 0, &none);
		numaGetSum(hist, &all);
		if (none > DRAWN_SHARE * all)
			thr = (int)(strong * DRAWN_FRACTION);
	}
	*noisy = thr < NOISE_FACTOR * median;
	if (*noisy)
		thr = (int)(NOISE_FACTOR * median);
	if (thr < INK_MIN)
		thr = INK_MIN;
	lo = (int)(thr * HYST_FRACTION);
	if (lo < NOISE_FACTOR * median)
		lo = (int)(NOISE_FACTOR * median);
	if (lo < INK_MIN)
		lo = INK_MIN;
	/* pixThresholdToBinary sets pixels below thr: invert for ink. */
	bin = sdk_need(pixThresholdToBinary(diff, thr));
	pixInvert(bin, bin);
	*joined = *faint = NULL;
	if (lo < thr) {
		*faint = sdk_need(pixThresholdToBinary(diff, lo));
		pixInvert(*faint, *faint);
		near = sdk_need(pixCopy(NULL, *faint));
		within_large(bin, near, zoom);
		*joined = sdk_need(pixSeedfillBinary(NULL, bin, near, 8));
		pixOr(*joined, *joined, bin);
		pixDestroy(&near);
		pixEqual(*joined, bin, &same);
		if (same) {
			pixDestroy(joined);
			pixDestroy(faint);
		}
	}
	numaDestroy(&hist);
	pixDestroy(&paper);
	pixDestroy(&diff);
	return bin;
}
