/*
 * todo.c: sdk-batch-rows todo: which photos of LIST (names.c) are out of
 * date, their numbers into TODO, a line each, and their count on standard
 * output.  A photo is up to
 * date when its row (ROWS/NAME.json) is newer than the photo, than the
 * newest of the batch's programs (-N) and not older than the options
 * file (-P), as test(1)'s -nt and -ot compare them (both files must be
 * there, to the nanosecond), unless the row is that of a photo that
 * could not be read: it is tried again.  -f: every photo is out of date;
 * -v: the photos up to date are named on stderr.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esc.h"
#include "rows.h"
#include "util.h"

int
file_newer(const char *a, const char *b)
{
	struct stat sa, sb;

	if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
		return 0;
	return sa.st_mtim.tv_sec > sb.st_mtim.tv_sec ||
	    (sa.st_mtim.tv_sec == sb.st_mtim.tv_sec &&
	    sa.st_mtim.tv_nsec > sb.st_mtim.tv_nsec);
}

/* Is the row a photo's that could not be read ("exit":2 on its line)? */
static int
unreadable(const char *row)
{
	char *l = NULL;
	size_t cap = 0;
	FILE *fp;
	int bad = 0;

	if ((fp = fopen(row, "r")) == NULL)
		return 1;
	if (getline(&l, &cap, fp) != -1)
		bad = strstr(l, "\"exit\":2") != NULL;
	free(l);
	fclose(fp);
	return bad;
}

static int
up_to_date(const struct todo *t, const char *src, const char *row)
{
	struct stat sb;

	return !t->force && stat(row, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    file_newer(row, src) && file_newer(row, t->newest) &&
	    !file_newer(t->options, row) && !unreadable(row);
}

int
todo_main(const struct todo *t, const char *list, const char *todo)
{
	char *line = NULL, *tab, *name, *row, *shown;
	size_t cap = 0;
	ssize_t len;
	long i = 0, n = 0;
	FILE *fp, *out;
	int bad;

	if ((fp = fopen(list, "r")) == NULL) {
		sdk_warn(list, "cannot open");
		return 2;
	}
	/* A TODO that cannot be written is said by sdk-batch, once. */
	if ((out = fopen(todo, "w")) == NULL) {
		fclose(fp);
		return 2;
	}
	while ((len = getline(&line, &cap, fp)) != -1) {
		i++;
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if ((tab = strchr(line, '\t')) == NULL)
			continue;
		*tab = '\0';
		name = tab + 1;
		if ((tab = strchr(name, '\t')) != NULL)
			*tab = '\0';
		esc_dec(line);
		row = rows_path(t->rows, "/", esc_dec(name));
		name = rows_path(row, ".json", "");
		if (!up_to_date(t, line, name)) {
			fprintf(out, "%ld\n", i);
			n++;
		} else if (t->verbose) {
			shown = esc_shown(line);
			fprintf(stderr, "sdk-batch: %s: up to date\n", shown);
			free(shown);
		}
		free(name);
		free(row);
	}
	free(line);
	fclose(fp);
	bad = ferror(out);
	if ((fclose(out) | bad) != 0)
		return 2;
	printf("%ld\n", n);
	return 0;
}
