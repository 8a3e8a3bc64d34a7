/*
 * plan.c: sdk-batch-rows plan: the shares of a run.  Reads LIST (the
 * photos, "SOURCE<tab>NAME<tab>ABSOLUTE" a line, as the line files write
 * names), TODO (the numbers of those to do) and OUTPUTS (the outputs list
 * of the folder so far), and writes in the run's folder RUN:
 *   c.N       the Nth share, "INDEX<tab>ARG<tab>SOURCE<tab>NAME<tab>ABSOLUTE"
 *             a photo, ARG the name the programs are given for it
 *   c.N.args  the ARGs alone, a line each (an ARG holds no tab, newline
 *             or carriage return: the worker reads them with read)
 *   chunks    the numbers of the shares
 *   outputs   OUTPUTS and the outputs of this run (each photo's .grid,
 *             .solution, .png and .jpg, the results, the report and its
 *             thumbnail sheets), sorted: what the batch writes in its
 *             folder, never taken as photos
 * A photo whose name the programs cannot carry on a metadata line (a
 * newline, a carriage return or a tab in it, a blank at either end, "-",
 * too long) is given to them by a link, RUN/l/INDEX.  With -R (-S:
 * machines that see only what they are sent) each share N is also a
 * folder RUN/s.N, the one sent, with a link to each photo in it: under
 * its own name when that is a path below the folder (relative, no "." or
 * ".."), else as in/K.EXT, K its place in the share and EXT its suffix
 * when that is a plain one.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "esc.h"
#include "rows.h"
#include "util.h"
#include "work.h"

struct plan {
	const char *run, *runid;
	long	 chunk;
	int	 remote;
	char	**line;		/* LIST's lines, as they are */
	size_t	 n;
	char	**out;		/* the outputs, decoded */
	size_t	 nout, capout;
};

/* Can the programs carry s on a metadata line as it is? */
static int
carried(const char *s)
{
	size_t n = strlen(s);

	return strpbrk(s, "\t\n\r") == NULL && n > 0 && n <= 2048 &&
	    s[0] != ' ' && s[0] != '\t' && s[n - 1] != ' ' &&
	    strcmp(s, "-") != 0;
}

static void
add_out(struct plan *pl, char *s)
{
	if (pl->nout == pl->capout) {
		pl->capout = pl->capout ? 2 * pl->capout : 64;
		pl->out = sdk_xreallocarray(pl->out, pl->capout,
		    sizeof(*pl->out));
	}
	pl->out[pl->nout++] = s;
}

/* Field f (from 0) of a LIST line, decoded (a new string). */
static char *
list_field(const char *line, int f)
{
	const char *e;
	char *s;

	for (; f > 0 && line != NULL; f--)
		if ((line = strchr(line, '\t')) != NULL)
			line++;
	if (line == NULL)
		return sdk_xstrdup("");
	e = strchr(line, '\t');
	s = e != NULL ? strndup(line, (size_t)(e - line)) : strdup(line);
	if (s == NULL)
		sdk_nomem();
	return esc_dec(s);
}

/* The ARG of a photo sent to another machine: its name, or in/K.EXT. */
static char *
remote_arg(const char *s, long k)
{
	static const char *const ours[] = { "in/", "w.", "c.",
	    "sdk-batch-", NULL };
	const char *const *o, *b, *e;
	char *dotted = rows_path("/", s, "/"), buf[32];
	int own = carried(s) && s[0] != '/' &&
	    strstr(dotted, "/./") == NULL && strstr(dotted, "/../") == NULL &&
	    strcmp(s, "config") != 0;

	free(dotted);
	for (o = ours; own && *o != NULL; o++)
		own = strncmp(s, *o, strlen(*o)) != 0;
	if (own)
		return sdk_xstrdup(s);
	b = strrchr(s, '/') != NULL ? strrchr(s, '/') + 1 : s;
	e = strrchr(b, '.');
	if (e == NULL || e[1] == '\0' || strlen(e) > 9 ||
	    strspn(e + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789") != strlen(e + 1))
		e = "";
	snprintf(buf, sizeof(buf), "in/%ld", k);
	return rows_path(buf, e, "");
}

/* mkdir -p below the share's folder: the folders of path rel. */
static int
make_parents(const char *top, const char *rel)
{
	char *p = rows_path(top, "/", rel), *s;

	for (s = p + strlen(top) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			sdk_warn(p, "cannot make the folder");
			free(p);
			return -1;
		}
		*s = '/';
	}
	free(p);
	return 0;
}

/* The link at path to the photo abs. */
static int
link_photo(const char *abs, const char *path)
{
	if (symlink(abs, path) != 0) {
		sdk_warn(path, "cannot make the link");
		return -1;
	}
	return 0;
}

/* The ARG of the kth photo of share c, the LIST line i; links made. */
static char *
photo_arg(struct plan *pl, size_t i, long c, long k)
{
	char *src = list_field(pl->line[i], 0), *abs = list_field(pl->line[i],
	    2), *g, *top, num[32];
	int st = 0;

	if (pl->remote) {
		g = remote_arg(src, k);
		snprintf(num, sizeof(num), "/s.%ld", c);
		top = rows_path(pl->run, num, "");
		st = make_parents(top, g);
		if (st == 0) {
			free(src);
			src = rows_path(top, "/", g);
			st = link_photo(abs, src);
		}
		free(top);
	} else if (carried(src)) {
		g = sdk_xstrdup(src);
	} else {
		snprintf(num, sizeof(num), "/l/%zu", i + 1);
		g = rows_path(pl->run, num, "");
		top = rows_path(pl->run, "/l", "");
		if (mkdir(top, 0777) != 0 && errno != EEXIST)
			st = -1;
		free(top);
		st = st != 0 ? st : link_photo(abs, g);
	}
	free(src);
	free(abs);
	if (st != 0) {
		free(g);
		return NULL;
	}
	return g;
}

static void
list_line(void *arg, char *line)
{
	struct plan *pl = arg;
	static const char *const ext[] = { ".grid", ".solution", ".png",
	    ".jpg" };
	char *name = list_field(line, 1);
	int e;

	pl->line = sdk_xreallocarray(pl->line, pl->n + 1, sizeof(*pl->line));
	pl->line[pl->n++] = sdk_xstrdup(line);
	for (e = 0; e < 4; e++)
		add_out(pl, rows_path(name, ext[e], ""));
	free(name);
}

static void
output_line(void *arg, char *line)
{
	struct plan *pl = arg;

	add_out(pl, sdk_xstrdup(esc_dec(line)));
}

static size_t *todo;
static size_t ntodo;

static void
todo_line(void *arg, char *line)
{
	struct plan *pl = arg;
	char *end;
	long i = strtol(line, &end, 10);

	if (*end != '\0' || i < 1 || (size_t)i > pl->n)
		return;
	todo = sdk_xreallocarray(todo, ntodo + 1, sizeof(*todo));
	todo[ntodo++] = (size_t)i - 1;
}

/* A new file in RUN. */
static FILE *
run_file(const struct plan *pl, const char *name, long c, const char *ext)
{
	char num[64], *path;
	FILE *fp;

	snprintf(num, sizeof(num), c > 0 ? "/%s%ld%s" : "/%s", name, c, ext);
	path = rows_path(pl->run, num, "");
	if ((fp = fopen(path, "w")) == NULL)
		sdk_warn(path, "cannot write");
	free(path);
	return fp;
}

/* Close a file of RUN, checked; -1 on a write error. */
static int
run_close(FILE *fp)
{
	int bad = ferror(fp);

	if (fclose(fp) != 0 || bad) {
		sdk_warnx(NULL, "cannot write in the run's folder");
		return -1;
	}
	return 0;
}

/* Share c, the todo photos from j on: c.N, c.N.args and its links. */
static int
plan_share(struct plan *pl, long c, size_t j)
{
	FILE *f = run_file(pl, "c.", c, ""), *a = run_file(pl, "c.", c,
	    ".args");
	char num[64], *g, *top;
	const char *rest;
	long k;
	int st = f != NULL && a != NULL ? 0 : -1;

	if (st == 0 && pl->remote) {
		snprintf(num, sizeof(num), "/s.%ld", c);
		top = rows_path(pl->run, num, "");
		g = rows_path(top, "/in", "");
		if (mkdir(top, 0777) != 0 || mkdir(g, 0777) != 0)
			st = -1;
		free(top);
		free(g);
	}
	for (k = 1; st == 0 && k <= pl->chunk && j < ntodo; k++, j++) {
		if ((g = photo_arg(pl, todo[j], c, k)) == NULL) {
			st = -1;
			break;
		}
		fprintf(f, "%zu\t", todo[j] + 1);
		esc_line(f, g);
		rest = pl->line[todo[j]];
		fprintf(f, "\t%s\n", rest);
		fprintf(a, "%s\n", g);
		free(g);
	}
	if (f != NULL && run_close(f) != 0)
		st = -1;
	if (a != NULL && run_close(a) != 0)
		st = -1;
	return st;
}

/* RUN/outputs, sorted, each once. */
static int
write_outputs(struct plan *pl)
{
	FILE *fp = run_file(pl, "outputs", 0, "");
	size_t i;

	if (fp == NULL)
		return -1;
	strs_sort(pl->out, pl->nout);
	for (i = 0; i < pl->nout; i++) {
		if (i > 0 && strcmp(pl->out[i], pl->out[i - 1]) == 0)
			continue;
		esc_line(fp, pl->out[i]);
		putc('\n', fp);
	}
	return run_close(fp);
}

/* Everything plan_main() holds. */
static void
plan_free(struct plan *pl)
{
	size_t i;

	for (i = 0; i < pl->n; i++)
		free(pl->line[i]);
	for (i = 0; i < pl->nout; i++)
		free(pl->out[i]);
	free(pl->line);
	free(pl->out);
	free(todo);
	todo = NULL;
	ntodo = 0;
}

int
plan_main(const char *run, const char *runid, long chunk, int remote,
    char *const *files)
{
	struct plan pl = { run, runid, chunk, remote, NULL, 0, NULL, 0, 0 };
	char sheet[64];
	FILE *chunks = NULL;
	size_t i;
	long c = 0;
	int st = 0;

	add_out(&pl, sdk_xstrdup("results.csv"));
	add_out(&pl, sdk_xstrdup("results.jsonl"));
	add_out(&pl, sdk_xstrdup("index.html"));
	if (esc_each_line(files[0], list_line, &pl) != 0 ||
	    esc_each_line(files[1], todo_line, &pl) != 0 ||
	    esc_each_line(files[2], output_line, &pl) != 0 ||
	    (chunks = run_file(&pl, "chunks", 0, "")) == NULL) {
		plan_free(&pl);
		return 2;
	}
	for (i = 0; st == 0 && i < ntodo; i += (size_t)chunk) {
		fprintf(chunks, "%ld\n", ++c);
		snprintf(sheet, sizeof(sheet), "thumbs/%s-%ld.jpg", runid, c);
		add_out(&pl, sdk_xstrdup(sheet));
		st = plan_share(&pl, c, i);
	}
	if (run_close(chunks) != 0 || write_outputs(&pl) != 0)
		st = -1;
	plan_free(&pl);
	return st == 0 ? 0 : 2;
}
