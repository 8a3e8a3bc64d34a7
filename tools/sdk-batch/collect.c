/*
 * collect.c: the photos of a share done, after its moves (done_photos:
 * the worker's, and sdk-batch's for a share of -S), and sdk-batch-rows
 * collect QUIET LIVE RUN META LIBEXEC: the shares back from the machines
 * of -S, RUN/N.out.tar (GNU parallel brings each back whole, under a
 * temporary name first), each unpacked and its ops carried out
 * (sdk-batch-rows place) as a worker does them here.  A move that fails
 * there stops that share: its photos get no row, and a run again does
 * them.  Unpacked with the time of now (tar -m), not the archive's, which
 * is whole seconds: a row from the same second as the run's options file
 * would seem older than it, and its photo out of date.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "work.h"

/*
 * A photo is done: "INDEX EXIT" on the run's progress.  On a terminal its
 * message goes on that line too, one write, so that the batch shows each
 * failure as it counts it, never one without the other.
 */
static void
photo_done(const char *progress, const char *idx, const char *ex,
    const char *m, int live)
{
	char *line;

	if (live)
		line = str_printf("%s %s%s%s\n", idx, ex,
		    *m != '\0' ? " sdk-batch: " : "", m);
	else {
		if (*m != '\0')
			fprintf(stderr, "sdk-batch: %s\n", m);
		line = str_printf("%s %s\n", idx, ex);
	}
	append_to(progress, line);
	free(line);
}

/* The next field of a line split at tabs as sh's read splits it. */
static char *
tab_field(char **s, int last)
{
	char *f = *s + strspn(*s, "\t"), *end;
	size_t n;

	if (last) {
		for (n = strlen(f); n > 0 && f[n - 1] == '\t'; n--)
			f[n - 1] = '\0';
		*s = f + strlen(f);
		return f;
	}
	end = f + strcspn(f, "\t");
	*s = *end != '\0' ? end + 1 : end;
	*end = '\0';
	return f;
}

int
done_photos(const char *run, const char *donef, int quiet, int live)
{
	struct argv done = { 0 };
	char *progress = str_printf("%s/progress", run), *s, *i, *e, *m;
	int worst = 0;
	size_t k;

	lines_read(&done, donef);
	for (k = 0; k < done.n; k++) {
		s = done.v[k];
		i = tab_field(&s, 0);
		e = tab_field(&s, 0);
		m = tab_field(&s, 1);
		photo_done(progress, i, e, quiet ? "" : m, live);
		if (atoi(e) > worst)
			worst = atoi(e);
	}
	argv_free(&done);
	free(progress);
	return worst;
}

/* RUN/N.out.tar, as sh's glob "RUN"/ *.out.tar lists them. */
static void
shares_back(struct argv *tars)
{
	struct dirent *de;
	size_t n;
	DIR *dp;

	if ((dp = opendir(".")) == NULL)
		return;
	while ((de = readdir(dp)) != NULL) {
		n = strlen(de->d_name);
		if (de->d_name[0] != '.' && n >= 8 &&
		    strcmp(de->d_name + n - 8, ".out.tar") == 0)
			argv_add(tars, de->d_name);
	}
	closedir(dp);
	strs_sort(tars->v, tars->n);
}

/* Unpack share c, then its moves and its photos done. */
static void
collect_one(char *const *arg, const char *rows, const char *c, int null)
{
	struct argv tar = { 0 }, place = { 0 };
	char *w = str_printf("w.%s", c), *done = str_printf("w.%s/done", c);
	char *crashed = str_printf("w.%s/crashed", c), *text;
	struct stat sb;
	size_t len;
	FILE *fp;
	int out;

	argv_addv(&tar, "tar", "-xmf", NULL);
	argv_addf(&tar, "%s.out.tar", c);
	if (spawn_reap(spawn_start_path(tar.v, -1, -1, null)) == 0) {
		if (stat(crashed, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    (fp = fopen(crashed, "re")) != NULL) {
			text = NULL;
			if (getdelim(&text, &len, '\0', fp) > 0)
				append_to("crashed", text);
			free(text);
			fclose(fp);
		}
		argv_addv(&place, rows, "place", w, NULL);
		if ((out = open_out(done)) >= 0 &&
		    spawn_wait(place.v, -1, out, null) == 0)
			done_photos(arg[2], done, strcmp(arg[0], "0") != 0,
			    strcmp(arg[1], "1") == 0);
		else if (full_disk(arg[3]))
			close_fd(open_out("full"));
		close_fd(out);
	}
	argv_free(&tar);
	argv_free(&place);
	argv_addv(&tar, "rm", "-rf", "--", NULL);
	argv_addf(&tar, "%s.out.tar", c);
	argv_addf(&tar, "%s.in.tar", c);
	argv_add(&tar, w);
	spawn_reap(spawn_start_path(tar.v, -1, -1, -1));
	argv_free(&tar);
	free(w);
	free(done);
	free(crashed);
}

int
collect_main(char *const *arg)
{
	struct argv tars = { 0 };
	char *cwd = NULL, *rows;
	struct stat sb;
	size_t i;
	int null;

	/* The ops name the share's files from RUN: work there. */
	if (arg[4][0] != '/' && (cwd = cwd_path()) == NULL)
		return 2;
	rows = cwd != NULL ? str_printf("%s/%s/sdk-batch-rows", cwd, arg[4]) :
	    str_printf("%s/sdk-batch-rows", arg[4]);
	free(cwd);
	if (chdir(arg[2]) != 0) {
		free(rows);
		return 2;
	}
	null = open_out("/dev/null");
	shares_back(&tars);
	for (i = 0; i < tars.n; i++) {
		if (stat(tars.v[i], &sb) != 0 || !S_ISREG(sb.st_mode))
			continue;
		tars.v[i][strlen(tars.v[i]) - 8] = '\0';
		collect_one(arg, rows, tars.v[i], null);
	}
	argv_free(&tars);
	close_fd(null);
	free(rows);
	return 0;
}
