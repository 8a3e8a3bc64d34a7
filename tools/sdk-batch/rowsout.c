/*
 * rowsout.c: sdk-batch-rows rows, the writing side.  From what rows.c
 * read: each photo's outcome, its rows (W/K/NAME.csv, .json and .html:
 * results.csv, results.jsonl and index.html are made of them), and
 * W/ops, the moves that put the share's outputs in place, the rows last
 * (place.c carries them out).  A photo's first stage that names it in a
 * message is where it failed; the record's sdk-status says how.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esc.h"
#include "rows.h"
#include "util.h"

#define S(s)	((s) != NULL ? (s) : "")

/* The stage called name, or -1. */
static int
stage_of(const char *name)
{
	int j;

	for (j = 0; j < NSTAGES; j++)
		if (strcmp(stage_name[j], name) == 0)
			return j;
	return -1;
}

/* A stage's word about no photo in particular, or dflt. */
static const char *
gen_or(const struct rows *r, int stage, const char *dflt)
{
	return stage >= 0 && *r->gen[stage] != '\0' ? r->gen[stage] : dflt;
}

/* The photo was lost before the grid stream: unreadable. */
static const char *
unreadable(const struct rows *r, struct photo *p, const char *m)
{
	int j;

	/* An empty file says so, unless a stage said more. */
	if (*m == '\0' && p->empty) {
		p->fail = "detect";
		m = "empty file";
	}
	if (*p->fail == '\0' || strcmp(p->fail, "solve") == 0 ||
	    strcmp(p->fail, "render") == 0) {
		p->fail = "detect";
		for (j = OCR; j >= DETECT; j--)
			if (r->code[j] >= 2 && p->msg[DETECT] == NULL)
				p->fail = stage_name[j];
	}
	p->outcome = "error";
	p->ex = 2;
	return *m != '\0' ? m : gen_or(r, stage_of(p->fail), "no record");
}

/* What became of photo p: fail, outcome, why, ex. */
static void
outcome_of(const struct rows *r, struct photo *p)
{
	const char *m = "";
	char *s;
	int j;

	p->fail = "";
	p->ex = 0;
	for (j = 0; j < NSTAGES; j++)
		if (p->msg[j] != NULL) {
			p->fail = stage_name[j];
			m = p->msg[j];
			break;
		}
	if (!p->seen_ocr)
		m = unreadable(r, p, m);
	else if (!p->seen_solve) {
		p->fail = "solve";
		m = *m != '\0' ? m : gen_or(r, SOLVE, "no record");
		p->outcome = "error";
		p->ex = 2;
	} else if (strcmp(S(p->ssts), "solved") != 0) {
		p->outcome = *S(p->ssts) == '\0' ? "unsolved" : p->ssts;
		if (*p->fail == '\0' || strcmp(p->fail, "render") == 0)
			p->fail = *S(p->gsts) != '\0' ? "detect" : "solve";
		m = *m != '\0' ? m : p->outcome;
		p->ex = 1;
	} else if (p->pic == NULL) {
		p->fail = "render";
		p->outcome = "error";
		p->ex = 2;
		m = *m != '\0' ? m : gen_or(r, RENDER, "no picture");
	} else {
		p->fail = "";
		p->outcome = "solved";
	}
	p->why = *p->fail == '\0' ? sdk_xstrdup("") :
	    rows_path(p->fail, ": ", m);
	for (s = p->why; *s != '\0'; s++)
		if (*s == '\t' || *s == '\r' || *s == '\n')
			*s = ' ';
}

/* The outcome at each stage: ok, the failure, or "-" past it. */
static void
stage_values(struct rows *r, struct photo *p)
{
	int j, past = 0;

	for (j = 0; j < NSTAGES; j++) {
		if (past)
			p->v[j] = "-";
		else if (strcmp(stage_name[j], p->fail) == 0) {
			p->v[j] = p->outcome;
			past = 1;
		} else if (j == SOLVE)
			p->v[j] = S(p->ssts);
		else
			p->v[j] = "ok";
		if (strcmp(p->v[j], "-") != 0)
			r->reached[j]++;
	}
}

/* The suffix of p's picture: jpg or png. */
static const char *
pic_ext(const struct photo *p)
{
	size_t n = strlen(S(p->pic));

	return n >= 4 && strcmp(p->pic + n - 4, ".jpg") == 0 ? "jpg" : "png";
}

/* A started puzzle's facts: digits by hand, mistakes, progress, unsure. */
struct hand {
	int	 ne;		/* digits written by hand */
	const char *mj;		/* mistakes for JSON: NULL is null */
	const char *mc;		/* mistakes for CSV and HTML */
	const char *pg;		/* progress, "" for none */
	const char *un;		/* cells read in doubt, "" for none */
};

static void
hand_of(const struct photo *p, struct hand *h)
{
	const char *s, *mis = S(p->mistakes);

	h->ne = 0;
	for (s = S(p->entries); *s != '\0'; s++)
		h->ne += *s >= '1' && *s <= '9';
	h->mj = h->ne && *mis != '\0' ?
	    (strcmp(mis, "none") == 0 ? "" : mis) : NULL;
	h->mc = h->ne && strcmp(mis, "none") != 0 ? mis : "";
	h->pg = h->ne ? S(p->progress) : "";
	h->un = S(p->unsure);
}

/* The CPU seconds of stage j shared by the photos that reached it. */
static double
share(const struct rows *r, const struct photo *p, int j, char *x,
    size_t len)
{
	double v;

	if (strcmp(p->v[j], "-") == 0) {
		*x = '\0';
		return 0;
	}
	v = r->cpu[j] / r->reached[j];
	snprintf(x, len, "%.4f", v > 0 ? v : 0);
	return strtod(x, NULL);
}

static void
write_json(FILE *fp, const struct rows *r, const struct photo *p,
    const struct hand *h)
{
	const char *pre = "";
	char x[64];
	int j;

	fputs("{\"source\":", fp);
	esc_json(fp, p->src);
	fputs(",\"name\":", fp);
	esc_json(fp, p->name);
	fputs(",\"status\":", fp);
	esc_json(fp, p->outcome);
	fprintf(fp, ",\"exit\":%d,\"stages\":{", p->ex);
	for (j = 0; j < NSTAGES; j++, pre = ",") {
		fprintf(fp, "%s\"%s\":", pre, stage_name[j]);
		esc_json(fp, p->v[j]);
	}
	fputs("},\"grid\":", fp);
	esc_json_or_null(fp, p->seen_ocr ? p->grid : "");
	fputs(",\"solution\":", fp);
	esc_json_or_null(fp, strcmp(S(p->ssts), "solved") == 0 ? p->sol : "");
	fputs(",\"entries\":", fp);
	if (h->ne)
		fprintf(fp, "%d", h->ne);
	else
		fputs("null", fp);
	fputs(",\"mistakes\":", fp);
	if (h->mj != NULL)
		esc_json(fp, h->mj);
	else
		fputs("null", fp);
	fputs(",\"progress\":", fp);
	esc_json_or_null(fp, h->pg);
	fputs(",\"unsure\":", fp);
	esc_json_or_null(fp, h->un);
	fputs(",\"seconds\":{", fp);
	for (pre = "", j = 0; j < NSTAGES; j++, pre = ",") {
		share(r, p, j, x, sizeof(x));
		fprintf(fp, "%s\"%s\":%s", pre, stage_name[j],
		    *x == '\0' ? "null" : x);
	}
	fprintf(fp, "},\"photos_in_stream\":%zu,\"message\":", r->n);
	esc_json_or_null(fp, p->why);
	fputs("}\n", fp);
}

static void
write_csv(FILE *fp, const struct rows *r, const struct photo *p,
    const struct hand *h)
{
	char x[64];
	int j;

	esc_csv(fp, p->src);
	putc(',', fp);
	esc_csv(fp, p->name);
	putc(',', fp);
	esc_csv(fp, p->outcome);
	fprintf(fp, ",%d", p->ex);
	for (j = 0; j < NSTAGES; j++) {
		putc(',', fp);
		esc_csv(fp, p->v[j]);
	}
	fprintf(fp, ",%s,%s", p->seen_ocr ? p->grid : "",
	    strcmp(S(p->ssts), "solved") == 0 ? p->sol : "");
	for (j = 0; j < NSTAGES; j++) {
		share(r, p, j, x, sizeof(x));
		fprintf(fp, ",%s", x);
	}
	putc(',', fp);
	esc_csv(fp, p->why);
	if (h->ne)
		fprintf(fp, ",%d,", h->ne);
	else
		fputs(",,", fp);
	esc_csv(fp, h->mc);
	putc(',', fp);
	esc_csv(fp, h->pg);
	fprintf(fp, ",%zu,", r->n);
	esc_csv(fp, h->un);
	putc('\n', fp);
}

/* A link to the photo's output NAME.ext, as the report writes it. */
static void
html_link(FILE *fp, const struct photo *p, const char *pre, const char *ext,
    const char *text)
{
	fprintf(fp, "%s<a class=\"o\" href=\"", pre);
	esc_url(fp, p->name);
	fprintf(fp, ".%s\">%s</a>", ext, text);
}

/* The grid read, three boxes a row. */
static void
html_grid(FILE *fp, const struct photo *p)
{
	int l, c;

	fputs("<pre class=\"g\">", fp);
	for (l = 0; l < 9; l++) {
		for (c = 0; c < 9; c++)
			fprintf(fp, "%s%c", c && c % 3 == 0 ? " " : "",
			    p->grid[l * 9 + c]);
		if (l < 8)
			putc('\n', fp);
	}
	fputs("</pre>", fp);
}

/* The thumbnail img linked to href, or a dash. */
static void
html_thumb(FILE *fp, const char *img, const char *href, const char *ext)
{
	if (img == NULL) {
		fputs("&mdash;", fp);
		return;
	}
	fputs("<a href=\"", fp);
	esc_url(fp, href);
	fprintf(fp, "%s\">%s</a>", ext, img);
}

/* The photo's row of the report (index.html). */
static void
write_html(FILE *fp, const struct rows *r, const struct photo *p,
    const struct hand *h, double cpuall)
{
	char *ph = esc_relpath(p->abs, r->outdir), ext[8];
	int solved = strcmp(p->outcome, "solved") == 0;

	snprintf(ext, sizeof(ext), ".%s", pic_ext(p));
	fprintf(fp, "<tr class=\"%s\">\n<td class=\"t\">", p->ex == 0 ? "ok" :
	    p->ex == 1 ? "fail" : "err");
	html_thumb(fp, p->pthumb, ph, "");
	fputs("</td>\n<td class=\"t\">", fp);
	html_thumb(fp, solved ? p->athumb : NULL, p->name, ext);
	fputs("</td>\n<td class=\"n\"><a href=\"", fp);
	esc_url(fp, ph);
	fputs("\">", fp);
	esc_html(fp, p->src);
	fputs("</a>", fp);
	if (p->made_grid)
		html_link(fp, p, "<br>", "grid", "grid");
	if (p->made_solution)
		html_link(fp, p, " ", "solution", "solution");
	if (solved)
		html_link(fp, p, " ", ext + 1, "picture");
	fprintf(fp, "</td>\n<td><span class=\"s s-%s\">", p->outcome);
	esc_html(fp, p->outcome);
	fputs("</span></td>\n<td class=\"m\">", fp);
	esc_html(fp, p->why);
	fputs("</td>\n<td>", fp);
	if (p->seen_ocr && strcmp(S(p->gsts), "no-grid") != 0)
		html_grid(fp, p);
	fputs("</td>\n<td class=\"m\">", fp);
	if (h->ne) {
		fprintf(fp, "%d entries", h->ne);
		if (*h->mc != '\0') {
			fputs(", mistakes ", fp);
			esc_html(fp, h->mc);
		}
		if (*h->pg != '\0') {
			fputs(", done ", fp);
			esc_html(fp, h->pg);
		}
	}
	if (*h->un != '\0') {
		fputs(h->ne ? ", to check " : "to check ", fp);
		esc_html(fp, h->un);
	}
	fprintf(fp, "</td>\n<td class=\"r\" title=\"the CPU seconds of a "
	    "stream of %zu photo%s, shared among them\">%.2f</td>\n</tr>\n",
	    r->n, r->n == 1 ? "" : "s", cpuall);
	free(ph);
}

/* W/K/NAME.EXT of photo p, written by fn; -1 when it cannot be. */
static int
row_file(const struct rows *r, const struct photo *p, const char *ext,
    const struct hand *h, double cpuall, int which)
{
	char *path = rows_photo_path(r, p, ext);
	FILE *fp;
	int bad;

	if ((fp = fopen(path, "w")) == NULL) {
		sdk_warn(path, "cannot write");
		free(path);
		return -1;
	}
	if (which == 0)
		write_csv(fp, r, p, h);
	else if (which == 1)
		write_json(fp, r, p, h);
	else
		write_html(fp, r, p, h, cpuall);
	bad = esc_close(fp, path);
	free(path);
	return bad;
}

/* The rows of photo p: CSV, JSON, HTML. */
static int
write_rows(const struct rows *r, const struct photo *p)
{
	struct hand h;
	double cpuall = 0;
	char x[64];
	int j;

	hand_of(p, &h);
	for (j = 0; j < NSTAGES; j++)
		cpuall += share(r, p, j, x, sizeof(x));
	if (row_file(r, p, "csv", &h, cpuall, 0) != 0 ||
	    row_file(r, p, "json", &h, cpuall, 1) != 0 ||
	    row_file(r, p, "html", &h, cpuall, 2) != 0)
		return -1;
	return 0;
}

/* An operation of W/ops: a letter and its fields, as the line files. */
static void
op(FILE *fp, int what, const char *a, const char *b)
{
	fprintf(fp, "%c\t", what);
	esc_line(fp, a);
	if (b != NULL) {
		putc('\t', fp);
		esc_line(fp, b);
	}
	putc('\n', fp);
}

/* Move W/K/FILE (k: 0 for W/FILE) into folder dir. */
static void
op_move(FILE *fp, const struct rows *r, size_t k, const char *file,
    const char *dir)
{
	char num[32], *from, *to;
	const char *base = strrchr(file, '/');

	if (k > 0)
		snprintf(num, sizeof(num), "/%zu/", k);
	else
		snprintf(num, sizeof(num), "/");
	from = rows_path(r->w, num, file);
	to = rows_path(dir, "/", base != NULL ? base + 1 : file);
	op(fp, 'n', from, to);
	free(from);
	free(to);
}

/* Is p's picture already named as its output, NAME.jpg or NAME.png? */
static int
pic_named(const struct photo *p)
{
	const char *f = strrchr(p->pic, '/');
	size_t n = strlen(p->base);

	f = f != NULL ? f + 1 : p->pic;
	return strncmp(f, p->base, n) == 0 && f[n] == '.' &&
	    strcmp(f + n + 1, pic_ext(p)) == 0;
}

/* The outputs of an earlier run that this run did not make: removed. */
static void
ops_stale(FILE *fp, const struct rows *r)
{
	static const char *const ext[] = { "grid", "solution", "png", "jpg" };
	const struct photo *p;
	char *path, *name;
	size_t i;
	int e, made;

	for (i = 0; i < r->n; i++) {
		p = &r->p[i];
		for (e = 0; e < 4; e++) {
			made = e == 0 ? p->made_grid : e == 1 ?
			    p->made_solution : p->pic != NULL &&
			    strcmp(pic_ext(p), ext[e]) == 0;
			if (made)
				continue;
			name = rows_path(p->name, ".", ext[e]);
			path = rows_path(r->outdir, "/", name);
			op(fp, 'r', path, NULL);
			free(path);
			free(name);
		}
	}
}

/* The folder that holds dir's files below top. */
static char *
folder(const char *top, const char *dir)
{
	return strcmp(dir, ".") == 0 ? sdk_xstrdup(top) :
	    rows_path(top, "/", dir);
}

/*
 * The photos of folder dir (those from i on) into top/dir: their grids,
 * solutions and pictures (rows 0), or their rows (rows 1).
 */
static void
ops_folder(FILE *fp, const struct rows *r, size_t i, int rows)
{
	const char *dir = r->p[i].dir;
	char *d = folder(rows ? r->rowsdir : r->outdir, dir), *f;
	const struct photo *p;
	static const char *const ext[] = { "grid", "solution", "csv", "json",
	    "html" };
	int e;

	op(fp, 'd', d, NULL);
	for (; i < r->n; i++) {
		p = &r->p[i];
		if (strcmp(p->dir, dir) != 0)
			continue;
		for (e = rows ? 2 : 0; e < (rows ? 5 : 2); e++) {
			if (e == 0 && !p->made_grid)
				continue;
			if (e == 1 && !p->made_solution)
				continue;
			f = rows_path(p->base, ".", ext[e]);
			op_move(fp, r, i + 1, f, d);
			free(f);
		}
		if (!rows && p->pic != NULL && pic_named(p))
			op_move(fp, r, 0, p->pic, d);
	}
	free(d);
}

/* Is photo i the first of its folder? */
static int
first_of_folder(const struct rows *r, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (strcmp(r->p[j].dir, r->p[i].dir) == 0)
			return 0;
	return 1;
}

/* Has the folder of photo i (those from i on) an output to move? */
static int
folder_has_outputs(const struct rows *r, size_t i)
{
	const struct photo *p;
	size_t j;

	for (j = i; j < r->n; j++) {
		p = &r->p[j];
		if (strcmp(p->dir, r->p[i].dir) == 0 && (p->made_grid ||
		    p->made_solution || (p->pic != NULL && pic_named(p))))
			return 1;
	}
	return 0;
}

/*
 * W/ops: the outputs of an earlier run that this run did not make
 * removed, the outputs moved into place (folders in their first order),
 * the thumbnails' sheet, the rows last; then a line a photo done,
 * "p INDEX EXIT MESSAGE".
 */
static void
write_ops(FILE *fp, const struct rows *r)
{
	const struct photo *p;
	char *from, *to, *name;
	size_t i;

	ops_stale(fp, r);
	for (i = 0; i < r->n; i++)
		if (first_of_folder(r, i) && folder_has_outputs(r, i))
			ops_folder(fp, r, i, 0);
	for (i = 0; i < r->n; i++) {
		p = &r->p[i];
		if (p->pic == NULL || pic_named(p))
			continue;
		from = rows_path(r->w, "/", p->pic);
		name = rows_path(p->name, ".", pic_ext(p));
		to = rows_path(r->outdir, "/", name);
		op(fp, 'n', from, to);
		free(from);
		free(name);
		free(to);
	}
	if (*r->sheet != '\0') {
		to = rows_path(r->outdir, "/thumbs", "");
		op(fp, 'd', to, NULL);
		free(to);
		from = rows_path(r->w, "/sheet.jpg", "");
		to = rows_path(r->outdir, "/", r->sheet);
		op(fp, 'n', from, to);
		free(from);
		free(to);
	}
	for (i = 0; i < r->n; i++)
		if (first_of_folder(r, i))
			ops_folder(fp, r, i, 1);
	for (i = 0; i < r->n; i++) {
		p = &r->p[i];
		name = *p->why == '\0' ? sdk_xstrdup("") :
		    rows_path(p->src, ": ", p->why);
		from = esc_shown(name);
		fprintf(fp, "p\t%s\t%d\t%s\n", p->idx, p->ex, from);
		free(from);
		free(name);
	}
}

int
rows_write(struct rows *r)
{
	char *path;
	size_t i;
	FILE *fp;
	int bad;

	for (i = 0; i < r->n; i++) {
		outcome_of(r, &r->p[i]);
		stage_values(r, &r->p[i]);
	}
	for (i = 0; i < r->n; i++)
		if (write_rows(r, &r->p[i]) != 0)
			return -1;
	path = rows_path(r->w, "/ops", "");
	if ((fp = fopen(path, "w")) == NULL) {
		sdk_warn(path, "cannot write");
		free(path);
		return -1;
	}
	write_ops(fp, r);
	bad = esc_close(fp, path);
	free(path);
	return bad;
}
