/*
 * sdk-detect: find the Sudoku grid in photos.
 *
 * Reads photos (JPEG, PNG, PNM streams, whatever Leptonica reads) and
 * writes for each an image record carrying sdk-source, sdk-size and
 * sdk-quad, the grid's corners in the photo's pixels.  The record's image
 * is the grid's region only, as big as sdk-warp needs it (sdk-region says
 * where it lies; pass.c); a JPEG is decoded only that big in the first
 * place.  A photo without a grid still flows on, marked "sdk-status
 * no-grid", so that batch output stays aligned.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "find.h"
#include "imagein.h"
#include "json.h"
#include "keys.h"
#include "meta.h"
#include "outfile.h"
#include "pass.h"
#include "util.h"

#define DEFAULT_SIDE	450	/* sdk-warp's square */
#define AS_LARGE	0.75	/* grids as large as the largest, a
				   photo's perspective apart */

enum format { FORMAT_PNM, FORMAT_TEXT, FORMAT_JSON };

/* The options (sdk-detect(1)), filled by parse_args(). */
struct options {
	int		 all;		/* -a: every grid, a record each */
	enum format	 format;	/* -f pnm|text, -j: the last wins */
	const char	*out;		/* -o FILE; NULL: standard output */
	int		 quiet;		/* -q: no message on a missing grid */
	int		 verbose;	/* -v: one line a photo on stderr */
	int		 side;		/* -s: the square sdk-warp makes */
	int		 whole;		/* -w: the whole photo at full size */
	char *const	*files;		/* the operands; none: "-" */
};

static struct options opt;

static void
help(FILE *fp)
{
	fprintf(fp, "\n"
	    "Find the Sudoku grid in each photo; write the photo as "
	    "a PNM record with\nits corners (sdk-quad), size "
	    "(sdk-size) and name (sdk-source).\n\n"
	    "  -f, --format=FORMAT\n"
	    "                     pnm: image records (default); text: one "
	    "line per photo,\n"
	    "                     x1 y1 ... x4 y4 SOURCE, or no-grid SOURCE\n"
	    "  -j, --json         JSON Lines, one object per photo\n"
	    CLI_HELP_OUTPUT
	    "  -q, --quiet        no message about photos without a grid\n"
	    "  -s, --side=SIDE    pass the grid on big enough for sdk-warp "
	    "-s SIDE\n"
	    "                     (default %d)\n"
	    "  -v, --verbose      one line per photo on stderr\n"
	    "  -w, --whole        pass on the whole photo at full size, not "
	    "the grid's\n"
	    "                     region\n"
	    CLI_HELP_END, DEFAULT_SIDE);
}

static const char *
versions(void)
{
	image_init();
	return image_versions();
}

static const struct cli_program program = {
	"sdk-detect",
	"usage: sdk-detect [-ajqvw] [-f pnm|text] [-o FILE] [-s SIDE] "
	"[FILE ...]\n",
	help, versions
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * -f text: the corners and the source, or no-grid and the source; the
 * source escaped as a metadata value is, one line whatever its name.
 */
static void
emit_text(FILE *out, const char *source, int found, const struct quad *q)
{
	char buf[256], *name = meta_encode(source);

	if (found) {
		quad_format(q, buf, sizeof(buf));
		fprintf(out, "%s %s\n", buf, name);
	} else {
		fprintf(out, "no-grid %s\n", name);
	}
	free(name);
}

/* -j: one object a photo, or a grid (-a: its number k of n). */
static void
emit_json(FILE *out, const char *source, int found, const struct quad *q,
    const struct image_info *info, int k, int n, double seconds)
{
	struct json j;

	json_begin(&j, out);
	json_str(&j, "source", source);
	json_str(&j, "status", found ? "found" : "no-grid");
	json_key(&j, "size");
	fprintf(out, "[%d,%d]", info->width, info->height);
	if (found)
		quad_json(&j, "quad", q);
	if (k > 0) {
		json_long(&j, "grid", k);
		json_long(&j, "grids", n);
	}
	json_double(&j, "microseconds", "%.0f", seconds * 1e6);
	json_end(&j);
}

/*
 * The image record of a photo (pix, decoded as info says): the grid's
 * region when a grid was found (decoded again finer if the grid needs
 * it), else the photo as decoded; its sdk-region set unless it is the
 * whole photo at full size.  Writes it; returns 0 or -1.
 */
static int
emit_record(FILE *out, struct image_in *in, PIX *pix,
    const struct image_info *info, struct meta *meta, const struct quad *q)
{
	struct image_info finer = *info;
	struct region rg = { 0, 0, info->width, info->height };
	PIX *fine = NULL, *cut = NULL;
	int r, rc;

	if (q != NULL && !opt.whole) {
		/*
		 * A grid small in a large photo: decode it again finer, if
		 * that costs less than a whole decode (a HEIC's would not).
		 */
		r = pass_reduce(q, opt.side);
		if (r < info->reduce && info->scales &&
		    (fine = image_in_again(in, r, &finer)) != NULL)
			pix = fine;
		else
			finer = *info;
		cut = pass_region(pix, &finer, q, &rg);
	}
	if (cut == NULL) {
		/* The photo as decoded. */
		rg.w = (long)pixGetWidth(pix) * finer.reduce;
		rg.h = (long)pixGetHeight(pix) * finer.reduce;
	}
	if (cut != NULL || finer.reduce > 1)
		region_set(meta, &rg);
	rc = image_write_pnm(out, cut != NULL ? cut : pix, meta);
	pixDestroy(&cut);
	pixDestroy(&fine);
	return rc;
}

/*
 * The page's turn as its grids show it: the mean direction of their
 * sides, taken modulo a quarter turn (each side's angle four times
 * over, so that a side and its perpendicular agree), between -45 and
 * 45 degrees.  A page turned up to 45 degrees, as issue 26's magazines
 * are, is read along its own rows, not the frame's.
 */
static double
page_turn(const struct quad *q, int n)
{
	double c = 0, s = 0, a;
	int i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < 4; k++) {
			a = atan2(q[i].p[(k + 1) % 4].y - q[i].p[k].y,
			    q[i].p[(k + 1) % 4].x - q[i].p[k].x);
			c += cos(4 * a);
			s += sin(4 * a);
		}
	return c == 0 && s == 0 ? 0 : atan2(s, c) / 4;
}

/*
 * Whether grid a comes before grid b in reading order on a page turned
 * by turn (page_turn): in the page's own frame, a row of grids (their
 * spans of height overlapping by more than half the lesser) left to
 * right, the rows top to bottom.
 */
static int
reads_before(const struct quad *a, const struct quad *b, double turn)
{
	double at = 1e300, ab = -1e300, bt = 1e300, bb = -1e300;
	double ax = 0, bx = 0, overlap, c = cos(turn), s = sin(turn);
	int i;

	for (i = 0; i < 4; i++) {
		/* The corners turned back by the page's turn. */
		double ay = c * a->p[i].y - s * a->p[i].x;
		double by = c * b->p[i].y - s * b->p[i].x;

		at = fmin(at, ay);
		ab = fmax(ab, ay);
		bt = fmin(bt, by);
		bb = fmax(bb, by);
		ax += c * a->p[i].x + s * a->p[i].y;
		bx += c * b->p[i].x + s * b->p[i].y;
	}
	overlap = fmin(ab, bb) - fmax(at, bt);
	if (overlap > 0.5 * fmin(ab - at, bb - bt))
		return ax < bx;
	return at + ab < bt + bb;
}

/* The n grids in reading order (insertion sort: a page has a few). */
static void
reading_order(struct quad *q, int n)
{
	struct quad t;
	double turn = page_turn(q, n);
	int i, j;

	for (i = 1; i < n; i++) {
		t = q[i];
		for (j = i; j > 0 && reads_before(&t, &q[j - 1], turn); j--)
			q[j] = q[j - 1];
		q[j] = t;
	}
}

/*
 * The grid a person means on a page of several (the default, one
 * record): the largest puzzle, not a small printed solution grid nor a
 * neighbour cut by the frame (find_grids passes on, besides the grid it
 * finds first, only whole ones); of several as large (AS_LARGE of the
 * largest's area, a photo's perspective apart), the first in reading
 * order, as the page numbers them, not the one whose lines the photo
 * shows a little better (make-pages.py's pages of two to four puzzles of
 * a size).  Returns its index in q.
 */
static int
meant_grid(const struct quad *q, int n)
{
	double largest = 0, turn = page_turn(q, n);
	int i, pick = -1;

	for (i = 0; i < n; i++)
		largest = fmax(largest, quad_area(&q[i]));
	for (i = 0; i < n; i++)
		if (quad_area(&q[i]) >= AS_LARGE * largest &&
		    (pick < 0 || reads_before(&q[i], &q[pick], turn)))
			pick = i;
	return pick;
}

/*
 * Write the record of grid k of n (q; NULL and n 0 when there is none) of
 * a photo.  Returns 0 or -1.
 */
static int
emit_grid(FILE *out, struct image_in *in, PIX *pix,
    const struct image_info *info, struct meta *meta, int has_region,
    const struct quad *q, int k, int n, double seconds)
{
	char buf[256];

	if (q != NULL) {
		quad_format(q, buf, sizeof(buf));
		meta_set(meta, SDK_KEY_QUAD, buf);
		meta_del(meta, SDK_KEY_STATUS);
	} else {
		meta_del(meta, SDK_KEY_QUAD);
		meta_set(meta, SDK_KEY_STATUS, "no-grid");
	}
	if (opt.all && q != NULL)
		meta_setf(meta, SDK_KEY_GRID, "%d/%d", k + 1, n);
	/* Not the region the grid before this one was passed on in. */
	if (k > 0 && !has_region)
		meta_del(meta, SDK_KEY_REGION);
	switch (opt.format) {
	case FORMAT_TEXT:
		emit_text(out, meta_get(meta, SDK_KEY_SOURCE), q != NULL, q);
		break;
	case FORMAT_JSON:
		emit_json(out, meta_get(meta, SDK_KEY_SOURCE), q != NULL, q,
		    info, opt.all && q != NULL ? k + 1 : 0, n, seconds);
		break;
	case FORMAT_PNM:
		return has_region ? image_write_pnm(out, pix, meta) :
		    emit_record(out, in, pix, info, meta, q);
	}
	return 0;
}

/*
 * A photo in which no grid was found, looked at closer
 * (find_grids_closer()): decoded again, finer, where it was decoded
 * reduced to less than twice FIND_WORK_SIDE and the format can (*closer,
 * the caller's to free).  When grids are found there, *pixp and *info
 * become that decode's.  Returns how many grids, as find_grids().
 */
static int
look_closer(struct image_in *in, PIX **pixp, PIX **closer,
    struct image_info *info, struct quad *q, int max, struct find_info *fi)
{
	struct image_info finer = *info;
	PIX *pix = *pixp;
	long side = info->width > info->height ? info->width : info->height;
	int r = info->reduce, n;

	while (r > 1 && side / r < 2 * FIND_WORK_SIDE)
		r /= 2;
	if (r < info->reduce && info->scales &&
	    (*closer = image_in_again(in, r, &finer)) != NULL)
		pix = *closer;
	else
		finer = *info;
	if ((n = find_grids_closer(pix, q, max, fi)) > 0) {
		*pixp = pix;
		*info = finer;
	}
	return n;
}

/*
 * Find the grid in one photo and write its record; with -a, every grid
 * of the photo, a record each, in reading order.  A record that is itself
 * a region of a photo (sdk-region) keeps its region and image, and one
 * grid.  Returns the status.
 */
static int
process_one(FILE *out, struct image_in *in, PIX *pix, struct meta *meta,
    const char *operand)
{
	struct image_info info = *image_in_info(in);
	struct find_info fi;
	struct region held;
	struct quad q[FIND_MAX_GRIDS];
	const char *source;
	PIX *closer = NULL;
	double t0 = now();
	int n, i, k, has_region, rc = 0;

	if (meta_get(meta, SDK_KEY_SOURCE) == NULL)
		meta_set(meta, SDK_KEY_SOURCE, operand);
	source = meta_get(meta, SDK_KEY_SOURCE);
	if ((has_region = region_get(meta, &held)) < 0) {
		sdk_warnx(source, "bad sdk-region: %s",
		    meta_get(meta, SDK_KEY_REGION));
		return SDK_EXIT_ERROR;
	}
	/* Every grid, to choose the one meant (meant_grid) or pass on all. */
	n = find_grids(pix, q, has_region ? 1 : FIND_MAX_GRIDS, &fi);
	if (n == 0 && !has_region)
		n = look_closer(in, &pix, &closer, &info, q, FIND_MAX_GRIDS,
		    &fi);
	if (!opt.all && n > 1) {
		q[0] = q[meant_grid(q, n)];
		n = 1;
	}
	for (k = 0; k < n; k++) {
		if (has_region)
			region_to_photo(&held, pixGetWidth(pix),
			    pixGetHeight(pix), &q[k]);
		else
			for (i = 0; i < 4; i++) {
				q[k].p[i].x = (q[k].p[i].x + 0.5) *
				    info.reduce - 0.5;
				q[k].p[i].y = (q[k].p[i].y + 0.5) *
				    info.reduce - 0.5;
			}
	}
	if (opt.all)
		reading_order(q, n);
	if (meta_get(meta, SDK_KEY_SIZE) == NULL)
		meta_setf(meta, SDK_KEY_SIZE, "%d %d", info.width,
		    info.height);
	/* sdk-warp turns a dark-mode grid's square dark on light. */
	if (fi.light)
		meta_set(meta, SDK_KEY_INK, "light");
	else
		meta_del(meta, SDK_KEY_INK);
	if (n == 0 && !opt.quiet)
		sdk_warnx(source, "no grid found");
	if (opt.verbose)
		sdk_warnx(source, "%s, score %.2f, %d candidates, %.1f ms",
		    n == 0 ? "no grid" : n == 1 ? "grid found" :
		    "grids found", fi.score, fi.candidates,
		    (now() - t0) * 1e3);
	if (n == 0)
		rc = emit_grid(out, in, pix, &info, meta, has_region, NULL,
		    0, 0, now() - t0);
	for (k = 0; k < n && rc == 0; k++)
		rc = emit_grid(out, in, pix, &info, meta, has_region, &q[k],
		    k, n, now() - t0);
	pixDestroy(&closer);
	if (rc != 0 || ferror(out))
		return SDK_EXIT_ERROR;
	return n > 0 ? SDK_EXIT_OK : SDK_EXIT_FAIL;
}

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "side", required_argument, NULL, 's' },
		{ "whole", no_argument, NULL, 'w' },
		CLI_LONGOPTS_COMMON
	};
	long l;
	int ch;

	*o = (struct options){ .format = FORMAT_PNM, .side = DEFAULT_SIDE };
	while ((ch = cli_getopt(argc, argv, "af:jo:qs:vw", longopts)) != -1) {
		switch (ch) {
		case 'a':
			o->all = 1;
			break;
		case 'f':
			if (strcmp(optarg, "pnm") == 0)
				o->format = FORMAT_PNM;
			else if (strcmp(optarg, "text") == 0)
				o->format = FORMAT_TEXT;
			else
				cli_usage_error("unknown format: %s (pnm or "
				    "text)", optarg);
			break;
		case 'j':
			o->format = FORMAT_JSON;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 's':
			if (sdk_parse_long(optarg, 9, 8100, &l) != 0)
				cli_usage_error("-s needs a side from 9 to "
				    "8100: %s", optarg);
			o->side = (int)l;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case 'w':
			o->whole = 1;
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
	if (opt.format == FORMAT_PNM && opt.out == NULL && sdk_isatty(stdout))
		sdk_errx(SDK_EXIT_ERROR, NULL, "will not write images to a "
		    "terminal (use -o FILE, a pipe, or -f text)");
	if (outfile_open(&out, opt.out) != 0)
		return SDK_EXIT_ERROR;
	for (file = opt.files; *file != NULL; file++)
		status = sdk_status_fold(status,
		    image_in_each_reduced(*file, out.fp, opt.whole ? 0 :
		    FIND_WORK_SIDE, process_one));
	return cli_finish(&out, status);
}
