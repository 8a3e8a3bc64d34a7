/*
 * sdk-solve: solve grid records.  For each record read, write the record's
 * metadata, "# sdk-puzzle" (the givens), "# sdk-status" and the solution;
 * a record with handwritten entries also gets "# sdk-mistakes" and
 * "# sdk-progress", one with candidates read "# sdk-pencil-mistakes"
 * (judge.h).
 * Several strategies share one interface (engine.h); the default is the
 * fast bit-parallel one.  --bench times the strategies over puzzle files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cellname.h"
#include "cli.h"
#include "solve.h"
#include "explain.h"
#include "fast.h"
#include "grid.h"
#include "doubt.h"
#include "judge.h"
#include "json.h"
#include "keys.h"
#include "outfile.h"
#include "pencil.h"
#include "sdk.h"
#include "util.h"

#define COUNT_DEFAULT	1000000UL

enum status {
	ST_SOLVED, ST_MULTIPLE, ST_UNSOLVABLE, ST_INVALID, ST_TIMEOUT,
	ST_NOGRID, ST_UNSURE
};

static const char *const status_name[] = {
	"solved", "multiple", "unsolvable", "invalid", "timeout", "no-grid",
	"unsure"
};

/* The options (sdk-solve(1)), filled by parse_args(). */
struct options {
	const struct engine *eng;	/* -s: the strategy (default fast) */
	const char	*strategy;	/* -s as given; NULL: none given */
	double		 timeout;	/* -t: seconds per record, 0: none */
	unsigned long	 max_nodes;	/* --max-nodes; 0: none */
	int		 first;		/* --first: no uniqueness check */
	unsigned long	 count;		/* -c N; 0: not counting */
	int		 quiet;		/* -q */
	int		 verbose;	/* -v */
	int		 json;		/* -j: JSON Lines */
	enum grid_format fmt;		/* -f line|grid */
	int		 plain;		/* -p: the solutions alone */
	int		 csv;		/* --csv: puzzle,solution,status */
	const char	*out;		/* -o FILE; NULL: standard output */
	int		 bench;		/* --bench */
	long		 repeat;	/* --bench -n: timed passes */
	enum explain_mode explain;	/* --explain, --hint, --rate, --trace */
	int		 stats;		/* --stats: --rate and the counts */
	int		 pencil;	/* --pencil: grids are pencil marks */
	int		 nfiles;	/* the operands (none: stdin) */
	char		**files;
};

static struct options opt;
static struct outfile out;

static void
help(FILE *fp)
{
	int i;

	fprintf(fp, "\nSolve grid records: write each record with its givens "
	    "(sdk-puzzle),\nits status (sdk-status) and its solution; "
	    "with handwritten digits\n(sdk-entries), also the wrong ones "
	    "(sdk-mistakes) and the progress\n(sdk-progress); with "
	    "candidates read (sdk-pencil), the answers crossed\nout "
	    "(sdk-pencil-mistakes).\n\n"
	    "  -s, --strategy=NAME\n"
	    "                     strategy (default fast):\n");
	for (i = 0; sdk_engines[i] != NULL; i++)
		fprintf(fp, "                     %-10s %s\n",
		    sdk_engines[i]->name, sdk_engines[i]->summary);
	fprintf(fp, "  -t, --timeout=SECONDS\n"
	    "                     give up on a record after SECONDS "
	    "(fractions allowed)\n"
	    "  --max-nodes=N      give up on a record after N search nodes\n"
	    "  --first            stop at the first solution (no uniqueness "
	    "check)\n"
	    "  -c, --count[=N]    print how many solutions each record has, "
	    "up to N\n"
	    "                     (default %lu)\n"
	    "  -f, --format=FORMAT\n"
	    "                     line (default) or grid: nine rows with "
	    "boxes\n"
	    "  -p, --plain        the solutions alone, no metadata; an empty "
	    "line for a\n"
	    "                     record with no single solution\n"
	    "  --csv              CSV: puzzle,solution,status, a header line "
	    "first\n"
	    CLI_HELP_OUTPUT
	    "  -j, --json         JSON Lines instead of records\n"
	    "  -q, --quiet        no messages about unsolved records\n"
	    "  -v, --verbose      one line about every record on stderr\n"
	    "  --explain          every step of the logic strategy, one per "
	    "line\n"
	    "  --hint             only the next step\n"
	    "  --rate             rate each record: level, hardest technique, "
	    "steps,\n"
	    "                     search effort, a score like Sudoku "
	    "Explainer's\n"
	    "  --stats            --rate, and how many steps each technique "
	    "took\n"
	    "  --trace            every grid state on the way, as grid "
	    "records\n"
	    "                     (-s: of that strategy, default logic)\n"
	    "  --pencil           read pencil marks: 729-character lines or "
	    "boxed grids\n"
	    "  --bench            time strategies over puzzle files\n"
	    "  -n, --repeat=REPEAT\n"
	    "                     timed passes over each file (--bench, "
	    "default 1)\n"
	    CLI_HELP_END GRID_OPERAND_HELP, COUNT_DEFAULT);
}

static const struct cli_program program = {
	"sdk-solve",
	"usage: sdk-solve [-jpqv] [-c[N]] [-f line|grid] [-o FILE] "
	"[-s STRATEGY]\n"
	"                 [-t SECONDS] [--csv] [--first] [--max-nodes N] "
	"[FILE ...]\n"
	"       sdk-solve --explain | --hint | --rate | --stats [-jqv] "
	"[-f line|grid]\n"
	"                 [-o FILE] [-t SECONDS] [--max-nodes N] [--pencil] "
	"[FILE ...]\n"
	"       sdk-solve --trace [-jqv] [-f line|grid] [-o FILE] "
	"[-s STRATEGY]\n"
	"                 [-t SECONDS] [--max-nodes N] [--pencil] "
	"[FILE ...]\n"
	"       sdk-solve --bench [-j] [-n REPEAT] [-s LIST|all] "
	"[-t SECONDS] FILE ...\n",
	help, NULL
};

static double
elapsed_us(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e6 +
	    (double)(t1.tv_nsec - t0->tv_nsec) / 1e3;
}

/* What solving one record came to. */
struct outcome {
	enum status	 st;
	struct solve_result res;
	struct budget	 bud;
	struct explain_note note;	/* the logic strategy's last word */
	char		 givens[GRID_CELLS + 1];
	char		 why[128];	/* what is wrong with the givens */
	int		 have_solution;
	double		 us;		/* time taken (-j, -v) */
};

/*
 * The givens the reader doubts (# sdk-unsure on a given's cell: another
 * reading would make another puzzle with another solution), named in why
 * as "r3c4 is 5 or 6, ...".  Returns how many.
 */
static int
doubted_givens(const struct grid *g, const struct doubts *d, char *why,
    size_t len)
{
	char	 name[CELL_NAME_MAX];
	size_t	 n = 0;
	int	 i, k = 0;

	for (i = 0; i < GRID_CELLS; i++) {
		if (!d->alt[i] || g->cell[i] == 0)
			continue;
		if (k++ < 3)
			n += (size_t)snprintf(why + n, len - n, "%s%s is %d "
			    "or %d", k > 1 ? ", " : "", cell_name(name, i),
			    g->cell[i], d->alt[i]);
	}
	if (k > 3)
		snprintf(why + n, len - n, " and %d more", k - 3);
	return k;
}

/*
 * Solve the givens of g with the chosen strategy.  A record whose givens
 * the reader doubts is not solved: an answer from a misread given would
 * look right and be wrong.
 */
static void
solve_record(const struct grid *g, const struct doubts *d,
    struct outcome *oc)
{
	struct solve_trace trace = { explain_note_step, &oc->note };
	struct timespec t0;
	const char *old;
	unsigned long limit;

	grid_format_line(g->cell, oc->givens);
	if (opt.json || opt.verbose)
		clock_gettime(CLOCK_MONOTONIC, &t0);
	old = meta_get(&g->meta, SDK_KEY_STATUS);
	if (old != NULL && strcmp(old, "no-grid") == 0)
		oc->st = ST_NOGRID;
	else if (sdk_givens_check(g->cell, oc->why, sizeof(oc->why)) != 0)
		oc->st = ST_INVALID;
	else if (!opt.count && doubted_givens(g, d, oc->why,
	    sizeof(oc->why)) > 0)
		oc->st = ST_UNSURE;
	else {
		limit = opt.count ? opt.count : opt.first ? 1 : 2;
		sdk_budget_start(&oc->bud, opt.max_nodes, opt.timeout,
		    opt.eng == &sdk_engine_backtrack ? 4096 : 256);
		opt.eng->solve(g->cell, limit, &oc->bud, &oc->res,
		    opt.eng == &sdk_engine_logic ? &trace : NULL);
		if (oc->bud.expired)
			oc->st = ST_TIMEOUT;
		else if (oc->res.count == 0)
			oc->st = ST_UNSOLVABLE;
		else if (oc->res.count == 1 || opt.first)
			oc->st = ST_SOLVED;
		else
			oc->st = ST_MULTIPLE;
		/* A timeout leaves the question open: no grid to show. */
		oc->have_solution = oc->res.count > 0 && !oc->bud.expired;
	}
	if (opt.json || opt.verbose)
		oc->us = elapsed_us(&t0);
}

/* The record's exit status; unsolved records named on stderr. */
static int
report(const struct grid *g, const char *src, long recno,
    const struct outcome *oc)
{
	const char *st = status_name[oc->st];
	int rc = SDK_EXIT_OK;

	if (opt.count) {
		/* Counting: a finished count is a success, whatever it is. */
		if (oc->st == ST_INVALID || oc->st == ST_TIMEOUT ||
		    oc->st == ST_NOGRID)
			rc = SDK_EXIT_FAIL;
	} else if (oc->st != ST_SOLVED)
		rc = SDK_EXIT_FAIL;
	if (rc != SDK_EXIT_OK && !opt.quiet) {
		if (oc->why[0] != '\0')
			sdk_warnx(src, "record %ld (line %ld): %s: %s", recno,
			    g->line, st, oc->why);
		else
			sdk_warnx(src, "record %ld (line %ld): %s", recno,
			    g->line, st);
	}
	if (opt.verbose)
		sdk_warnx(src, "record %ld (line %ld): %s, %lu solution%s, "
		    "%lu guesses, %lu nodes, %.0f us", recno, g->line, st,
		    oc->res.count, oc->res.count == 1 ? "" : "s",
		    oc->res.guesses, oc->bud.nodes, oc->us);
	return rc;
}

/* -j: the record as one JSON object. */
static void
write_json(const struct grid *g, const char *src, long recno,
    const struct entries *ent, const struct outcome *oc)
{
	struct json j;
	char sol[GRID_CELLS + 1];

	json_begin(&j, out.fp);
	json_str(&j, "source", src);
	json_long(&j, "record", recno);
	json_long(&j, "line", g->line);
	json_str(&j, "status", status_name[oc->st]);
	if (oc->why[0] != '\0')
		json_str(&j, "message", oc->why);
	json_str(&j, "strategy", opt.eng->name);
	json_str(&j, "puzzle", oc->givens);
	if (oc->note.searched)
		json_str(&j, "search", oc->note.text);
	if (oc->have_solution)
		grid_format_line(oc->res.solution, sol);
	json_str(&j, "solution", oc->have_solution ? sol : NULL);
	entries_json(&j, ent);
	if (meta_get(&g->meta, SDK_KEY_UNSURE) != NULL)
		json_str(&j, "unsure", meta_get(&g->meta, SDK_KEY_UNSURE));
	json_ulong(&j, "solutions", oc->res.count);
	json_ulong(&j, "guesses", oc->res.guesses);
	json_ulong(&j, "nodes", oc->bud.nodes);
	json_double(&j, "microseconds", "%.1f", oc->us);
	json_end(&j);
}

/* The record with its givens, status and solution. */
static void
write_record(struct grid *g, const struct entries *ent,
    const struct outcome *oc)
{
	meta_set(&g->meta, SDK_KEY_PUZZLE, oc->givens);
	meta_set(&g->meta, SDK_KEY_STATUS, status_name[oc->st]);
	/* The logic strategy says when search had to finish. */
	if (oc->note.searched)
		meta_set(&g->meta, SDK_KEY_SEARCH, oc->note.text);
	entries_set_meta(ent, &g->meta);
	if (oc->have_solution)
		memcpy(g->cell, oc->res.solution, GRID_CELLS);
	grid_write(out.fp, g, opt.fmt);
}

/* -p and --csv: the solution alone, or a CSV row. */
static void
write_short(const struct outcome *oc)
{
	static int header;
	const unsigned char *sol = oc->have_solution && oc->st == ST_SOLVED ?
	    oc->res.solution : NULL;

	if (opt.csv) {
		char line[GRID_CELLS + 1];

		if (!header++)
			fputs("puzzle,solution,status\n", out.fp);
		if (sol != NULL)
			grid_format_line(sol, line);
		fprintf(out.fp, "%s,%s,%s\n", oc->givens, sol ? line : "",
		    status_name[oc->st]);
	} else if (sol != NULL) {
		grid_write_cells(out.fp, sol, opt.fmt);
		putc('\n', out.fp);
	} else
		putc('\n', out.fp);
}

/* Solve one record and write its result.  Returns an exit status. */
static int
process_one(struct grid *g, const char *operand)
{
	struct entries ent;
	struct doubts doubt;
	struct outcome oc;
	const char *src, *us;
	long recno = g->recno;
	int rc;

	src = meta_get(&g->meta, SDK_KEY_SOURCE);
	if (src == NULL)
		src = operand;
	if (entries_read(g, &ent, oc.why, sizeof(oc.why)) < 0) {
		/* Like a malformed grid: the input is wrong, not the puzzle. */
		sdk_warnx(src, "record %ld (line %ld): malformed sdk-entries: "
		    "%s", recno, g->line, oc.why);
		return SDK_EXIT_ERROR;
	}
	if (entries_pencil(g, &ent, oc.why, sizeof(oc.why)) < 0) {
		sdk_warnx(src, "record %ld (line %ld): malformed sdk-pencil: "
		    "%s", recno, g->line, oc.why);
		return SDK_EXIT_ERROR;
	}
	us = meta_get(&g->meta, SDK_KEY_UNSURE);
	if (doubts_parse(us ? us : "", &doubt, oc.why, sizeof(oc.why)) < 0) {
		sdk_warnx(src, "record %ld (line %ld): malformed sdk-unsure: "
		    "%s", recno, g->line, oc.why);
		return SDK_EXIT_ERROR;
	}
	entries_doubt(&ent, &doubt, g->cell);
	if (opt.explain != EXPLAIN_OFF) {
		struct explain_opts eo = { opt.explain, opt.stats, opt.json,
			opt.quiet,
			opt.verbose, opt.fmt, opt.timeout, opt.max_nodes,
			opt.eng == &sdk_engine_logic ? NULL : opt.eng };

		return explain_one(out.fp, g, &ent, src, recno, &eo);
	}
	memset(&oc, 0, sizeof(oc));
	solve_record(g, &doubt, &oc);
	rc = report(g, src, recno, &oc);
	/* Entries are judged only by a solved record's solution. */
	if ((ent.have || ent.marked > 0) && oc.st == ST_SOLVED)
		entries_check(&ent, g->cell, oc.res.solution);
	if (opt.json)
		write_json(g, src, recno, &ent, &oc);
	else if (opt.plain || opt.csv)
		write_short(&oc);
	else if (opt.count && (oc.st == ST_TIMEOUT || oc.st == ST_NOGRID))
		fputs("?\n", out.fp);
	else if (opt.count)
		fprintf(out.fp, "%lu\n", oc.res.count);
	else
		write_record(g, &ent, &oc);
	return rc;
}

static unsigned long
parse_count(const char *s, const char *what)
{
	long v;

	if (sdk_parse_long(s, 1, 1000000000L, &v) != 0)
		cli_usage_error("bad %s: %s", what, s);
	return (unsigned long)v;
}

enum { OPT_FIRST = 256, OPT_MAXNODES, OPT_BENCH, OPT_EXPLAIN, OPT_HINT,
	OPT_RATE, OPT_TRACE, OPT_PENCIL, OPT_CSV, OPT_STATS };

/* One option from cli_getopt() into o. */
static void
set_option(struct options *o, int ch)
{
	long v;

	switch (ch) {
	case 'c':
		o->count = optarg ? parse_count(optarg, "count") :
		    COUNT_DEFAULT;
		break;
	case 'f':
		if (strcmp(optarg, "line") == 0)
			o->fmt = GRID_FORMAT_LINE;
		else if (strcmp(optarg, "grid") == 0)
			o->fmt = GRID_FORMAT_BOX;
		else
			cli_usage_error("unknown format: %s (line or grid)",
			    optarg);
		break;
	case 'j':
		o->json = 1;
		break;
	case 'p':
		o->plain = 1;
		break;
	case OPT_CSV:
		o->csv = 1;
		break;
	case 'n':
		if (sdk_parse_long(optarg, 1, 1000000, &v) != 0)
			cli_usage_error("bad repeat count: %s", optarg);
		o->repeat = v;
		break;
	case 'o':
		o->out = optarg;
		break;
	case 'q':
		o->quiet = 1;
		break;
	case 's':
		o->strategy = optarg;
		break;
	case 't':
		if (sdk_parse_double(optarg, 0, 1e6, &o->timeout) != 0 ||
		    o->timeout <= 0)
			cli_usage_error("bad timeout: %s", optarg);
		break;
	case 'v':
		o->verbose = 1;
		break;
	case OPT_FIRST:
		o->first = 1;
		break;
	case OPT_MAXNODES:
		o->max_nodes = parse_count(optarg, "node count");
		break;
	case OPT_BENCH:
		o->bench = 1;
		break;
	case OPT_PENCIL:
		o->pencil = 1;
		break;
	case OPT_STATS:
		o->stats = 1;
		break;
	case OPT_EXPLAIN:
	case OPT_HINT:
	case OPT_RATE:
	case OPT_TRACE:
		if (o->explain != EXPLAIN_OFF)
			cli_usage_error("--explain, --hint, --rate and "
			    "--trace exclude each other");
		o->explain = ch == OPT_EXPLAIN ? EXPLAIN_STEPS :
		    ch == OPT_HINT ? EXPLAIN_HINT : ch == OPT_RATE ?
		    EXPLAIN_RATE : EXPLAIN_TRACE;
		break;
	default:
		cli_usage_error(NULL);
	}
}

/* The options that do not go together, and the strategy by name. */
static void
check_options(struct options *o)
{
	/* --stats is --rate with the count of each technique. */
	if (o->stats) {
		if (o->explain != EXPLAIN_OFF && o->explain != EXPLAIN_RATE)
			cli_usage_error("--stats: not with --explain, --hint "
			    "or --trace");
		o->explain = EXPLAIN_RATE;
	}
	if (o->plain || o->csv) {
		const char *with = o->json ? "-j" : o->count ? "-c" : o->bench ?
		    "--bench" : o->explain != EXPLAIN_OFF ? "--explain, "
		    "--hint, --rate or --trace" : o->plain && o->csv ? "--csv" :
		    o->csv && o->fmt != GRID_FORMAT_LINE ? "-f grid" : NULL;

		if (with != NULL)
			cli_usage_error("%s: not with %s", o->plain ? "-p" :
			    "--csv", with);
	}
	if (o->explain != EXPLAIN_OFF) {
		/* These modes are the logic strategy's; --trace any's. */
		if (o->bench || o->count || o->first)
			cli_usage_error("%s: not with --explain, --hint, "
			    "--rate or --trace", o->bench ? "--bench" :
			    o->count ? "-c" : "--first");
		if (o->strategy != NULL && strcmp(o->strategy, "logic") != 0 &&
		    o->explain != EXPLAIN_TRACE)
			cli_usage_error("-s %s: --explain, --hint and --rate "
			    "use the logic strategy", o->strategy);
		if (o->strategy == NULL)
			o->eng = &sdk_engine_logic;
	}
	if (o->bench) {
		if (o->nfiles == 0)
			cli_usage_error("--bench needs puzzle files");
		if (o->count || o->first || o->out != NULL ||
		    o->fmt != GRID_FORMAT_LINE || o->pencil)
			cli_usage_error("%s: not with --bench",
			    o->count ? "-c" : o->first ? "--first" :
			    o->out ? "-o" : o->pencil ? "--pencil" : "-f");
		if (bench_check_strategies(o->strategy ? o->strategy :
		    "fast") != 0)
			cli_usage_error("unknown strategy in: %s",
			    o->strategy);
		return;
	}
	if (o->strategy != NULL &&
	    (o->eng = sdk_engine_find(o->strategy)) == NULL) {
		char names[128];
		size_t len = 0;
		int i;

		for (i = 0; sdk_engines[i] != NULL && len < sizeof(names); i++)
			len += (size_t)snprintf(names + len, sizeof(names) - len,
			    "%s%s", i == 0 ? "" : sdk_engines[i + 1] == NULL ?
			    " or " : ", ", sdk_engines[i]->name);
		cli_usage_error("unknown strategy: %s (%s)", o->strategy,
		    names);
	}
	if (o->repeat != 1)
		cli_usage_error("%s: only with --bench", "-n");
	if (o->count && o->first)
		cli_usage_error("%s: not with --first", "-c");
	if (o->count && o->fmt != GRID_FORMAT_LINE)
		cli_usage_error("%s: not with -f", "-c");
}

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "count", optional_argument, NULL, 'c' },
		{ "format", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "repeat", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "strategy", required_argument, NULL, 's' },
		{ "timeout", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "first", no_argument, NULL, OPT_FIRST },
		{ "max-nodes", required_argument, NULL, OPT_MAXNODES },
		{ "bench", no_argument, NULL, OPT_BENCH },
		{ "explain", no_argument, NULL, OPT_EXPLAIN },
		{ "hint", no_argument, NULL, OPT_HINT },
		{ "rate", no_argument, NULL, OPT_RATE },
		{ "stats", no_argument, NULL, OPT_STATS },
		{ "trace", no_argument, NULL, OPT_TRACE },
		{ "pencil", no_argument, NULL, OPT_PENCIL },
		{ "plain", no_argument, NULL, 'p' },
		{ "csv", no_argument, NULL, OPT_CSV },
		CLI_LONGOPTS_COMMON
	};
	int ch;

	*o = (struct options){ .eng = &sdk_engine_fast, .fmt = GRID_FORMAT_LINE,
		.repeat = 1, .explain = EXPLAIN_OFF };
	while ((ch = cli_getopt(argc, argv, "c::f:jn:o:pqs:t:v",
	    longopts)) != -1)
		set_option(o, ch);
	o->nfiles = argc - optind;
	o->files = argv + optind;
	check_options(o);
}

/* --bench: time the strategies over the files. */
static int
bench(const struct options *o)
{
	struct bench_opts bo = {
		.strategies = o->strategy ? o->strategy : "fast",
		.repeat = o->repeat,
		.timeout = o->timeout,
		.max_nodes = o->max_nodes,
		.json = o->json
	};

	return cli_finish(NULL, bench_run(&bo, o->nfiles, o->files));
}

int
main(int argc, char *argv[])
{
	char msg[128];
	char *const *file;
	int rc = SDK_EXIT_OK;

	cli_init(&program);
	parse_args(argc, argv, &opt);
	/* A build asked for that cannot run: no figure of another build. */
	if (fast_build_check(msg, sizeof(msg)) != 0)
		sdk_errx(SDK_EXIT_ERROR, "SDK_SOLVE_ISA", "%s", msg);
	if (opt.bench)
		return bench(&opt);
	if (outfile_open(&out, opt.out) != 0)
		return SDK_EXIT_ERROR;
	for (file = cli_operands(argc, argv); *file != NULL; file++)
		rc = sdk_status_fold(rc, grid_each_read(*file, opt.pencil ?
		    pencil_read : grid_read, process_one, NULL));
	return cli_finish(&out, rc);
}
