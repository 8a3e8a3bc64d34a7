/*
 * sdk-warp: straighten the grid of each image record to an upright square.
 *
 * The quad (sdk-quad, or --quad) is mapped to a SIZE x SIZE square by a
 * projective transform.  Then the grid's inner lines are sought near
 * their expected places, and where they are found the square is warped
 * again cell by cell through the lines' real crossings, which corrects
 * page curl and slightly wrong corners: each cell of the output is one
 * cell of the grid.  A line not found near its expected place is sought
 * further, where it runs unbroken (a curl squeezes the cells near it).
 * The output is grey: the minimum of R, G and B, so red or pink ink comes
 * out as dark as black (of the channels that see the paper well:
 * image_grey_lit), and a grid drawn light on dark (an app's dark mode) is
 * inverted: the ink is always the darker.  A cell set apart by a coloured
 * tint (a highlighted digit) is levelled to the paper beside it
 * (tinted.c), and a screen's nine boxes drawn apart are drawn together,
 * the gaps between them left out (apart.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "geom.h"
#include "imagein.h"
#include "json.h"
#include "keys.h"
#include "morph.h"
#include "outfile.h"
#include "region.h"
#include "util.h"
#include "warp.h"

#define DEFAULT_SIZE	450
#define DEGREE		2	/* lines bend as quadratics (page curl) */
#define MIN_BANDS	5	/* of 9 bands a line must be found in */
#define MAX_BEND	0.25	/* of a cell: further is a wrong line */
#define BAND_REACH	0.25	/* of a cell: a line sought in a band so far
				   from its place */
#define LINE_REACH	0.45	/* of a cell: a line's place sought so far off
				   its expected one (a curl squeezes cells) */
#define LINE_INK	10	/* grey levels: a moved line's ink, above the
				   noise of a JPEG's paper */
#define LINE_WHOLE	0.9	/* of a band: a moved line inked so much */
#define LINE_BANDS	7	/* of 9 bands a moved line must be found in */
#define LINE_MOVED	BAND_REACH /* of a cell: and its bands sought there
				   when it lies beyond their own reach (and
				   was not followed about its place) */

/* The options (sdk-warp(1)), filled by parse_args(). */
struct options {
	int		 size;		/* -s: the side, a multiple of 9 */
	const char	*quad;		/* --quad: corners, not sdk-quad */
	int		 refine;	/* follow the lines (--no-refine: 0) */
	const char	*out;		/* -o FILE; NULL: standard output */
	int		 json;		/* -j: metadata, not images */
	int		 quiet;		/* -q */
	int		 verbose;	/* -v: one line a record on stderr */
	char *const	*files;		/* the operands; none: "-" */
};

static struct options opt;

static void
help(FILE *fp)
{
	fprintf(fp, "\n"
	    "Straighten the grid of each image record (sdk-quad) to "
	    "an upright grey\nsquare, cell-aligned.\n\n"
	    "  -s, --size=SIZE    side of the square in pixels, a multiple "
	    "of 9 (default %d)\n"
	    "  --quad=QUAD        corners, clockwise from top-left (instead "
	    "of sdk-quad)\n"
	    "  --no-refine        trust the corners; do not follow the "
	    "inner lines\n"
	    CLI_HELP_OUTPUT
	    "  -j, --json         JSON Lines, one object a record, instead "
	    "of the images\n"
	    "  -q, --quiet        no message about records without a grid\n"
	    "  -v, --verbose      one line per record on stderr\n"
	    CLI_HELP_END, DEFAULT_SIZE);
}

static const char *
versions(void)
{
	image_init();
	return image_versions();
}

static const struct cli_program program = {
	"sdk-warp",
	"usage: sdk-warp [-jqv] [--no-refine] [-o FILE] "
	"[--quad 'X1 Y1 ... X4 Y4']\n"
	"                [-s SIZE] [FILE ...]\n",
	help, versions
};

/*
 * Bilinear sample of an 8 bpp image with pixel (i, j) centred at
 * (i + 0.5, j + 0.5); outside, the nearest edge.
 */
static double
sample(const l_uint32 *data, int wpl, int w, int h, double x, double y)
{
	if (w < 2 || h < 2)
		return GET_DATA_BYTE(data, 0);
	return image_sample(data, wpl, w, h, x - 0.5, y - 0.5);
}

static void
crossings_regular(struct crossings *c)
{
	int i, j;

	for (j = 0; j <= 9; j++)
		for (i = 0; i <= 9; i++) {
			c->p[j][i].x = i * opt.size / 9.0;
			c->p[j][i].y = j * opt.size / 9.0;
		}
	c->apart[0] = c->apart[1] = 0;
	c->size = opt.size;
}

/*
 * Render the output: each cell (i, j) of the square is mapped bilinearly
 * onto the quad of its crossings, then through h onto the photo.
 */
static PIX *
render(PIX *grey, const double h[9], const struct crossings *c)
{
	PIX *out = sdk_need(pixCreate(opt.size, opt.size, 8));
	l_uint32 *src = pixGetData(grey), *dst = pixGetData(out);
	int sw = pixGetWidth(grey), sh = pixGetHeight(grey);
	int swpl = pixGetWpl(grey), dwpl = pixGetWpl(out), x, y;
	double cell = opt.size / 9.0;
	/* A column's cell and place in it, the same on every row. */
	int *ci = sdk_xmalloc(sizeof(*ci) * opt.size);
	double *cu = sdk_xmalloc(sizeof(*cu) * opt.size);

	for (x = 0; x < opt.size; x++) {
		ci[x] = (int)(x / cell);
		if (ci[x] > 8)
			ci[x] = 8;
		cu[x] = (x + 0.5) / cell - ci[x];
	}
	for (y = 0; y < opt.size; y++) {
		int j = (int)(y / cell);
		double v;

		if (j > 8)
			j = 8;
		v = (y + 0.5) / cell - j;
		for (x = 0; x < opt.size; x++) {
			struct point q;

			q = homography_apply(h, cell_point(c, ci[x], j, cu[x],
			    v));
			SET_DATA_BYTE(dst + y * dwpl, x,
			    (int)(sample(src, swpl, sw, sh, q.x, q.y) + 0.5));
		}
	}
	free(ci);
	free(cu);
	return out;
}

/*
 * Ink of the square: how much darker each pixel is than the paper around
 * it, as doubles for the profiles below.
 */
static double *
ink_of(PIX *square)
{
	PIX *paper = sdk_need(morph_close_grey(square, 11, 11));
	double *ink = sdk_xmalloc(sizeof(double) * opt.size * opt.size);
	const l_uint32 *pd = pixGetData(paper), *sd = pixGetData(square);
	int x, y, wpl = pixGetWpl(square);

	for (y = 0; y < opt.size; y++)
		for (x = 0; x < opt.size; x++)
			ink[y * opt.size + x] = (double)GET_DATA_BYTE(
			    pd + y * wpl, x) - GET_DATA_BYTE(sd + y * wpl, x);
	pixDestroy(&paper);
	return ink;
}

/*
 * Find line k's position (0..9) across band b (0..8), vertical lines if
 * vert: the column within reach of a cell of its expected place moved by
 * centre pixels with the most ink over the band.  Returns the offset from
 * the expected place, or NAN if no clear line is there.
 */
static double
line_offset(const double *ink, int vert, int k, int b, double centre,
    double reach_cells)
{
	double cell = opt.size / 9.0, best = -1, second = -1, sum, mean = 0;
	int reach = (int)(cell * reach_cells), lo, hi, t, s, e, pos = 0, n = 0;

	lo = (int)(k * cell + centre) - reach;
	hi = (int)(k * cell + centre) + reach;
	s = (int)(b * cell + cell * 0.15);
	e = (int)((b + 1) * cell - cell * 0.15);
	for (t = lo; t <= hi; t++) {
		int q;

		if (t < 0 || t >= opt.size)
			continue;
		sum = 0;
		for (q = s; q < e; q++)
			sum += vert ? ink[q * opt.size + t] :
			    ink[t * opt.size + q];
		sum /= e - s;
		mean += sum;
		n++;
		if (sum > best) {
			second = best;
			best = sum;
			pos = t;
		} else if (sum > second) {
			second = sum;
		}
	}
	if (n == 0)
		return NAN;
	mean /= n;
	/* A line stands well out of the ink around it. */
	if (best < 12 || best < 2 * mean)
		return NAN;
	return pos + 0.5 - k * cell;
}

/*
 * Fit a line's offsets across the nine bands (NAN where not found) with a
 * polynomial of degree DEGREE in the band centre, dropping places far from
 * it and refitting; write the fitted offsets at the ten crossings.  A line
 * found in fewer than MIN_BANDS bands, or bending more than MAX_BEND of a
 * cell off centre (its place as a whole, line_moved), keeps offset 0:
 * better the corners' guess than a wrong curve.  Returns 1 if the line
 * was followed.
 */
static int
fit_line_path(const double *off, double centre, double *fit)
{
	double m[3][4], co[3], cell = opt.size / 9.0, t, e, worst;
	int n, i, j, q, b, it, nco = DEGREE + 1;
	char use[9];

	for (b = 0; b < 9; b++)
		use[b] = !isnan(off[b]);
	for (b = 0; b <= 9; b++)
		fit[b] = 0;
	for (it = 0; it < 3; it++) {
		memset(m, 0, sizeof(m));
		for (n = 0, b = 0; b < 9; b++) {
			double pw[5];

			if (!use[b])
				continue;
			n++;
			t = (b + 0.5) / 9 - 0.5;
			pw[0] = 1;
			for (i = 1; i < 5; i++)
				pw[i] = pw[i - 1] * t;
			for (i = 0; i < nco; i++) {
				for (j = 0; j < nco; j++)
					m[i][j] += pw[i + j];
				m[i][3] += off[b] * pw[i];
			}
		}
		if (n < MIN_BANDS)
			return 0;
		/* Gauss-Jordan on the normal equations. */
		for (i = 0; i < nco; i++) {
			double pv = m[i][i];

			if (fabs(pv) < 1e-12)
				return 0;
			for (j = 0; j < 4; j++)
				m[i][j] /= pv;
			for (j = 0; j < nco; j++) {
				double f = m[j][i];

				if (j == i)
					continue;
				for (q = 0; q < 4; q++)
					m[j][q] -= f * m[i][q];
			}
		}
		for (i = 0; i < 3; i++)
			co[i] = i < nco ? m[i][3] : 0;
		/* Drop the worst place if it is far from the curve. */
		worst = 0;
		q = -1;
		for (b = 0; b < 9; b++) {
			if (!use[b])
				continue;
			t = (b + 0.5) / 9 - 0.5;
			e = fabs(off[b] - (co[0] + co[1] * t + co[2] * t * t));
			if (e > worst) {
				worst = e;
				q = b;
			}
		}
		if (worst <= opt.size / 150.0)
			break;
		use[q] = 0;
	}
	if (worst > opt.size / 150.0)
		return 0;
	for (b = 0; b <= 9; b++) {
		t = (double)b / 9 - 0.5;
		fit[b] = co[0] + co[1] * t + co[2] * t * t;
		if (fabs(fit[b] - centre) > MAX_BEND * cell) {
			for (b = 0; b <= 9; b++)
				fit[b] = 0;
			return 0;
		}
	}
	return 1;
}

/*
 * The place within LINE_REACH of a cell of line k's expected one where
 * it runs unbroken across band b (0..8), vertical lines if vert: ink of
 * LINE_INK or more within a pixel of it on LINE_WHOLE of the band's
 * rows (columns) between its lines' crossings, the most so; as an offset
 * from the expected place, or NAN if none.  A column of digits, however
 * dark, leaves gaps above, below and between them; a line does not.
 */
static double
line_unbroken(const double *ink, int vert, int k, int b)
{
	double cell = opt.size / 9.0, best = -1, v;
	int reach = (int)(cell * LINE_REACH), t, q, d, s, e, on, pos = 0;

	s = (int)(b * cell + cell * 0.1);
	e = (int)((b + 1) * cell - cell * 0.1);
	for (t = (int)(k * cell) - reach; t <= (int)(k * cell) + reach; t++) {
		if (t < 1 || t >= opt.size - 1)
			continue;
		on = 0;
		for (q = s; q < e; q++) {
			for (v = 0, d = -1; d <= 1; d++)
				v = fmax(v, vert ? ink[q * opt.size + t + d] :
				    ink[(t + d) * opt.size + q]);
			on += v >= LINE_INK;
		}
		if (on > best) {
			best = on;
			pos = t;
		}
	}
	if (best < LINE_WHOLE * (e - s))
		return NAN;
	return pos + 0.5 - k * cell;
}

/*
 * Where inner line k lies as a whole, as an offset from its expected
 * place: the median of its unbroken places across the nine bands
 * (line_unbroken), when found in LINE_BANDS of them at least; 0 when it
 * is less than LINE_MOVED of a cell off.  A page curled near a side
 * squeezes the cells there: the corners are right, but a line between
 * them can lie near half a cell off, beyond the bands' own reach, and
 * the digits of a column were cut in two.
 */
static double
line_moved(const double *ink, int vert, int k)
{
	double at[9], cell = opt.size / 9.0, m;
	int b, n = 0;

	for (b = 0; b < 9; b++) {
		m = line_unbroken(ink, vert, k, b);
		if (!isnan(m))
			at[n++] = m;
	}
	if (n < LINE_BANDS)
		return 0;
	qsort(at, n, sizeof(at[0]), sdk_cmp_double);
	m = n % 2 ? at[n / 2] : (at[n / 2 - 1] + at[n / 2]) / 2;
	return fabs(m) < LINE_MOVED * cell ? 0 : m;
}

/*
 * Whether the fitted lines of one way keep their order, each at least
 * half a cell after the one before at every crossing: a line moved onto
 * its neighbour's is a wrong one.
 */
static int
lines_in_order(double fit[10][10])
{
	double cell = opt.size / 9.0;
	int k, b;

	for (k = 1; k <= 9; k++)
		for (b = 0; b <= 9; b++)
			if (cell + fit[k][b] - fit[k - 1][b] < cell / 2)
				return 0;
	return 1;
}

/*
 * Where a moved line of one way was followed (a curl squeezing the cells),
 * each line of that way not followed is put between the nearest followed
 * ones (or the outer lines) on either side, in proportion, at every
 * crossing: left where the corners put it, a faint line between moved
 * ones lay within a cell's crop, read as a stroke.  Elsewhere nothing
 * changes.
 */
static void
squeeze_between(double fit[10][10], const int followed[10],
    const double moved[10])
{
	int k, lo, hi, b, any = 0;

	for (k = 1; k <= 8; k++)
		any |= followed[k] && moved[k] != 0;
	if (!any)
		return;
	for (k = 1; k <= 8; k++) {
		if (followed[k])
			continue;
		for (lo = k - 1; lo > 0 && !followed[lo]; lo--)
			;
		for (hi = k + 1; hi < 9 && !followed[hi]; hi++)
			;
		for (b = 0; b <= 9; b++)
			fit[k][b] = fit[lo][b] + (fit[hi][b] - fit[lo][b]) *
			    (k - lo) / (hi - lo);
	}
}

/*
 * Measure every line across every band, fit each line's path, and place
 * the crossings.  Lines that cannot be followed stay where the corners put
 * them.  Returns how many lines were followed.
 */
static int
crossings_find(PIX *square, struct crossings *c)
{
	double off[2][10][9], *ink = ink_of(square), fit[2][10][10];
	double moved[2][10];
	int vert, k, b, found = 0, followed[2][10];

	for (vert = 0; vert < 2; vert++)
		for (k = 0; k <= 9; k++)
			for (b = 0; b < 9; b++)
				off[vert][k][b] = line_offset(ink, vert, k, b,
				    0, BAND_REACH);
	/*
	 * The outer lines are where sdk-detect fitted them over the whole
	 * side; here only half of their search window lies in the square,
	 * which biases them towards ink inside: follow the inner ones only.
	 */
	memset(fit, 0, sizeof(fit));
	memset(moved, 0, sizeof(moved));
	memset(followed, 0, sizeof(followed));
	for (vert = 0; vert < 2; vert++) {
		for (k = 1; k <= 8; k++) {
			followed[vert][k] = fit_line_path(off[vert][k], 0,
			    fit[vert][k]);
			/*
			 * Not followed about its place: perhaps a line moved
			 * as a whole (line_moved), followed about where it
			 * lies.
			 */
			if (followed[vert][k] ||
			    (moved[vert][k] = line_moved(ink, vert, k)) == 0)
				continue;
			for (b = 0; b < 9; b++)
				off[vert][k][b] = line_offset(ink, vert, k, b,
				    moved[vert][k], BAND_REACH);
			followed[vert][k] = fit_line_path(off[vert][k],
			    moved[vert][k], fit[vert][k]);
		}
		/* Moved lines that cross or crowd: back where they were. */
		if (!lines_in_order(fit[vert]))
			for (k = 1; k <= 8; k++)
				if (moved[vert][k] != 0) {
					memset(fit[vert][k], 0,
					    sizeof(fit[vert][k]));
					followed[vert][k] = 0;
				}
		for (k = 1; k <= 8; k++)
			found += followed[vert][k];
		squeeze_between(fit[vert], followed[vert], moved[vert]);
	}
	free(ink);
	/* Crossing of vertical line i and horizontal line j. */
	for (k = 0; k <= 9; k++)
		for (b = 0; b <= 9; b++) {
			c->p[b][k].x = k * opt.size / 9.0 + fit[1][k][b];
			c->p[b][k].y = b * opt.size / 9.0 + fit[0][b][k];
		}
	return found;
}

/* The quad's bounding box within a w x h image; NULL if none. */
static BOX *
quad_box(const struct quad *q, int w, int h)
{
	double x0, y0, x1, y1;

	quad_bounds(q, &x0, &y0, &x1, &y1);
	x0 = fmax(x0, 0);
	y0 = fmax(y0, 0);
	x1 = fmin(x1, w - 1);
	y1 = fmin(y1, h - 1);
	if (!(x0 <= x1 && y0 <= y1))
		return NULL;
	return sdk_need(boxCreate((int)x0, (int)y0, (int)x1 - (int)x0 + 1,
	    (int)y1 - (int)y0 + 1));
}

/*
 * -j: the record as one JSON object instead of its image: its source and
 * status, the corners used, the side and how many inner lines were
 * followed (null for none sought).
 */
static int
emit_json(FILE *out, const struct meta *meta, const char *status, int lines)
{
	struct json j;
	struct quad q;
	const char *qs = opt.quad != NULL ? opt.quad :
	    meta_get(meta, SDK_KEY_QUAD);

	json_begin(&j, out);
	json_str(&j, "source", meta_get(meta, SDK_KEY_SOURCE));
	json_str(&j, "status", status);
	if (qs != NULL && quad_parse(qs, &q) == 0)
		quad_json(&j, "quad", &q);
	json_long(&j, "side", opt.size);
	if (lines >= 0)
		json_long(&j, "lines", lines);
	else
		json_str(&j, "lines", NULL);
	json_end(&j);
	return ferror(out) ? -1 : 0;
}

/* Write a record: the image and its metadata, or -j's object. */
static int
emit(FILE *out, PIX *pix, const struct meta *meta, const char *status,
    int lines)
{
	if (opt.json)
		return emit_json(out, meta, status, lines);
	return image_write_pnm(out, pix, meta);
}

/*
 * A record without a grid to straighten (none found upstream, or corners
 * that make no quadrilateral) is written on as it came, marked
 * "sdk-status no-grid", so that the stream stays aligned (sdk(5)): one
 * record out for every record in.  Returns status, or 2 if the write
 * failed.
 */
static int
pass_on(FILE *out, PIX *pix, struct meta *meta, int status)
{
	meta_del(meta, SDK_KEY_QUAD);
	meta_set(meta, SDK_KEY_STATUS, "no-grid");
	return emit(out, pix, meta, "no-grid", -1) == 0 ? status :
	    SDK_EXIT_ERROR;
}

/* grey halved n times, with exact 2x2 means. */
static PIX *
halve(PIX *grey, int n)
{
	while (n-- > 0) {
		PIX *half = sdk_need(pixScaleAreaMap2(grey));

		pixDestroy(&grey);
		grey = half;
	}
	return grey;
}

/*
 * The grey the square is cut from: the darkest channel of those that see
 * the paper well (image_grey_lit), of the negative when dark.
 */
static PIX *
grey_of(PIX *pix, BOX *box, int dark)
{
	PIX *neg = NULL, *grey;

	if (dark)
		neg = sdk_need(pixInvert(NULL, pix));
	grey = sdk_need(image_grey_lit(neg != NULL ? neg : pix, box));
	pixDestroy(&neg);
	return grey;
}

/*
 * The record's grid straightened, or NULL when its quad *q (the photo's
 * corners, moved here as the photo is halved) is degenerate; *lines the
 * inner lines followed.
 *
 * A grid drawn light on dark (a screen in dark mode: sdk-ink light from
 * sdk-detect, or seen so here) comes out dark on light as any other: the
 * lines are followed, and the digits read, as ink darker than its paper.
 * The grey of the negative is 255 less the brightest channel: a digit
 * light in any colour (a highlighted one in blue or yellow) is as dark as
 * a white one.  Judged in all three channels: grey_lit may keep one.
 */
static PIX *
straighten(PIX *pix, const struct meta *meta, const struct quad *q,
    int *lines, char cellink[CELL_INK_MAX])
{
	/*
	 * q in the halved photo.  A copy, not q itself: GCC -O1 with ASan
	 * took a q written through and read as a whole for 8 bytes long
	 * (-Wstringop-overread under CI's -Werror).
	 */
	struct quad at = *q;
	struct point sq[4] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
	struct crossings cross;
	const char *ink = meta_get(meta, SDK_KEY_INK);
	BOX *box = quad_box(q, pixGetWidth(pix), pixGetHeight(pix));
	double h[9], side, paper[81][3];
	PIX *grey, *square;
	int dark, nhalf;

	dark = (ink != NULL && strcmp(ink, "light") == 0) ||
	    image_light_on_dark(pix, box);
	grey = grey_of(pix, box, dark);
	/*
	 * Shrinking by more than REGION_SHRINK_ABOVE with bilinear samples
	 * would alias: halve the photo first with exact 2x2 means (the quad
	 * follows).
	 */
	side = quad_side(&at);
	for (nhalf = 0; side > REGION_SHRINK_ABOVE * opt.size; nhalf++) {
		side /= 2;
		quad_rescale(&at, 1, 2);
	}
	grey = halve(grey, nhalf);
	sq[1].x = sq[2].x = sq[2].y = sq[3].y = opt.size;
	if (homography_solve(sq, at.p, h) != 0) {
		pixDestroy(&grey);
		boxDestroy(&box);
		return NULL;
	}
	crossings_regular(&cross);
	square = render(grey, h, &cross);
	/*
	 * A screen draws its lines straight, and sdk-detect's corners are
	 * its grid's: what there is to follow near a line is as often a
	 * text box's edge inside the cell or the next card's, and the cells
	 * bent onto them (web pages made by lab/samples/make-web.py: 3 of
	 * 120 answered wrongly from such squares; bench/README.md, "A closer
	 * look; a screen's square not bent").  A photo of paper is seldom so
	 * flat.
	 */
	if (opt.refine && !screen_square(square)) {
		*lines = crossings_find(square, &cross);
		pixDestroy(&square);
		square = render(grey, h, &cross);
	} else if (opt.refine && boxes_apart(square, &cross)) {
		/* A screen's nine boxes set apart: the gaps left out. */
		pixDestroy(&square);
		square = render(grey, h, &cross);
	}
	pixDestroy(&grey);
	/*
	 * In dark mode, the negative's: its digits are the dark ink.  Cells
	 * set apart by a coloured tint are then levelled to the paper beside
	 * them.
	 */
	if (cell_ink(pix, h, &cross, nhalf, dark, cellink, CELL_INK_MAX,
	    paper) != 0)
		cellink[0] = '\0';
	else
		level_tinted_cells(square, pix, box, dark, nhalf, h, &cross,
		    paper);
	boxDestroy(&box);
	return square;
}

/* Straighten one record; write it.  Returns the status. */
static int
process_one(FILE *out, PIX *pix, struct meta *meta, const char *operand)
{
	struct region rg;
	struct quad q;
	const char *source, *qs, *st, *why;
	char	 ink[CELL_INK_MAX];
	PIX *square;
	int lines = 0, rc;

	if (meta_get(meta, SDK_KEY_SOURCE) == NULL)
		meta_set(meta, SDK_KEY_SOURCE, operand);
	source = meta_get(meta, SDK_KEY_SOURCE);
	st = meta_get(meta, SDK_KEY_STATUS);
	if (opt.quad == NULL && st != NULL && strcmp(st, "no-grid") == 0)
		/* Failed upstream (and named there): pass it on as it is. */
		return pass_on(out, pix, meta, SDK_EXIT_FAIL);
	qs = opt.quad != NULL ? opt.quad : meta_get(meta, SDK_KEY_QUAD);
	if (qs == NULL) {
		sdk_warnx(source, "no grid corners (sdk-quad): run sdk-detect "
		    "first, or give --quad");
		return SDK_EXIT_ERROR;
	}
	if (quad_parse(qs, &q) != 0) {
		sdk_warnx(source, "bad sdk-quad: %s", qs);
		return SDK_EXIT_ERROR;
	}
	/* The corners are the photo's; the record may be a region of it. */
	if ((rc = region_get(meta, &rg)) < 0) {
		sdk_warnx(source, "bad sdk-region: %s",
		    meta_get(meta, SDK_KEY_REGION));
		return SDK_EXIT_ERROR;
	}
	if (rc == 1) {
		region_to_record(&rg, pixGetWidth(pix), pixGetHeight(pix), &q);
		meta_del(meta, SDK_KEY_REGION);
	}
	/* sdk-render's rule too: a record's own failure, passed on. */
	if ((why = quad_check(&q, pixGetWidth(pix), pixGetHeight(pix))) !=
	    NULL) {
		if (!opt.quiet)
			sdk_warnx(source, "%s sdk-quad: %s", why, qs);
		return pass_on(out, pix, meta, SDK_EXIT_FAIL);
	}
	if ((square = straighten(pix, meta, &q, &lines, ink)) == NULL) {
		if (!opt.quiet)
			sdk_warnx(source, "degenerate sdk-quad: %s", qs);
		return pass_on(out, pix, meta, SDK_EXIT_FAIL);
	}
	if (opt.verbose)
		sdk_warnx(source, "%dx%d, %d of 16 inner lines followed",
		    opt.size, opt.size, lines);
	if (ink[0] != '\0')
		meta_set(meta, SDK_KEY_CELL_INK, ink);
	rc = emit(out, square, meta, "ok", opt.refine ? lines : -1);
	pixDestroy(&square);
	return rc == 0 ? SDK_EXIT_OK : SDK_EXIT_ERROR;
}

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "no-refine", no_argument, NULL, 'R' },
		{ "quad", required_argument, NULL, 'Q' },
		{ "size", required_argument, NULL, 's' },
		CLI_LONGOPTS_COMMON
	};
	struct quad check;
	long l;
	int ch;

	*o = (struct options){ .size = DEFAULT_SIZE, .refine = 1 };
	while ((ch = cli_getopt(argc, argv, "jo:qs:v", longopts)) != -1) {
		switch (ch) {
		case 'j':
			o->json = 1;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'Q':
			if (quad_parse(optarg, &check) != 0)
				cli_usage_error("--quad needs 8 numbers: %s",
				    optarg);
			o->quad = optarg;
			break;
		case 'R':
			o->refine = 0;
			break;
		case 's':
			if (sdk_parse_long(optarg, 9, 8100, &l) != 0 ||
			    l % 9 != 0)
				cli_usage_error("-s needs a multiple of 9 from "
				    "9 to 8100: %s", optarg);
			o->size = (int)l;
			break;
		case 'v':
			o->verbose = 1;
			break;
		default:
			cli_usage_error(NULL);
		}
	}
	o->files = cli_operands(argc, argv);
}

int
main(int argc, char *argv[])
{
	struct outfile out;
	char *const *file;
	int status = SDK_EXIT_OK;

	cli_init(&program);
	parse_args(argc, argv, &opt);
	image_init();
	if (opt.out == NULL && !opt.json && sdk_isatty(stdout))
		sdk_errx(SDK_EXIT_ERROR, NULL, "will not write images to a "
		    "terminal (use -o FILE or a pipe)");
	if (outfile_open(&out, opt.out) != 0)
		return SDK_EXIT_ERROR;
	for (file = opt.files; *file != NULL; file++)
		status = sdk_status_fold(status,
		    image_in_each(*file, out.fp, process_one));
	return cli_finish(&out, status);
}
