/*
 * sdk-ocr: read the 81 cells of straightened grid images (sdk-warp's
 * output) and write grid records with per-cell confidence and the next
 * best readings.  Whether a cell holds a digit is decided from its ink
 * (cells.c); the digits are then classified by an engine: the built-in
 * classifier (engine-mlp.c, the default) or Tesseract (engine-tess.c).
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cells.h"
#include "engine.h"
#include "geom.h"
#include "grid.h"
#include "hand.h"
#include "image.h"
#include "orient.h"
#include "outfile.h"
#include "repair.h"
#include "sdk.h"
#include "util.h"

#define ALT_MAX		3	/* readings kept per cell, best included */
#define ALT_MIN		0.001	/* readings less likely are not listed */

struct reading {
	int	 v;		/* 0 empty, 1-9 */
	double	 p;
};

static struct {
	const struct engine *eng;
	const char	*out;
	int		 repair;
	int		 json;
	int		 quiet;
	int		 verbose;
	int		 upright;	/* do not turn the square */
} opt = { &engine_mlp, NULL, 1, 0, 0, 0, 0 };

static struct outfile out;
static long nrecords;

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: sdk-ocr [-jqv] [-e mlp|tesseract] [-o FILE] "
	    "[--no-repair]\n"
	    "               [--upright] [FILE ...]\n");
}

static void
help(void)
{
	usage(stdout);
	printf("\nRead the 81 cells of straightened grid images (PNM from "
	    "sdk-warp, PNG, JPEG)\nand write grid records with per-cell confidence "
	    "(# sdk-conf) and alternatives\n(# sdk-alt).\n\n"
	    "  -e ENGINE        digit classifier: mlp (built in, default) "
	    "or tesseract\n"
	    "  -o FILE          write to FILE (atomically)\n"
	    "  --no-repair      do not mend a read that is not a proper "
	    "puzzle with the\n"
	    "                   next-best readings of its cells\n"
	    "  --upright        take every grid as upright; by default a "
	    "grid lying on its\n"
	    "                   side or upside down is turned to read it\n"
	    "  -j               JSON Lines instead of records\n"
	    "  -q               no messages about images without a grid\n"
	    "  -v               one line about every record on stderr\n"
	    "  -h, --help       this help\n"
	    "  -V, --version    version\n");
}

/*
 * The readings of one cell, best first: the presence call weighed with
 * the engine's digit probabilities.  Returns how many (1 for an empty
 * cell, 10 for a digit or for an empty cell with something nearly a
 * digit in it).
 */
static int
cell_readings(const struct cell *cl, const float prob[9],
    struct reading r[10])
{
	double	 pp;
	int	 n = 0, i, j;

	/* How likely a digit is there, from the presence certainty. */
	pp = cl->present ? 0.5 + cl->certainty / 2 : 0.5 - cl->certainty / 2;
	if (pp < 0.001)
		pp = 0.001;
	if (pp > 0.999)
		pp = 0.999;
	r[n].v = 0;
	r[n++].p = 1 - pp;
	if (cl->present || cl->weak)
		for (i = 0; i < 9; i++) {
			r[n].v = i + 1;
			r[n++].p = pp * prob[i];
		}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && r[j].p > r[j - 1].p; j--) {
			struct reading t = r[j];

			r[j] = r[j - 1];
			r[j - 1] = t;
		}
	/*
	 * The presence call stands: a digit judged present is read as its
	 * likeliest digit even when "empty" beats each digit alone.
	 */
	if (cl->present && r[0].v == 0) {
		struct reading t = r[0];

		r[0] = r[1];
		r[1] = t;
	}
	return n;
}

/* Does any digit repeat in a row, column or box? */
static int
grid_valid(const unsigned char *c)
{
	int	 u, k, seen;

	for (u = 0; u < 27; u++) {
		seen = 0;
		for (k = 0; k < 9; k++) {
			int	 i;

			if (u < 9)
				i = u * 9 + k;
			else if (u < 18)
				i = k * 9 + (u - 9);
			else
				i = ((u - 18) / 3 * 3 + k / 3) * 9 +
				    (u - 18) % 3 * 3 + k % 3;
			if (c[i] == 0)
				continue;
			if (seen & (1 << c[i]))
				return 0;
			seen |= 1 << c[i];
		}
	}
	return 1;
}

/*
 * Mend a read that is not a proper puzzle (a digit twice in a unit, no
 * solution, several) with libsolve's repair: the likeliest change of one
 * to three cells to their next-best readings that makes it proper.  A
 * proper read is never changed.  The cells changed go in changed, as
 * "r5c9:5>9 ..."; returns the repair status.
 */
static int
mend(unsigned char *cell, struct reading rd[81][10], const int nrd[81],
    const unsigned char hand[81], char *changed, size_t len)
{
	struct repair_cell info[81];
	struct repair_result res;
	int	 i, j, k, st;

	for (i = 0; i < 81; i++) {
		info[i].p = rd[i][0].p;
		info[i].nalt = 0;
		/* A person's entry is theirs: not a given, never mended. */
		if (hand[i]) {
			info[i].p = 1;
			continue;
		}
		for (j = 1; j < nrd[i] && info[i].nalt < REPAIR_ALTS; j++) {
			if (rd[i][j].p < ALT_MIN)
				break;
			info[i].alt[info[i].nalt] = (unsigned char)rd[i][j].v;
			info[i].alt_p[info[i].nalt++] = rd[i][j].p;
		}
	}
	st = repair_grid(cell, info, &res);
	changed[0] = '\0';
	if (st != REPAIR_MENDED)
		return st;
	for (k = 0; k < res.nchanged; k++) {
		i = res.cell[k];
		snprintf(changed + strlen(changed), len - strlen(changed),
		    "%sr%dc%d:%c>%c", k ? " " : "", i / 9 + 1, i % 9 + 1,
		    res.from[k] ? '0' + res.from[k] : '.',
		    res.to[k] ? '0' + res.to[k] : '.');
		/* The reading taken is now the cell's best one. */
		for (j = 1; j < nrd[i]; j++)
			if (rd[i][j].v == res.to[k]) {
				struct reading t = rd[i][j];

				rd[i][j] = rd[i][0];
				rd[i][0] = t;
				break;
			}
	}
	return st;
}

static void
emit(FILE *fp, struct grid *g, const char *src, const char *status,
    const char *changed)
{
	char	 line[GRID_CELLS + 1];

	if (!opt.json) {
		grid_write(fp, g, GRID_FORMAT_LINE);
		return;
	}
	grid_format_line(g->cell, line);
	fputs("{\"source\":", fp);
	sdk_json_string(fp, src);
	fprintf(fp, ",\"record\":%ld,\"status\":\"%s\",\"engine\":\"%s\""
	    ",\"grid\":\"%s\"", nrecords, status, opt.eng->name, line);
	if (meta_get(&g->meta, "sdk-entries") != NULL)
		fprintf(fp, ",\"entries\":\"%s\"", meta_get(&g->meta,
		    "sdk-entries"));
	if (meta_get(&g->meta, "sdk-pencil") != NULL) {
		fputs(",\"pencil\":", fp);
		sdk_json_string(fp, meta_get(&g->meta, "sdk-pencil"));
	}
	if (meta_get(&g->meta, "sdk-conf") != NULL)
		fprintf(fp, ",\"conf\":\"%s\"", meta_get(&g->meta,
		    "sdk-conf"));
	if (changed != NULL && changed[0] != '\0') {
		fputs(",\"repaired\":", fp);
		sdk_json_string(fp, changed);
	}
	fputs("}\n", fp);
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

	if ((t = pixRotateOrth(*grey, turns)) == NULL)
		return -1;
	pixDestroy(grey);
	*grey = t;
	if (cells_extract(t, cell) != 0)
		return -1;
	if ((q = meta_get(meta, "sdk-quad")) != NULL &&
	    quad_parse(q, &from) == 0) {
		/* Turned clockwise, the old corner i - turns is corner i. */
		for (i = 0; i < 4; i++)
			to.p[i] = from.p[(i - turns + 4) % 4];
		quad_format(&to, buf, sizeof(buf));
		meta_set(meta, "sdk-quad", buf);
	}
	return 0;
}

/*
 * Which present cells are handwritten and which are pencil marks (kind.h):
 * a handwritten cell's digit probabilities become the handwriting
 * classifier's, weighed with how sure the kind is; pencil marks are an
 * empty cell whose digit readings stay as next-best ones.
 */
static void
split_kinds(struct cell cell[81], float prob[81][9],
    float kind[81][KIND_N], float hprob[81][9], unsigned char hand[81],
    unsigned char pencil[81], float sure[81])
{
	int	 i, d;

	memset(hand, 0, 81);
	memset(pencil, 0, 81);
	for (i = 0; i < 81; i++)
		sure[i] = 1;
	for (i = 0; i < 81; i++) {
		float	 pp, ph, pn, pz;

		if (!cell[i].present)
			continue;
		pp = kind[i][KIND_PRINTED];
		ph = kind[i][KIND_HAND];
		pn = kind[i][KIND_PENCIL];
		pz = kind[i][KIND_NOISE];
		if (pn + pz > pp + ph) {
			pencil[i] = pn > pz;
			cell[i].present = 0;
			cell[i].weak = 1;
			cell[i].certainty = 2 * (pn + pz) - 1;
			continue;
		}
		hand[i] = ph > pp;
		sure[i] = fabsf(ph - pp) / (pp + ph);
		for (d = 0; d < 9; d++)
			prob[i][d] = (pp * prob[i][d] + ph * hprob[i][d]) /
			    (pp + ph);
	}
}

/*
 * People seldom write a wrong digit: an entry the reader is unsure of is
 * taken as the solution's digit when that reading is at least 1/ENTRY_PRIOR
 * as likely as the best one (a prior of about 1 wrong entry in 100).  A
 * clearly written wrong digit is far beyond that and stays as written.
 */
#define ENTRY_PRIOR	100

#define SETTLE_CELLS	(getenv("SC")?atoi(getenv("SC")):8)	/* the least sure kinds tried again */
#define SETTLE_SURE	(getenv("SS")?atof(getenv("SS")):0.6)	/* kinds surer than this are not */
#define SETTLE_FLIPS	3	/* at most this many swapped */

/* The givens with the kinds of the cells in flip[0..n) swapped. */
static int
proper_flipped(const unsigned char *given, const unsigned char *value,
    const int *flip, int n)
{
	unsigned char g[81];
	int	 k;

	memcpy(g, given, 81);
	for (k = 0; k < n; k++)
		g[flip[k]] = g[flip[k]] ? 0 : value[flip[k]];
	return repair_is_proper(g);
}

/*
 * Flips of `want' cells among c[from..n) (f[0..depth) chosen so far) that
 * make the givens proper; 1 with the cells in f, else 0.
 */
static int
try_flips(const unsigned char *given, const unsigned char *value,
    const int *c, int n, int from, int *f, int depth, int want)
{
	int	 i;

	if (depth == want)
		return proper_flipped(given, value, f, want);
	for (i = from; i < n; i++) {
		f[depth] = c[i];
		if (try_flips(given, value, c, n, i + 1, f, depth + 1, want))
			return 1;
	}
	return 0;
}

/*
 * The printed givens of a puzzle have exactly one solution.  When the
 * cells read as printed do not, the kind of one, two or three of the
 * cells whose kind was least sure is swapped, if that makes them a proper
 * puzzle: a printed digit taken for handwriting leaves the givens with
 * several solutions, a handwritten one taken for print often clashes.
 * Fewer swaps first, the least sure cells first.  Returns how many cells
 * changed kind.
 */
static int
settle_kinds(unsigned char *given, const unsigned char *value,
    unsigned char hand[81], const float sure[81])
{
	int	 c[32], n = 0, i, k, want, f[SETTLE_FLIPS];

	if (repair_is_proper(given))
		return 0;
	/* The least sure cells with a digit, surest last. */
	for (i = 0; i < 81; i++) {
		if (value[i] == 0 || sure[i] > SETTLE_SURE ||
		    (n == SETTLE_CELLS && sure[i] >= sure[c[n - 1]]))
			continue;
		k = n < SETTLE_CELLS ? n++ : n - 1;
		for (; k > 0 && sure[c[k - 1]] > sure[i]; k--)
			c[k] = c[k - 1];
		c[k] = i;
	}
	for (want = 1; want <= SETTLE_FLIPS; want++)
		if (try_flips(given, value, c, n, 0, f, 0, want)) {
			for (i = 0; i < want; i++) {
				given[f[i]] = given[f[i]] ? 0 : value[f[i]];
				hand[f[i]] = !hand[f[i]];
			}
			return want;
		}
	return 0;
}

/*
 * When the givens have several solutions and no few swaps mend that, the
 * kinds may be wrong wholesale (a printed grid unlike those the networks
 * learnt from, all taken for handwriting): the handwritten cells are
 * taken back for print one by one, the least sure first, until the givens
 * are a proper puzzle.  If they never are, nothing changes.  Returns how
 * many cells changed kind.
 */
static int
promote_kinds(unsigned char *given, const unsigned char *value,
    unsigned char hand[81], const float sure[81])
{
	unsigned char g[81];
	int	 order[81], n = 0, i, j, k;

	for (i = 0; i < 81; i++) {
		if (!hand[i] || value[i] == 0)
			continue;
		for (j = n++; j > 0 && sure[order[j - 1]] > sure[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	memcpy(g, given, sizeof(g));
	for (k = 0; k < n; k++) {
		g[order[k]] = value[order[k]];
		if (!repair_is_proper(g))
			continue;
		for (j = 0; j <= k; j++)
			hand[order[j]] = 0;
		memcpy(given, g, sizeof(g));
		return k + 1;
	}
	return 0;
}

/*
 * Read the entries of a proper puzzle with the solution of its givens in
 * mind (ENTRY_PRIOR).  Entries taken as the solution's digit are added to
 * changed ("r3c4:5>7", as the repair's).  Returns how many.
 */
static int
weigh_entries(const unsigned char *given, const unsigned char hand[81],
    struct reading rd[81][10], const int nrd[81], char *changed, size_t len)
{
	unsigned char solution[81];
	int	 i, j, n = 0;

	if (!repair_solution(given, solution))
		return 0;
	for (i = 0; i < 81; i++) {
		int	 sol = solution[i];

		if (!hand[i] || rd[i][0].v == 0 || rd[i][0].v == sol)
			continue;
		for (j = 1; j < nrd[i]; j++)
			if (rd[i][j].v == sol)
				break;
		if (j == nrd[i] || rd[i][j].p * ENTRY_PRIOR < rd[i][0].p)
			continue;
		snprintf(changed + strlen(changed), len - strlen(changed),
		    "%sr%dc%d:%c>%c", changed[0] ? " " : "", i / 9 + 1,
		    i % 9 + 1, '0' + rd[i][0].v, '0' + sol);
		{
			struct reading t = rd[i][j];

			rd[i][j] = rd[i][0];
			rd[i][0] = t;
		}
		n++;
	}
	return n;
}

/* "r1c2: r4c5:" for the cells of pencil marks (their digits unread). */
static void
format_pencil(const unsigned char pencil[81], char *buf, size_t len)
{
	size_t	 n = 0;
	int	 i;

	buf[0] = '\0';
	for (i = 0; i < 81 && n < len; i++)
		if (pencil[i])
			n += (size_t)snprintf(buf + n, len - n, "%sr%dc%d:",
			    n ? " " : "", i / 9 + 1, i % 9 + 1);
}

/* The cells of a grid read with one set of kinds (read_cells). */
struct reading_set {
	struct cell	 cell[81];
	float		 prob[81][9];
	struct reading	 rd[81][10];
	int		 nrd[81];
	unsigned char	 given[81];	/* the givens, 0 elsewhere */
	unsigned char	 value[81];	/* every cell's best reading */
	unsigned char	 hand[81];
	unsigned char	 pencil[81];
	float		 sure[81];	/* how sure each kind is */
	int		 repair;	/* REPAIR_* of the givens */
	char		 changed[81 * 12];	/* cells mended, "r5c9:5>9 ..." */
};

/*
 * Read the cells (the engine's probabilities prob for printed digits,
 * hprob for handwritten ones) with the kinds kind: readings, kinds
 * settled by the givens (settle_kinds), the givens mended (unless
 * --no-repair), the entries weighed against their solution.  Returns
 * whether the givens are a proper puzzle.
 */
static int
read_cells(struct reading_set *r, const struct cell cell[81],
    float prob[81][9], float kind[81][KIND_N], float hprob[81][9])
{
	int	 i;

	memcpy(r->cell, cell, sizeof(r->cell));
	memcpy(r->prob, prob, sizeof(r->prob));
	split_kinds(r->cell, r->prob, kind, hprob, r->hand, r->pencil,
	    r->sure);
	for (i = 0; i < 81; i++) {
		r->nrd[i] = cell_readings(&r->cell[i], r->prob[i], r->rd[i]);
		r->value[i] = (unsigned char)r->rd[i][0].v;
		/* The record's grid holds the givens; entries go apart. */
		r->given[i] = r->hand[i] ? 0 : r->value[i];
	}
	if (settle_kinds(r->given, r->value, r->hand, r->sure) == 0 &&
	    !repair_is_proper(r->given))
		promote_kinds(r->given, r->value, r->hand, r->sure);
	r->changed[0] = '\0';
	r->repair = REPAIR_PROPER;
	if (!opt.repair)
		return repair_is_proper(r->given);
	r->repair = mend(r->given, r->rd, r->nrd, r->hand, r->changed,
	    sizeof(r->changed));
	weigh_entries(r->given, r->hand, r->rd, r->nrd, r->changed,
	    sizeof(r->changed));
	return r->repair != REPAIR_FAILED;
}

/*
 * The kinds of the second pass see the whole grid and are surer on the
 * photos like those it learnt from; the first pass's are read too, and
 * taken when only they make the givens a proper puzzle.
 */
static struct reading_set *
read_grid(const struct cell cell[81], float prob[81][9])
{
	static struct reading_set second, first;
	static float kind1[81][KIND_N], kind2[81][KIND_N], hprob[81][9];

	hand_read(cell, kind1, kind2, hprob);
	if (read_cells(&second, cell, prob, kind2, hprob))
		return &second;
	if (read_cells(&first, cell, prob, kind1, hprob))
		return &first;
	return &second;
}

/* One image record.  Returns its status. */
static int
process_one(FILE *fp, PIX *pix, struct meta *meta, const char *input)
{
	static const char *const turned[4] = { "",
	    "turned a quarter clockwise, ", "turned upside down, ",
	    "turned a quarter anticlockwise, " };
	static struct cell cell[81];
	static float prob[81][9];
	struct reading_set *r;
	int	 i, j, st = SDK_EXIT_OK, ndig = 0, nchanged = 0, rst;
	int	 turns = 0, nentries = 0;
	char	 entries[82], pencils[81 * 8];
	struct grid g;
	const char *src, *why = NULL;
	char	 conf[82], *alt, changed[81 * 12] = "";
	size_t	 altlen = 0, altcap = 81 * 40;
	PIX	*grey = NULL;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	nrecords++;
	grid_init(&g);
	meta_copy(&g.meta, meta);
	if (meta_get(&g.meta, "sdk-source") == NULL)
		meta_set(&g.meta, "sdk-source", input);
	src = meta_get(&g.meta, "sdk-source");
	if (meta_get(meta, "sdk-status") != NULL &&
	    strcmp(meta_get(meta, "sdk-status"), "no-grid") == 0)
		why = "no grid found";
	else if (pixGetWidth(pix) < 9 * 8 || pixGetHeight(pix) < 9 * 8)
		why = "image too small to hold a grid";
	else if ((grey = image_grey_min(pix)) == NULL ||
	    cells_extract(grey, cell) != 0)
		why = "cannot analyse the image";
	else if (!opt.upright && (turns = orient_guess(cell)) != 0 &&
	    turn_square(&grey, cell, &g.meta, turns) != 0)
		why = "cannot analyse the image";
	if (why != NULL) {
		meta_set(&g.meta, "sdk-status", "no-grid");
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
	r = read_grid(cell, prob);
	memcpy(g.cell, r->given, sizeof(r->given));
	rst = r->repair;
	snprintf(changed, sizeof(changed), "%s", r->changed);
	for (i = 0; i < 81; i++) {
		entries[i] = r->hand[i] && r->rd[i][0].v ?
		    (char)('0' + r->rd[i][0].v) :
		    '.';
		nentries += entries[i] != '.';
	}
	entries[81] = '\0';
	if (nentries > 0)
		meta_set(&g.meta, "sdk-entries", entries);
	else
		meta_del(&g.meta, "sdk-entries");
	format_pencil(r->pencil, pencils, sizeof(pencils));
	if (pencils[0] != '\0')
		meta_set(&g.meta, "sdk-pencil", pencils);
	else
		meta_del(&g.meta, "sdk-pencil");
	nchanged = changed[0] != '\0';
	alt = sdk_xmalloc(altcap);
	alt[0] = '\0';
	for (i = 0; i < 81; i++) {
		double	 c = r->rd[i][0].p;
		int	 any = 0;

		ndig += g.cell[i] != 0 || entries[i] != '.';
		conf[i] = (char)('0' + (int)fmin(9, floor(c * 10)));
		for (j = 1; j < r->nrd[i] && j < ALT_MAX; j++) {
			if (r->rd[i][j].p < ALT_MIN)
				break;
			if (!any)
				altlen += (size_t)snprintf(alt + altlen,
				    altcap - altlen, "%sr%dc%d:", altlen ?
				    " " : "", i / 9 + 1, i % 9 + 1);
			altlen += (size_t)snprintf(alt + altlen,
			    altcap - altlen, "%s%c=%.3f", any ? "," : "",
			    r->rd[i][j].v ? '0' + r->rd[i][j].v : '.',
			    r->rd[i][j].p);
			any = 1;
		}
	}
	conf[81] = '\0';
	meta_set(&g.meta, "sdk-conf", conf);
	if (altlen > 0)
		meta_set(&g.meta, "sdk-alt", alt);
	else
		meta_del(&g.meta, "sdk-alt");
	if (nchanged > 0)
		meta_set(&g.meta, "sdk-repaired", changed);
	free(alt);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (opt.verbose)
		sdk_warnx(src, "%s%d digits, %s%s, %.1f ms", turned[turns], ndig,
		    !opt.repair ? (grid_valid(g.cell) ? "valid" :
		    "invalid") : rst == REPAIR_PROPER ? "proper" :
		    rst == REPAIR_MENDED ? "mended " : "not proper, not mended",
		    changed,
		    (t1.tv_sec - t0.tv_sec) * 1e3 +
		    (t1.tv_nsec - t0.tv_nsec) / 1e6);
	emit(fp, &g, src, "ok", changed);
	grid_free(&g);
	return st;
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

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "no-repair", no_argument, NULL, 'R' },
		{ "upright", no_argument, NULL, 'U' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	char	 versions[512], **args;
	int	 ch, i, status = SDK_EXIT_OK;

	sdk_setprogname("sdk-ocr");
	/* getopt_long() permutes argv: keep it for a re-exec. */
	args = sdk_xcalloc((size_t)argc + 1, sizeof(*args));
	for (i = 0; i < argc; i++)
		args[i] = argv[i];
	image_init();
	while ((ch = getopt_long(argc, argv, "e:hjo:qvV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'e':
			if (strcmp(optarg, "mlp") == 0)
				opt.eng = &engine_mlp;
			else if (strcmp(optarg, "tesseract") == 0)
				opt.eng = &engine_tesseract;
			else {
				sdk_warnx(NULL, "-e %s: unknown engine (mlp or "
				    "tesseract)", optarg);
				free(args);
				return SDK_EXIT_ERROR;
			}
			break;
		case 'o':
			opt.out = optarg;
			break;
		case 'R':
			opt.repair = 0;
			break;
		case 'U':
			opt.upright = 1;
			break;
		case 'j':
			opt.json = 1;
			break;
		case 'q':
			opt.quiet = 1;
			break;
		case 'v':
			opt.verbose = 1;
			break;
		case 'h':
			free(args);
			help();
			return sdk_close_stdout();
		case 'V':
			free(args);
			snprintf(versions, sizeof(versions), "%s, %s"
			    "\nbuilt-in model: %s", image_versions(),
			    engine_tesseract.version(), engine_mlp.version());
			sdk_print_version(versions);
			return sdk_close_stdout();
		default:
			free(args);
			usage(stderr);
			return SDK_EXIT_ERROR;
		}
	}
	argc -= optind;
	argv += optind;
	if (opt.eng == &engine_tesseract)
		tesseract_env(args);
	free(args);

	if (opt.eng->open() != 0) {
		sdk_warnx(NULL, "cannot start the %s engine", opt.eng->name);
		return SDK_EXIT_ERROR;
	}
	if (outfile_open(&out, opt.out) != 0) {
		opt.eng->close();
		return SDK_EXIT_ERROR;
	}
	if (argc == 0)
		status = image_in_each("-", out.fp, process_one);
	for (i = 0; i < argc; i++)
		status = sdk_status_fold(status,
		    image_in_each(argv[i], out.fp, process_one));
	opt.eng->close();
	if (opt.out != NULL) {
		if (status == SDK_EXIT_ERROR)
			outfile_abort(&out);
		else if (outfile_commit(&out) != 0)
			status = SDK_EXIT_ERROR;
	}
	return sdk_status_fold(status, sdk_close_stdout());
}
