/*
 * sdk-gen: generate Sudoku puzzles with exactly one solution, of a chosen
 * difficulty level, as grid records that pipe into sdk-solve and
 * sdk-render.
 *
 * Each puzzle comes from its own seed: a random full grid is filled in,
 * then givens are taken away in a random order (whole symmetry orbits at
 * a time) as long as the fast strategy still finds exactly one solution
 * and, for easy puzzles, singles still solve it.  The result is rated;
 * when its level is not the one asked for, the next attempt starts from a
 * new full grid.  (Removal held to a level is ten times slower than plain
 * removal then rating for the levels above easy: checking the logic after
 * every removal costs more than the attempts it saves.)  The
 * random numbers come from splitmix64 and integer arithmetic only, so a
 * seed gives the same puzzle on every machine.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "keys.h"
#include "solve.h"
#include "logic.h"
#include "cli.h"
#include "grid.h"
#include "json.h"
#include "outfile.h"
#include "rng.h"
#include "sdk.h"
#include "util.h"

#define LEVEL_ANY	(-1)

enum symmetry {
	SYM_NONE, SYM_ROTATIONAL, SYM_QUARTER, SYM_MIRROR, SYM_FLIP,
	SYM_DIAGONAL, SYM_DIHEDRAL, SYM_COUNT
};

static const char *const sym_name[SYM_COUNT] = {
	"none", "rotational", "quarter", "mirror", "flip", "diagonal",
	"dihedral"
};

/* The options (sdk-gen(1)), filled by parse_args(). */
struct options {
	long		 count;		/* -n: how many puzzles */
	int		 level;		/* -d: LEVEL_ANY or enum logic_level */
	enum symmetry	 sym;		/* --symmetry */
	unsigned long long seed;	/* --seed, else from the clock */
	int		 minimal;	/* --minimal */
	double		 timeout;	/* -t: seconds per puzzle */
	int		 quiet;		/* -q */
	int		 verbose;	/* -v */
	int		 json;		/* -j: JSON Lines */
	enum grid_format fmt;		/* -f line|grid */
	const char	*out;		/* -o FILE; NULL: standard output */
};

static struct options opt;
static struct outfile out;

/* ------------------------------------------------------------ full grid */

/* Fill g completely at random: backtracking on the fewest candidates. */
static int
fill(struct rng *r, unsigned char *g, unsigned *rowm, unsigned *colm,
    unsigned *boxm)
{
	int c, best = -1, bestn = 10, n, d, ds[9], nd, i, b;
	unsigned m, bestm = 0;

	for (c = 0; c < GRID_CELLS; c++) {
		if (g[c])
			continue;
		b = c / 27 * 3 + c % 9 / 3;
		m = ~(rowm[c / 9] | colm[c % 9] | boxm[b]) & 0x3fe;
		n = __builtin_popcount(m);
		if (n < bestn) {
			best = c;
			bestn = n;
			bestm = m;
			if (n <= 1)
				break;
		}
	}
	if (best < 0)
		return 1;
	if (bestn == 0)
		return 0;
	nd = 0;
	for (d = 1; d <= 9; d++)
		if (bestm & (1u << d))
			ds[nd++] = d;
	rng_shuffle(r, ds, nd);
	b = best / 27 * 3 + best % 9 / 3;
	for (i = 0; i < nd; i++) {
		d = ds[i];
		g[best] = (unsigned char)d;
		rowm[best / 9] |= 1u << d;
		colm[best % 9] |= 1u << d;
		boxm[b] |= 1u << d;
		if (fill(r, g, rowm, colm, boxm))
			return 1;
		rowm[best / 9] &= ~(1u << d);
		colm[best % 9] &= ~(1u << d);
		boxm[b] &= ~(1u << d);
	}
	g[best] = 0;
	return 0;
}

static void
random_grid(struct rng *r, unsigned char *g)
{
	unsigned rowm[9], colm[9], boxm[9];

	memset(g, 0, GRID_CELLS);
	memset(rowm, 0, sizeof(rowm));
	memset(colm, 0, sizeof(colm));
	memset(boxm, 0, sizeof(boxm));
	(void)fill(r, g, rowm, colm, boxm);
}

/* ------------------------------------------------------------ symmetry */

/* The cells of c's orbit under the symmetry; returns how many. */
static int
orbit(enum symmetry s, int c, int *v)
{
	int r = c / 9, k = c % 9, img[8], n = 0, i, j;

	img[n++] = c;
	switch (s) {
	case SYM_NONE:
		break;
	case SYM_ROTATIONAL:
		img[n++] = (8 - r) * 9 + 8 - k;
		break;
	case SYM_QUARTER:
		img[n++] = k * 9 + 8 - r;
		img[n++] = (8 - r) * 9 + 8 - k;
		img[n++] = (8 - k) * 9 + r;
		break;
	case SYM_MIRROR:
		img[n++] = r * 9 + 8 - k;
		break;
	case SYM_FLIP:
		img[n++] = (8 - r) * 9 + k;
		break;
	case SYM_DIAGONAL:
		img[n++] = k * 9 + r;
		break;
	case SYM_DIHEDRAL:
	case SYM_COUNT:
		img[n++] = r * 9 + 8 - k;
		img[n++] = (8 - r) * 9 + k;
		img[n++] = (8 - r) * 9 + 8 - k;
		img[n++] = k * 9 + r;
		img[n++] = (8 - k) * 9 + 8 - r;
		img[n++] = k * 9 + 8 - r;
		img[n++] = (8 - k) * 9 + r;
		break;
	}
	/* distinct images */
	j = 0;
	for (i = 0; i < n; i++) {
		int t, dup = 0;

		for (t = 0; t < j; t++)
			dup |= v[t] == img[i];
		if (!dup)
			v[j++] = img[i];
	}
	return j;
}

/* ------------------------------------------------------------ checks */

struct rated {
	struct logic_rating r;
	unsigned long	 guesses;
	unsigned long	 nodes;
};

/* Exactly one solution, by the fast strategy.  Fills guesses and nodes. */
static int
unique(const unsigned char *g, struct rated *rt)
{
	struct solve_result res;
	struct budget b;

	memset(&res, 0, sizeof(res));
	sdk_budget_start(&b, 0, 0, 1024);
	sdk_engine_fast.solve(g, 2, &b, &res, NULL);
	if (rt != NULL) {
		rt->guesses = res.guesses;
		rt->nodes = b.nodes;
	}
	return res.count == 1;
}

/* Last technique of a level. */
static int
level_maxtech(int level)
{
	int t, last = -1;

	for (t = 0; t < LT_COUNT; t++)
		if ((int)sdk_logic_tech_level(t) <= level)
			last = t;
	return last;
}

/*
 * May g stay as it is: one solution and, with a level, solved by the
 * techniques up to that level?
 */
static int
acceptable(const unsigned char *g, int level)
{
	struct logic p;
	int uq;

	if (level == LEVEL_ANY || level >= LEVEL_EXTREME)
		return unique(g, NULL);
	if (sdk_logic_init(&p, g) < 0)
		return 0;
	if (sdk_logic_solvable(&p, level_maxtech(level), &uq) != 1)
		return 0;
	/* Solved by deduction alone: unique, unless it assumed so. */
	return !uq || unique(g, NULL);
}

/*
 * Is the level of g exactly `level'?  Solvable with the techniques up to
 * that level and not with those below: quicker than a full rating, which
 * tries every technique when the puzzle is harder.
 */
static int
has_level(const unsigned char *g, int level)
{
	struct logic p;
	int uq, top = level_maxtech(level);

	if (level >= LEVEL_EXTREME) {
		if (sdk_logic_init(&p, g) < 0)
			return 0;
		return sdk_logic_solvable(&p, LT_COUNT - 1, &uq) == 0;
	}
	if (sdk_logic_init(&p, g) < 0 || sdk_logic_solvable(&p, top, &uq) != 1)
		return 0;
	if (level == LEVEL_EASY)
		return 1;
	sdk_logic_init(&p, g);
	return sdk_logic_solvable(&p, level_maxtech(level - 1), &uq) != 1;
}

/*
 * One attempt: a full grid, then givens taken away.  Leaves the puzzle in
 * g and returns 1 when its level is the one asked for.
 */
static int
attempt(struct rng *r, unsigned char *g, struct rated *rt)
{
	unsigned char sol[GRID_CELLS];
	int order[GRID_CELLS], done[GRID_CELLS];
	int v[8], n, i, k, c, saved[8], hold;

	random_grid(r, sol);
	memcpy(g, sol, GRID_CELLS);
	for (i = 0; i < GRID_CELLS; i++) {
		order[i] = i;
		done[i] = 0;
	}
	rng_shuffle(r, order, GRID_CELLS);
	hold = opt.level == LEVEL_EASY && !opt.minimal ? LEVEL_EASY :
	    LEVEL_ANY;
	for (i = 0; i < GRID_CELLS; i++) {
		c = order[i];
		if (done[c])
			continue;
		n = orbit(opt.sym, c, v);
		for (k = 0; k < n; k++) {
			done[v[k]] = 1;
			saved[k] = g[v[k]];
			g[v[k]] = 0;
		}
		if (!acceptable(g, hold))
			for (k = 0; k < n; k++)
				g[v[k]] = (unsigned char)saved[k];
	}
	if (opt.level != LEVEL_ANY && !has_level(g, opt.level))
		return 0;
	sdk_logic_rate(g, &rt->r);
	if (!unique(g, rt))
		return 0;	/* cannot happen: checked all along */
	return opt.level == LEVEL_ANY || (int)rt->r.level == opt.level;
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) +
	    (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static void
write_puzzle(unsigned long long seed, const unsigned char *g,
    const struct rated *rt, long attempts, double secs)
{
	struct grid rec;
	char line[GRID_CELLS + 1];
	int i, givens = 0;

	for (i = 0; i < GRID_CELLS; i++)
		givens += g[i] != 0;
	grid_format_line(g, line);
	if (opt.json) {
		struct json j;

		json_begin(&j, out.fp);
		json_str(&j, "source", "sdk-gen");
		json_str(&j, "status", "generated");
		json_key(&j, "seed");
		fprintf(out.fp, "%llu", seed);
		json_str(&j, "level", sdk_logic_level_name(rt->r.level));
		json_str(&j, "hardest", sdk_logic_tech_name(rt->r.hardest));
		json_long(&j, "steps", rt->r.steps);
		json_ulong(&j, "guesses", rt->guesses);
		json_ulong(&j, "nodes", rt->nodes);
		json_long(&j, "givens", givens);
		json_str(&j, "symmetry", sym_name[opt.sym]);
		json_long(&j, "attempts", attempts);
		json_double(&j, "seconds", "%.6f", secs);
		json_str(&j, "puzzle", line);
		json_end(&j);
		return;
	}
	grid_init(&rec);
	meta_setf(&rec.meta, SDK_KEY_SEED, "%llu", seed);
	meta_set(&rec.meta, SDK_KEY_LEVEL, sdk_logic_level_name(rt->r.level));
	meta_set(&rec.meta, SDK_KEY_HARDEST,
	    sdk_logic_tech_name(rt->r.hardest));
	meta_setf(&rec.meta, SDK_KEY_STEPS, "%d", rt->r.steps);
	meta_setf(&rec.meta, SDK_KEY_GUESSES, "%lu", rt->guesses);
	meta_setf(&rec.meta, SDK_KEY_NODES, "%lu", rt->nodes);
	memcpy(rec.cell, g, GRID_CELLS);
	grid_write(out.fp, &rec, opt.fmt);
	grid_free(&rec);
}

/* Generate the puzzle of one seed.  Returns an exit status. */
static int
process_one(unsigned long long seed)
{
	struct rng r;
	struct rated rt;
	struct timespec t0;
	unsigned char g[GRID_CELLS];
	char src[64];
	long attempts = 0;
	double secs;

	snprintf(src, sizeof(src), "seed %llu", seed);
	rng_seed(&r, seed);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		attempts++;
		if (attempt(&r, g, &rt))
			break;
		if (seconds_since(&t0) >= opt.timeout) {
			if (!opt.quiet)
				sdk_warnx(src, "no %s puzzle in %g seconds "
				    "(%ld attempts)", sdk_logic_level_name(
				    opt.level), opt.timeout, attempts);
			return SDK_EXIT_FAIL;
		}
	}
	secs = seconds_since(&t0);
	if (opt.verbose)
		sdk_warnx(src, "%s (%s), %d steps, %ld attempt%s, %.0f us",
		    sdk_logic_level_name(rt.r.level),
		    sdk_logic_tech_name(rt.r.hardest), rt.r.steps, attempts,
		    attempts == 1 ? "" : "s", secs * 1e6);
	write_puzzle(seed, g, &rt, attempts, secs);
	return SDK_EXIT_OK;
}

/* ------------------------------------------------------------ main */

static void
help(FILE *fp)
{
	int i;

	fprintf(fp, "\nGenerate Sudoku puzzles with exactly one solution, as "
	    "grid records\nwith their seed and difficulty level.\n\n"
	    "  -n, --count=COUNT  how many puzzles (default 1)\n"
	    "  -d, --level=LEVEL  easy, medium, hard, expert, extreme or any "
	    "(default)\n"
	    "  --symmetry=NAME    givens placed with symmetry:\n"
	    "                    ");
	for (i = 0; i < SYM_COUNT; i++)
		fprintf(fp, "%s%s", i ? ", " : " ", sym_name[i]);
	fprintf(fp, "\n"
	    "  --seed=N           seed of the first puzzle (the next ones "
	    "take N+1, ...)\n"
	    "  --minimal          no given can go without a second "
	    "solution\n"
	    "  -t, --timeout=SECONDS\n"
	    "                     give up on a puzzle after SECONDS "
	    "(default 10)\n"
	    "  -f, --format=FORMAT\n"
	    "                     line (default) or grid: nine rows with "
	    "boxes\n"
	    CLI_HELP_OUTPUT
	    "  -j, --json         JSON Lines instead of records\n"
	    "  -q, --quiet        no messages about puzzles not found\n"
	    "  -v, --verbose      one line about every puzzle on stderr\n"
	    CLI_HELP_END);
}

static const struct cli_program program = {
	"sdk-gen",
	"usage: sdk-gen [-jqv] [-d LEVEL] [-f line|grid] [-n COUNT] "
	"[-o FILE]\n"
	"               [-t SECONDS] [--minimal] [--seed N] "
	"[--symmetry NAME]\n",
	help, NULL
};

/*
 * A seed: any 64-bit unsigned number, as sdk-seed writes them (--seed N
 * -n K goes on to N + K - 1, and past 18446744073709551615 from 0).
 */
static unsigned long long
parse_seed(const char *s)
{
	unsigned long long v = 0, d;
	const char *p;

	if (*s == '\0')
		cli_usage_error("bad seed: %s", s);
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			cli_usage_error("bad seed: %s", s);
		d = (unsigned long long)(*p - '0');
		if (v > (ULLONG_MAX - d) / 10)
			cli_usage_error("bad seed: %s (over %llu)", s,
			    ULLONG_MAX);
		v = v * 10 + d;
	}
	return v;
}

/* A seed from the clock and the process, when --seed is not given. */
static unsigned long long
clock_seed(void)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	return ((unsigned long long)now.tv_sec * 1000003ULL ^
	    (unsigned long long)now.tv_nsec ^
	    (unsigned long long)getpid() << 20) % 1000000000000ULL;
}

enum { OPT_SEED = 256, OPT_SYM, OPT_MINIMAL };

/* A usage error that lists the names a value may take. */
static void
unknown(const char *what, const char *value, int symmetry)
{
	char names[160];
	size_t len = 0;
	int i, n = symmetry ? SYM_COUNT : LEVEL_EXTREME + 2;

	for (i = 0; i < n; i++)
		len += (size_t)snprintf(names + len, sizeof(names) - len, "%s%s",
		    i == 0 ? "" : i == n - 1 ? " or " : ", ", symmetry ?
		    sym_name[i] : i <= LEVEL_EXTREME ? sdk_logic_level_name(i) :
		    "any");
	cli_usage_error("unknown %s: %s (%s)", what, value, names);
}

/* One option from cli_getopt() into o. */
static void
set_option(struct options *o, int ch, int *have_seed)
{
	int s;

	switch (ch) {
	case 'd':
		if (strcmp(optarg, "any") == 0)
			o->level = LEVEL_ANY;
		else if ((o->level = sdk_logic_level_find(optarg)) < 0)
			unknown("level", optarg, 0);
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
	case 'n':
		if (sdk_parse_long(optarg, 0, 100000000L, &o->count) != 0)
			cli_usage_error("bad count: %s", optarg);
		break;
	case 'o':
		o->out = optarg;
		break;
	case 'q':
		o->quiet = 1;
		break;
	case 't':
		if (sdk_parse_double(optarg, 0, 1e6, &o->timeout) != 0 ||
		    o->timeout <= 0)
			cli_usage_error("bad timeout: %s", optarg);
		break;
	case 'v':
		o->verbose = 1;
		break;
	case OPT_SEED:
		o->seed = parse_seed(optarg);
		*have_seed = 1;
		break;
	case OPT_SYM:
		for (s = 0; s < SYM_COUNT; s++)
			if (strcmp(optarg, sym_name[s]) == 0)
				break;
		if (s == SYM_COUNT)
			unknown("symmetry", optarg, 1);
		o->sym = (enum symmetry)s;
		break;
	case OPT_MINIMAL:
		o->minimal = 1;
		break;
	default:
		cli_usage_error(NULL);
	}
}

static void
parse_args(int argc, char *argv[], struct options *o)
{
	static const struct option longopts[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "level", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "timeout", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "symmetry", required_argument, NULL, OPT_SYM },
		{ "minimal", no_argument, NULL, OPT_MINIMAL },
		CLI_LONGOPTS_COMMON
	};
	int ch, have_seed = 0;

	*o = (struct options){ .count = 1, .level = LEVEL_ANY,
		.sym = SYM_NONE, .timeout = 10, .fmt = GRID_FORMAT_LINE };
	while ((ch = cli_getopt(argc, argv, "d:f:jn:o:qt:v", longopts)) != -1)
		set_option(o, ch, &have_seed);
	if (optind < argc)
		cli_usage_error("no operands expected: %s", argv[optind]);
	if (!have_seed)
		o->seed = clock_seed();
}

int
main(int argc, char *argv[])
{
	long i;
	int rc = SDK_EXIT_OK;

	cli_init(&program);
	parse_args(argc, argv, &opt);
	if (outfile_open(&out, opt.out) != 0)
		return SDK_EXIT_ERROR;
	/*
	 * Each puzzle sent on as it is made: a full disk stops the run at
	 * the first, not after all of them (a puzzle costs far more than a
	 * write).
	 */
	for (i = 0; i < opt.count && fflush(out.fp) == 0 && !ferror(out.fp);
	    i++)
		rc = sdk_status_fold(rc, process_one(opt.seed +
		    (unsigned long long)i));
	return cli_finish(&out, rc);
}
