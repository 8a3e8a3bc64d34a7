/*
 * find.c: where is the grid in the photo?
 *
 * 1. Grey as the minimum of R, G and B, so that red or pink ink is as dark
 *    as black; scaled down to at most WORK_MAX pixels a side, or doubled
 *    while under half that (enlarge_small); the border (step 5) is still
 *    sought in the pixels as decoded.
 * 2. Ink: how much darker each pixel is than the paper around it (a grey
 *    closing wipes out ink thinner than its window, leaving the paper).
 *    The threshold follows the photo: a fraction of the strongest ink's
 *    contrast, but above the noise floor (dim, noisy phone photos).  A
 *    second mask adds the ink down to half that threshold joined to it
 *    within (a little beyond) the box of a large component: dark
 *    handwriting can raise the threshold above a faint printed grid.
 *    Steps 3 to 5 run on both masks; the second quad wins if it is more
 *    grid-like both on the second mask and in the grey image.  Where the
 *    two disagree, a third mask follows the fainter ink on from box to
 *    box (ink.c, ink_grown), and its quad may replace the one found.
 * 3. Candidates: connected components of ink whose corner points (of a
 *    grid turned up to 45 degrees either way) span a large, sparse
 *    quadrilateral that shows grid lines at the places a Sudoku has them.
 *    The best scoring one wins; a frame around a more grid-like square
 *    (a phone's bezel) ranks after it, and so does a frame joined to the
 *    grid inside it, told from it by the frame's solid ink.  Nine boxes
 *    set apart (an app's cards, no line across the grid) are one
 *    candidate, its quad their lattice's, without the comb.  One whose
 *    lines, once fitted, stand out of nothing across them (a paragraph
 *    of text) is taken only when nothing else is.
 * 4. Corners: each side is fitted as a straight line to the outermost ink
 *    of the component, robustly (a caption or a neighbouring puzzle touching
 *    the grid is outvoted), twice, narrowing in; then the ten-line comb of a
 *    Sudoku is sought inside the quad, which trims a neighbouring puzzle or
 *    title bar that is part of the same component (a comb that runs on
 *    beyond its side is a grid's lines shifted, and counts less); then the
 *    sides once more, out to the comb's lines, not to a band beyond them;
 *    a quad with no line along one side, and one a cell beyond the other,
 *    is moved a cell over (a curled page's border bent off the comb).
 * 5. The border: near each side, the printed border line is sought in the
 *    grey image as the straight dark line that runs all along the side
 *    (text touching it does not), followed as the paper bends, and each
 *    corner placed where the two borders meet, from the ends of the sides
 *    next to it.
 *
 * 6. A closer look, when nothing is found (find_grids_closer()): steps 1
 *    to 5 in a work image twice as large, for grids down to half the share
 *    of the picture, with fainter ink in a picture drawn rather than
 *    photographed (a dark theme's faint lines), and of each large
 *    component its long upright strokes alone as a candidate too (a grid
 *    joined to a number pad).
 *
 * All thresholds are relative (to the photo's contrast, the grid's size),
 * none fitted to single photos.
 *
 * Step 1, the search in each mask and polarity, and the choice between
 * polarities and looks are here; step 2 is ink.c, and the choice between
 * its masks' grids masks.c; steps 3 to 5 in one mask
 * candidates.c (the candidates, fitted), step 4 sides.c (the sides) and
 * comb.c (the comb), step 5 border.c; what a part of the photo is drawn
 * on, which the choices ask, ground.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "find.h"
#include "image.h"
#include "private.h"
#include "util.h"

#define WORK_MAX	FIND_WORK_SIDE	/* detection works at most this big */
#define NOISE_MEAN	5	/* a grainy photo's second look: the mean
				   over this many work pixels square */
#define SMOOTH_CLEARLY	1.25	/* ... whose quad replaces one found as it
				   is when this much more grid-like; and so
				   does a dark screen's in its negative */
#define CLOSER_LEAST	1.5	/* the closer look: a picture at least this
				   many times WORK_MAX on its longer side,
				   enlarged to it if less */

/*
 * Step 1: the grey image (minimum of R, G and B) of pix, at most side
 * pixels a side (WORK_MAX, or more for the closer look); *scale is its
 * size over pix's.  NULL when there is none, or it is too small to hold
 * a grid.
 */
static PIX *
work_image(PIX *pix, int side, double *scale)
{
	PIX *work;
	int w, h;

	*scale = 1;
	work = sdk_need(image_grey_min(pix));
	w = pixGetWidth(work);
	h = pixGetHeight(work);
	/*
	 * Halve while more than twice too big (exact 2x2 means are far
	 * cheaper than a general area map), then scale to side.
	 */
	while (w > 2 * side || h > 2 * side) {
		PIX *half = sdk_need(pixScaleAreaMap2(work));

		pixDestroy(&work);
		work = half;
		*scale /= 2;
		w /= 2;
		h /= 2;
	}
	if (w > side || h > side) {
		double s = (double)side / (w > h ? w : h);
		PIX *reduced = sdk_need(pixScaleAreaMap(work, (l_float32)s,
		    (l_float32)s));

		pixDestroy(&work);
		work = reduced;
		*scale *= s;
	}
	if (pixGetWidth(work) < 20 || pixGetHeight(work) < 20) {
		pixDestroy(&work);
		return NULL;
	}
	return work;
}

/*
 * The work image pix enlarged: doubled while its longer side is under
 * half of WORK_MAX, *up times in all; a new reference to pix when it is
 * not small.  The closings and dilations of the search are of fixed
 * sizes: in a small frame they would join the lines of text above or
 * beside a grid into bars as strong as its lines, and the comb take
 * three of them for a box's lines.
 */
static PIX *
enlarge_small(PIX *pix, double *up)
{
	PIX *big = pixClone(pix), *twice;

	*up = 1;
	while (pixGetWidth(big) < WORK_MAX / 2 &&
	    pixGetHeight(big) < WORK_MAX / 2) {
		twice = sdk_need(pixScaleGray2xLI(big));
		pixDestroy(&big);
		big = twice;
		*up *= 2;
	}
	return big;
}

/*
 * find_grids() in one polarity: dark ink on light paper, in a work image
 * of at most side pixels a side.  With smooth, the work image is smoothed
 * first (a mean over NOISE_MEAN pixels square).  Sets *noisy when the
 * photo's noise set the ink threshold.
 */
static int
find_dark_on_light(PIX *pix, int side, struct quad *out, int max,
    struct find_info *info, int smooth, int *noisy)
{
	PIX *native, *work, *bin, *joined, *faint, *grown;
	struct quad q1[FIND_MAX_GRIDS], q2[FIND_MAX_GRIDS];
	const struct quad *more;
	double scale, up, s1, s2, zoom;
	int i, n1, n2 = 0, n, nmore;

	*noisy = 0;
	if ((native = work_image(pix, side, &scale)) == NULL)
		return 0;
	/*
	 * Over WORK_MAX: 1 at the first look, over 1 (1.5 at least) at the
	 * closer look, whose grids may be this much smaller.
	 */
	zoom = fmax(1, fmax(pixGetWidth(native), pixGetHeight(native)) /
	    WORK_MAX);
	work = enlarge_small(native, &up);
	scale *= up;
	if (smooth) {
		PIX *mean = sdk_need(pixBlockconvGray(work, NULL,
		    NOISE_MEAN / 2, NOISE_MEAN / 2));

		pixDestroy(&work);
		work = mean;
	}
	bin = ink_mask(work, zoom, &joined, &faint, noisy);
	n1 = grid_in(work, native, up, zoom, bin, q1, max, &s1, info);
	/*
	 * Dark handwriting filling the cells raises the strongest ink, and
	 * so the threshold, above parts of a faint printed grid: its border
	 * breaks up, the sides are fitted to inner lines, and the quad found
	 * is part of the grid.  The fainter ink joined to the grid's lines
	 * mends them; but it also joins text or another grid inside the box,
	 * and it thickens blurred lines.  So the grid is sought in both
	 * masks, and the second quad wins only when it is more grid-like both
	 * on the joined mask (which ties, at its cap, for two quads on the
	 * same whole grid) and in the grey image (where a quad taking in a
	 * second grid has lines where none are printed, though its mask,
	 * full of text, may score well).  The other grids of a page (max
	 * over 1) come from the winning mask, then from the other.
	 */
	if (joined != NULL)
		n2 = grid_in(work, native, up, zoom, joined, q2, max, &s2,
		    info);
	if (n2 > 0 && (n1 == 0 || joined_better(work, joined, &q1[0],
	    &q2[0]))) {
		memcpy(out, q2, n2 * sizeof(*out));
		n = n2;
		more = q1;
		nmore = n1;
		s1 = s2;
	} else {
		memcpy(out, q1, n1 * sizeof(*out));
		n = n1;
		more = q2;
		nmore = n2;
	}
	/*
	 * Where the two masks disagree, the threshold was raised above a
	 * grid's faint lines: what they lead on to is looked at too.
	 */
	if (joined != NULL && n > 0 && (n1 == 0 || n2 == 0 ||
	    !quads_close(&q1[0], &q2[0])) &&
	    (grown = ink_grown(bin, joined, faint, zoom)) != NULL) {
		grown_better(work, native, up, zoom, grown, max, out, &s1,
		    info);
		pixDestroy(&grown);
	}
	for (i = 0; i < nmore && n > 0 && n < max; i++)
		if (another_grid(out, n, &more[i], pixGetWidth(work),
		    pixGetHeight(work)))
			out[n++] = more[i];
	info->score = n > 0 ? s1 : 0;
	for (i = 0; i < n; i++)
		quad_rescale(&out[i], 1, scale);
	pixDestroy(&joined);
	pixDestroy(&faint);
	pixDestroy(&bin);
	pixDestroy(&work);
	pixDestroy(&native);
	return n;
}

/*
 * The grey that quads are scored in: pix's work image, smoothed as the
 * grainy photo's second look (smooth) or not; *scale is its size over
 * pix's.  NULL when there is none.
 */
static PIX *
score_grey(PIX *pix, int side, int smooth, double *scale)
{
	PIX *native, *work;
	double up;

	if ((native = work_image(pix, side, scale)) == NULL)
		return NULL;
	work = enlarge_small(native, &up);
	pixDestroy(&native);
	*scale *= up;
	if (smooth) {
		PIX *mean = sdk_need(pixBlockconvGray(work, NULL,
		    NOISE_MEAN / 2, NOISE_MEAN / 2));

		pixDestroy(&work);
		work = mean;
	}
	return work;
}

/* How grid-like quad q (in pix's pixels) is in pix's score_grey. */
static double
grey_score(PIX *pix, int side, const struct quad *q)
{
	PIX *work;
	struct quad a = *q;
	double scale, score;

	if ((work = score_grey(pix, side, 0, &scale)) == NULL)
		return 0;
	quad_rescale(&a, scale, 1);
	score = grey_grid_score(work, &a);
	pixDestroy(&work);
	return score;
}

/*
 * Whether quad q2 is more than factor times as grid-like as q1
 * (grey_grid_score, both quads in the photo's pixels) in pix's
 * score_grey.
 */
static int
grey_better(PIX *pix, int side, int smooth, const struct quad *q1,
    const struct quad *q2, double factor)
{
	PIX *work;
	struct quad a = *q1, b = *q2;
	double scale;
	int better;

	if ((work = score_grey(pix, side, smooth, &scale)) == NULL)
		return 0;
	quad_rescale(&a, scale, 1);
	quad_rescale(&b, scale, 1);
	better = grey_grid_score(work, &b) > factor *
	    grey_grid_score(work, &a);
	pixDestroy(&work);
	return better;
}

/*
 * Whether quad q2, found in the smoothed photo, is SMOOTH_CLEARLY more
 * grid-like than q1, found as it is, in the grey of the smoothed work
 * image (both quads in the photo's pixels).  A quad one row and one
 * column off the grid still has 18 of the 20 lines it scores on the
 * grid's lines; one a quarter less grid-like lacks four or more: it is
 * a part of the grid.
 */
static int
smoothed_better(PIX *pix, int side, const struct quad *q1,
    const struct quad *q2)
{
	return grey_better(pix, side, 1, q1, q2, SMOOTH_CLEARLY);
}

/*
 * Nothing found in either polarity of the grey that is the darkest of R,
 * G and B: sought once more in the colour's luminance, in the polarity
 * the picture is drawn in (dark: its negative).  A dark theme tints the
 * selected digit's row, column and box blue, and its lines are a light
 * grey-blue; in the negative of the darkest channel (255 less the
 * lightest) the tint is nearly as dark as the lines, the grid a blob of
 * tinted crosses, and nothing is found (a web page in a midnight theme,
 * make-web.py's seed 69, page 42).  Luminance weighs blue least, as the
 * eye does: the tint stays near the ground, the lines stand out.  Only a
 * colour picture where nothing was found pays for it, so every grid
 * found before is found as before.
 */
static int
find_in_luminance(PIX *pix, int side, int dark, struct quad *out, int max,
    struct find_info *info)
{
	PIX	*lum = sdk_need(pixConvertRGBToLuminance(pix));
	int	 n, noisy;

	if (dark)
		pixInvert(lum, lum);
	info->light = dark;
	n = find_dark_on_light(lum, side, out, max, info, 0, &noisy);
	pixDestroy(&lum);
	return n;
}

/* find_grids() in a work image of at most side pixels a side. */
static int
search_grids(PIX *pix, int side, struct quad *out, int max,
    struct find_info *info)
{
	PIX *neg = NULL;
	int n, k, pass, dark, noisy[2] = { 0, 0 }, again, kind = -1;

	info->score = 0;
	info->candidates = 0;
	info->light = 0;
	if (max > FIND_MAX_GRIDS)
		max = FIND_MAX_GRIDS;
	if (max < 1)
		return 0;
	/*
	 * A screen in dark mode (light lines on a dark ground) is sought in
	 * its negative, dark lines on light, first: as it is, the ink
	 * sought would be the ground between the lines, and the junk there
	 * a grid.  Any other picture is sought as it is first, and in the
	 * other polarity only when nothing is found (a photo with a grid
	 * never pays for it).
	 */
	dark = image_light_on_dark(pix, NULL);
	/*
	 * A photo taken in little light is grainy: where the grain, not the
	 * ink, set the ink threshold, only the darkest strokes pass it, the
	 * lines break up and nothing is found.  Such a photo is sought once
	 * more smoothed (pass 1), which takes the grain down more than the
	 * lines.  Only then: a grid found as it is keeps its quad.
	 */
	for (pass = 0, n = 0; pass < 2 && n == 0; pass++)
		for (k = 0; k < 2 && n == 0; k++) {
			if (pass == 1 && !noisy[k])
				continue;
			info->light = (k == 0) == dark;
			if (info->light && neg == NULL)
				neg = sdk_need(pixInvert(NULL, pix));
			n = find_dark_on_light(info->light ? neg : pix, side,
			    out, max, info, pass, pass == 0 ? &noisy[k] :
			    &again);
			if (n > 0 && pass == 0)
				kind = k;	/* found as it is */
		}
	if (n == 0 && pixGetDepth(pix) == 32)
		n = find_in_luminance(pix, side, dark, out, max, info);
	/*
	 * Found as it is, but the grain set the threshold: the quad may be
	 * the part of the grid whose lines passed it, the outer cells
	 * darkened by the lens's vignetting (dim photos made from Wicht's:
	 * 3 by 6 cells, 3 by 3).  The smoothed search's quad wins when it is
	 * clearly more grid-like (smoothed_better).
	 */
	if (kind >= 0 && noisy[kind]) {
		struct quad q2[FIND_MAX_GRIDS];
		struct find_info info2 = *info;
		PIX *p = info->light ? neg : pix;
		int n2 = find_dark_on_light(p, side, q2, max, &info2, 1,
		    &again);

		if (n2 > 0 && smoothed_better(p, side, &out[0], &q2[0])) {
			memcpy(out, q2, n2 * sizeof(*out));
			n = n2;
			*info = info2;
		}
	}
	/*
	 * A phone in dark mode photographed on a light table: sought dark on
	 * light, the ink is the phone, and the quad found its frame, the
	 * dark screen inside.  A grid drawn dark on light has a light ground;
	 * within a dark one, light ink drawn, the negative is sought too,
	 * and a grid found there within the frame wins.  So does one on the
	 * same grid, clearly more grid-like in the negative's grey (where
	 * the light lines are dark): the dark ink found as it is was the
	 * ground between the lines, a row low and a corner astray.  And so
	 * does a lone grid elsewhere, clearly more grid-like in the
	 * negative's grey than the first in the photo's: the dark ground
	 * between a number pad's light keys, found as it is, is a lattice
	 * of lines too (make-screens.py's seed 86, picture 45: the pad 0.97,
	 * the grid above it 9.2).
	 */
	if (n > 0 && !info->light && light_inside(pix, &out[0])) {
		struct quad q2[FIND_MAX_GRIDS];
		struct find_info info2 = *info;
		int n2;

		if (neg == NULL)
			neg = sdk_need(pixInvert(NULL, pix));
		info2.light = 1;
		n2 = find_dark_on_light(neg, side, q2, max, &info2, 0,
		    &again);
		if (n2 > 0 && (quad_within(&out[0], &q2[0]) ||
		    (seen_grid(out, 1, &q2[0]) && grey_better(neg, side, 0,
		    &out[0], &q2[0], SMOOTH_CLEARLY)) || (n == 1 &&
		    n2 == 1 && grey_score(neg, side, &q2[0]) >
		    SMOOTH_CLEARLY * grey_score(pix, side, &out[0])))) {
			memcpy(out, q2, n2 * sizeof(*out));
			n = n2;
			*info = info2;
		}
	}
	/*
	 * The reverse: a light page on a dark table is light on dark as a
	 * whole, so it is sought in the negative first, where the ink is
	 * the paper between its lines, tinted cells ink as much as lines;
	 * what is found there may be the grid rows off, or the page.  A
	 * grid found in the negative on a light ground is sought as it is
	 * too, and the quad found so wins when its lines are darker in the
	 * photo's grey, the polarity its ground says it is drawn in.  (A
	 * photo searched as it is first found nothing so.)
	 */
	if (n > 0 && dark && kind == 0 && !dark_ground(pix, &out[0])) {
		struct quad q2[FIND_MAX_GRIDS];
		struct find_info info2 = *info;
		int n2;

		info2.light = 0;
		n2 = find_dark_on_light(pix, side, q2, max, &info2, 0,
		    &again);
		if (n2 > 0 && grey_better(pix, side, 0, &out[0], &q2[0],
		    1)) {
			memcpy(out, q2, n2 * sizeof(*out));
			n = n2;
			*info = info2;
		}
	}
	pixDestroy(&neg);
	/*
	 * Light ink is said of the grid, not of the photo: a light screen
	 * photographed on a dark table is light on dark as a whole, and its
	 * grid is found in the negative too, but the screen is dark on light
	 * (sdk-warp would turn the square, and the colour of the entries, to
	 * their negative).
	 */
	if (n > 0 && info->light && !dark_ground(pix, &out[0]))
		info->light = 0;
	if (n == 0)
		info->light = 0;
	return n;
}

/*
 * search_grids() of clip, a part of the photo beginning at bx, by: the
 * quads found go in q in the photo's pixels.
 */
static int
search_clip(PIX *clip, int bx, int by, int side, struct quad *q, int max,
    struct find_info *info)
{
	int	 i, k, n = search_grids(clip, side, q, max, info);

	for (i = 0; i < n; i++)
		for (k = 0; k < 4; k++) {
			q[i].p[k].x += bx;
			q[i].p[k].y += by;
		}
	return n;
}

/*
 * Whether q2, found in the polarity light says, is more grid-like than q1
 * in that polarity's grey of pix: its lines dark there.
 */
static int
better_in_own_grey(PIX *pix, int side, int light, const struct quad *q1,
    const struct quad *q2)
{
	PIX	*g = light ? sdk_need(pixInvert(NULL, pix)) : pixClone(pix);
	int	 better = grey_better(g, side, 0, q1, q2, 1);

	pixDestroy(&g);
	return better;
}

/*
 * The grid found is a frame far from square (quad_oblong): a light phone's
 * screen on a dark table, sought in the photo's negative first, where the
 * screen is the ink and its outline the quad.  As it is, the table's edge
 * against the screen is the strongest ink, and the threshold it sets is
 * above the grid's grey lines: nothing else is found (make-screens.py's
 * seed 76, picture 42).  The frame's box is sought on its own, where the
 * threshold follows what is drawn on the screen, and a grid found there
 * wins with the other grids found there when it lies within the frame, is
 * not itself oblong, and is more grid-like than the frame in the grey
 * (its lines darker than where the frame's comb crosses the screen's text
 * and buttons): a grid in strong perspective is far from square too, and
 * a part of it found in its box, less grid-like than the whole, is not
 * taken (the drawn grid of tests/sdk-detect.bats, "text standing on the
 * border").  Only a lone frame: where the photo holds several, it is a
 * page whose grids were taken two at a time (a page of four turned 32
 * degrees, make-pages.py's seed 10, page 9), and one grid found in one
 * pair's box is no more the page's first than the pair was.
 */
static int
grid_in_frame(PIX *pix, int side, struct quad *out, int n, int max,
    struct find_info *info)
{
	struct quad q2[FIND_MAX_GRIDS];
	struct find_info info2;
	PIX *clip;
	int n2, bx, by;

	if ((clip = quad_box(pix, &out[0], &bx, &by)) == NULL)
		return n;
	n2 = search_clip(clip, bx, by, side, q2, max, &info2);
	pixDestroy(&clip);
	if (n2 == 0 || quad_oblong(&q2[0]) || !quad_within(&out[0], &q2[0]) ||
	    !better_in_own_grey(pix, side, info2.light, &out[0], &q2[0]))
		return n;
	memcpy(out, q2, n2 * sizeof(*out));
	*info = info2;
	return n2;
}

/*
 * A lone grid found dark on light in a photo of a light thing on a dark
 * table (light_thing: a phone's screen) is sought again within the
 * thing's box alone.  In the whole photo the table and the bezel set the
 * ink's threshold, and the quad found may join the grid's lines to the
 * screen's text and edges: the status bar to the grid's middle, the
 * title to a row above the number pad (make-screens.py's photos of
 * screens, seeds 41 to 84: 13 such refused).  Within the box the
 * threshold follows the screen.  The grid found there wins when it is
 * the only one, the same grid as the first (seen_grid), not merely a
 * little moved (quads_close: a page's grid found well either way keeps
 * its quad), not oblong, and more grid-like in the grey.  A page of
 * several grids is not looked at so (the one found first may be another
 * puzzle than the one found in the box), nor a grid drawn light on dark:
 * a web page's dark theme is its own dark table, and its nine cards
 * taken a box low looked as grid-like.
 */
static int
grid_on_light_thing(PIX *pix, int side, struct quad *out, int n, int max,
    struct find_info *info)
{
	struct quad q2[FIND_MAX_GRIDS];
	struct find_info info2;
	BOX	*box;
	PIX	*clip;
	int	 n2, bx, by;

	if ((box = light_thing(pix)) == NULL)
		return n;
	clip = pixClipRectangle(pix, box, NULL);
	boxGetGeometry(box, &bx, &by, NULL, NULL);
	boxDestroy(&box);
	if (clip == NULL)
		return n;
	n2 = search_clip(clip, bx, by, side, q2, max, &info2);
	pixDestroy(&clip);
	if (n2 != 1 || !seen_grid(out, 1, &q2[0]) ||
	    quads_close(&out[0], &q2[0]) || quad_oblong(&q2[0]) ||
	    !better_in_own_grey(pix, side, info2.light, &out[0], &q2[0]))
		return n;
	out[0] = q2[0];
	*info = info2;
	return 1;
}

static int
find_grids_side(PIX *pix, int side, struct quad *out, int max,
    struct find_info *info)
{
	int	 n = search_grids(pix, side, out, max, info);

	if (n == 1 && quad_oblong(&out[0]))
		n = grid_in_frame(pix, side, out, n, max, info);
	else if (n == 1 && !info->light)
		n = grid_on_light_thing(pix, side, out, n, max, info);
	return n;
}

int
find_grids(PIX *pix, struct quad *out, int max, struct find_info *info)
{
	return find_grids_side(pix, WORK_MAX, out, max, info);
}

/*
 * A grid a small share of a large picture (a web page's grid on a desktop
 * screen, a fifth of its height) is a small one in the work image: under
 * the least share a grid is sought at, or its cells so small that a
 * selected row's or box's tint, narrower than the paper's window (ink.c),
 * is ink, and the grid a solid blob.  Looked at twice as closely, the
 * same least size in work pixels is half the share, and the cells are
 * twice as wide.  A picture drawn (drawn_picture: a screenshot) under
 * CLOSER_LEAST times WORK_MAX is doubled until it is not: at its own size
 * its cells are as small to the search's windows as at the first look (a
 * page drawn 762 pixels wide, its grid 222 and its cells 24, found in
 * neither look before).  A small photo is not: its grain is enlarged with
 * it, and it would pay four times the first look for nothing found.  Only
 * a picture in which nothing was found pays for it, so every grid found
 * before is found as before.
 */
int
find_grids_closer(PIX *pix, struct quad *out, int max,
    struct find_info *info)
{
	PIX	*big;
	int	 w = pixGetWidth(pix), h = pixGetHeight(pix), up = 1, n, i;

	info->score = 0;
	info->candidates = 0;
	info->light = 0;
	if (w >= CLOSER_LEAST * WORK_MAX || h >= CLOSER_LEAST * WORK_MAX)
		return find_grids_side(pix, 2 * WORK_MAX, out, max, info);
	if (!drawn_picture(pix))
		return 0;
	while (up * w < CLOSER_LEAST * WORK_MAX &&
	    up * h < CLOSER_LEAST * WORK_MAX)
		up *= 2;
	big = sdk_need(pixScale(pix, (l_float32)up, (l_float32)up));
	n = find_grids_side(big, 2 * WORK_MAX, out, max, info);
	pixDestroy(&big);
	for (i = 0; i < n; i++)
		quad_rescale(&out[i], 1, up);
	return n;
}

int
find_grid(PIX *pix, struct quad *out, struct find_info *info)
{
	return find_grids(pix, out, 1, info) == 1 ? 0 : -1;
}
