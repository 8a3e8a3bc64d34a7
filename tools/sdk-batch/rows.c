/*
 * rows.c: sdk-batch-rows rows, the reading side: the share's photos (the
 * CHUNK file), the stages' messages (W/STAGE.err), the grid records of
 * sdk-ocr and sdk-solve (W/o.txt, W/s.txt: read by libcommon's grid
 * reader), which answers were drawn (W/solved.src, W/rendered), the
 * thumbnails (W/thumbs) and the empty photos (W/empty).  A photo's grid
 * and solution are written into W/K/NAME.grid and .solution as their
 * records are read; rowsout.c does the rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esc.h"
#include "grid.h"
#include "keys.h"
#include "meta.h"
#include "rows.h"
#include "util.h"

const char *const stage_name[NSTAGES] = {
	"detect", "warp", "ocr", "solve", "render"
};

/* a b c joined, each "" to leave out (a new string). */
char *
rows_path(const char *a, const char *b, const char *c)
{
	char *r = sdk_xmalloc(strlen(a) + strlen(b) + strlen(c) + 1);

	stpcpy(stpcpy(stpcpy(r, a), b), c);
	return r;
}

/* Photo p's file of kind ext in the batch's folder: W/N/BASE.ext. */
char *
rows_photo_path(const struct rows *r, const struct photo *p, const char *ext)
{
	char k[32], *base, *path;

	snprintf(k, sizeof(k), "/%zu/", (size_t)(p - r->p) + 1);
	base = rows_path(r->w, k, p->base);
	path = rows_path(base, ".", ext);
	free(base);
	return path;
}

/* Each line of W/FILE, without its newline, through fn; -1 unreadable. */
static int
each_line(struct rows *r, const char *file,
    void (*fn)(struct rows *, char *, size_t))
{
	char *path = rows_path(r->w, "/", file), *line = NULL;
	size_t cap = 0, no = 0;
	ssize_t len;
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL) {
		sdk_warn(path, "cannot open");
		free(path);
		return -1;
	}
	while ((len = getline(&line, &cap, fp)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		fn(r, line, ++no);
	}
	free(line);
	fclose(fp);
	free(path);
	return 0;
}

/* The next tab-separated field of *s, decoded (esc_dec). */
static char *
field(char **s)
{
	char *f = *s, *t;

	if ((t = strchr(f, '\t')) != NULL) {
		*t = '\0';
		*s = t + 1;
	} else
		*s = f + strlen(f);
	return sdk_xstrdup(esc_dec(f));
}

/* A line of CHUNK: "INDEX<tab>ARG<tab>SOURCE<tab>NAME<tab>ABSOLUTE". */
static void
chunk_line(struct rows *r, char *line, size_t no)
{
	struct photo *p;
	char *s;

	(void)no;
	r->p = sdk_xreallocarray(r->p, r->n + 1, sizeof(*r->p));
	p = &r->p[r->n++];
	memset(p, 0, sizeof(*p));
	p->idx = field(&line);
	p->arg = field(&line);
	p->src = field(&line);
	p->name = field(&line);
	p->abs = field(&line);
	if ((s = strrchr(p->name, '/')) != NULL) {
		p->dir = sdk_xstrdup(p->name);
		p->dir[s - p->name] = '\0';
		p->base = sdk_xstrdup(s + 1);
	} else {
		p->dir = sdk_xstrdup(".");
		p->base = sdk_xstrdup(p->name);
	}
}

static const struct rows *sorting;

static int
by_arg(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(sorting->p[i].arg, sorting->p[j].arg);

	return c != 0 ? c : (i > j) - (i < j);
}

/* The photo the programs knew as arg (the last such), or NULL. */
struct photo *
rows_find(const struct rows *r, const char *arg)
{
	size_t lo = 0, hi = r->n, mid;

	/* The first index past every photo whose arg is <= arg. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(r->p[r->byarg[mid]].arg, arg) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || strcmp(r->p[r->byarg[lo - 1]].arg, arg) != 0)
		return NULL;
	return &r->p[r->byarg[lo - 1]];
}

/* s past a leading "record N (line M): ", sdk-solve's place in its input. */
static const char *
past_record(const char *s)
{
	const char *t = s + 7;
	size_t d;

	if (strncmp(s, "record ", 7) != 0 ||
	    (d = strspn(t, "0123456789")) == 0 ||
	    strncmp(t + d, " (line ", 7) != 0)
		return s;
	t += d + 7;
	if ((d = strspn(t, "0123456789")) == 0 || strncmp(t + d, "): ", 3) != 0)
		return s;
	return t + d + 3;
}

static int cur_stage;

/*
 * A line of a stage's messages, "sdk-STAGE: ARG: MESSAGE": the stage's
 * first word about the photo; a line that names no photo is the stage's
 * word about them all (the first such).
 */
static void
err_line(struct rows *r, char *line, size_t no)
{
	char *rest = strstr(line, ": ");
	size_t i, len;

	(void)no;
	if (rest != NULL) {
		rest += 2;
		for (i = 0; i < r->n; i++) {
			len = strlen(r->p[i].arg);
			if (strncmp(rest, r->p[i].arg, len) != 0 ||
			    strncmp(rest + len, ": ", 2) != 0)
				continue;
			if (r->p[i].msg[cur_stage] == NULL)
				r->p[i].msg[cur_stage] =
				    sdk_xstrdup(past_record(rest + len + 2));
			return;
		}
	}
	if (!r->said[cur_stage]) {
		free(r->gen[cur_stage]);
		r->gen[cur_stage] = sdk_xstrdup(rest != NULL ? rest : line);
	}
	r->said[cur_stage] = 1;
}

static void
solved_src_line(struct rows *r, char *line, size_t no)
{
	(void)no;
	r->rsrc = sdk_xreallocarray(r->rsrc, r->nrsrc + 1, sizeof(*r->rsrc));
	r->rsrc[r->nrsrc++] = sdk_xstrdup(esc_dec(line));
}

/* "K<tab>DIR/FILE": the picture of the Kth solved record. */
static void
rendered_line(struct rows *r, char *line, size_t no)
{
	char *t = strchr(line, '\t'), *end;
	struct photo *p;
	long k;

	(void)no;
	if (t == NULL)
		return;
	*t = '\0';
	k = strtol(line, &end, 10);
	if (*end != '\0' || k < 1 || (size_t)k > r->nrsrc ||
	    (p = rows_find(r, r->rsrc[k - 1])) == NULL)
		return;
	if ((end = strchr(t + 1, '\t')) != NULL)
		*end = '\0';
	free(p->pic);
	p->pic = sdk_xstrdup(t + 1);
}

static void
empty_line(struct rows *r, char *line, size_t no)
{
	struct photo *p;

	(void)no;
	if ((p = rows_find(r, line)) != NULL)
		p->empty = 1;
}

static void
thumb_line(struct rows *r, char *line, size_t no)
{
	(void)no;
	r->thumb = sdk_xreallocarray(r->thumb, r->nthumb + 1,
	    sizeof(*r->thumb));
	r->thumb[r->nthumb++] = sdk_xstrdup(line);
}

/* The last value of key in m, or "" (a later line says more). */
static const char *
last_value(const struct meta *m, const char *key)
{
	const char *v = "";
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->v[i].key, key) == 0)
			v = m->v[i].value;
	return v;
}

/*
 * The record of photo p into W/K/NAME.EXT, as the stage wrote it but for
 * a photo given by a link of ours: its own name then, as a metadata line
 * can hold it.
 */
static int
write_record(struct rows *r, struct photo *p, const struct grid *g,
    const char *ext)
{
	char *path = rows_photo_path(r, p, ext), *v, line[GRID_CELLS + 1];
	size_t i;
	FILE *fp;
	int bad;

	if ((fp = fopen(path, "w")) == NULL) {
		sdk_warn(path, "cannot write");
		free(path);
		return -1;
	}
	for (i = 0; i < g->meta.n; i++) {
		if (strcmp(g->meta.v[i].key, SDK_KEY_SOURCE) == 0 &&
		    strcmp(p->arg, p->src) != 0 &&
		    strcmp(g->meta.v[i].value, p->arg) == 0) {
			v = esc_shown(p->src);
			fprintf(fp, "# %s %s\n", SDK_KEY_SOURCE, v);
		} else if (*g->meta.v[i].value == '\0') {
			fprintf(fp, "# %s\n", g->meta.v[i].key);
			continue;
		} else {
			v = meta_encode(g->meta.v[i].value);
			fprintf(fp, "# %s %s\n", g->meta.v[i].key, v);
		}
		free(v);
	}
	grid_format_line(g->cell, line);
	fprintf(fp, "%s\n", line);
	bad = esc_close(fp, path);
	free(path);
	return bad;
}

static void
set_value(char **dst, const char *v)
{
	free(*dst);
	*dst = sdk_xstrdup(v);
}

/* A record of W/o.txt (solve 0) or W/s.txt (solve 1) for its photo. */
static int
take_record(struct rows *r, const struct grid *g, int solve)
{
	const char *src = last_value(&g->meta, SDK_KEY_SOURCE);
	const char *ent = last_value(&g->meta, SDK_KEY_ENTRIES);
	const char *uns = last_value(&g->meta, SDK_KEY_UNSURE);
	struct photo *p;

	if (!solve) {
		r->osrc = sdk_xreallocarray(r->osrc, r->nrec + 1,
		    sizeof(*r->osrc));
		r->osrc[r->nrec++] = sdk_xstrdup(src);
	}
	if ((p = rows_find(r, src)) == NULL)
		return 0;
	if (write_record(r, p, g, solve ? "solution" : "grid") != 0)
		return -1;
	if (*ent != '\0')
		set_value(&p->entries, ent);
	if (*uns != '\0')
		set_value(&p->unsure, uns);
	if (!solve) {
		p->made_grid = p->seen_ocr = 1;
		grid_format_line(g->cell, p->grid);
		set_value(&p->gsts, last_value(&g->meta, SDK_KEY_STATUS));
		return 0;
	}
	p->made_solution = p->seen_solve = 1;
	grid_format_line(g->cell, p->sol);
	set_value(&p->ssts, last_value(&g->meta, SDK_KEY_STATUS));
	set_value(&p->mistakes, last_value(&g->meta, SDK_KEY_MISTAKES));
	set_value(&p->progress, last_value(&g->meta, SDK_KEY_PROGRESS));
	return 0;
}

/*
 * The records of W/FILE.  A stream the grid reader refuses ends there:
 * the photos of the records after it have none, and their rows say so.
 */
static int
read_records(struct rows *r, const char *file, int solve)
{
	char *path = rows_path(r->w, "/", file);
	struct grid_reader *rd;
	struct grid g;
	FILE *fp;
	int st = 0;

	if ((fp = fopen(path, "r")) == NULL) {
		sdk_warn(path, "cannot open");
		free(path);
		return -1;
	}
	rd = grid_reader_new(fp);
	grid_init(&g);
	while (st == 0 && grid_read(rd, &g) == 1)
		st = take_record(r, &g, solve);
	grid_free(&g);
	grid_reader_free(rd);
	fclose(fp);
	free(path);
	return st;
}

/*
 * The width and height of the PPM or PGM file W/FILE, as its header
 * writes them, or -1.
 */
static int
ppm_size(const struct rows *r, const char *file, char tok[3][32])
{
	char *path = rows_path(r->w, "/", file), *line = NULL, *t, *save;
	size_t cap = 0;
	int nv = 0;
	FILE *fp;

	if ((fp = fopen(path, "r")) != NULL) {
		while (nv < 3 && getline(&line, &cap, fp) != -1) {
			line[strcspn(line, "#\n")] = '\0';
			for (t = strtok_r(line, " \t\r", &save);
			    t != NULL && nv < 3; t = strtok_r(NULL, " \t\r", &save))
				snprintf(tok[nv++], sizeof(tok[0]), "%s", t);
		}
		fclose(fp);
	}
	free(line);
	free(path);
	return nv == 3 && (strcmp(tok[0], "P5") == 0 ||
	    strcmp(tok[0], "P6") == 0) ? 0 : -1;
}

/* The <img> of a thumbnail: its place in the sheet (a new string). */
static char *
thumb_img(const struct rows *r, const char *wd, const char *ht, long y)
{
	char *s = NULL;
	size_t len;
	FILE *fp;

	if ((fp = open_memstream(&s, &len)) == NULL)
		sdk_nomem();
	fputs("<img class=\"t\" src=\"", fp);
	esc_url(fp, r->sheet);
	fprintf(fp, "\" width=\"%s\" height=\"%s\" style=\"object-position:0 "
	    "-%ldpx\" alt=\"\">", wd, ht, y);
	if (fclose(fp) != 0)
		sdk_nomem();
	return s;
}

/* The record number N of "t N FILE" or "a K FILE", or 0. */
static size_t
thumb_num(const char *l, const char **file)
{
	char *end;
	long n = strtol(l + 2, &end, 10);

	*file = *end == ' ' ? end + 1 : "";
	return *end == ' ' && n > 0 ? (size_t)n : 0;
}

/*
 * The thumbnails of the sheet, stacked top to bottom: the photo of record
 * N or the answer of the Kth solved record.  None, and no sheet, when the
 * photos' count is not that of the records (a stage lost some) or a
 * thumbnail cannot be read.
 */
static void
thumbs(struct rows *r)
{
	char tok[3][32];
	const char *file;
	struct photo *p;
	size_t j, nt = 0, k;
	long y = 0;

	for (j = 0; j < r->nthumb; j++)
		nt += strncmp(r->thumb[j], "t ", 2) == 0;
	if (nt != r->nrec)
		r->sheet = "";
	for (j = 0; j < r->nthumb && *r->sheet != '\0'; j++) {
		k = thumb_num(r->thumb[j], &file);
		if (ppm_size(r, file, tok) != 0) {
			for (k = 0; k < r->n; k++) {
				free(r->p[k].pthumb);
				free(r->p[k].athumb);
				r->p[k].pthumb = r->p[k].athumb = NULL;
			}
			r->sheet = "";
			return;
		}
		p = NULL;
		if (r->thumb[j][0] == 't' && k > 0 && k <= r->nrec)
			p = rows_find(r, r->osrc[k - 1]);
		else if (r->thumb[j][0] == 'a' && k > 0 && k <= r->nrsrc)
			p = rows_find(r, r->rsrc[k - 1]);
		if (p != NULL) {
			char **dst = r->thumb[j][0] == 't' ? &p->pthumb :
			    &p->athumb;

			free(*dst);
			*dst = thumb_img(r, tok[1], tok[2], y);
		}
		y += strtol(tok[2], NULL, 10);
	}
}

/* "0m1.230000s", a time of times(1), in seconds. */
static double
seconds(const char *s)
{
	const char *m = strchr(s, 'm');

	return m == NULL ? strtod(s, NULL) : strtod(s, NULL) * 60 +
	    strtod(m + 1, NULL);
}

/*
 * The stages' statuses ("0 0 0 1 0") and CPU seconds: ticks is "LABEL
 * USER SYSTEM" after each step, the CPU times of the finished children so
 * far; a stage's are from the tick before it to its own.
 */
static void
parse_stages(struct rows *r, const char *codes, const char *ticks)
{
	char *c = sdk_xstrdup(codes), *t = sdk_xstrdup(ticks), *s, *save;
	char **tok = NULL;
	size_t n = 0, i, j;

	for (i = 0, s = strtok_r(c, " ", &save); s != NULL && i < NSTAGES;
	    i++, s = strtok_r(NULL, " ", &save))
		r->code[i] = atoi(s);
	for (s = strtok_r(t, " ", &save); s != NULL;
	    s = strtok_r(NULL, " ", &save)) {
		tok = sdk_xreallocarray(tok, n + 1, sizeof(*tok));
		tok[n++] = s;
	}
	for (i = 3; i + 2 < n; i += 3)
		for (j = 0; j < NSTAGES; j++)
			if (strcmp(tok[i], stage_name[j]) == 0)
				r->cpu[j] = seconds(tok[i + 1]) +
				    seconds(tok[i + 2]) - seconds(tok[i - 2]) -
				    seconds(tok[i - 1]);
	free(tok);
	free(c);
	free(t);
}

/* A stage that failed without a word (it could not even write its
 * messages): how it ended. */
static void
stage_words(struct rows *r)
{
	char buf[80];
	int i;

	for (i = 0; i < NSTAGES; i++) {
		if (r->code[i] < 2)
			buf[0] = '\0';
		else if (r->full)
			snprintf(buf, sizeof(buf), "no space left on the device");
		else
			snprintf(buf, sizeof(buf), "sdk-%s ended with status "
			    "%d%s", stage_name[i], r->code[i],
			    r->code[i] > 128 ? " (killed)" : "");
		r->gen[i] = sdk_xstrdup(buf);
	}
}

static int
read_chunk(struct rows *r, const char *chunk)
{
	char *line = NULL;
	size_t cap = 0, i;
	ssize_t len;
	FILE *fp;

	if ((fp = fopen(chunk, "r")) == NULL) {
		sdk_warn(chunk, "cannot open");
		return -1;
	}
	while ((len = getline(&line, &cap, fp)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		chunk_line(r, line, 0);
	}
	free(line);
	fclose(fp);
	r->byarg = sdk_xreallocarray(NULL, r->n + 1, sizeof(*r->byarg));
	for (i = 0; i < r->n; i++)
		r->byarg[i] = i;
	sorting = r;
	qsort(r->byarg, r->n, sizeof(*r->byarg), by_arg);
	return 0;
}

int
rows_main(struct rows *r, const char *chunk, const char *codes,
    const char *ticks)
{
	char file[32];

	parse_stages(r, codes, ticks);
	stage_words(r);
	if (read_chunk(r, chunk) != 0)
		return 2;
	for (cur_stage = 0; cur_stage < NSTAGES; cur_stage++) {
		snprintf(file, sizeof(file), "%s.err", stage_name[cur_stage]);
		if (each_line(r, file, err_line) != 0)
			return 2;
	}
	if (read_records(r, "o.txt", 0) != 0 ||
	    read_records(r, "s.txt", 1) != 0 ||
	    each_line(r, "solved.src", solved_src_line) != 0 ||
	    each_line(r, "rendered", rendered_line) != 0 ||
	    each_line(r, "thumbs", thumb_line) != 0 ||
	    each_line(r, "empty", empty_line) != 0)
		return 2;
	thumbs(r);
	return rows_write(r) != 0 ? 2 : 0;
}

void
rows_free(struct rows *r)
{
	struct photo *p;
	size_t i;
	int j;

	for (i = 0; i < r->n; i++) {
		p = &r->p[i];
		free(p->idx);
		free(p->arg);
		free(p->src);
		free(p->name);
		free(p->abs);
		free(p->dir);
		free(p->base);
		for (j = 0; j < NSTAGES; j++)
			free(p->msg[j]);
		free(p->gsts);
		free(p->ssts);
		free(p->entries);
		free(p->mistakes);
		free(p->progress);
		free(p->unsure);
		free(p->pic);
		free(p->pthumb);
		free(p->athumb);
		free(p->why);
	}
	for (j = 0; j < NSTAGES; j++)
		free(r->gen[j]);
	for (i = 0; i < r->nrec; i++)
		free(r->osrc[i]);
	for (i = 0; i < r->nrsrc; i++)
		free(r->rsrc[i]);
	for (i = 0; i < r->nthumb; i++)
		free(r->thumb[i]);
	free(r->osrc);
	free(r->rsrc);
	free(r->thumb);
	free(r->byarg);
	free(r->p);
}
