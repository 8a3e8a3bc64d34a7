/*
 * sdk-batch-rows: the part of sdk-batch's worker that reads records
 * (sdk-batch(1); make install puts it in LIBEXECDIR/sdk).  The worker
 * (sdk-batch-worker.sh) runs the five programs over a share of photos in
 * a work folder W, and this program three times around them:
 *
 *	sdk-batch-rows pick [-p jpeg|png] W
 *		after sdk-solve: which solved records sdk-render draws, in
 *		which format, and the thumbnails' records (pick.c)
 *	sdk-batch-rows rows -c CODES -t TICKS -o OUTDIR -r ROWS [-F]
 *	    [-s SHEET] CHUNK W
 *		after sdk-render: each photo's grid, solution and rows in W,
 *		and W/ops, the moves that put them in place (rows.c)
 *	sdk-batch-rows place W
 *		the moves of W/ops, the rows last; then "INDEX<tab>EXIT<tab>
 *		MESSAGE" a photo done on standard output (place.c)
 *
 * The records are read by libcommon's grid reader; what is written is
 * data, never a program: no file of W is run by a shell.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rows.h"
#include "util.h"

/* The options, filled by parse_args(). */
struct options {
	const char	*picture;	/* -p: jpeg, png, "" for by the photo */
	const char	*codes;		/* -c: the stages' exit statuses */
	const char	*ticks;		/* -t: CPU times after each step */
	const char	*outdir;	/* -o: the batch's folder */
	const char	*rows;		/* -r: its rows' folder */
	const char	*sheet;		/* -s: the thumbnails' sheet, or "" */
	int		 full;		/* -F: a stage found the disk full */
	char *const	*operands;
};

static void
help(FILE *fp)
{
	fputs("\nThe record-reading part of sdk-batch's worker: not run by "
	    "hand (sdk-batch(1)).\n\n"
	    "  pick W           which solved records of W/s.txt sdk-render "
	    "draws, and how\n"
	    "  -p, --picture=FORMAT\n"
	    "                   jpeg or png for every answer (default: JPEG "
	    "for JPEG photos)\n"
	    "  rows CHUNK W     the rows and outputs of the share's photos, "
	    "and W/ops\n"
	    "  -c CODES         the stages' exit statuses\n"
	    "  -t TICKS         the CPU times after each step (times(1))\n"
	    "  -o OUTDIR        the batch's folder\n"
	    "  -r ROWS          its rows' folder\n"
	    "  -s SHEET         the thumbnails' sheet in OUTDIR\n"
	    "  -F               a stage found the disk full\n"
	    "  place W          the moves of W/ops; a line a photo done\n"
	    CLI_HELP_END, fp);
}

static const struct cli_program program = {
	"sdk-batch",
	"usage: sdk-batch-rows pick [-p jpeg|png] W\n"
	"       sdk-batch-rows rows -c CODES -t TICKS -o OUTDIR -r ROWS [-F]\n"
	"                      [-s SHEET] CHUNK W\n"
	"       sdk-batch-rows place W\n",
	help, NULL
};

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "picture", required_argument, NULL, 'p' },
		CLI_LONGOPTS_COMMON
	};
	int ch;

	*o = (struct options){ .picture = "", .sheet = "" };
	while ((ch = cli_getopt(argc, argv, "Fc:o:p:r:s:t:", longopts)) != -1) {
		switch (ch) {
		case 'F':
			o->full = 1;
			break;
		case 'c':
			o->codes = optarg;
			break;
		case 'o':
			o->outdir = optarg;
			break;
		case 'p':
			if (strcmp(optarg, "jpeg") != 0 &&
			    strcmp(optarg, "png") != 0)
				cli_usage_error("--picture %s: unknown format "
				    "(jpeg or png)", optarg);
			o->picture = optarg;
			break;
		case 'r':
			o->rows = optarg;
			break;
		case 's':
			o->sheet = optarg;
			break;
		case 't':
			o->ticks = optarg;
			break;
		default:
			cli_usage_error(NULL);
		}
	}
	o->operands = argv + optind;
}

/* The operands of a mode: want of them, or a usage error. */
static void
need(const struct options *o, int want)
{
	int n;

	for (n = 0; o->operands[n] != NULL; n++)
		;
	if (n != want + 1)
		cli_usage_error("%s takes %d operand%s", o->operands[0], want,
		    want == 1 ? "" : "s");
}

int
main(int argc, char *argv[])
{
	struct options opt;
	struct rows r;
	const char *mode;
	int st;

	cli_init(&program);
	parse_args(argc, argv, &opt);
	if ((mode = opt.operands[0]) == NULL)
		cli_usage_error("pick, rows or place?");
	if (strcmp(mode, "pick") == 0) {
		need(&opt, 1);
		return cli_finish(NULL, pick_main(opt.operands[1],
		    opt.picture));
	}
	if (strcmp(mode, "place") == 0) {
		need(&opt, 1);
		return cli_finish(NULL, place_main(opt.operands[1]));
	}
	if (strcmp(mode, "rows") != 0)
		cli_usage_error("%s: not pick, rows or place", mode);
	need(&opt, 2);
	if (opt.codes == NULL || opt.ticks == NULL || opt.outdir == NULL ||
	    opt.rows == NULL)
		cli_usage_error("rows needs -c, -t, -o and -r");
	memset(&r, 0, sizeof(r));
	r.w = opt.operands[2];
	r.outdir = opt.outdir;
	r.rowsdir = opt.rows;
	r.sheet = opt.sheet;
	r.full = opt.full;
	st = rows_main(&r, opt.operands[1], opt.codes, opt.ticks);
	rows_free(&r);
	return cli_finish(NULL, st);
}
