/*
 * sdk-ocr: read the 81 cells of straightened grid images (sdk-warp's
 * output) and write grid records with per-cell confidence and the next
 * best readings.  Whether a cell holds a digit is decided from its ink
 * (cells.c); the digits are then classified by an engine: the built-in
 * classifier (classifier-mlp.c, the default) or Tesseract (classifier-tess.c).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cellname.h"
#include "cells.h"
#include "classifier.h"
#include "cli.h"
#include "doubt.h"
#include "entries.h"
#include "geom.h"
#include "grid.h"
#include "hand.h"
#include "imagein.h"
#include "inks.h"
#include "json.h"
#include "keys.h"
#include "marks.h"
#include "models.h"
#include "orient.h"
#include "outfile.h"
#include "read.h"
#include "repair.h"
#include "sdk.h"
#include "solve.h"
#include "util.h"

#define SQUARE_MAX	2048	/* the largest square read as it is */

struct options {
	const struct classifier *eng;	/* -e: the digit classifier */
	const char	*out;		/* -o FILE; NULL: standard output */
	int		 repair;	/* mend (--no-repair: 0) */
	int		 json;		/* -j */
	int		 quiet;		/* -q */
	int		 verbose;	/* -v: one line a record on stderr */
	int		 upright;	/* --upright: never turn the square */
	char *const	*files;		/* the operands; none: "-" */
};

static struct options opt;
static long nrecords;

static void
help(FILE *fp)
{
	fprintf(fp, "\nRead the 81 cells of straightened grid images (PNM "
	    "from sdk-warp, PNG, JPEG)\nand write grid records with "
	    "per-cell confidence (# sdk-conf) and alternatives\n(# sdk-alt); "
	    "digits written by hand go in # sdk-entries, pencil marks in\n"
	    "# sdk-pencil (an app's candidates read: r1c2:137).\n\n"
	    "  -e, --engine=ENGINE\n"
	    "                     digit classifier: mlp (built in, default) "
	    "or tesseract\n"
	    CLI_HELP_OUTPUT
	    "  --no-repair        do not mend a read that is not a proper "
	    "puzzle with\n"
	    "                     the next-best readings of its cells\n"
	    "  --upright          take every grid as upright; by default a "
	    "grid lying on\n"
	    "                     its side or upside down is turned to read "
	    "it\n"
	    "  -j, --json         JSON Lines instead of records\n"
	    "  -q, --quiet        no messages about images without a grid\n"
	    "  -v, --verbose      one line about every record on stderr\n"
	    CLI_HELP_END);
}

static const char *
versions(void)
{
	static char buf[512];

	image_init();
	snprintf(buf, sizeof(buf), "%s, %s\nbuilt-in model: %s",
	    image_versions(), classifier_tesseract.version(),
	    classifier_mlp.version());
	return buf;
}

static const struct cli_program program = {
	"sdk-ocr",
	"usage: sdk-ocr [-jqv] [-e mlp|tesseract] [-o FILE] [--no-repair]\n"
	"               [--upright] [FILE ...]\n",
	help, versions
};

static void
emit(FILE *fp, struct grid *g, const char *src, const char *status,
    const char *changed)
{
	static const char *const keys[][2] = {
		{ SDK_KEY_ENTRIES, "entries" }, { SDK_KEY_PENCIL, "pencil" },
		{ SDK_KEY_UNSURE, "unsure" }, { SDK_KEY_CONF, "conf" }
	};
	char	 line[GRID_CELLS + 1];
	struct json js;
	size_t	 k;

	if (!opt.json) {
		grid_write(fp, g, GRID_FORMAT_LINE);
		return;
	}
	grid_format_line(g->cell, line);
	json_begin(&js, fp);
	json_str(&js, "source", src);
	json_long(&js, "record", nrecords);
	json_str(&js, "status", status);
	json_str(&js, "engine", opt.eng->name);
	json_str(&js, "grid", line);
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (meta_get(&g->meta, keys[k][0]) != NULL)
			json_str(&js, keys[k][1], meta_get(&g->meta,
			    keys[k][0]));
	if (changed != NULL && changed[0] != '\0')
		json_str(&js, "repaired", changed);
	json_end(&js);
}

/*
 * Turn the grey square (and so its cells) the given quarter turns
 * clockwise, and its corners in # sdk-quad with it: the first corner
 * stays the grid's top left as the digits stand.  Returns 0 or -1.
 */
static int
turn_square(PIX **grey, struct cell cell[81], struct meta *meta, int turns)
{
	PIX	*t;
	const char *q;
	struct quad from, to;
	char	 buf[128];
	int	 i;

	t = sdk_need(pixRotateOrth(*grey, turns));
	pixDestroy(grey);
	*grey = t;
	if (cells_extract(t, cell) != 0)
		return -1;
	if ((q = meta_get(meta, SDK_KEY_QUAD)) != NULL &&
	    quad_parse(q, &from) == 0) {
		/* Turned clockwise, the old corner i - turns is corner i. */
		for (i = 0; i < 4; i++)
			to.p[i] = from.p[(i - turns + 4) % 4];
		quad_format(&to, buf, sizeof(buf));
		meta_set(meta, SDK_KEY_QUAD, buf);
	}
	return 0;
}

/*
 * The cells of an image record, turned upright unless --upright: NULL,
 * or why there is no grid to read.  *grey receives the grey square.
 */
/*
 * A square larger than SQUARE_MAX pixels a side, scaled down to it at
 * once (area means): its cells are read no better larger, and the
 * binarisation costs some 20 bytes a pixel.  pix itself if it fits.
 */
static PIX *
square_fit(PIX *pix)
{
	int w = pixGetWidth(pix), h = pixGetHeight(pix);
	float f = (float)SQUARE_MAX / (w > h ? w : h);

	if (w <= SQUARE_MAX && h <= SQUARE_MAX)
		return pix;
	return sdk_need(pixScaleAreaMap(pix, f, f));
}

static const char *
square_cells(PIX *orig, const struct meta *meta, struct meta *out,
    PIX **grey, struct cell cell[81], int *turns)
{
	PIX	*pix = orig;
	const char *st = meta_get(meta, SDK_KEY_STATUS);

	*grey = NULL;
	*turns = 0;
	if (st != NULL && strcmp(st, "no-grid") == 0)
		return "no grid found";
	if (pixGetWidth(pix) < 9 * 8 || pixGetHeight(pix) < 9 * 8)
		return "image too small to hold a grid";
	*grey = sdk_need(image_grey_min(pix = square_fit(pix)));
	if (pix != orig)
		pixDestroy(&pix);
	if (cells_extract(*grey, cell) != 0)
		return "cannot analyse the image";
	if (!opt.upright && (*turns = orient_guess(cell)) != 0 &&
	    turn_square(grey, cell, out, *turns) != 0)
		return "cannot analyse the image";
	return NULL;
}

/*
 * sdk-unsure from a reading: "r2c6:8|3" a cell read 8 that could as well
 * be 3, the digit the puzzle would take (read.h), "r4c9:.|2" one whose ink
 * may be no digit at all, row by row.
 */
static void
record_doubts(struct grid *g, const struct reading_set *r)
{
	char	 list[DOUBTS_MAX];

	doubts_format(&r->doubt, list);
	if (r->doubt.n > 0)
		meta_set(&g->meta, SDK_KEY_UNSURE, list);
	else
		meta_del(&g->meta, SDK_KEY_UNSURE);
}

/* sdk-entries and sdk-pencil from a reading; returns the entries. */
static int
record_kinds(struct grid *g, const struct reading_set *r)
{
	struct pencil p;
	unsigned char hand[GRID_CELLS];
	char	 entries[GRID_CELLS + 1], pencils[PENCIL_MAX];
	int	 i, n;

	memset(&p, 0, sizeof(p));
	for (i = 0; i < GRID_CELLS; i++) {
		hand[i] = r->hand[i] ? (unsigned char)r->rd[i][0].v : 0;
		/*
		 * An app's candidates are read (marks.c), and a cell of them
		 * with none read is no such cell (a shadow's grain on a
		 * photo); a photo's pencil marks (kind.h) are not read:
		 * "r1c2:".
		 */
		if (r->cell[i].pencil)
			p.digits[i] = marks_read(&r->cell[i]);
		p.has[i] = r->pencil[i] != 0 || p.digits[i] != 0;
		p.n += p.has[i];
	}
	n = entries_format(hand, entries);
	if (n > 0)
		meta_set(&g->meta, SDK_KEY_ENTRIES, entries);
	else
		meta_del(&g->meta, SDK_KEY_ENTRIES);
	pencil_format(&p, pencils);
	if (p.n > 0)
		meta_set(&g->meta, SDK_KEY_PENCIL, pencils);
	else
		meta_del(&g->meta, SDK_KEY_PENCIL);
	return n;
}

/* sdk-conf and sdk-alt from a reading. */
static void
record_confidence(struct grid *g, const struct reading_set *r)
{
	char	 conf[GRID_CELLS + 1], name[CELL_NAME_MAX], *alt;
	size_t	 altlen = 0, altcap = GRID_CELLS * 40;
	int	 i, j;

	alt = sdk_xmalloc(altcap);
	alt[0] = '\0';
	for (i = 0; i < GRID_CELLS; i++) {
		double	 c = r->rd[i][0].p;
		int	 any = 0;

		conf[i] = (char)('0' + (int)fmin(9, floor(c * 10)));
		for (j = 1; j < r->nrd[i] && j < ALT_MAX; j++) {
			if (r->rd[i][j].p < ALT_MIN)
				break;
			if (!any)
				altlen += (size_t)snprintf(alt + altlen,
				    altcap - altlen, "%s%s:", altlen ?
				    " " : "", cell_name(name, i));
			altlen += (size_t)snprintf(alt + altlen,
			    altcap - altlen, "%s%c=%.3f", any ? "," : "",
			    r->rd[i][j].v ? '0' + r->rd[i][j].v : '.',
			    r->rd[i][j].p);
			any = 1;
		}
	}
	conf[GRID_CELLS] = '\0';
	meta_set(&g->meta, SDK_KEY_CONF, conf);
	if (altlen > 0)
		meta_set(&g->meta, SDK_KEY_ALT, alt);
	else
		meta_del(&g->meta, SDK_KEY_ALT);
	if (r->changed[0] != '\0')
		meta_set(&g->meta, SDK_KEY_REPAIRED, r->changed);
	free(alt);
}

/* -v: what became of the record. */
static void
say_verbose(const char *src, const struct grid *g, const struct reading_set *r,
    int turns, int ndig, const struct timespec *t0)
{
	static const char *const turned[4] = { "",
	    "turned a quarter clockwise, ", "turned upside down, ",
	    "turned a quarter anticlockwise, " };
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	/* The cells changed: givens mended, entries read by the solution. */
	sdk_warnx(src, "%s%d digits, %s%s%s, %.1f ms", turned[turns], ndig,
	    !opt.repair ? (sdk_givens_check(g->cell, NULL, 0) == 0 ?
	    "valid" : "invalid") :
	    r->repair == REPAIR_PROPER ? "proper" :
	    r->repair == REPAIR_MENDED ? "mended" : "not proper, not mended",
	    r->changed[0] ? " " : "", r->changed,
	    (t1.tv_sec - t0->tv_sec) * 1e3 +
	    (t1.tv_nsec - t0->tv_nsec) / 1e6);
}

/* One image record.  Returns its status. */
static int
process_one(FILE *fp, PIX *pix, struct meta *meta, const char *input)
{
	static struct cell cell[GRID_CELLS];
	static float prob[GRID_CELLS][9];
	struct cell_inks inks;
	struct reading_set *r;
	struct grid g;
	struct timespec t0;
	const char *src, *why, *ink;
	PIX	*grey;
	int	 i, turns, ndig = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	nrecords++;
	grid_init(&g);
	meta_copy(&g.meta, meta);
	if (meta_get(&g.meta, SDK_KEY_SOURCE) == NULL)
		meta_set(&g.meta, SDK_KEY_SOURCE, input);
	src = meta_get(&g.meta, SDK_KEY_SOURCE);
	if ((why = square_cells(pix, meta, &g.meta, &grey, cell,
	    &turns)) != NULL) {
		meta_set(&g.meta, SDK_KEY_STATUS, "no-grid");
		if (!opt.quiet)
			sdk_warnx(src, "%s", why);
		emit(fp, &g, src, "no-grid", NULL);
		pixDestroy(&grey);
		grid_free(&g);
		return SDK_EXIT_FAIL;
	}
	if (opt.eng->read(grey, cell, prob) != 0) {
		sdk_warnx(src, "%s engine failed", opt.eng->name);
		pixDestroy(&grey);
		grid_free(&g);
		return SDK_EXIT_ERROR;
	}
	pixDestroy(&grey);
	/* The image's, not the grid's: read, and not passed on. */
	if (inks_parse(meta_get(&g.meta, SDK_KEY_CELL_INK), turns, &inks) != 0 &&
	    !opt.quiet)
		sdk_warnx(src, "malformed %s: ignored", SDK_KEY_CELL_INK);
	ink = meta_get(&g.meta, SDK_KEY_INK);
	inks.light = ink != NULL && strcmp(ink, "light") == 0;
	meta_del(&g.meta, SDK_KEY_CELL_INK);
	r = read_grid(cell, prob, &inks, opt.repair);
	memcpy(g.cell, r->given, sizeof(r->given));
	ndig = record_kinds(&g, r);
	record_doubts(&g, r);
	for (i = 0; i < GRID_CELLS; i++)
		ndig += g.cell[i] != 0;
	record_confidence(&g, r);
	if (opt.verbose)
		say_verbose(src, &g, r, turns, ndig, &t0);
	emit(fp, &g, src, "ok", r->changed);
	grid_free(&g);
	return SDK_EXIT_OK;
}

/*
 * Tesseract's OpenMP runtime reads OMP_THREAD_LIMIT when it is loaded,
 * before main(): set it and start again when it is missing.
 */
static void
tesseract_env(char **argv)
{
	if (getenv("OMP_THREAD_LIMIT") != NULL)
		return;
	if (setenv("OMP_THREAD_LIMIT", "1", 1) != 0)
		return;
	execv("/proc/self/exe", argv);
	/* No /proc: go on, only slower on a loaded machine. */
}

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "no-repair", no_argument, NULL, 'R' },
		{ "upright", no_argument, NULL, 'U' },
		{ "engine", required_argument, NULL, 'e' },
		CLI_LONGOPTS_COMMON
	};
	int	 ch;

	*o = (struct options){ .eng = &classifier_mlp, .repair = 1 };
	while ((ch = cli_getopt(argc, argv, "e:jo:qv", longopts)) != -1) {
		switch (ch) {
		case 'e':
			if (strcmp(optarg, "mlp") == 0)
				o->eng = &classifier_mlp;
			else if (strcmp(optarg, "tesseract") == 0)
				o->eng = &classifier_tesseract;
			else
				cli_usage_error("-e %s: unknown engine (mlp or "
				    "tesseract)", optarg);
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'R':
			o->repair = 0;
			break;
		case 'U':
			o->upright = 1;
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
	o->files = cli_operands(argc, argv);
}

int
main(int argc, char *argv[])
{
	struct outfile out;
	char	**args, *const *file;
	int	 i, status = SDK_EXIT_OK;

	cli_init(&program);
	/* getopt_long() permutes argv: keep it for tesseract_env's exec. */
	args = sdk_xcalloc((size_t)argc + 1, sizeof(*args));
	for (i = 0; i < argc; i++)
		args[i] = argv[i];
	parse_args(argc, argv, &opt);
	if (opt.eng == &classifier_tesseract)
		tesseract_env(args);
	free(args);
	/* A wrong or damaged model file stops us before any output. */
	(void)ocr_models();
	image_init();
	if (opt.eng->open() != 0)
		sdk_errx(SDK_EXIT_ERROR, NULL, "cannot start the %s engine",
		    opt.eng->name);
	if (outfile_open(&out, opt.out) != 0) {
		opt.eng->close();
		return SDK_EXIT_ERROR;
	}
	for (file = opt.files; *file != NULL; file++)
		status = sdk_status_fold(status,
		    image_in_each(*file, out.fp, process_one));
	opt.eng->close();
	return cli_finish(&out, status);
}
