/*
 * sdk-solve: solve grid records.  For each record read, write the record's
 * metadata, "# sdk-puzzle" (the givens), "# sdk-status" and the solution;
 * a record with handwritten entries also gets "# sdk-mistakes" and
 * "# sdk-progress" (entries.h).
 * Several strategies share one interface (engine.h); the default is the
 * fast bit-parallel one.  --bench times the strategies over puzzle files.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "solve.h"
#include "entries.h"
#include "explain.h"
#include "grid.h"
#include "outfile.h"
#include "sdk.h"
#include "util.h"

#define COUNT_DEFAULT	1000000UL

enum status {
	ST_SOLVED, ST_MULTIPLE, ST_UNSOLVABLE, ST_INVALID, ST_TIMEOUT,
	ST_NOGRID
};

static const char *const status_name[] = {
	"solved", "multiple", "unsolvable", "invalid", "timeout", "no-grid"
};

static struct {
	const struct engine *eng;
	double		 timeout;	/* seconds per record, 0: none */
	unsigned long	 max_nodes;	/* 0: none */
	int		 first;
	unsigned long	 count;		/* -c N; 0: not counting */
	int		 quiet;
	int		 verbose;
	int		 json;
	enum grid_format fmt;
	const char	*out;
	int		 bench;
	const char	*strategies;	/* --bench -s LIST */
	long		 repeat;
	enum explain_mode explain;	/* --explain, --hint, --rate, --trace */
	int		 pencil;	/* input grids are pencil marks */
} opt = { &engine_fast, 0, 0, 0, 0, 0, 0, 0, GRID_FORMAT_LINE, NULL, 0,
	NULL, 1, EXPLAIN_OFF, 0 };

static struct outfile out;

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: sdk-solve [-jqv] [-c[N]] [-f line|grid] [-o FILE] "
	    "[-s STRATEGY]\n"
	    "                 [-t SECONDS] [--first] [--max-nodes N] "
	    "[FILE ...]\n"
	    "       sdk-solve --explain | --hint | --rate [-jqv] "
	    "[-f line|grid] [-o FILE]\n"
	    "                 [-t SECONDS] [--max-nodes N] [--pencil] "
	    "[FILE ...]\n"
	    "       sdk-solve --trace [-jqv] [-f line|grid] [-o FILE] "
	    "[-s STRATEGY]\n"
	    "                 [-t SECONDS] [--max-nodes N] [--pencil] "
	    "[FILE ...]\n"
	    "       sdk-solve --bench [-j] [-n REPEAT] [-s LIST|all] "
	    "[-t SECONDS] FILE ...\n");
}

static void
help(void)
{
	int i;

	usage(stdout);
	printf("\nSolve grid records: write each record with its givens "
	    "(sdk-puzzle),\nits status (sdk-status) and its solution; "
	    "with handwritten digits\n(sdk-entries), also the wrong ones "
	    "(sdk-mistakes) and the progress\n(sdk-progress).\n\n"
	    "  -s NAME          strategy (default fast):\n");
	for (i = 0; engines[i] != NULL; i++)
		printf("                     %-10s %s\n", engines[i]->name,
		    engines[i]->summary);
	printf("  -t, --timeout=SECONDS\n"
	    "                   give up on a record after SECONDS "
	    "(fractions allowed)\n"
	    "  --max-nodes=N    give up on a record after N search nodes\n"
	    "  --first          stop at the first solution (no uniqueness "
	    "check)\n"
	    "  -c, --count[=N]  print how many solutions each record has, "
	    "up to N\n"
	    "                   (default %lu)\n"
	    "  -f FORMAT        line (default) or grid: nine rows with "
	    "boxes\n"
	    "  -o FILE          write to FILE (atomically)\n"
	    "  -j               JSON Lines instead of records\n"
	    "  -q               no messages about unsolved records\n"
	    "  -v               one line about every record on stderr\n"
	    "  --explain        every step of the logic strategy, one per "
	    "line\n"
	    "  --hint           only the next step\n"
	    "  --rate           rate each record: level, hardest technique, "
	    "steps,\n"
	    "                   search effort\n"
	    "  --trace          every grid state on the way, as grid records\n"
	    "                   (-s: of that strategy, default logic)\n"
	    "  --pencil         read pencil marks: 729-character lines or "
	    "boxed grids\n"
	    "  --bench          time strategies over puzzle files\n"
	    "  -n REPEAT        timed passes over each file (--bench, "
	    "default 1)\n"
	    "  -h, --help       this help\n"
	    "  -V, --version    version\n", COUNT_DEFAULT);
}

static void usage_error(const char *, ...)
    __attribute__((format(printf, 1, 2), noreturn));

/* A usage error: the message, then the usage, status 2. */
static void
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", sdk_getprogname());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	usage(stderr);
	exit(SDK_EXIT_ERROR);
}

static double
elapsed_us(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e6 +
	    (double)(t1.tv_nsec - t0->tv_nsec) / 1e3;
}

/* Solve one record and write its result.  Returns an exit status. */
static int
process_one(struct grid *g, const char *operand, long recno)
{
	struct entries ent;
	struct solve_result res;
	struct budget bud;
	struct explain_note note;
	struct solve_trace trace = { explain_note_step, &note };
	struct timespec t0;
	char givens[GRID_CELLS + 1], sol[GRID_CELLS + 1], why[64];
	const char *src, *old;
	enum status st;
	unsigned long limit;
	double us = 0;
	int have_solution = 0, rc = SDK_EXIT_OK;

	src = meta_get(&g->meta, "sdk-source");
	if (src == NULL)
		src = operand;
	if (entries_read(g, &ent, why, sizeof(why)) < 0) {
		/* Like a malformed grid: the input is wrong, not the puzzle. */
		sdk_warnx(src, "record %ld (line %ld): malformed sdk-entries: "
		    "%s", recno, g->line, why);
		return SDK_EXIT_ERROR;
	}
	if (opt.explain != EXPLAIN_OFF) {
		struct explain_opts eo = { opt.explain, opt.json, opt.quiet,
			opt.verbose, opt.fmt, opt.timeout, opt.max_nodes,
			opt.eng == &engine_logic ? NULL : opt.eng };

		return explain_one(out.fp, g, &ent, src, recno, &eo);
	}
	memset(&res, 0, sizeof(res));
	memset(&note, 0, sizeof(note));
	memset(&bud, 0, sizeof(bud));
	why[0] = '\0';
	grid_format_line(g->cell, givens);
	if (opt.json || opt.verbose)
		clock_gettime(CLOCK_MONOTONIC, &t0);
	old = meta_get(&g->meta, "sdk-status");
	if (old != NULL && strcmp(old, "no-grid") == 0)
		st = ST_NOGRID;
	else if (givens_check(g->cell, why, sizeof(why)) != 0)
		st = ST_INVALID;
	else {
		limit = opt.count ? opt.count : opt.first ? 1 : 2;
		budget_start(&bud, opt.max_nodes, opt.timeout,
		    opt.eng == &engine_backtrack ? 4096 : 256);
		opt.eng->solve(g->cell, limit, &bud, &res,
		    opt.eng == &engine_logic ? &trace : NULL);
		if (bud.expired)
			st = ST_TIMEOUT;
		else if (res.count == 0)
			st = ST_UNSOLVABLE;
		else if (res.count == 1 || opt.first)
			st = ST_SOLVED;
		else
			st = ST_MULTIPLE;
		/* A timeout leaves the question open: no grid to show. */
		have_solution = res.count > 0 && !bud.expired;
	}
	if (opt.json || opt.verbose)
		us = elapsed_us(&t0);

	if (opt.count) {
		/* Counting: a finished count is a success, whatever it is. */
		if (st == ST_INVALID || st == ST_TIMEOUT || st == ST_NOGRID)
			rc = SDK_EXIT_FAIL;
	} else if (st != ST_SOLVED)
		rc = SDK_EXIT_FAIL;
	if (rc != SDK_EXIT_OK && !opt.quiet) {
		if (why[0] != '\0')
			sdk_warnx(src, "record %ld (line %ld): %s: %s", recno,
			    g->line, status_name[st], why);
		else
			sdk_warnx(src, "record %ld (line %ld): %s", recno,
			    g->line, status_name[st]);
	}
	if (opt.verbose)
		sdk_warnx(src, "record %ld (line %ld): %s, %lu solution%s, "
		    "%lu guesses, %lu nodes, %.0f us", recno, g->line,
		    status_name[st], res.count, res.count == 1 ? "" : "s",
		    res.guesses, bud.nodes, us);

	if (have_solution)
		grid_format_line(res.solution, sol);
	/* Entries are judged only by a solved record's solution. */
	if (ent.have && st == ST_SOLVED)
		entries_check(&ent, g->cell, res.solution);
	if (opt.json) {
		fputs("{\"source\":", out.fp);
		sdk_json_string(out.fp, src);
		fprintf(out.fp, ",\"record\":%ld,\"line\":%ld,"
		    "\"status\":\"%s\"", recno, g->line, status_name[st]);
		if (why[0] != '\0') {
			fputs(",\"message\":", out.fp);
			sdk_json_string(out.fp, why);
		}
		fprintf(out.fp, ",\"strategy\":\"%s\",\"puzzle\":\"%s\"",
		    opt.eng->name, givens);
		if (note.searched) {
			fputs(",\"search\":", out.fp);
			sdk_json_string(out.fp, note.text);
		}
		if (have_solution)
			fprintf(out.fp, ",\"solution\":\"%s\"", sol);
		else
			fputs(",\"solution\":null", out.fp);
		entries_json(out.fp, &ent);
		fprintf(out.fp, ",\"solutions\":%lu,\"guesses\":%lu,"
		    "\"nodes\":%lu,\"microseconds\":%.1f}\n", res.count,
		    res.guesses, bud.nodes, us);
	} else if (opt.count) {
		if (st == ST_TIMEOUT || st == ST_NOGRID)
			fputs("?\n", out.fp);
		else
			fprintf(out.fp, "%lu\n", res.count);
	} else {
		meta_set(&g->meta, "sdk-puzzle", givens);
		meta_set(&g->meta, "sdk-status", status_name[st]);
		/* The logic strategy says when search had to finish. */
		if (note.searched)
			meta_set(&g->meta, "sdk-search", note.text);
		entries_set_meta(&ent, &g->meta);
		if (have_solution)
			memcpy(g->cell, res.solution, GRID_CELLS);
		grid_write(out.fp, g, opt.fmt);
	}
	return rc;
}

/* Solve every record of one operand.  Returns an exit status. */
static int
process_file(const char *name, struct grid *g)
{
	struct grid_reader *r;
	FILE *fp;
	char perr[160];
	long recno = 0, pline = 0;
	int rc = SDK_EXIT_OK, n;

	if ((fp = sdk_open_input(name)) == NULL)
		return SDK_EXIT_ERROR;
	r = grid_reader_new(fp);
	while ((n = opt.pencil ? explain_read(fp, g, &pline, perr,
	    sizeof(perr)) : grid_read(r, g)) == 1)
		rc = sdk_status_fold(rc, process_one(g, name, ++recno));
	if (n < 0) {
		sdk_warnx(name, "%s", opt.pencil ? perr :
		    grid_reader_error(r));
		rc = SDK_EXIT_ERROR;
	}
	grid_reader_free(r);
	sdk_close_input(fp);
	return rc;
}

static unsigned long
parse_count(const char *s, const char *what)
{
	long v;

	if (sdk_parse_long(s, 1, 1000000000L, &v) != 0)
		usage_error("bad %s: %s", what, s);
	return (unsigned long)v;
}

int
main(int argc, char *argv[])
{
	enum { OPT_FIRST = 256, OPT_MAXNODES, OPT_BENCH, OPT_EXPLAIN,
		OPT_HINT, OPT_RATE, OPT_TRACE, OPT_PENCIL };
	static const struct option longopts[] = {
		{ "count", optional_argument, NULL, 'c' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ "repeat", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "strategy", required_argument, NULL, 's' },
		{ "timeout", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "first", no_argument, NULL, OPT_FIRST },
		{ "max-nodes", required_argument, NULL, OPT_MAXNODES },
		{ "bench", no_argument, NULL, OPT_BENCH },
		{ "explain", no_argument, NULL, OPT_EXPLAIN },
		{ "hint", no_argument, NULL, OPT_HINT },
		{ "rate", no_argument, NULL, OPT_RATE },
		{ "trace", no_argument, NULL, OPT_TRACE },
		{ "pencil", no_argument, NULL, OPT_PENCIL },
		{ NULL, 0, NULL, 0 }
	};
	struct grid g;
	const char *strategy = NULL;
	long v;
	int ch, i, rc = SDK_EXIT_OK;

	sdk_setprogname("sdk-solve");
	while ((ch = getopt_long(argc, argv, "c::f:hjn:o:qs:t:vV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'c':
			opt.count = optarg ? parse_count(optarg,
			    "count") : COUNT_DEFAULT;
			break;
		case 'f':
			if (strcmp(optarg, "line") == 0)
				opt.fmt = GRID_FORMAT_LINE;
			else if (strcmp(optarg, "grid") == 0)
				opt.fmt = GRID_FORMAT_BOX;
			else
				usage_error("unknown format: %s", optarg);
			break;
		case 'h':
			help();
			return sdk_close_stdout();
		case 'j':
			opt.json = 1;
			break;
		case 'n':
			if (sdk_parse_long(optarg, 1, 1000000, &v) != 0)
				usage_error("bad repeat count: %s", optarg);
			opt.repeat = v;
			break;
		case 'o':
			opt.out = optarg;
			break;
		case 'q':
			opt.quiet = 1;
			break;
		case 's':
			strategy = optarg;
			break;
		case 't':
			if (sdk_parse_double(optarg, 0, 1e6, &opt.timeout) != 0
			    || opt.timeout <= 0)
				usage_error("bad timeout: %s", optarg);
			break;
		case 'v':
			opt.verbose = 1;
			break;
		case 'V':
			sdk_print_version(NULL);
			return sdk_close_stdout();
		case OPT_FIRST:
			opt.first = 1;
			break;
		case OPT_MAXNODES:
			opt.max_nodes = parse_count(optarg,
			    "node count");
			break;
		case OPT_BENCH:
			opt.bench = 1;
			break;
		case OPT_PENCIL:
			opt.pencil = 1;
			break;
		case OPT_EXPLAIN:
		case OPT_HINT:
		case OPT_RATE:
		case OPT_TRACE:
			if (opt.explain != EXPLAIN_OFF)
				usage_error("--explain, --hint, --rate and "
				    "--trace exclude each other");
			opt.explain = ch == OPT_EXPLAIN ? EXPLAIN_STEPS :
			    ch == OPT_HINT ? EXPLAIN_HINT : ch == OPT_RATE ?
			    EXPLAIN_RATE : EXPLAIN_TRACE;
			break;
		default:
			usage(stderr);
			return SDK_EXIT_ERROR;
		}
	}
	argc -= optind;
	argv += optind;

	if (opt.explain != EXPLAIN_OFF) {
		/* These modes are the logic strategy's; --trace any's. */
		if (opt.bench || opt.count || opt.first)
			usage_error("%s: not with --explain, --hint, --rate "
			    "or --trace", opt.bench ? "--bench" : opt.count ?
			    "-c" : "--first");
		if (strategy != NULL && strcmp(strategy, "logic") != 0 &&
		    opt.explain != EXPLAIN_TRACE)
			usage_error("-s %s: --explain, --hint and --rate use "
			    "the logic strategy", strategy);
		if (strategy == NULL)
			opt.eng = &engine_logic;
	}
	if (opt.bench) {
		struct bench_opts bo;

		if (argc == 0)
			usage_error("--bench needs puzzle files");
		if (opt.count || opt.first || opt.out != NULL ||
		    opt.fmt != GRID_FORMAT_LINE || opt.pencil)
			usage_error("%s: not with --bench",
			    opt.count ? "-c" : opt.first ? "--first" :
			    opt.out ? "-o" : opt.pencil ? "--pencil" : "-f");
		memset(&bo, 0, sizeof(bo));
		bo.strategies = strategy ? strategy : "fast";
		bo.repeat = opt.repeat;
		bo.timeout = opt.timeout;
		bo.max_nodes = opt.max_nodes;
		bo.json = opt.json;
		if (bench_check_strategies(bo.strategies) != 0)
			usage_error("unknown strategy in: %s", bo.strategies);
		rc = bench_run(&bo, argc, argv);
		return sdk_status_fold(rc, sdk_close_stdout());
	}
	if (strategy != NULL && (opt.eng = engine_find(strategy)) == NULL)
		usage_error("unknown strategy: %s", strategy);
	if (opt.repeat != 1)
		usage_error("%s: only with --bench", "-n");
	if (opt.count && opt.first)
		usage_error("%s: not with --first", "-c");
	if (opt.count && opt.fmt != GRID_FORMAT_LINE)
		usage_error("%s: not with -f", "-c");

	if (outfile_open(&out, opt.out) != 0)
		return SDK_EXIT_ERROR;
	grid_init(&g);
	if (argc == 0)
		rc = process_file("-", &g);
	for (i = 0; i < argc; i++)
		rc = sdk_status_fold(rc, process_file(argv[i], &g));
	grid_free(&g);
	if (out.path != NULL) {
		/* A file that cannot be whole is not written at all. */
		if (rc == SDK_EXIT_ERROR)
			outfile_abort(&out);
		else if (outfile_commit(&out) != 0)
			rc = SDK_EXIT_ERROR;
	} else
		rc = sdk_status_fold(rc, sdk_close_stdout());
	return rc;
}
