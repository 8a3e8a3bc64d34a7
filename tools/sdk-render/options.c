/*
 * options.c: sdk-render's command line (options.h): each option, then
 * the ones that depend on each other.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "jpegout.h"
#include "options.h"
#include "pnm.h"
#include "template.h"
#include "util.h"

/* Does the name end in a suffix of an image file? */
static int
image_suffix(const char *name)
{
	static const char *sfx[] = { ".jpg", ".jpeg", ".png", ".pnm",
	    ".ppm", ".pgm", ".pbm", ".tif", ".tiff", ".bmp", ".gif",
	    ".webp", ".jp2", ".heic", ".heif", ".avif" };
	const char *dot = strrchr(name, '.');
	size_t i;

	if (dot == NULL)
		return 0;
	for (i = 0; i < sizeof(sfx) / sizeof(sfx[0]); i++)
		if (strcasecmp(dot, sfx[i]) == 0)
			return 1;
	return 0;
}

/* --onto[=PHOTO]: a photo named, or the next operand if an image. */
static void
set_onto(struct options *o, int argc, char *argv[])
{
	o->onto = ONTO_SOURCE;
	o->photo = NULL;
	if (optarg != NULL)
		o->photo = optarg;
	else if (optind < argc && argv[optind][0] != '-' &&
	    image_suffix(argv[optind]))
		o->photo = argv[optind++];
	if (o->photo != NULL) {
		if (o->photo[0] == '\0')
			cli_usage_error("--onto: empty photo name");
		o->onto = ONTO_PHOTO;
	}
}

/* --thumbnail=WxH: a box from 8x8 to SIDE_MAX a side. */
static void
set_thumbnail(struct options *o, const char *arg)
{
	char *end;
	long w, h;

	errno = 0;
	w = strtol(arg, &end, 10);
	if (errno == 0 && end != arg && *end == 'x' && end[1] >= '0' &&
	    end[1] <= '9') {
		h = strtol(end + 1, &end, 10);
		if (errno == 0 && *end == '\0' && w >= 8 && h >= 8 &&
		    w <= SIDE_MAX && h <= SIDE_MAX) {
			o->fitw = (int)w;
			o->fith = (int)h;
			return;
		}
	}
	cli_usage_error("--thumbnail=%s: not a box WIDTHxHEIGHT from 8x8 to "
	    "%dx%d", arg, SIDE_MAX, SIDE_MAX);
}

/* One option from cli_getopt() into o; *fmt_set when -f was given. */
static void
set_option(struct options *o, int ch, int argc, char *argv[], int *fmt_set)
{
	switch (ch) {
	case 'c':
		o->changes = 1;
		break;
	case 'f':
		if (strcmp(optarg, "pnm") == 0)
			o->fmt = FMT_PNM;
		else if (strcmp(optarg, "png") == 0)
			o->fmt = FMT_PNG;
		else if (strcmp(optarg, "jpeg") == 0 ||
		    strcmp(optarg, "jpg") == 0)
			o->fmt = FMT_JPEG;
		else if (strcmp(optarg, "text") == 0)
			o->fmt = FMT_TEXT;
		else
			cli_usage_error("-f %s: unknown format (pnm, png, jpeg "
			    "or text)", optarg);
		*fmt_set = 1;
		break;
	case 'm':
		if (sdk_parse_long(optarg, 0, SIDE_MAX / 4, &o->margin) != 0)
			cli_usage_error("-m %s: not a margin in pixels",
			    optarg);
		break;
	case 'o':
		o->out = optarg;
		break;
	case 'Q':
		if (sdk_parse_long(optarg, 1, 100, &o->quality) != 0)
			cli_usage_error("-Q %s: not a JPEG quality from 1 to "
			    "100", optarg);
		o->quality_set = 1;
		break;
	case 's':
		if (sdk_parse_long(optarg, SIDE_MIN, SIDE_MAX, &o->side) != 0)
			cli_usage_error("-s %s: not a size in pixels from %d "
			    "to %d", optarg, SIDE_MIN, SIDE_MAX);
		break;
	case 'O':
		set_onto(o, argc, argv);
		break;
	case 'T':
		set_thumbnail(o, optarg);
		break;
	case 'C':
		if (strcmp(optarg, "auto") == 0)
			o->color = COLOR_AUTO;
		else if (strcmp(optarg, "always") == 0)
			o->color = COLOR_ALWAYS;
		else if (strcmp(optarg, "never") == 0)
			o->color = COLOR_NEVER;
		else
			cli_usage_error("--color=%s: want auto, always or "
			    "never", optarg);
		break;
	case 'j':
		o->json = 1;
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

/* -o: "-" is stdout; a template or not; the format from its suffix. */
static void
check_output(struct options *o, int fmt_set)
{
	const char *dot;
	int t;

	if (o->out != NULL && strcmp(o->out, "-") == 0)
		o->out = NULL;
	if (o->out == NULL)
		return;
	if ((t = template_check(o->out)) == -2)
		cli_usage_error("-o %s: a %%n width over %d", o->out,
		    TEMPLATE_MAX_WIDTH);
	if (t < 0)
		cli_usage_error("-o %s: unknown %% escape (%%s, %%n, %%%%)",
		    o->out);
	o->tmpl = t;
	dot = strrchr(o->out, '.');
	if (!fmt_set && dot != NULL && strcasecmp(dot, ".png") == 0)
		o->fmt = FMT_PNG;
	else if (!fmt_set && dot != NULL && (strcasecmp(dot, ".jpg") == 0 ||
	    strcasecmp(dot, ".jpeg") == 0))
		o->fmt = FMT_JPEG;
	else if (!fmt_set && dot != NULL && strcasecmp(dot, ".txt") == 0)
		o->fmt = FMT_TEXT;
}

/* The options that depend on each other. */
static void
check_options(struct options *o, int fmt_set)
{
	char err[256];

	if (pnm_check_size(o->side, o->side, err, sizeof(err)) != 0)
		cli_usage_error("-s %ld: %s", o->side, err);
	if (o->margin < 0)
		o->margin = o->side / 32;
	else if (o->margin > o->side / 4)
		cli_usage_error("-m %ld: more than a quarter of the side (-s "
		    "%ld)", o->margin, o->side);
	check_output(o, fmt_set);
	if (o->quality != 0 && o->fmt != FMT_JPEG)
		cli_usage_error("-Q %ld: only JPEG output has a quality",
		    o->quality);
	if (o->quality == 0)
		o->quality = JPEGOUT_QUALITY;
	if (o->fitw > 0 && o->onto == ONTO_NONE)
		cli_usage_error("--thumbnail makes the photo small: it needs "
		    "--onto");
	if (o->fmt == FMT_TEXT && o->onto != ONTO_NONE)
		cli_usage_error("--onto draws images: it cannot go with -f "
		    "text");
	if (o->json && o->out == NULL)
		cli_usage_error("-j writes on standard output: it needs -o "
		    "FILE for the pictures");
	if (o->out == NULL && o->fmt != FMT_TEXT && sdk_isatty(stdout))
		sdk_errx(SDK_EXIT_ERROR, NULL, "standard output is a "
		    "terminal: redirect it, or use -o FILE or -f text");
}

void
options_parse(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "quality", required_argument, NULL, 'Q' },
		{ "onto", optional_argument, NULL, 'O' },
		{ "thumbnail", required_argument, NULL, 'T' },
		{ "color", required_argument, NULL, 'C' },
		{ "colour", required_argument, NULL, 'C' },
		{ "changes", no_argument, NULL, 'c' },
		{ "format", required_argument, NULL, 'f' },
		{ "margin", required_argument, NULL, 'm' },
		{ "size", required_argument, NULL, 's' },
		CLI_LONGOPTS_COMMON
	};
	int ch, fmt_set = 0;

	*o = (struct options){ .fmt = FMT_PNM, .side = SIDE_DEFAULT,
		.margin = -1, .onto = ONTO_NONE, .color = COLOR_AUTO };
	while ((ch = cli_getopt(argc, argv, "cf:jm:o:qQ:s:v", longopts)) != -1)
		set_option(o, ch, argc, argv, &fmt_set);
	check_options(o, fmt_set);
	o->files = cli_operands(argc, argv);
}
