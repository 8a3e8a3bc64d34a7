/*
 * sdk-detect: find the Sudoku grid in photos.
 *
 * Reads photos (JPEG, PNG, PNM streams, whatever Leptonica reads) and
 * writes each as an image record carrying sdk-source, sdk-size and
 * sdk-quad, the grid's corners.  A photo without a grid still flows on,
 * marked "sdk-status no-grid", so that batch output stays aligned.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "find.h"
#include "imagein.h"
#include "json.h"
#include "keys.h"
#include "outfile.h"
#include "util.h"

enum format { FORMAT_PNM, FORMAT_TEXT, FORMAT_JSON };

/* The options (sdk-detect(1)), filled by parse_args(). */
struct options {
	enum format	 format;	/* -f pnm|text, -j: the last wins */
	const char	*out;		/* -o FILE; NULL: standard output */
	int		 quiet;		/* -q: no message on a missing grid */
	int		 verbose;	/* -v: one line a photo on stderr */
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
	    "  -v, --verbose      one line per photo on stderr\n"
	    CLI_HELP_END);
}

static const char *
versions(void)
{
	image_init();
	return image_versions();
}

static const struct cli_program program = {
	"sdk-detect",
	"usage: sdk-detect [-jqv] [-f pnm|text] [-o FILE] [FILE ...]\n",
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
emit_json(FILE *out, PIX *pix, const char *source, int found,
    const struct quad *q, double seconds)
{
	struct json j;

	json_begin(&j, out);
	json_str(&j, "source", source);
	json_str(&j, "status", found ? "found" : "no-grid");
	json_key(&j, "size");
	fprintf(out, "[%d,%d]", pixGetWidth(pix), pixGetHeight(pix));
	if (found)
		quad_json(&j, "quad", q);
	json_double(&j, "microseconds", "%.0f", seconds * 1e6);
	json_end(&j);
}

/* Write one record in the chosen format. */
static int
emit(FILE *out, PIX *pix, struct meta *meta, const char *source, int found,
    const struct quad *q, double seconds)
{
	switch (opt.format) {
	case FORMAT_TEXT:
		emit_text(out, source, found, q);
		break;
	case FORMAT_JSON:
		emit_json(out, pix, source, found, q, seconds);
		break;
	case FORMAT_PNM:
		if (image_write_pnm(out, pix, meta) != 0)
			return -1;
		break;
	}
	return ferror(out) ? -1 : 0;
}

/* Find the grid in one photo and write its record.  Returns the status. */
static int
process_one(FILE *out, PIX *pix, struct meta *meta, const char *operand)
{
	struct find_info info;
	struct quad q;
	const char *source;
	char buf[256];
	double t0 = now();
	int found;

	if (meta_get(meta, SDK_KEY_SOURCE) == NULL)
		meta_set(meta, SDK_KEY_SOURCE, operand);
	source = meta_get(meta, SDK_KEY_SOURCE);
	found = find_grid(pix, &q, &info) == 0;
	if (meta_get(meta, SDK_KEY_SIZE) == NULL)
		meta_setf(meta, SDK_KEY_SIZE, "%d %d", pixGetWidth(pix),
		    pixGetHeight(pix));
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
		    found ? "grid found" : "no grid", info.score,
		    info.candidates, (now() - t0) * 1e3);
	if (emit(out, pix, meta, source, found, &q, now() - t0) != 0)
		return SDK_EXIT_ERROR;
	return found ? SDK_EXIT_OK : SDK_EXIT_FAIL;
}

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		CLI_LONGOPTS_COMMON
	};
	int ch;

	*o = (struct options){ .format = FORMAT_PNM };
	while ((ch = cli_getopt(argc, argv, "f:jo:qv", longopts)) != -1) {
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
	if (opt.format == FORMAT_PNM && opt.out == NULL && sdk_isatty(stdout))
		sdk_errx(SDK_EXIT_ERROR, NULL, "will not write images to a "
		    "terminal (use -o FILE, a pipe, or -f text)");
	if (outfile_open(&out, opt.out) != 0)
		return SDK_EXIT_ERROR;
	for (file = opt.files; *file != NULL; file++)
		status = sdk_status_fold(status,
		    image_in_each(*file, out.fp, process_one));
	return cli_finish(&out, status);
}
