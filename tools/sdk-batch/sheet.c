/*
 * sheet.c: what sdk-batch's worker (work.c) does after sdk-render: the
 * report's thumbnails of a share, one JPEG sheet of them (sheet_make),
 * and the list of the answers' pictures, whatever sdk-render named them
 * (sheet_rendered).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "work.h"

/*
 * pamcat -tb -jleft -white FILES | pnmtojpeg -quality 80 >W/sheet.jpg:
 * pnmtojpeg's status.
 */
static int
stack_thumbs(const char *w, const char *pamcat, const char *pnmtojpeg,
    const struct argv *files)
{
	struct argv cat = { 0 }, jpeg = { 0 };
	char *sheet = str_printf("%s/sheet.jpg", w);
	int fd[2], null, out, st = 2;
	long pid;
	size_t i;

	argv_addv(&cat, pamcat, "-tb", "-jleft", "-white", NULL);
	argv_addv(&jpeg, pnmtojpeg, "-quality", "80", NULL);
	for (i = 0; i < files->n; i++)
		argv_add(&cat, files->v[i]);
	null = open_out("/dev/null");
	if (pipe(fd) == 0) {
		fcntl(fd[0], F_SETFD, FD_CLOEXEC);
		fcntl(fd[1], F_SETFD, FD_CLOEXEC);
		pid = spawn_start(cat.v, -1, fd[1], null);
		close(fd[1]);
		if ((out = open_out(sheet)) >= 0)
			st = spawn_wait(jpeg.v, fd[0], out, null);
		close(fd[0]);
		close_fd(out);
		spawn_reap(pid);
	}
	close_fd(null);
	argv_free(&cat);
	argv_free(&jpeg);
	free(sheet);
	return st;
}

/* "kind num" of a line of W/thumbs.want, split as sh's read splits it. */
static int
want_line(char *line, char **kind, char **num)
{
	size_t n;

	*kind = line + strspn(line, " \t");
	n = strcspn(*kind, " \t");
	*num = *kind + n + strspn(*kind + n, " \t");
	(*kind)[n] = '\0';
	for (n = strlen(*num); n > 0 && strchr(" \t", (*num)[n - 1]); n--)
		(*num)[n - 1] = '\0';
	return **kind != '\0';
}

/*
 * The report's thumbnails, at most 160x120: of each photo, and of each
 * answer drawn onto its photo, W/t/N.ppm for the Nth record of
 * W/thumbs.txt (sdk-render decodes each photo once, made small, and keeps
 * it for the answer that follows); then every thumbnail stacked into one
 * JPEG file, W/sheet.jpg, and a line for each in W/thumbs, in the sheet's
 * order: "t N t/FILE" or "a K t/FILE", as W/thumbs.want names them.
 * A status of sdk-render's not ours is noted in crashed.  1: the sheet
 * is made.
 */
int
sheet_make(const char *w, const char *render_prog, const char *pamcat,
    const char *pnmtojpeg, const char *crashed)
{
	struct argv render = { 0 }, want = { 0 }, files = { 0 };
	char *out = str_printf("%s/t/%%4n.ppm", w);
	char *in = str_printf("%s/thumbs.txt", w);
	char *wantf = str_printf("%s/thumbs.want", w), *list = NULL;
	char *kind, *num, *f, *l, code[16];
	struct stat sb;
	size_t i, len = 0;
	int null = open_out("/dev/null"), st, fd, made = 0;
	FILE *ls;

	argv_addv(&render, render_prog, "--onto",
	    "--thumbnail=160x120", "-q", "-f", "pnm", "-o", out, in, NULL);
	st = spawn_wait(render.v, -1, -1, null);
	if (st > 2) {
		snprintf(code, sizeof(code), "%d\n", st);
		append_to(crashed, code);
	}
	if ((ls = open_memstream(&list, &len)) == NULL)
		sdk_nomem();
	lines_read(&want, wantf);
	for (i = 0; i < want.n; i++) {
		f = str_printf("%s/t/%04zu.ppm", w, i + 1);
		if (!want_line(want.v[i], &kind, &num) ||
		    stat(f, &sb) != 0 || !S_ISREG(sb.st_mode)) {
			free(f);
			continue;
		}
		argv_add(&files, f);
		free(f);
		fprintf(ls, "%s %s t/%04zu.ppm\n", kind, num, i + 1);
	}
	if (fclose(ls) != 0)
		sdk_nomem();
	/* A JPEG file is at most 65535 pixels high: 500 thumbnails of 120. */
	if (files.n > 0 && files.n <= 500) {
		l = str_printf("%s/thumbs", w);
		if ((fd = open_out(l)) >= 0 &&
		    write(fd, list, len) == (ssize_t)len &&
		    stack_thumbs(w, pamcat, pnmtojpeg, &files) == 0)
			made = 1;
		close_fd(fd);
		free(l);
	}
	argv_free(&render);
	argv_free(&want);
	argv_free(&files);
	close_fd(null);
	free(list);
	free(wantf);
	free(in);
	free(out);
	return made;
}

/*
 * W/rendered: "K<tab>DIR/FILE", the picture of the Kth solved record,
 * whatever sdk-render named it, in the folder the Kth line of
 * W/solved.dir names (pK for PNG, jK for JPEG): its *.png then its *.jpg,
 * sorted as sh's globs are.
 */
static void
list_pictures(FILE *out, const char *w, size_t k, const char *d)
{
	static const char *const ext[] = { ".png", ".jpg" };
	struct argv names = { 0 };
	struct dirent *de;
	struct stat sb;
	size_t i, e, n;
	char *dir = str_printf("%s/%s", w, d), *f;
	DIR *dp;

	for (e = 0; e < 2; e++) {
		if ((dp = opendir(dir)) == NULL)
			break;
		while ((de = readdir(dp)) != NULL) {
			n = strlen(de->d_name);
			if (de->d_name[0] != '.' && n >= 4 &&
			    strcmp(de->d_name + n - 4, ext[e]) == 0)
				argv_add(&names, de->d_name);
		}
		closedir(dp);
		strs_sort(names.v, names.n);
		for (i = 0; i < names.n; i++) {
			f = str_printf("%s/%s", dir, names.v[i]);
			if (stat(f, &sb) == 0 && S_ISREG(sb.st_mode))
				fprintf(out, "%zu\t%s/%s\n", k, d, names.v[i]);
			free(f);
		}
		argv_free(&names);
	}
	argv_free(&names);
	free(dir);
}

void
sheet_rendered(const char *w)
{
	struct argv dirs = { 0 };
	char *path = str_printf("%s/solved.dir", w);
	size_t i;
	FILE *out;

	lines_read(&dirs, path);
	free(path);
	path = str_printf("%s/rendered", w);
	if ((out = fopen(path, "we")) != NULL) {
		for (i = 0; i < dirs.n; i++)
			list_pictures(out, w, i + 1, dirs.v[i]);
		fclose(out);
	}
	argv_free(&dirs);
	free(path);
}
