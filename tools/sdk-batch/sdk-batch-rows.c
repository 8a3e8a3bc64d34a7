/*
 * sdk-batch-rows: the parts of sdk-batch that read and write its lists and
 * records (sdk-batch(1); make install puts it in LIBEXECDIR/sdk).  The
 * script sdk-batch.sh gathers the names (find), starts the workers and
 * shows the progress; the worker (work, below) runs the five programs
 * over a share of photos in a work folder W.  Around them:
 *
 *	sdk-batch-rows list [-0]
 *		the names on standard input, checked, a line each (list.c)
 *	sdk-batch-rows conf KEY=VALUE ...
 *		a run's settings for its workers, "KEY<tab>VALUE" a line
 *		(list.c)
 *	sdk-batch-rows names [-q] -C CWD -O OUTABS ITEMS LIST SKIPPED
 *		which files are photos, and their outputs' names (names.c)
 *	sdk-batch-rows todo [-fv] -r ROWS -m NEWEST -P OPTIONS LIST TODO
 *		which photos are out of date (todo.c)
 *	sdk-batch-rows pick [-p jpeg|png] W
 *		after sdk-solve: which solved records sdk-render draws, in
 *		which format, and the thumbnails' records (pick.c)
 *	sdk-batch-rows rows -c CODES -t TICKS -o OUTDIR -r ROWS [-F]
 *	    [-s SHEET] CHUNK W
 *		after sdk-render: each photo's grid, solution and rows in W,
 *		and W/ops, the moves that put them in place (rows.c)
 *	sdk-batch-rows plan [-R] -n CHUNK -i RUNID RUN LIST TODO OUTPUTS
 *		before the run: the shares, the links to photos whose names
 *		the programs cannot carry, the outputs' list (plan.c)
 *	sdk-batch-rows report [-gqx] -o OUTDIR -O OUTABS -r ROWS -N NOTE
 *	    -W WHEN -A ABOUT RUN LIST TODO PROGRESS SKIPPED OUTPUTS REFS
 *		at the end: results.jsonl, results.csv and index.html of
 *		every photo with a row (report.c, reporthtml.c)
 *	sdk-batch-rows place W
 *		the moves of W/ops, the rows last; then "INDEX<tab>EXIT<tab>
 *		MESSAGE" a photo done on standard output (place.c)
 *	sdk-batch-rows options OUT HERE SELF LIBEXEC [ARG ...]
 *		sdk-batch's options: its --help, --version and usage errors,
 *		else its settings, programs and operands into OUT (options.c,
 *		programs.c)
 *	sdk-batch-rows gather NULL ITEMS [OPERAND ...]
 *		what the folders and files named hold (gather.c)
 *	sdk-batch-rows collect QUIET LIVE RUN META LIBEXEC
 *		the shares back from the machines of -S (collect.c)
 *	sdk-batch-rows bundles RUN LIBEXEC KEY=VALUE ...
 *		the shares for the machines of -S (finish.c)
 *	sdk-batch-rows finish STATUS LIVE VERBOSE TODO TOTAL SKIPPED
 *	    STARTED OUTDIR RUN
 *		the batch's messages, status and last line (finish.c)
 *	sdk-batch-rows results STOPPED NOTE QUIET TODO ABOUT OUTDIR OUTABS
 *	    META RUN TMP LIBEXEC
 *		the report, moved into place (finish.c)
 *	sdk-batch-rows tick FINAL TOTAL STARTED PLEN NSAID NMSGS RUN
 *		the progress line on a terminal (tick.c)
 *	sdk-batch-rows work RUN SHARE, sdk-batch-rows remote SHARE
 *		the worker: a share through the five programs, then its
 *		rows (pick, rows and place above) and its photos named
 *		done (work.c, spawn.c)
 *
 * The records are read by libcommon's grid reader; what is written is
 * data, never a program: no file it writes is run by a shell.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "rows.h"
#include "util.h"
#include "work.h"

/* The options, filled by parse_args(). */
struct options {
	const char	*picture;	/* -p: jpeg, png, "" for by the photo */
	const char	*codes;		/* -c: the stages' exit statuses */
	const char	*ticks;		/* -t: CPU times after each step */
	const char	*outdir;	/* -o: the batch's folder */
	const char	*rows;		/* -r: its rows' folder */
	const char	*sheet;		/* -s: the thumbnails' sheet, or "" */
	int		 full;		/* -F: a stage found the disk full */
	int		 remote;	/* -R: the shares go to other machines */
	long		 chunk;		/* -n: photos a share */
	const char	*runid;		/* -i: the run's id */
	const char	*outabs;	/* -O: the batch's folder, absolute */
	const char	*note, *when, *about;	/* -N, -W, -A: the report's */
	int		 quiet;		/* -q: no messages of earlier runs */
	int		 stopped;	/* -x: the run did not finish */
	int		 gc;		/* -g: stale sheets may go */
	const char	*cwd;		/* -C: the current folder, physical */
	const char	*newest;	/* -m: the newest of the programs */
	const char	*options;	/* -P: the batch's options file */
	int		 force;		/* -f: every photo out of date */
	int		 verbose;	/* -v: say which are up to date */
	int		 null;		/* -0: names end in NUL */
	char *const	*operands;
};

static void
help(FILE *fp)
{
	fputs("\nThe parts of sdk-batch that read and write its lists and "
	    "records: not run\nby hand (sdk-batch(1)).\n\n"
	    "  list             the names on standard input, a line each\n"
	    "  -0               names end in NUL, not newline\n"
	    "  conf KEY=VALUE ...\n"
	    "                   a run's settings, a line each\n"
	    "  names ITEMS LIST SKIPPED\n"
	    "                   the photos among the files found, and their "
	    "names\n"
	    "  -C CWD, -O OUTABS\n"
	    "                   the current and the output folder, physical\n"
	    "  todo LIST TODO   which photos are out of date\n"
	    "  -r ROWS, -m NEWEST, -P OPTIONS\n"
	    "                   the rows' folder, the newest program, the "
	    "options file\n"
	    "  -f, -v           every photo; name those up to date\n"
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
	    "  plan RUN LIST TODO OUTPUTS\n"
	    "                   the shares of the run in RUN\n"
	    "  -n CHUNK         photos a share\n"
	    "  -i RUNID         the run's id\n"
	    "  -R               the shares go to the machines of -S\n"
	    "  report RUN LIST TODO PROGRESS SKIPPED OUTPUTS REFS\n"
	    "                   the results and the report, in RUN\n"
	    "  -o OUTDIR, -O OUTABS, -r ROWS\n"
	    "                   the batch's folder as named and absolute, "
	    "its rows'\n"
	    "  -N NOTE, -W WHEN, -A ABOUT\n"
	    "                   the report's note, date and maker\n"
	    "  -q, -x, -g       quiet; the run did not finish; stale sheets "
	    "may go\n"
	    "  place W          the moves of W/ops; a line a photo done\n"
	    "  work RUN SHARE   a share of the run through the programs\n"
	    "  remote SHARE     the same on a machine of -S\n"
	    "  options OUT HERE SELF LIBEXEC ARG ...\n"
	    "                   sdk-batch's options, its settings into OUT\n"
	    "  gather NULL ITEMS OPERAND ...\n"
	    "                   what the folders and files named hold\n"
	    "  collect QUIET LIVE RUN META LIBEXEC\n"
	    "                   the shares back from the machines of -S\n"
	    "  bundles RUN LIBEXEC KEY=VALUE ...\n"
	    "                   the shares for the machines of -S\n"
	    "  finish STATUS LIVE VERBOSE TODO TOTAL SKIPPED STARTED OUTDIR "
	    "RUN\n"
	    "                   the batch's messages, status and last line\n"
	    "  results STOPPED NOTE QUIET TODO ABOUT OUTDIR OUTABS META RUN "
	    "TMP LIBEXEC\n"
	    "                   the report, moved into place\n"
	    "  tick FINAL TOTAL STARTED PLEN NSAID NMSGS RUN\n"
	    "                   the progress line on a terminal\n"
	    CLI_HELP_END, fp);
}

static const struct cli_program program = {
	"sdk-batch",
	"usage: sdk-batch-rows list [-0]\n"
	"       sdk-batch-rows conf KEY=VALUE ...\n"
	"       sdk-batch-rows names [-q] -C CWD -O OUTABS ITEMS LIST SKIPPED\n"
	"       sdk-batch-rows todo [-fv] -r ROWS -m NEWEST -P OPTIONS LIST TODO\n"
	"       sdk-batch-rows pick [-p jpeg|png] W\n"
	"       sdk-batch-rows rows -c CODES -t TICKS -o OUTDIR -r ROWS [-F]\n"
	"                      [-s SHEET] CHUNK W\n"
	"       sdk-batch-rows plan [-R] -n CHUNK -i RUNID RUN LIST TODO OUTPUTS\n"
	"       sdk-batch-rows report [-gqx] -o OUTDIR -O OUTABS -r ROWS -N NOTE\n"
	"                      -W WHEN -A ABOUT RUN LIST TODO PROGRESS SKIPPED\n"
	"                      OUTPUTS REFS\n"
	"       sdk-batch-rows place W\n"
	"       sdk-batch-rows work RUN SHARE\n"
	"       sdk-batch-rows remote SHARE\n"
	"       sdk-batch-rows options OUT HERE SELF LIBEXEC [ARG ...]\n"
	"       sdk-batch-rows gather NULL ITEMS [OPERAND ...]\n"
	"       sdk-batch-rows collect QUIET LIVE RUN META LIBEXEC\n"
	"       sdk-batch-rows bundles RUN LIBEXEC KEY=VALUE ...\n"
	"       sdk-batch-rows finish STATUS LIVE VERBOSE TODO TOTAL SKIPPED\n"
	"                      STARTED OUTDIR RUN\n"
	"       sdk-batch-rows results STOPPED NOTE QUIET TODO ABOUT OUTDIR\n"
	"                      OUTABS META RUN TMP LIBEXEC\n"
	"       sdk-batch-rows tick FINAL TOTAL STARTED PLEN NSAID NMSGS\n"
	"                      RUN\n",
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

	*o = (struct options){ .picture = "", .sheet = "", .runid = "",
	    .note = "", .when = "", .about = "" };
	while ((ch = cli_getopt(argc, argv,
	    "0A:C:FN:O:P:RW:c:fgi:m:n:o:p:qr:s:t:vx", longopts)) != -1) {
		switch (ch) {
		case '0':
			o->null = 1;
			break;
		case 'C':
			o->cwd = optarg;
			break;
		case 'P':
			o->options = optarg;
			break;
		case 'f':
			o->force = 1;
			break;
		case 'm':
			o->newest = optarg;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case 'A':
			o->about = optarg;
			break;
		case 'N':
			o->note = optarg;
			break;
		case 'O':
			o->outabs = optarg;
			break;
		case 'W':
			o->when = optarg;
			break;
		case 'g':
			o->gc = 1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'x':
			o->stopped = 1;
			break;
		case 'R':
			o->remote = 1;
			break;
		case 'i':
			o->runid = optarg;
			break;
		case 'n':
			if (sdk_parse_long(optarg, 1, 100000, &o->chunk) != 0)
				cli_usage_error("-n %s: not a number of photos "
				    "from 1 to 100000", optarg);
			break;
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

static int
mode_pick(const struct options *o)
{
	need(o, 1);
	return pick_main(o->operands[1], o->picture);
}

static int
mode_rows(const struct options *o)
{
	struct rows r;
	int st;

	need(o, 2);
	if (o->codes == NULL || o->ticks == NULL || o->outdir == NULL ||
	    o->rows == NULL)
		cli_usage_error("rows needs -c, -t, -o and -r");
	memset(&r, 0, sizeof(r));
	r.w = o->operands[2];
	r.outdir = o->outdir;
	r.rowsdir = o->rows;
	r.sheet = o->sheet;
	r.full = o->full;
	st = rows_main(&r, o->operands[1], o->codes, o->ticks);
	rows_free(&r);
	return st;
}

static int
mode_plan(const struct options *o)
{
	need(o, 4);
	if (o->chunk == 0)
		cli_usage_error("plan needs -n");
	return plan_main(o->operands[1], o->runid, o->chunk, o->remote,
	    o->operands + 2);
}

static int
mode_list(const struct options *o)
{
	need(o, 0);
	return list_main(o->null);
}

static int
mode_conf(const struct options *o)
{
	return conf_main(o->operands + 1);
}

static int
mode_names(const struct options *o)
{
	need(o, 3);
	if (o->cwd == NULL || o->outabs == NULL)
		cli_usage_error("names needs -C and -O");
	return names_main(o->cwd, o->outabs, o->quiet, o->operands + 1);
}

static int
mode_todo(const struct options *o)
{
	struct todo t = { o->rows, o->newest, o->options, o->force,
	    o->verbose };

	need(o, 2);
	if (o->rows == NULL || o->newest == NULL || o->options == NULL)
		cli_usage_error("todo needs -r, -m and -P");
	return todo_main(&t, o->operands[1], o->operands[2]);
}

static int
mode_report(const struct options *o)
{
	struct report rp;

	need(o, 7);
	if (o->outdir == NULL || o->outabs == NULL || o->rows == NULL)
		cli_usage_error("report needs -o, -O and -r");
	memset(&rp, 0, sizeof(rp));
	rp.rows = o->rows;
	rp.out = o->operands[1];
	rp.outabs = o->outabs;
	rp.outdir = o->outdir;
	rp.note = o->note;
	rp.when = o->when;
	rp.about = o->about;
	rp.quiet = o->quiet;
	rp.stopped = o->stopped;
	rp.gc = o->gc;
	return report_main(&rp, o->operands + 2);
}

static int
mode_place(const struct options *o)
{
	need(o, 1);
	return place_main(o->operands[1]);
}

/* The workers: their status is the worst of their photos', not stdout's. */
static int
mode_work(const struct options *o)
{
	need(o, 2);
	exit(work_main(o->operands[1], o->operands[2]));
}

static int
mode_remote(const struct options *o)
{
	need(o, 1);
	exit(work_remote_main(o->operands[1]));
}

static int
mode_collect(const struct options *o)
{
	need(o, 5);
	return collect_main(o->operands + 1);
}

static int
mode_tick(const struct options *o)
{
	need(o, 7);
	return tick_main(o->operands + 1);
}

static const struct {
	const char	*name;
	int		(*run)(const struct options *);
} modes[] = {
	{ "list", mode_list }, { "conf", mode_conf }, { "names", mode_names },
	{ "todo", mode_todo }, { "plan", mode_plan }, { "pick", mode_pick },
	{ "rows", mode_rows }, { "place", mode_place },
	{ "report", mode_report }, { "work", mode_work },
	{ "remote", mode_remote }, { "tick", mode_tick },
	{ "collect", mode_collect }
};

/*
 * The modes that take sdk-batch's own arguments, any of which may look
 * like an option: not read by getopt.  args: how many, -1 any.
 */
static const struct {
	const char	*name;
	int		 args;
	int		(*run)(int, char *const *);
} raw_modes[] = {
	{ "options", -1, options_main }, { "gather", -1, gather_main },
	{ "bundles", -1, bundles_main }, { "finish", 9, finish_main },
	{ "results", 11, results_main }
};

int
main(int argc, char *argv[])
{
	struct options opt;
	size_t i;

	cli_init(&program);
	for (i = 0; i < sizeof(raw_modes) / sizeof(raw_modes[0]); i++)
		if (argc > 1 && strcmp(argv[1], raw_modes[i].name) == 0) {
			if (raw_modes[i].args >= 0 &&
			    argc - 2 != raw_modes[i].args)
				cli_usage_error("%s takes %d operands", argv[1],
				    raw_modes[i].args);
			return raw_modes[i].run(argc - 1, argv + 1);
		}
	parse_args(argc, argv, &opt);
	if (opt.operands[0] == NULL)
		cli_usage_error("list, conf, names, todo, plan, pick, rows, "
		    "place or report?");
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (strcmp(opt.operands[0], modes[i].name) == 0)
			return cli_finish(NULL, modes[i].run(&opt));
	cli_usage_error("%s: not list, conf, names, todo, plan, pick, rows, "
	    "place or report", opt.operands[0]);
}
