/*
 * place.c: sdk-batch-rows place W: the moves of W/ops (rowsout.c) carried
 * out in order, each with rename(2), so that an interrupted batch leaves
 * whole files or none: "r PATH" removes an output of an earlier run (if
 * there is one), "d DIR" makes a folder (and its parents) unless it is
 * one, "n FROM TO" moves a file.  Then each "p INDEX EXIT MESSAGE" line
 * is written to standard output, tab-separated, for the worker to count
 * the photo done.  The first move that fails stops it all with status 2
 * (and nothing on standard output): the share's photos have no row then,
 * and a run again does them.
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

/* mkdir -p: DIR and the folders above it that are missing. */
static int
make_folder(char *dir)
{
	struct stat sb;
	char *s;

	if (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))
		return 0;
	for (s = dir + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
			*s = '/';
			return -1;
		}
		*s = '/';
	}
	if (mkdir(dir, 0777) != 0 && (errno != EEXIST || stat(dir, &sb) != 0 ||
	    !S_ISDIR(sb.st_mode)))
		return -1;
	return 0;
}

/* One line of W/ops, its fields split at tabs in f[0..3]; -1 failed. */
static int
do_op(char **f, int n)
{
	struct stat sb;

	switch (f[0][0]) {
	case 'r':
		/* As test -e: a link to nothing is left. */
		if (n < 2 || stat(esc_dec(f[1]), &sb) != 0)
			return 0;
		if (unlink(f[1]) == 0 || errno == ENOENT)
			return 0;
		sdk_warn(NULL, "cannot remove %s", f[1]);
		return -1;
	case 'd':
		if (n >= 2 && make_folder(esc_dec(f[1])) != 0) {
			sdk_warn(NULL, "cannot make the folder %s", f[1]);
			return -1;
		}
		return 0;
	case 'n':
		if (n >= 3 && rename(esc_dec(f[1]), esc_dec(f[2])) != 0) {
			sdk_warn(NULL, "cannot move %s to %s", f[1], f[2]);
			return -1;
		}
		return 0;
	case 'p':
		if (n >= 4)
			printf("%s\t%s\t%s\n", f[1], f[2], f[3]);
		return 0;
	}
	sdk_warnx(NULL, "unknown operation '%c' in the work folder's ops",
	    f[0][0]);
	return -1;
}

int
place_main(const char *w)
{
	char *path = rows_path(w, "/ops", ""), *line = NULL, *f[4], *s;
	size_t cap = 0;
	ssize_t len;
	FILE *fp;
	int n, st = 0;

	if ((fp = fopen(path, "r")) == NULL) {
		sdk_warn(path, "cannot open");
		free(path);
		return 2;
	}
	while (st == 0 && (len = getline(&line, &cap, fp)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		for (n = 0, s = line; n < 4 && s != NULL; n++) {
			f[n] = s;
			if ((s = strchr(s, '\t')) != NULL)
				*s++ = '\0';
		}
		if (do_op(f, n) != 0)
			st = 2;
	}
	free(line);
	fclose(fp);
	free(path);
	return st;
}
