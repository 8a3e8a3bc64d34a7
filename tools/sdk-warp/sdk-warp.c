/*
 * sdk-warp: straighten the grid of each image record to an upright square.
 *
 * The quad (sdk-quad, or --quad) is mapped to a SIZE x SIZE square by a
 * projective transform.  Then the grid's inner lines are sought near
 * their expected places, and where they are found the square is warped
 * again cell by cell through the lines' real crossings, which corrects
 * page curl and slightly wrong corners: each cell of the output is one
 * cell of the grid (lines.c).  A line not found near its expected place
 * is sought further, where it runs unbroken (a curl squeezes the cells
 * near it).
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
#include "outfile.h"
#include "region.h"
#include "util.h"
#include "warp.h"

#define DEFAULT_SIZE	450

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
 * The quad's sides moved in to the grid's outer lines, in[0] to in[3]
 * pixels inside the top, right, bottom and left of the square that h
 * maps onto at (sq its corners): at and h are made anew from the square's
 * points there.  Returns 0, leaving them as they were, if that fails.
 */
static int
sides_in(double h[9], const double in[4], const struct point sq[4],
    struct quad *at)
{
	struct point p[4];
	double nh[9], s = opt.size;
	int i;

	p[0].x = p[3].x = in[3];
	p[1].x = p[2].x = s - in[1];
	p[0].y = p[1].y = in[0];
	p[2].y = p[3].y = s - in[2];
	for (i = 0; i < 4; i++)
		p[i] = homography_apply(h, p[i]);
	if (homography_solve(sq, p, nh) != 0)
		return 0;
	memcpy(at->p, p, sizeof(p));
	memcpy(h, nh, sizeof(nh));
	return 1;
}

/*
 * How far c's inner crossings lie from the square's even lattice: the mean
 * distance along each line's way, in cells.
 */
static double
lattice_off(const struct crossings *c)
{
	double cell = opt.size / 9.0, sum = 0;
	int k, b;

	for (k = 1; k <= 8; k++)
		for (b = 0; b <= 9; b++)
			sum += fabs(c->p[b][k].x - k * cell) +
			    fabs(c->p[k][b].y - k * cell);
	return sum / (2 * 8 * 10) / cell;
}

/*
 * Whether the quad's sides were moved in to the grid's outer lines, in[]
 * inside them (outer_sides_in) in the square whose crossings are *c,
 * *lines of its inner lines followed: then h and at are the moved quad's,
 * and *c and *lines those of its square.  A side
 * on a title bar close over the grid, or on a screen's bezel beside it,
 * lies so, and the row or column next to it was cut across its digits.
 * But a quad off at a corner brings an inner line that near a side too:
 * the move is taken only when as many inner lines are then followed,
 * and nearer where a grid has them (lattice_off).
 */
static int
moved_in(PIX *grey, double h[9], const struct point sq[4], struct quad *at,
    const double in[4], struct crossings *c, int *lines)
{
	struct crossings mc;
	struct quad mat = *at;
	double mh[9], *mink;
	PIX *moved;
	int n;

	memcpy(mh, h, sizeof(mh));
	if (!sides_in(mh, in, sq, &mat))
		return 0;
	crossings_regular(&mc);
	moved = render(grey, mh, &mc);
	mink = square_ink(moved);
	n = crossings_find(moved, mink, &mc);
	free(mink);
	pixDestroy(&moved);
	if (n < *lines || lattice_off(&mc) >= lattice_off(c))
		return 0;
	memcpy(h, mh, sizeof(mh));
	*at = mat;
	*c = mc;
	*lines = n;
	return 1;
}

/*
 * The record's grid straightened, or NULL when its quad *q (the photo's
 * corners, moved here as the photo is halved) is degenerate; *lines the
 * inner lines followed.  Where the grid's outer lines lie well inside the
 * quad's sides (outer_sides_in), the quad is moved in to them first: *q
 * becomes it and *moved is set.
 *
 * A grid drawn light on dark (a screen in dark mode: sdk-ink light from
 * sdk-detect, or seen so here) comes out dark on light as any other: the
 * lines are followed, and the digits read, as ink darker than its paper.
 * The grey of the negative is 255 less the brightest channel: a digit
 * light in any colour (a highlighted one in blue or yellow) is as dark as
 * a white one.  Judged in all three channels: grey_lit may keep one.
 */
static PIX *
straighten(PIX *pix, const struct meta *meta, struct quad *q, int *moved,
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

	*moved = 0;
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
	 * flat.  Nine boxes set apart are a screen's even when a small JPEG
	 * leaves its cells far from flat (make-web.py's seed 77, page 60:
	 * its lines followed into the gaps, two givens lost): they are
	 * looked for first.
	 */
	if (opt.refine && boxes_apart(square, &cross)) {
		/* Nine boxes set apart: the gaps left out. */
		pixDestroy(&square);
		square = render(grey, h, &cross);
	} else if (opt.refine) {
		double *lineink = square_ink(square), in[4];
		int flat = screen_square(square);
		int outer = outer_sides_in(lineink, opt.size, in);

		/* A screen's lines are counted only to judge a move. */
		if (!flat || outer)
			*lines = crossings_find(square, lineink, &cross);
		if (outer && moved_in(grey, h, sq, &at, in, &cross, lines)) {
			*q = at;
			quad_rescale(q, 1 << nhalf, 1);
			*moved = 1;
		}
		free(lineink);
		if (flat) {
			crossings_regular(&cross);
			*lines = 0;
		}
		if (!flat || *moved) {
			pixDestroy(&square);
			square = render(grey, h, &cross);
		}
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
	int lines = 0, moved, rc;

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
	if ((square = straighten(pix, meta, &q, &moved, &lines, ink)) ==
	    NULL) {
		if (!opt.quiet)
			sdk_warnx(source, "degenerate sdk-quad: %s", qs);
		return pass_on(out, pix, meta, SDK_EXIT_FAIL);
	}
	if (opt.verbose)
		sdk_warnx(source, "%dx%d, %d of 16 inner lines followed",
		    opt.size, opt.size, lines);
	if (ink[0] != '\0')
		meta_set(meta, SDK_KEY_CELL_INK, ink);
	if (moved) {
		/* The grid's corners, as sdk-render lays the answer on. */
		char buf[256];

		if (rc == 1)
			region_to_photo(&rg, pixGetWidth(pix),
			    pixGetHeight(pix), &q);
		quad_format(&q, buf, sizeof(buf));
		meta_set(meta, SDK_KEY_QUAD, buf);
	}
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
