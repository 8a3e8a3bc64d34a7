/*
 * report.c: sdk-batch-rows report: the results of a batch, from the rows
 * of its photos (each photo's NAME.csv, .json and .html in the rows'
 * folder, written by rowsout.c).  Reads LIST (the photos), TODO (the
 * numbers of those run now), PROGRESS ("INDEX EXIT ..." for each done),
 * SKIPPED ("PATH<tab>WHY" a file skipped), OUTPUTS (the outputs list of
 * the folder) and REFS (the thumbnail sheets rows refer to).  Writes in
 * the run's folder: results.jsonl and results.csv (the rows of the photos
 * in the order of LIST), index.html (the report: a summary, the files
 * skipped, a row a photo, failures first; reporthtml.c), said (the
 * messages for stderr: photos with no result, failures of earlier runs),
 * sum ("WORST LOST SOLVED FAILED ERRORS NOTDONE"), outputs (OUTPUTS
 * without the sheets no row refers to any more) and ops (their removal,
 * for sdk-batch-rows place).  With -x (the run was interrupted or the
 * disk is full) photos not done are left out, not errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esc.h"
#include "report.h"
#include "rows.h"
#include "util.h"

static void
push(char ***v, size_t *n, char *s)
{
	*v = sdk_xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = s;
}

/* A LIST line: its source and name. */
static void
list_line(void *arg, char *line)
{
	struct report *rp = arg;
	char *t = strchr(line, '\t'), *u;

	if (t != NULL)
		*t++ = '\0';
	if (t != NULL && (u = strchr(t, '\t')) != NULL)
		*u = '\0';
	push(&rp->src, &rp->n, sdk_xstrdup(esc_dec(line)));
	rp->name = sdk_xreallocarray(rp->name, rp->n, sizeof(*rp->name));
	rp->name[rp->n - 1] = sdk_xstrdup(t != NULL ? esc_dec(t) : "");
}

/* A number in [1, n] at the start of line, or 0. */
static size_t
index_of(const struct report *rp, const char *line)
{
	char *end;
	long i = strtol(line, &end, 10);

	return (*end == '\0' || *end == ' ' || *end == '\t') && i >= 1 &&
	    (size_t)i <= rp->n ? (size_t)i : 0;
}

static void
todo_line(void *arg, char *line)
{
	struct report *rp = arg;
	size_t i = index_of(rp, line);

	if (i > 0 && !rp->todo[i - 1]) {
		rp->todo[i - 1] = 1;
		rp->ntodo++;
	}
}

static void
progress_line(void *arg, char *line)
{
	struct report *rp = arg;
	size_t i = index_of(rp, line);

	if (i > 0)
		rp->done[i - 1] = 1;
}

/* "PATH<tab>WHY": the report's line for a file skipped. */
static void
skipped_line(void *arg, char *line)
{
	struct report *rp = arg;
	char *t = strchr(line, '\t'), *s = NULL;
	size_t len;
	FILE *fp;

	if (t != NULL)
		*t++ = '\0';
	if ((fp = open_memstream(&s, &len)) == NULL)
		sdk_nomem();
	esc_html(fp, esc_dec(line));
	fputs(": ", fp);
	esc_html(fp, t != NULL ? t : "");
	if (fclose(fp) != 0)
		sdk_nomem();
	push(&rp->skipped, &rp->nskip, s);
}

static void
output_line(void *arg, char *line)
{
	struct report *rp = arg;

	push(&rp->out_list, &rp->nout, sdk_xstrdup(esc_dec(line)));
}

static void
ref_line(void *arg, char *line)
{
	struct report *rp = arg;

	push(&rp->ref, &rp->nref, sdk_xstrdup(line));
}

/* A message for stderr, into RUN/said. */
static void
say(struct report *rp, const char *src, const char *m, const char *tail)
{
	char *s = rows_path(src, ": ", m), *t = esc_shown(s);

	fprintf(rp->said, "sdk-batch: %s%s\n", t, tail);
	free(s);
	free(t);
}

/*
 * In a row of ours (rowsout.c), the text after the last "key" (last 1)
 * or after the first before any '}' (last 0), up to the first stop byte.
 */
static char *
member(const char *l, const char *key, int last, const char *stop)
{
	const char *p = NULL, *q, *end = last ? NULL : strchr(l, '}');

	for (q = l; (q = strstr(q, key)) != NULL && (end == NULL || q < end);
	    q++) {
		p = q;
		if (!last)
			break;
	}
	if (p == NULL)
		return sdk_xstrdup(last ? l : "");
	p += strlen(key);
	return sdk_need(strndup(p, strcspn(p, stop)));
}

/* Photo i's rows into the results; its HTML row into hEXIT. */
static int
photo_rows(struct report *rp, size_t i)
{
	char *f, *l = NULL, *ex_s, *st, *m;
	size_t cap = 0;
	ssize_t len;
	FILE *fp;
	int ex = -1;

	f = rows_path(rp->rows, "/", rp->name[i]);
	rp->path = rows_path(f, ".json", "");
	if ((fp = fopen(rp->path, "r")) != NULL) {
		while ((len = getline(&l, &cap, fp)) != -1) {
			fputs(l, rp->jsonl);
			if (len > 0 && l[len - 1] == '\n')
				l[len - 1] = '\0';
			ex_s = member(l, "\"exit\":", 1, ",");
			ex = atoi(ex_s);
			ex = ex < 0 || ex > 2 ? 0 : ex;
			st = member(l, "\"status\":\"", 0, "\"");
			free(ex_s);
			if (ex > rp->worst)
				rp->worst = ex;
			rp->nex[ex]++;
			if (ex == 1)
				report_status(rp, st);
			free(st);
			if (ex != 0 && !rp->todo[i] && !rp->quiet) {
				m = member(l, "\"message\":\"", 1, "");
				if (strlen(m) >= 2 &&
				    strcmp(m + strlen(m) - 2, "\"}") == 0)
					m[strlen(m) - 2] = '\0';
				say(rp, rp->src[i], m, " (earlier run)");
				free(m);
			}
		}
		fclose(fp);
	}
	free(rp->path);
	rp->path = rows_path(f, ".csv", "");
	if ((fp = fopen(rp->path, "r")) != NULL) {
		while (getline(&l, &cap, fp) != -1)
			fputs(l, rp->csv);
		fclose(fp);
	}
	free(rp->path);
	rp->path = rows_path(f, ".html", "");
	report_row_html(rp, i, ex);
	free(rp->path);
	free(f);
	free(l);
	return 0;
}

/* A file of the run's folder, opened to write; NULL said. */
static FILE *
out_file(const struct report *rp, const char *name)
{
	char *path = rows_path(rp->out, "/", name);
	FILE *fp;

	if ((fp = fopen(path, "w")) == NULL)
		sdk_warn(path, "cannot write");
	free(path);
	return fp;
}

static int
close_out(FILE *fp)
{
	int bad;

	if (fp == NULL)
		return -1;
	bad = ferror(fp);
	if (fclose(fp) != 0 || bad) {
		sdk_warnx(NULL, "cannot write in the run's folder");
		return -1;
	}
	return 0;
}

/* Is o a thumbnail sheet no row refers to any more? */
static int
stale(const struct report *rp, const char *o)
{
	const char *s = o + 7, *d;
	size_t i;

	if (rp->stopped || !rp->gc || strncmp(o, "thumbs/", 7) != 0 ||
	    (d = strchr(s, '-')) == NULL || d == s ||
	    strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789") != (size_t)(d - s) ||
	    strspn(d + 1, "0123456789") == 0 ||
	    strcmp(d + 1 + strspn(d + 1, "0123456789"), ".jpg") != 0)
		return 0;
	for (i = 0; i < rp->nref; i++)
		if (strcmp(rp->ref[i], o) == 0)
			return 0;
	return 1;
}

/* RUN/outputs, and RUN/ops: the stale sheets removed. */
static int
outputs(struct report *rp)
{
	FILE *out = out_file(rp, "outputs"), *ops = out_file(rp, "ops");
	size_t i;

	for (i = 0; i < rp->nout && out != NULL && ops != NULL; i++) {
		if (stale(rp, rp->out_list[i])) {
			fputs("r\t", ops);
			esc_line(ops, rp->outabs);
			putc('/', ops);
			esc_line(ops, rp->out_list[i]);
			putc('\n', ops);
		} else {
			esc_line(out, rp->out_list[i]);
			putc('\n', out);
		}
	}
	return close_out(out) | close_out(ops);
}

/* Every photo's rows; a photo run now and not done has none. */
static void
every_photo(struct report *rp)
{
	size_t i;

	for (i = 0; i < rp->n; i++) {
		if (rp->todo[i] && !rp->done[i]) {
			if (rp->stopped) {
				rp->notdone++;
				continue;
			}
			say(rp, rp->src[i], "no result (the pipeline ended "
			    "early)", "");
			rp->lost = 1;
			continue;
		}
		photo_rows(rp, i);
	}
}

static void
report_free(struct report *rp)
{
	size_t i;

	for (i = 0; i < rp->n; i++) {
		free(rp->src[i]);
		free(rp->name[i]);
	}
	for (i = 0; i < rp->nskip; i++)
		free(rp->skipped[i]);
	for (i = 0; i < rp->nout; i++)
		free(rp->out_list[i]);
	for (i = 0; i < rp->nref; i++)
		free(rp->ref[i]);
	for (i = 0; i < rp->nstatuses; i++)
		free(rp->status[i]);
	free(rp->src);
	free(rp->name);
	free(rp->skipped);
	free(rp->out_list);
	free(rp->ref);
	free(rp->status);
	free(rp->nstatus);
	free(rp->todo);
	free(rp->done);
}

int
report_main(struct report *rp, char *const *files)
{
	FILE *sum;
	int j, st = 0;

	if (esc_each_line(files[0], list_line, rp) != 0)
		return 2;
	rp->todo = sdk_xcalloc(rp->n + 1, 1);
	rp->done = sdk_xcalloc(rp->n + 1, 1);
	if (esc_each_line(files[1], todo_line, rp) != 0 ||
	    esc_each_line(files[2], progress_line, rp) != 0 ||
	    esc_each_line(files[3], skipped_line, rp) != 0 ||
	    esc_each_line(files[4], output_line, rp) != 0 ||
	    esc_each_line(files[5], ref_line, rp) != 0)
		st = 2;
	rp->jsonl = out_file(rp, "results.jsonl");
	rp->csv = out_file(rp, "results.csv");
	rp->said = out_file(rp, "said");
	for (j = 0; j < 3; j++)
		if ((rp->h[j] = tmpfile()) == NULL)
			st = 2;
	if (st == 0 && rp->jsonl != NULL && rp->csv != NULL &&
	    rp->said != NULL) {
		fputs("source,name,status,exit,detect,warp,ocr,solve,render,"
		    "grid,solution,seconds_detect,seconds_warp,seconds_ocr,"
		    "seconds_solve,seconds_render,message,entries,mistakes,"
		    "progress,photos_in_stream,unsure\n", rp->csv);
		every_photo(rp);
		if (report_page(rp) != 0 || outputs(rp) != 0 ||
		    (sum = out_file(rp, "sum")) == NULL)
			st = 2;
		else {
			fprintf(sum, "%d %d %ld %ld %ld %ld\n", rp->worst,
			    rp->lost, rp->nex[0], rp->nex[1], rp->nex[2],
			    rp->notdone);
			st = close_out(sum) != 0 ? 2 : 0;
		}
	}
	if (close_out(rp->jsonl) | close_out(rp->csv) | close_out(rp->said))
		st = 2;
	for (j = 0; j < 3; j++)
		if (rp->h[j] != NULL)
			fclose(rp->h[j]);
	report_free(rp);
	return st;
}
