/*
 * programs.c: the programs sdk-batch runs, found after its options are
 * read (options.c): the five of the pipeline beside sdk-batch (a build or
 * an installed copy), else on PATH, by absolute path for the workers and
 * the up-to-date test; the newest of them, sdk-batch and sdk-batch-rows,
 * which a row must be newer than; the solve timeout as sdk-solve takes
 * it; netpbm's pamcat and pnmtojpeg for the report's thumbnails (without
 * them the report has none).  Written to the settings file as sdk_NAME,
 * newest, pamcat, pnmtojpeg and thumbs.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "esc.h"
#include "rows.h"
#include "util.h"
#include "work.h"

/* The newest of *newest and LIBEXEC/sdk-batch-*, in the glob's order. */
static void
newest_helper(char **newest, const char *libexec)
{
	struct argv names = { 0 };
	struct dirent *de;
	char *p;
	size_t i;
	DIR *dp;

	if ((dp = opendir(libexec)) == NULL)
		return;
	while ((de = readdir(dp)) != NULL)
		if (strncmp(de->d_name, "sdk-batch-", 10) == 0)
			argv_add(&names, de->d_name);
	closedir(dp);
	strs_sort(names.v, names.n);
	for (i = 0; i < names.n; i++) {
		p = str_printf("%s/%s", libexec, names.v[i]);
		if (file_newer(p, *newest)) {
			free(*newest);
			*newest = p;
		} else
			free(p);
	}
	argv_free(&names);
}

/* sdk-NAME beside sdk-batch, else on PATH made absolute; exit 2 if none. */
static char *
stage_program(const char *here, const char *stage)
{
	char *p = str_printf("%s/sdk-%s", here, stage), *cwd, *abs;

	if (access(p, X_OK) == 0)
		return p;
	free(p);
	abs = str_printf("sdk-%s", stage);
	p = on_path(abs);
	free(abs);
	if (p == NULL) {
		fprintf(stderr, "sdk-batch: sdk-%s: program not found\n",
		    stage);
		exit(2);
	}
	if (*p != '/' && (cwd = cwd_path()) != NULL) {
		abs = str_printf("%s/%s", cwd, p);
		free(cwd);
		free(p);
		p = abs;
	}
	return p;
}

/*
 * The solve timeout is checked before any work, by sdk-solve itself on an
 * empty input: what it refuses here it would refuse on every photo, after
 * detect, warp and ocr had read them all.
 */
static void
check_timeout(const char *solve, const char *timeout)
{
	struct argv a = { 0 };
	char buf[4096], rest[512], *nl, *s;
	const char *m = buf;
	size_t len = 0;
	ssize_t n;
	int fd[2], in = open("/dev/null", O_RDONLY | O_CLOEXEC), st;
	int null = open_out("/dev/null");
	long pid;

	argv_addv(&a, solve, "-t", timeout, NULL);
	if (pipe(fd) != 0)
		sdk_err(2, NULL, "pipe");
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	pid = spawn_start(a.v, in, null, fd[1]);
	close(fd[1]);
	/* Its messages; past the first 4 KB read to the end, not kept. */
	while ((n = read(fd[0], len < sizeof(buf) - 1 ? buf + len : rest,
	    len < sizeof(buf) - 1 ? sizeof(buf) - 1 - len : sizeof(rest))) > 0)
		if (len < sizeof(buf) - 1)
			len += (size_t)n;
	close(fd[0]);
	st = spawn_reap(pid);
	buf[len] = '\0';
	close_fd(in);
	close_fd(null);
	argv_free(&a);
	if (st == 0)
		return;
	if ((nl = strchr(buf, '\n')) != NULL)
		*nl = '\0';
	if (strncmp(m, "sdk-solve: ", 11) == 0)
		m += 11;
	s = esc_shown(timeout);
	fprintf(stderr, "sdk-batch: --solve-timeout %s: refused by sdk-solve "
	    "(%s)\n", s, m);
	free(s);
	exit(2);
}

/* The setting KEY, VALUE as the line files write names. */
static void
put(FILE *fp, const char *key, const char *value)
{
	fprintf(fp, "%s\t", key);
	esc_line(fp, value);
	putc('\n', fp);
}

void
programs_find(FILE *fp, const char *here, const char *self,
    const char *libexec, const char *timeout)
{
	static const char *const netpbm[] = { "pamcat", "pnmtojpeg" };
	char *newest = sdk_xstrdup(self), *prog[NSTAGES], *p, *key;
	int i, thumbs = 1;

	newest_helper(&newest, libexec);
	for (i = 0; i < NSTAGES; i++) {
		prog[i] = stage_program(here, stage_name[i]);
		if (file_newer(prog[i], newest)) {
			free(newest);
			newest = sdk_xstrdup(prog[i]);
		}
	}
	if (*timeout != '\0')
		check_timeout(prog[SOLVE], timeout);
	for (i = 0; i < NSTAGES; i++) {
		key = str_printf("sdk_%s", stage_name[i]);
		put(fp, key, prog[i]);
		free(key);
		free(prog[i]);
	}
	put(fp, "newest", newest);
	free(newest);
	for (i = 0; i < 2; i++) {
		p = on_path(netpbm[i]);
		put(fp, netpbm[i], p != NULL ? p : "");
		thumbs &= p != NULL;
		free(p);
	}
	put(fp, "thumbs", thumbs ? "1" : "0");
}
