/*
 * libsolve-threads.c: libsolve from several threads at once, for
 * ThreadSanitizer (tests/libsolve.bats builds it with -fsanitize=thread
 * against libsolve's sources).  The main thread touches nothing of the
 * library before the threads start, so that the first calls (and any
 * table built on first use) race.  Each thread takes every puzzle with
 * every strategy, rates it (sdk_logic_rate: no text), explains it
 * (sdk_logic_run with a callback: every step's text), scores it and asks
 * for a hint, each thread starting at a different puzzle and strategy so
 * that different work overlaps.  Each thread sums up what it got; the
 * sums must agree, and a step's text must never be empty.
 * Prints "N threads agree" and exits 0, else 1 (TSan: its own status).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "logic.h"
#include "solve.h"

#define NTHREADS	4
#define ROUNDS		1
#define NENGINES	8

static const char *const puzzles[] = {
	/* easy (samples/puzzles.txt) */
	".138...7...........2......1986.....5.....6..97..3.....1.4.9....8..."
	"51..2.......5.",
	/* medium: naked pair (a 17-clue) */
	".................1.....2.3......3.2...1.4......5....6..3......4.7..8."
	"..962...7...",
	/* hard: w-wing */
	".................1.....234.....5......3...6....7.1...8.5...3....9..."
	"6...18......5",
	/* expert: aic */
	".................1.....2.34.....56....7....8..8..1.7.....8.....3..6."
	"....9.5.....3",
	/* the techniques run out: the logic strategy searches */
	"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9..."
	"5.8...52....6",
	"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3.."
	"..4.9........",
};
#define NPUZZLES	(sizeof(puzzles) / sizeof(puzzles[0]))

struct work {
	pthread_t	 tid;
	int		 id;
	unsigned long	 sum[NPUZZLES];	/* what this thread got, hashed */
	int		 bad;		/* an empty step text */
};

static unsigned long
hash(unsigned long h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n-- > 0)
		h = (h ^ *c++) * 1099511628211UL;
	return h;
}

static unsigned long
hash_int(unsigned long h, long v)
{
	return hash(h, &v, sizeof(v));
}

struct explain {
	unsigned long	 h;
	int		 bad;
};

static void
on_step(void *arg, const struct logic *p, const struct logic_step *s)
{
	struct explain *x = arg;

	(void)p;
	if (s->text[0] == '\0')
		x->bad = 1;
	x->h = hash(x->h, s->text, strlen(s->text));
}

/* One puzzle with every strategy, then the logic side: a hash of it all. */
static unsigned long
one(struct work *w, const unsigned char *g, int first_engine)
{
	const struct engine *e;
	struct solve_result res;
	struct budget b;
	struct logic p;
	struct logic_step s;
	struct logic_rating r;
	struct explain x;
	char msg[128];
	unsigned long h = 14695981039346656037UL;
	unsigned long eh[NENGINES];
	int n, i, k, u;

	for (n = 0; sdk_engines[n] != NULL; n++)
		;
	h = hash_int(h, sdk_givens_check(g, msg, sizeof(msg)));
	/* Each thread in its own order; the sums in the order of the list. */
	for (i = 0; i < n && i < NENGINES; i++) {
		k = (first_engine + i) % n;
		e = sdk_engines[k];
		memset(&res, 0, sizeof(res));
		/* The node budget is counted, not timed: the same every run. */
		sdk_budget_start(&b, 5000, 0, 256);
		e->solve(g, 2, &b, &res, NULL);
		eh[k] = hash(hash_int(hash_int(0, (long)res.count), b.expired),
		    res.solution, sizeof(res.solution));
	}
	for (i = 0; i < n && i < NENGINES; i++)
		h = hash_int(h, (long)eh[i]);
	h = hash_int(h, sdk_logic_rate(g, &r));
	h = hash_int(hash_int(h, r.level), r.hardest);
	h = hash_int(h, r.steps);
	if (sdk_logic_init(&p, g) == 0) {
		x.h = 0;
		x.bad = 0;
		h = hash_int(h, sdk_logic_run(&p, LT_COUNT - 1, on_step, &x,
		    &r));
		h = hash_int(h, (long)x.h);
		w->bad |= x.bad;
		sdk_logic_init(&p, g);
		h = hash_int(h, (long)(sdk_logic_score(&p) * 10));
		if (sdk_logic_find(&p, LT_COUNT - 1, &s) == 1) {
			w->bad |= s.text[0] == '\0';
			h = hash(h, s.text, strlen(s.text));
		}
		h = hash_int(h, sdk_logic_solvable(&p, LT_COUNT - 1, &u));
		h = hash_int(h, u);
	}
	return h;
}

static void *
run(void *arg)
{
	struct work *w = arg;
	unsigned char g[GRID_CELLS];
	size_t i, k;
	int c, round;

	for (round = 0; round < ROUNDS; round++)
		for (k = 0; k < NPUZZLES; k++) {
			i = (k + (size_t)w->id) % NPUZZLES;
			for (c = 0; c < GRID_CELLS; c++)
				g[c] = puzzles[i][c] == '.' ? 0 :
				    (unsigned char)(puzzles[i][c] - '0');
			w->sum[i] = one(w, g, w->id + round);
		}
	return NULL;
}

int
main(void)
{
	static struct work w[NTHREADS];
	int t, ok = 1;
	size_t i;

	for (t = 0; t < NTHREADS; t++) {
		w[t].id = t;
		if (pthread_create(&w[t].tid, NULL, run, &w[t]) != 0) {
			fputs("libsolve-threads: cannot start a thread\n",
			    stderr);
			return 2;
		}
	}
	for (t = 0; t < NTHREADS; t++)
		pthread_join(w[t].tid, NULL);
	for (t = 0; t < NTHREADS; t++) {
		if (w[t].bad) {
			fprintf(stderr, "libsolve-threads: thread %d: a step "
			    "without its text\n", t);
			ok = 0;
		}
		for (i = 0; i < NPUZZLES; i++)
			if (w[t].sum[i] != w[0].sum[i]) {
				fprintf(stderr, "libsolve-threads: thread %d "
				    "got another answer for puzzle %zu\n", t,
				    i + 1);
				ok = 0;
			}
	}
	if (!ok)
		return 1;
	printf("%d threads agree\n", NTHREADS);
	return 0;
}
