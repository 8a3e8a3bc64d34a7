/*
 * explain.c: sdk-solve's human-style modes.
 *
 *   --explain  every step of the logic strategy, one line each, then
 *              "solved: ..." or "stuck: ..." and the pencil marks;
 *   --hint     only the next step;
 *   --rate     the record with its rating: level, hardest technique,
 *              steps, and the search effort of the fast strategy;
 *   --trace    every grid state on the way as a grid record: one per
 *              step, then guesses and backtracks if search is needed;
 *              with another strategy than logic, one per digit that
 *              strategy puts in a cell or takes back.
 *
 * A record may carry its pencil marks in "# sdk-candidates" (the 729
 * form): then the techniques start from them, so that solving resumes
 * where it stopped.  A record with handwritten entries ("# sdk-entries")
 * is explained from where the person stands: --explain and --hint start
 * from the givens and the right entries, after a line naming the wrong
 * ones; --rate and --trace are about the puzzle and keep to the givens.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "cellname.h"
#include "json.h"
#include "keys.h"
#include "solve.h"
#include "explain.h"
#include "grid.h"
#include "judge.h"
#include "logic.h"
#include "meta.h"
#include "util.h"

struct ctx {
	FILE		*out;
	struct grid	*g;
	const char	*src;
	long		 recno;
	const struct explain_opts *o;
	char		 givens[GRID_CELLS + 1];
	struct entries	*ent;		/* the record's handwritten digits */
	unsigned char	 start[GRID_CELLS];	/* where the techniques begin */
	int		 step;		/* steps shown so far */
	struct budget	 b;
	unsigned long	 guesses;
	unsigned char	 solution[GRID_CELLS];
	unsigned char	 cur[GRID_CELLS];	/* --trace -s STRATEGY */
	struct json	 j;		/* -j: the object being written */
};

/* The common head of a JSON object: source, record, line. */
static void
json_head(struct ctx *x)
{
	json_begin(&x->j, x->out);
	json_str(&x->j, "source", x->src);
	json_long(&x->j, "record", x->recno);
	json_long(&x->j, "line", x->g->line);
}

/* A step as a JSON object, without its closing brace. */
static void
json_step_fields(struct ctx *x, const struct logic_step *s)
{
	char name[16];
	int c, d, first = 1;

	json_head(x);
	json_long(&x->j, "step", x->step);
	json_str(&x->j, "technique", sdk_logic_tech_name(s->tech));
	json_str(&x->j, "level",
	    sdk_logic_level_name(sdk_logic_tech_level(s->tech)));
	if (s->cell >= 0) {
		cell_name(name, s->cell);
		json_str(&x->j, "cell", name);
		json_long(&x->j, "digit", s->digit);
	} else {
		json_str(&x->j, "cell", NULL);
		json_key(&x->j, "digit");
		fputs("null", x->out);
	}
	json_key(&x->j, "eliminations");
	putc('[', x->out);
	for (c = 0; c < GRID_CELLS; c++)
		for (d = 1; d <= 9; d++)
			if (s->elim[c] & (1u << d)) {
				cell_name(name, c);
				fprintf(x->out, "%s[\"%s\",%d]", first ? "" :
				    ",", name, d);
				first = 0;
			}
	putc(']', x->out);
	json_str(&x->j, "text", s->text);
}

static void
json_step(struct ctx *x, const struct logic_step *s)
{
	json_step_fields(x, s);
	json_end(&x->j);
}

/*
 * The starting position: x->start (the grid, or the givens and the right
 * entries), or the pencil marks of "# sdk-candidates" when the record has
 * them.  Returns 0, or -1 with a reason in why.
 */
static int
start_position(struct ctx *x, struct logic *p, char *why, size_t len)
{
	const char *pm;
	char err[96];

	if (sdk_givens_check(x->start, why, len) != 0)
		return -1;
	if (sdk_logic_init(p, x->start) < 0) {
		snprintf(why, len, "conflicting givens");
		return -1;
	}
	if ((pm = meta_get(&x->g->meta, SDK_KEY_CANDIDATES)) == NULL)
		return 0;
	if (sdk_logic_marks(p, x->start, pm, err, sizeof(err)) < 0) {
		snprintf(why, len, "sdk-candidates: %s", err);
		return -1;
	}
	if (!sdk_logic_consistent(p)) {
		snprintf(why, len, "sdk-candidates: a cell or a unit has no "
		    "place left for a digit");
		return -1;
	}
	return 0;
}

static int
fail(struct ctx *x, const char *status, const char *why)
{
	if (!x->o->quiet)
		sdk_warnx(x->src, "record %ld (line %ld): %s%s%s", x->recno,
		    x->g->line, status, why[0] ? ": " : "", why);
	return SDK_EXIT_FAIL;
}

/* How many solutions (up to 2), by the fast strategy within the budget. */
static unsigned long
count_solutions(struct ctx *x, const unsigned char *cells,
    struct solve_result *res)
{
	memset(res, 0, sizeof(*res));
	sdk_budget_start(&x->b, x->o->max_nodes, x->o->timeout, 256);
	sdk_engine_fast.solve(cells, 2, &x->b, res, NULL);
	return res->count;
}

static const char *
count_status(const struct ctx *x, unsigned long n)
{
	if (x->b.expired)
		return "timeout";
	return n == 0 ? "unsolvable" : n == 1 ? "solved" : "multiple";
}

/* ------------------------------------------------------------ --explain */

static void
explain_step(void *arg, const struct logic *p, const struct logic_step *s)
{
	struct ctx *x = arg;

	(void)p;
	x->step++;
	if (x->o->json)
		json_step(x, s);
	else
		fprintf(x->out, "%s\n", s->text);
}

static int
do_explain(struct ctx *x)
{
	struct logic p;
	struct logic_rating r;
	char why[128], pm[730];
	const char *status;
	int rc, left;

	why[0] = '\0';
	if (start_position(x, &p, why, sizeof(why)) < 0) {
		if (x->o->json) {
			json_head(x);
			json_str(&x->j, "status", "invalid");
			json_str(&x->j, "message", why);
			entries_json(&x->j, x->ent);
			json_end(&x->j);
		} else {
			meta_write(x->out, &x->g->meta);
			fprintf(x->out, "# sdk-puzzle %s\ninvalid: %s\n\n",
			    x->givens, why);
		}
		return fail(x, "invalid", why);
	}
	if (!x->o->json) {
		meta_write(x->out, &x->g->meta);
		fprintf(x->out, "# sdk-puzzle %s\n", x->givens);
		entries_say(x->out, x->ent);
	}
	rc = sdk_logic_run(&p, LT_COUNT - 1, explain_step, x, &r);
	left = sdk_logic_left(&p);
	status = rc == 1 ? "solved" : rc == 0 ? "stuck" : "unsolvable";
	if (x->o->json) {
		json_head(x);
		json_str(&x->j, "status", status);
		json_long(&x->j, "steps", r.steps);
		json_str(&x->j, "hardest", sdk_logic_tech_name(r.hardest));
		json_str(&x->j, "level", sdk_logic_level_name(r.level));
		json_long(&x->j, "left", left);
		if (rc != 1)
			sdk_logic_format729(&p, pm);
		json_str(&x->j, "candidates", rc == 1 ? NULL : pm);
		entries_json(&x->j, x->ent);
		json_end(&x->j);
	} else if (rc == 1)
		fprintf(x->out, "solved: %d steps, hardest %s, level %s\n\n",
		    r.steps, sdk_logic_tech_name(r.hardest),
		    sdk_logic_level_name(r.level));
	else {
		if (rc == 0)
			fprintf(x->out, "stuck: %d cells left after %d steps; "
			    "no technique applies to these candidates:\n",
			    left, r.steps);
		else
			fprintf(x->out, "unsolvable: a contradiction after %d "
			    "steps, in these candidates:\n", r.steps);
		sdk_logic_write_boxed(x->out, &p);
		fputc('\n', x->out);
	}
	if (rc == 1)
		return SDK_EXIT_OK;
	snprintf(why, sizeof(why), rc == 0 ? "the techniques ran out with "
	    "%d cells left" : "contradiction with %d cells left", left);
	return fail(x, status, why);
}

/* ------------------------------------------------------------ --hint */

static int
do_hint(struct ctx *x)
{
	struct logic p;
	struct logic_step s;
	struct solve_result res;
	char why[128];
	const char *status;
	int rc;

	why[0] = '\0';
	if (start_position(x, &p, why, sizeof(why)) < 0) {
		rc = -2;
		status = "invalid";
	} else if (count_solutions(x, p.cell, &res) == 0 && !x->b.expired) {
		/* A wrong digit gives hints towards nothing: say so. */
		rc = -2;
		status = "unsolvable";
		snprintf(why, sizeof(why), "no solution from here: a digit is "
		    "wrong");
	} else {
		rc = sdk_logic_find(&p, LT_COUNT - 1, &s);
		status = rc == 1 ? "hint" : rc == 0 && sdk_logic_left(&p) == 0 ?
		    "solved" : rc == 0 ? "stuck" : "unsolvable";
		if (rc < 0)
			snprintf(why, sizeof(why), "the candidates contradict "
			    "each other");
	}
	if (x->o->json) {
		if (rc == 1) {
			x->step = 1;
			json_step_fields(x, &s);
		} else {
			json_head(x);
			json_str(&x->j, "status", status);
			if (why[0] != '\0')
				json_str(&x->j, "message", why);
		}
		entries_json(&x->j, x->ent);
		json_end(&x->j);
		goto done;
	}
	entries_say(x->out, x->ent);
	if (rc == 1)
		fprintf(x->out, "%s\n", s.text);
	else if (strcmp(status, "solved") == 0)
		fputs("solved: no empty cell left\n", x->out);
	else if (strcmp(status, "stuck") == 0) {
		fprintf(x->out, "stuck: no technique applies to these "
		    "candidates:\n");
		sdk_logic_write_boxed(x->out, &p);
	} else
		fprintf(x->out, "%s: %s\n", status, why);
done:
	if (rc == 1 || strcmp(status, "solved") == 0)
		return SDK_EXIT_OK;
	return fail(x, status, strcmp(status, "stuck") == 0 ?
	    "no technique applies" : why);
}

/* ------------------------------------------------------------ --rate */

/*
 * --stats: how many steps each technique took, simplest first, as
 * "40 hidden single, 3 naked single, 2 pointing" (uniq -c's order of
 * count and name), or "none" when there was nothing to do.
 */
static void
stats_text(const struct logic_rating *r, char *buf, size_t len)
{
	size_t n = 0;
	int t;

	buf[0] = '\0';
	for (t = 0; t < LT_COUNT && n < len; t++)
		if (r->count[t] > 0)
			n += (size_t)snprintf(buf + n, len - n, "%s%d %s",
			    n > 0 ? ", " : "", r->count[t],
			    sdk_logic_tech_name(t));
	if (n == 0)
		snprintf(buf, len, "none");
}

/* --stats -j: "stats": {"hidden single": 40, ...}, simplest first. */
static void
json_stats(struct ctx *x, const struct logic_rating *r)
{
	struct json o;
	int t;

	json_key(&x->j, "stats");
	json_begin(&o, x->out);
	for (t = 0; t < LT_COUNT; t++)
		if (r->count[t] > 0)
			json_long(&o, sdk_logic_tech_name(t), r->count[t]);
	json_close(&o);
}

static int
do_rate(struct ctx *x)
{
	struct logic p;
	struct logic_rating r;
	struct solve_result res;
	char why[128], text[LT_COUNT * 32];
	const char *status;
	unsigned long n = 0;
	double score = 0;
	int ok;

	why[0] = '\0';
	memset(&r, 0, sizeof(r));
	memset(&res, 0, sizeof(res));
	memset(&x->b, 0, sizeof(x->b));
	if (start_position(x, &p, why, sizeof(why)) < 0)
		status = "invalid";
	else {
		n = count_solutions(x, p.cell, &res);
		status = count_status(x, n);
	}
	ok = strcmp(status, "solved") == 0;
	if (ok) {
		/* Its own solve, in Sudoku Explainer's order: before ours. */
		score = sdk_logic_score(&p);
		(void)sdk_logic_run(&p, LT_COUNT - 1, NULL, NULL, &r);
	}
	if (x->o->json) {
		json_head(x);
		json_str(&x->j, "status", status);
		if (why[0] != '\0')
			json_str(&x->j, "message", why);
		if (ok) {
			json_str(&x->j, "level", sdk_logic_level_name(r.level));
			json_str(&x->j, "hardest",
			    sdk_logic_tech_name(r.hardest));
			json_long(&x->j, "steps", r.steps);
			json_bool(&x->j, "solved_by_logic", r.solved);
			json_double(&x->j, "score", "%.1f", score);
			if (x->o->stats)
				json_stats(x, &r);
		}
		json_ulong(&x->j, "guesses", res.guesses);
		json_ulong(&x->j, "nodes", x->b.nodes);
		json_str(&x->j, "puzzle", x->givens);
		json_end(&x->j);
	} else {
		meta_set(&x->g->meta, SDK_KEY_STATUS, status);
		if (ok) {
			meta_set(&x->g->meta, SDK_KEY_LEVEL,
			    sdk_logic_level_name(r.level));
			meta_set(&x->g->meta, SDK_KEY_HARDEST,
			    sdk_logic_tech_name(r.hardest));
			meta_setf(&x->g->meta, SDK_KEY_STEPS, "%d", r.steps);
			meta_setf(&x->g->meta, SDK_KEY_GUESSES, "%lu",
			    res.guesses);
			meta_setf(&x->g->meta, SDK_KEY_NODES, "%lu",
			    x->b.nodes);
			meta_setf(&x->g->meta, SDK_KEY_SCORE, "%.1f", score);
			if (x->o->stats) {
				stats_text(&r, text, sizeof(text));
				meta_set(&x->g->meta, SDK_KEY_STATS, text);
			}
		}
		grid_write(x->out, x->g, x->o->fmt);
	}
	if (x->o->verbose && ok)
		sdk_warnx(x->src, "record %ld (line %ld): %s, hardest %s, %d "
		    "steps, %lu guesses", x->recno, x->g->line,
		    sdk_logic_level_name(r.level),
		    sdk_logic_tech_name(r.hardest), r.steps, res.guesses);
	return ok ? SDK_EXIT_OK : fail(x, status, why);
}

/* ------------------------------------------------------------ --trace */

/*
 * One grid state as a record (or a JSON object), with the pencil marks of
 * p, or without any when p is NULL.
 */
static void
frame_cells(struct ctx *x, const unsigned char *cell, const struct logic *p,
    const char *tech, const char *text, const char *status)
{
	struct grid rec;
	char pm[730], cells[GRID_CELLS + 1];

	if (p != NULL)
		sdk_logic_format729(p, pm);
	grid_format_line(cell, cells);
	if (x->o->json) {
		json_head(x);
		json_long(&x->j, "step", x->step);
		json_str(&x->j, "technique", tech);
		json_str(&x->j, "text", text);
		if (status != NULL)
			json_str(&x->j, "status", status);
		json_str(&x->j, "grid", cells);
		json_str(&x->j, "candidates", p != NULL ? pm : NULL);
		json_end(&x->j);
		return;
	}
	grid_init(&rec);
	meta_copy(&rec.meta, &x->g->meta);
	meta_set(&rec.meta, SDK_KEY_PUZZLE, x->givens);
	meta_setf(&rec.meta, SDK_KEY_STEP, "%d", x->step);
	meta_set(&rec.meta, SDK_KEY_TECHNIQUE, tech);
	meta_set(&rec.meta, SDK_KEY_EXPLAIN, text);
	if (p != NULL)
		meta_set(&rec.meta, SDK_KEY_CANDIDATES, pm);
	else
		meta_del(&rec.meta, SDK_KEY_CANDIDATES);
	if (status != NULL)
		meta_set(&rec.meta, SDK_KEY_STATUS, status);
	memcpy(rec.cell, cell, GRID_CELLS);
	grid_write(x->out, &rec, x->o->fmt);
	grid_free(&rec);
}

static void
frame(struct ctx *x, const struct logic *p, const char *tech,
    const char *text, const char *status)
{
	frame_cells(x, p->cell, p, tech, text, status);
}

/*
 * The last frame of a search that found a solution: "solved" only if it
 * is the one solution, as without --trace; else "multiple" (a failure),
 * the solution found shown all the same.
 */
static int
trace_end(struct ctx *x, const unsigned char *sol, const struct logic *p,
    const char *text)
{
	struct solve_result res;
	unsigned char found[GRID_CELLS];
	char buf[160];
	const char *st;

	memcpy(found, sol, GRID_CELLS);
	st = count_status(x, count_solutions(x, x->g->cell, &res));
	if (strcmp(st, "unsolvable") == 0 || strcmp(st, "solved") == 0) {
		/* (unsolvable cannot be: one was found) */
		frame_cells(x, found, p, "solved", text, "solved");
		return SDK_EXIT_OK;
	}
	snprintf(buf, sizeof(buf), "%s; %s", text, strcmp(st, "multiple") ==
	    0 ? "not the only solution" : "uniqueness not settled in time");
	frame_cells(x, found, p, "end", buf, st);
	return fail(x, st, "");
}

/*
 * A search strategy's steps (solve.h), one frame each: "place" (a digit
 * tried at a branch) and "force" (a digit that follows) fill an empty
 * cell, "backtrack" empties one again.
 */
static void
engine_step(void *arg, const char *tech, int cell, int digit,
    const char *text)
{
	struct ctx *x = arg;
	char buf[64], name[CELL_NAME_MAX];
	int back;

	(void)text;
	if (cell < 0 || cell >= GRID_CELLS || digit < 1 || digit > 9)
		return;
	back = strcmp(tech, "backtrack") == 0;
	x->step++;
	x->cur[cell] = back ? 0 : (unsigned char)digit;
	snprintf(buf, sizeof(buf), "%s: %s = %d%s", tech,
	    cell_name(name, cell), digit, back ? " taken back" : "");
	frame_cells(x, x->cur, NULL, tech, buf, NULL);
}

static int
do_trace_engine(struct ctx *x)
{
	struct solve_result res;
	struct solve_trace tr = { engine_step, x };
	char why[128], text[96];

	why[0] = '\0';
	memcpy(x->cur, x->g->cell, GRID_CELLS);
	if (sdk_givens_check(x->g->cell, why, sizeof(why)) != 0) {
		frame_cells(x, x->cur, NULL, "start", why, "invalid");
		return fail(x, "invalid", why);
	}
	frame_cells(x, x->cur, NULL, "start", "start", NULL);
	memset(&res, 0, sizeof(res));
	sdk_budget_start(&x->b, x->o->max_nodes, x->o->timeout, 256);
	x->o->engine->solve(x->g->cell, 1, &x->b, &res, &tr);
	x->step++;
	if (res.count > 0 && !x->b.expired) {
		snprintf(text, sizeof(text), "solved: %lu nodes, %lu guesses",
		    x->b.nodes, res.guesses);
		return trace_end(x, res.solution, NULL, text);
	}
	snprintf(text, sizeof(text), x->b.expired ? "the budget ran out" :
	    "no solution");
	frame_cells(x, x->cur, NULL, "end", text, x->b.expired ? "timeout" :
	    "unsolvable");
	return fail(x, x->b.expired ? "timeout" : "unsolvable", "");
}

static void
trace_step(void *arg, const struct logic *p, const struct logic_step *s)
{
	struct ctx *x = arg;
	struct logic q = *p;

	x->step++;
	sdk_logic_apply(&q, s);	/* show the state after the step */
	frame(x, &q, sdk_logic_tech_name(s->tech), s->text, NULL);
}

/*
 * Depth-first search on the pencil marks, singles after every guess,
 * showing each guess and each backtrack.  Returns 1 solved, 0 no
 * solution below, -1 out of budget.
 */
static int
trace_search(struct ctx *x, const struct logic *p)
{
	struct logic q;
	char text[96], name[CELL_NAME_MAX];
	int c, best = -1, bestn = 10, n, d, k, rc;

	if (sdk_budget_tick(&x->b))
		return -1;
	for (c = 0; c < GRID_CELLS; c++)
		if (p->cell[c] == 0) {
			n = __builtin_popcount(p->cand[c]);
			if (n < bestn) {
				bestn = n;
				best = c;
			}
		}
	if (best < 0) {
		memcpy(x->solution, p->cell, GRID_CELLS);
		return 1;
	}
	for (d = 1, k = 0; d <= 9; d++) {
		if (!(p->cand[best] & (1u << d)))
			continue;
		k++;
		x->guesses++;
		q = *p;
		sdk_logic_place(&q, best, d);
		rc = sdk_logic_propagate(&q);
		x->step++;
		snprintf(text, sizeof(text), "guess: %s = %d (%d of %d)",
		    cell_name(name, best), d, k, bestn);
		frame(x, &q, "guess", text, NULL);
		if (rc == 0 && (rc = trace_search(x, &q)) != 0)
			return rc;
		x->step++;
		snprintf(text, sizeof(text), "backtrack: %s = %d fails",
		    cell_name(name, best), d);
		frame(x, p, "backtrack", text, NULL);
	}
	return 0;
}

static int
do_trace(struct ctx *x)
{
	struct logic p;
	struct logic_rating r;
	char why[128], text[128];
	int rc;

	why[0] = '\0';
	if (start_position(x, &p, why, sizeof(why)) < 0) {
		unsigned char none[GRID_CELLS];

		memset(none, 0, sizeof(none));
		sdk_logic_init(&p, none);
		memcpy(p.cell, x->g->cell, GRID_CELLS);
		frame(x, &p, "start", why, "invalid");
		return fail(x, "invalid", why);
	}
	frame(x, &p, "start", "start", NULL);
	rc = sdk_logic_run(&p, LT_COUNT - 1, trace_step, x, &r);
	if (rc == 1 && !r.uniqueness) {
		x->step++;
		snprintf(text, sizeof(text), "solved: %d steps, hardest %s, "
		    "level %s", r.steps, sdk_logic_tech_name(r.hardest),
		    sdk_logic_level_name(r.level));
		frame(x, &p, "solved", text, "solved");
		return SDK_EXIT_OK;
	}
	if (rc == 1 || rc < 0) {
		/* a uniqueness step, or a contradiction: search afresh */
		if (start_position(x, &p, why, sizeof(why)) < 0)
			return fail(x, "invalid", why);
	}
	sdk_budget_start(&x->b, x->o->max_nodes, x->o->timeout, 64);
	rc = sdk_logic_propagate(&p) < 0 ? 0 : trace_search(x, &p);
	x->step++;
	if (rc == 1) {
		sdk_logic_init(&p, x->solution);
		snprintf(text, sizeof(text), "solved: %d steps, then search "
		    "with %lu guesses", r.steps, x->guesses);
		return trace_end(x, p.cell, &p, text);
	}
	snprintf(text, sizeof(text), rc == 0 ? "no solution" :
	    "the budget ran out");
	frame(x, &p, "end", text, rc == 0 ? "unsolvable" : "timeout");
	return fail(x, rc == 0 ? "unsolvable" : "timeout", "");
}

/* ------------------------------------------------------------ entry */

/*
 * Where the person stands: the givens and the right entries.  Which are
 * right needs the one solution of the givens; without one (invalid,
 * several, none, out of budget) the entries cannot be judged and the
 * techniques start from the givens.
 */
static void
person_position(struct ctx *x)
{
	struct solve_result res;
	char why[128];

	if (sdk_givens_check(x->g->cell, why, sizeof(why)) != 0)
		return;
	if (count_solutions(x, x->g->cell, &res) != 1 || x->b.expired)
		return;
	entries_check(x->ent, x->g->cell, res.solution);
	entries_position(x->ent, x->g->cell, x->start);
}

int
explain_one(FILE *out, struct grid *g, struct entries *ent, const char *src,
    long recno, const struct explain_opts *o)
{
	struct ctx x;

	memset(&x, 0, sizeof(x));
	x.out = out;
	x.g = g;
	x.ent = ent;
	x.src = src;
	x.recno = recno;
	x.o = o;
	grid_format_line(g->cell, x.givens);
	memcpy(x.start, g->cell, GRID_CELLS);
	if ((ent->have || ent->marked > 0) && (o->mode == EXPLAIN_STEPS ||
	    o->mode == EXPLAIN_HINT))
		person_position(&x);
	switch (o->mode) {
	case EXPLAIN_STEPS:
		return do_explain(&x);
	case EXPLAIN_HINT:
		return do_hint(&x);
	case EXPLAIN_RATE:
		return do_rate(&x);
	case EXPLAIN_TRACE:
		return o->engine != NULL ? do_trace_engine(&x) : do_trace(&x);
	case EXPLAIN_OFF:
		break;
	}
	return SDK_EXIT_OK;
}

void
explain_note_step(void *arg, const char *technique, int cell, int digit,
    const char *text)
{
	struct explain_note *n = arg;

	(void)cell;
	(void)digit;
	if (strcmp(technique, "search") == 0) {
		n->searched = 1;
		if (strncmp(text, "search: ", 8) == 0)
			text += 8;
		snprintf(n->text, sizeof(n->text), "%s", text);
	} else
		n->steps++;
}
