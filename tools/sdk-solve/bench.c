/*
 * bench.c: sdk-solve --bench.  Each file is read into memory once; each
 * strategy then solves every puzzle once as a warm-up (checking that it
 * can), and `repeat' more times under the clock, with uniqueness checked
 * (search stops at 2 solutions), as public solver benchmarks do.  The
 * clock is read around each puzzle, which costs some 50 ns a puzzle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "fast.h"
#include "solve.h"
#include "grid.h"
#include "json.h"
#include "util.h"

#define WARMUP_MAX	2000	/* puzzles solved before the clock starts */

struct stats {
	long	 n;
	long	 solved, multiple, unsolvable, invalid, timeout;
	long	 noguess;
	double	 guesses;
	double	 total_us, mean_us, median_us, p99_us, per_sec;
};

/*
 * Split a comma-separated list of strategies into up to max engines.
 * Returns how many, or -1 for an unknown name or too many.
 */
static int
split_list(const char *list, const struct engine **v, int max)
{
	char name[64];
	const char *p, *comma;
	size_t len;
	int n = 0;

	if (strcmp(list, "all") == 0) {
		for (n = 0; sdk_engines[n] != NULL && n < max; n++)
			v[n] = sdk_engines[n];
		return n;
	}
	for (p = list;; p = comma + 1) {
		comma = strchr(p, ',');
		len = comma ? (size_t)(comma - p) : strlen(p);
		if (len >= sizeof(name) || n == max)
			return -1;
		memcpy(name, p, len);
		name[len] = '\0';
		if ((v[n++] = sdk_engine_find(name)) == NULL)
			return -1;
		if (comma == NULL)
			return n;
	}
}

int
bench_check_strategies(const char *list)
{
	const struct engine *v[16];

	return split_list(list, v, 16) < 0 ? -1 : 0;
}

/* Read every grid of a file.  Returns the count, or -1 (message given). */
static long
load(const char *name, unsigned char **cells)
{
	struct grid_reader *r;
	struct grid g;
	FILE *fp;
	size_t n = 0, cap = 0;
	int rc;

	*cells = NULL;
	if ((fp = sdk_open_input(name)) == NULL)
		return -1;
	r = grid_reader_new(fp);
	grid_init(&g);
	while ((rc = grid_read(r, &g)) == 1) {
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			*cells = sdk_xreallocarray(*cells, cap, GRID_CELLS);
		}
		memcpy(*cells + n++ * GRID_CELLS, g.cell, GRID_CELLS);
	}
	if (rc < 0)
		sdk_warnx(name, "%s", grid_reader_error(r));
	grid_free(&g);
	grid_reader_free(r);
	sdk_close_input(fp);
	if (rc < 0) {
		free(*cells);
		*cells = NULL;
		return -1;
	}
	return (long)n;
}

static double
now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* One untimed pass that also counts the outcomes. */
static void
solve_one(const struct engine *e, const struct bench_opts *o,
    const unsigned char *p, struct stats *st)
{
	struct solve_result res;
	struct budget b;
	char why[64];

	if (sdk_givens_check(p, why, sizeof(why)) != 0) {
		st->invalid++;
		return;
	}
	memset(&res, 0, sizeof(res));
	sdk_budget_start(&b, o->max_nodes, o->timeout,
	    e == &sdk_engine_backtrack ? 4096 : 256);
	e->solve(p, 2, &b, &res, NULL);
	if (b.expired)
		st->timeout++;
	else if (res.count == 0)
		st->unsolvable++;
	else if (res.count == 1)
		st->solved++;
	else
		st->multiple++;
	st->guesses += (double)res.guesses;
	if (res.guesses == 0 && !b.expired)
		st->noguess++;
}

static void
bench_one(const struct engine *e, const struct bench_opts *o,
    const unsigned char *cells, long n, double *times, struct stats *st)
{
	struct solve_result res;
	struct budget b;
	long i, k, warm;
	double t0, t1, total = 0;

	memset(st, 0, sizeof(*st));
	st->n = n;
	/* Warm-up pass: outcomes and guesses, caches and branch tables. */
	for (i = 0; i < n; i++)
		solve_one(e, o, cells + i * GRID_CELLS, st);
	warm = n < WARMUP_MAX ? n : WARMUP_MAX;
	for (i = 0; i < warm && o->repeat > 1; i++)
		solve_one(e, o, cells + i * GRID_CELLS, &(struct stats){ 0 });
	for (k = 0; k < o->repeat; k++)
		for (i = 0; i < n; i++) {
			const unsigned char *p = cells + i * GRID_CELLS;
			char why[64];

			memset(&res, 0, sizeof(res));
			t0 = now_us();
			if (sdk_givens_check(p, why, sizeof(why)) == 0) {
				sdk_budget_start(&b, o->max_nodes, o->timeout,
				    e == &sdk_engine_backtrack ? 4096 : 256);
				e->solve(p, 2, &b, &res, NULL);
			}
			t1 = now_us();
			times[k * n + i] = t1 - t0;
			total += t1 - t0;
		}
	n *= o->repeat;
	st->total_us = total;
	st->mean_us = n ? total / (double)n : 0;
	qsort(times, (size_t)n, sizeof(double), sdk_cmp_double);
	st->median_us = n ? times[n / 2] : 0;
	st->p99_us = n ? times[(long)((double)(n - 1) * 0.99)] : 0;
	st->per_sec = total > 0 ? (double)n / (total / 1e6) : 0;
}

/* build: the fast strategy's build that runs, NULL if fast is not timed. */
static void
print_header(const char *file, long n, long repeat, const char *build)
{
	printf("# %s: %ld puzzles, %ld timed pass%s after a warm-up, "
	    "stop at 2 solutions", file, n, repeat, repeat == 1 ? "" : "es");
	if (build != NULL)
		printf(", fast's %s build", build);
	printf("\n");
	printf("%-10s %8s %8s %8s %8s %11s %9s %9s %9s %9s %8s\n",
	    "strategy", "solved", "multiple", "unsolv", "timeout",
	    "puzzles/s", "mean_us", "median_us", "p99_us", "guesses",
	    "no_guess");
}

static void
print_row(const char *file, const struct engine *e, const struct stats *s,
    int json)
{
	double ng = s->n ? 100.0 * (double)s->noguess / (double)s->n : 0;
	double gp = s->n ? s->guesses / (double)s->n : 0;

	if (json) {
		struct json j;

		json_begin(&j, stdout);
		json_str(&j, "file", file);
		json_str(&j, "strategy", e->name);
		if (e == &sdk_engine_fast)
			json_str(&j, "build",
			    fast_build_name(fast_build_choose()));
		json_long(&j, "puzzles", s->n);
		json_long(&j, "solved", s->solved);
		json_long(&j, "multiple", s->multiple);
		json_long(&j, "unsolvable", s->unsolvable);
		json_long(&j, "invalid", s->invalid);
		json_long(&j, "timeout", s->timeout);
		json_double(&j, "puzzles_per_second", "%.1f", s->per_sec);
		json_double(&j, "mean_us", "%.3f", s->mean_us);
		json_double(&j, "median_us", "%.3f", s->median_us);
		json_double(&j, "p99_us", "%.3f", s->p99_us);
		json_double(&j, "guesses_per_puzzle", "%.3f", gp);
		json_double(&j, "no_guess_percent", "%.2f", ng);
		json_end(&j);
		return;
	}
	printf("%-10s %8ld %8ld %8ld %8ld %11.1f %9.2f %9.2f %9.2f %9.2f "
	    "%7.1f%%\n", e->name, s->solved, s->multiple, s->unsolvable,
	    s->timeout, s->per_sec, s->mean_us, s->median_us, s->p99_us, gp,
	    ng);
}

int
bench_run(const struct bench_opts *o, int nfiles, char **files)
{
	const struct engine *list[16];
	unsigned char *cells;
	struct stats st;
	double *times;
	const char *build = NULL;
	long n;
	int i, j, ne, rc = 0;

	if ((ne = split_list(o->strategies, list, 16)) < 0)
		return 2;
	for (j = 0; j < ne; j++)
		if (list[j] == &sdk_engine_fast)
			build = fast_build_name(fast_build_choose());
	for (i = 0; i < nfiles; i++) {
		if ((n = load(files[i], &cells)) < 0) {
			rc = 2;
			continue;
		}
		times = sdk_xreallocarray(NULL, (size_t)(n * o->repeat) + 1,
		    sizeof(double));
		if (!o->json)
			print_header(files[i], n, o->repeat, build);
		for (j = 0; j < ne; j++) {
			bench_one(list[j], o, cells, n, times, &st);
			print_row(files[i], list[j], &st, o->json);
			fflush(stdout);
		}
		if (!o->json && i + 1 < nfiles)
			putchar('\n');
		free(times);
		free(cells);
	}
	return rc;
}
