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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "find.h"
#include "imagein.h"
#include "json.h"
#include "keys.h"
#include "outfile.h"
#include "pass.h"
#include "util.h"

#define DEFAULT_SIDE	450	/* sdk-warp's square */

enum format { FORMAT_PNM, FORMAT_TEXT, FORMAT_JSON };

/* The options (sdk-detect(1)), filled by parse_args(). */
struct options {
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
	"usage: sdk-detect [-jqvw] [-f pnm|text] [-o FILE] [-s SIDE] "
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

/* -f text: the corners and the source, or no-grid and the source. */
static void
emit_text(FILE *out, const char *source, int found, const struct quad *q)
{
	char buf[256];

	if (found) {
		quad_format(q, buf, sizeof(buf));
		fprintf(out, "%s %s\n", buf, source);
	} else {
		fprintf(out, "no-grid %s\n", source);
	}
}

/* -j: one object a photo. */
static void
emit_json(FILE *out, const char *source, int found, const struct quad *q,
    const struct image_info *info, double seconds)
{
	struct json j;

	json_begin(&j, out);
	json_str(&j, "source", source);
	json_str(&j, "status", found ? "found" : "no-grid");
	json_key(&j, "size");
	fprintf(out, "[%d,%d]", info->width, info->height);
	if (found)
		quad_json(&j, "quad", q);
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
 * Find the grid in one photo and write its record.  A record that is
 * itself a region of a photo (sdk-region) keeps its region and image.
 * Returns the status.
 */
static int
process_one(FILE *out, struct image_in *in, PIX *pix, struct meta *meta,
    const char *operand)
{
	struct image_info info = *image_in_info(in);
	struct find_info fi;
	struct region held;
	struct quad q;
	const char *source;
	char buf[256];
	double t0 = now();
	int found, i, has_region, rc = 0;

	if (meta_get(meta, SDK_KEY_SOURCE) == NULL)
		meta_set(meta, SDK_KEY_SOURCE, operand);
	source = meta_get(meta, SDK_KEY_SOURCE);
	if ((has_region = region_get(meta, &held)) < 0) {
		sdk_warnx(source, "bad sdk-region: %s",
		    meta_get(meta, SDK_KEY_REGION));
		return SDK_EXIT_ERROR;
	}
	found = find_grid_dark_first(pix, &q, &fi) == 0;
	if (found && has_region)
		region_to_photo(&held, pixGetWidth(pix), pixGetHeight(pix), &q);
	else if (found)
		for (i = 0; i < 4; i++) {
			q.p[i].x = (q.p[i].x + 0.5) * info.reduce - 0.5;
			q.p[i].y = (q.p[i].y + 0.5) * info.reduce - 0.5;
		}
	if (meta_get(meta, SDK_KEY_SIZE) == NULL)
		meta_setf(meta, SDK_KEY_SIZE, "%d %d", info.width,
		    info.height);
	if (found) {
		quad_format(&q, buf, sizeof(buf));
		meta_set(meta, SDK_KEY_QUAD, buf);
		meta_del(meta, SDK_KEY_STATUS);
	} else {
		meta_del(meta, SDK_KEY_QUAD);
		meta_set(meta, SDK_KEY_STATUS, "no-grid");
		if (!opt.quiet)
			sdk_warnx(source, "no grid found");
	}
	if (opt.verbose)
		sdk_warnx(source, "%s, score %.2f, %d candidates, %.1f ms",
		    found ? "grid found" : "no grid", fi.score,
		    fi.candidates, (now() - t0) * 1e3);
	switch (opt.format) {
	case FORMAT_TEXT:
		emit_text(out, source, found, &q);
		break;
	case FORMAT_JSON:
		emit_json(out, source, found, &q, &info, now() - t0);
		break;
	case FORMAT_PNM:
		rc = has_region ? image_write_pnm(out, pix, meta) :
		    emit_record(out, in, pix, &info, meta, found ? &q : NULL);
		break;
	}
	if (rc != 0 || ferror(out))
		return SDK_EXIT_ERROR;
	return found ? SDK_EXIT_OK : SDK_EXIT_FAIL;
}

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "side", required_argument, NULL, 's' },
		{ "whole", no_argument, NULL, 'w' },
		CLI_LONGOPTS_COMMON
	};
	long l;
	int ch;

	*o = (struct options){ .format = FORMAT_PNM, .side = DEFAULT_SIDE };
	while ((ch = cli_getopt(argc, argv, "f:jo:qs:vw", longopts)) != -1) {
		switch (ch) {
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
