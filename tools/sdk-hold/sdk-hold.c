/*
 * sdk-hold: keep the answer steady over the frames of a video.
 *
 * Reads the records of sdk-solve, one a frame, and holds the last answer
 * (its puzzle and its solution).  A frame whose read puzzle is the held one,
 * or differs from it only in a few cells that the OCR was unsure of
 * (sdk-conf), gets the held answer, with the frame's own metadata (source,
 * corners), so that the digits drawn onto the video do not flicker when one
 * frame misreads a cell.  A frame that is solved and clearly differs (a new
 * puzzle) replaces the held answer; a frame without a grid passes on and
 * leaves the answer held for the next.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grid.h"
#include "json.h"
#include "keys.h"
#include "meta.h"
#include "outfile.h"
#include "sdk.h"
#include "util.h"

#define DEFAULT_CONF	6	/* a cell read at or below this may differ */
#define DEFAULT_CELLS	3	/* at most this many cells may differ */

/* The options (sdk-hold(1)), filled by parse_args(). */
struct options {
	long		 conf;		/* -c: a cell this sure may differ */
	long		 cells;		/* -d: at most this many cells differ */
	const char	*out;		/* -o FILE; NULL: standard output */
	int		 json;		/* -j: JSON Lines, not records */
	int		 quiet;		/* -q: no messages on unsolved frames */
	int		 verbose;	/* -v: say which frames were held */
	char *const	*files;		/* the operands; none: "-" */
};

static struct options opt;
static struct outfile out;
static int have;			/* an answer is held */
static unsigned char held_puzzle[GRID_CELLS], held_solution[GRID_CELLS];
static long nrecords;

static void
help(FILE *fp)
{
	fprintf(fp, "\nKeep the answer steady over the frames of a video: a "
	    "frame whose read differs\nfrom the last answer's puzzle only in "
	    "a few unsure cells gets that answer.\n\n"
	    "  -c, --confidence=CONF\n"
	    "                     a cell read with confidence CONF or less "
	    "(0-9) may\n"
	    "                     differ (default %d)\n"
	    "  -d, --cells=CELLS  at most CELLS cells may differ (default %d; "
	    "0: only the\n"
	    "                     same read)\n"
	    CLI_HELP_OUTPUT
	    "  -j, --json         JSON Lines, one object a frame, instead of "
	    "records\n"
	    "  -q, --quiet        no messages about unsolved frames\n"
	    "  -v, --verbose      say which frames got the held answer\n"
	    CLI_HELP_END GRID_OPERAND_HELP, DEFAULT_CONF, DEFAULT_CELLS);
}

static const struct cli_program program = {
	"sdk-hold",
	"usage: sdk-hold [-jqv] [-c CONF] [-d CELLS] [-o FILE] [FILE ...]\n",
	help, NULL
};

/* The puzzle a record read: its sdk-puzzle, else its cells. */
static int
read_puzzle(const struct grid *g, unsigned char *cell)
{
	const char *p;

	if ((p = meta_get(&g->meta, SDK_KEY_PUZZLE)) == NULL) {
		memcpy(cell, g->cell, GRID_CELLS);
		return 0;
	}
	return grid_parse_line(p, cell);
}

/*
 * How many cells of the read differ from the held puzzle, or -1 when one
 * of them was read with more confidence than -c allows (or the record has
 * no sdk-conf, so every cell counts as certain).
 */
static int
differing(const struct grid *g, const unsigned char *puzzle)
{
	const char *conf;
	int i, n = 0;

	conf = meta_get(&g->meta, SDK_KEY_CONF);
	if (conf != NULL && strlen(conf) != GRID_CELLS)
		conf = NULL;
	for (i = 0; i < GRID_CELLS; i++) {
		if (puzzle[i] == held_puzzle[i])
			continue;
		if (conf == NULL || conf[i] < '0' || conf[i] > '9' ||
		    conf[i] - '0' > opt.conf)
			return -1;
		n++;
	}
	return n;
}

/* -j: the frame's record as one JSON object. */
static void
write_json(const struct grid *g, const char *src, const char *status)
{
	const char *held = meta_get(&g->meta, SDK_KEY_HELD);
	char line[GRID_CELLS + 1];
	struct json j;

	json_begin(&j, out.fp);
	json_str(&j, "source", src);
	json_long(&j, "record", nrecords);
	json_str(&j, "status", status);
	if (held != NULL)
		json_long(&j, "held", strtol(held, NULL, 10));
	else
		json_str(&j, "held", NULL);
	json_str(&j, "puzzle", meta_get(&g->meta, SDK_KEY_PUZZLE));
	grid_format_line(g->cell, line);
	json_str(&j, "grid", line);
	json_end(&j);
}

/* Write one frame's record, held or not.  Returns its status. */
static int
process_one(struct grid *g, const char *input)
{
	unsigned char puzzle[GRID_CELLS];
	char line[GRID_CELLS + 1];
	const char *status, *src;
	int n, bad = 0;

	nrecords++;
	status = meta_get(&g->meta, SDK_KEY_STATUS);
	src = meta_get(&g->meta, SDK_KEY_SOURCE);
	if (src == NULL)
		src = input;
	if (status != NULL && strcmp(status, "no-grid") == 0) {
		/* Lost for a frame: keep the answer for the next. */
	} else if (read_puzzle(g, puzzle) != 0) {
		/* Passed on as it came, but malformed input: status 2. */
		sdk_warnx(src, "record %ld: bad sdk-puzzle", nrecords);
		bad = 1;
	} else if (have && (n = differing(g, puzzle)) >= 0 &&
	    n <= opt.cells) {
		grid_format_line(held_puzzle, line);
		meta_set(&g->meta, SDK_KEY_PUZZLE, line);
		meta_set(&g->meta, SDK_KEY_STATUS, "solved");
		meta_setf(&g->meta, SDK_KEY_HELD, "%d", n);
		memcpy(g->cell, held_solution, GRID_CELLS);
		if (opt.verbose && n == 0)
			sdk_warnx(src, "record %ld: the held puzzle",
			    nrecords);
		else if (opt.verbose)
			sdk_warnx(src, "record %ld: the held puzzle but for "
			    "%d unsure cell%s", nrecords, n, n == 1 ? "" : "s");
		status = "solved";
	} else if (status != NULL && strcmp(status, "solved") == 0) {
		memcpy(held_puzzle, puzzle, GRID_CELLS);
		memcpy(held_solution, g->cell, GRID_CELLS);
		have = 1;
	}
	if (opt.json)
		write_json(g, src, status);
	else
		grid_write(out.fp, g, GRID_FORMAT_LINE);
	if (ferror(out.fp) || bad)
		return SDK_EXIT_ERROR;
	if (status != NULL && strcmp(status, "solved") == 0)
		return SDK_EXIT_OK;
	if (!opt.quiet)
		sdk_warnx(src, "record %ld: not solved: %s", nrecords,
		    status != NULL ? status : "no status");
	return SDK_EXIT_FAIL;
}

/* grid_each(): an output that cannot be written ends the run. */
static int
output_failed(int rc)
{
	(void)rc;
	return ferror(out.fp);
}

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "confidence", required_argument, NULL, 'c' },
		{ "cells", required_argument, NULL, 'd' },
		CLI_LONGOPTS_COMMON
	};
	int ch;

	*o = (struct options){ .conf = DEFAULT_CONF, .cells = DEFAULT_CELLS };
	while ((ch = cli_getopt(argc, argv, "c:d:jo:qv", longopts)) != -1) {
		switch (ch) {
		case 'c':
			if (sdk_parse_long(optarg, 0, 9, &o->conf) != 0)
				cli_usage_error("-c %s: not a confidence from "
				    "0 to 9", optarg);
			break;
		case 'd':
			if (sdk_parse_long(optarg, 0, GRID_CELLS,
			    &o->cells) != 0)
				cli_usage_error("-d %s: not a number of cells "
				    "from 0 to 81", optarg);
			break;
		case 'j':
			o->json = 1;
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
	char *const *file;
	int status = SDK_EXIT_OK;

	cli_init(&program);
	parse_args(argc, argv, &opt);
	if (outfile_open(&out, opt.out) != 0)
		return SDK_EXIT_ERROR;
	for (file = opt.files; *file != NULL; file++)
		status = sdk_status_fold(status, grid_each(*file, process_one,
		    output_failed));
	return cli_finish(&out, status);
}
