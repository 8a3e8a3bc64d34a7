/*
 * gather.c: sdk-batch-rows gather NULL ITEMS [OPERAND ...]: what the
 * folders and files named hold, into ITEMS for sdk-batch-rows names
 * (names.c says the letters that lead each item).  An operand "-" is the
 * names on standard input, one a line or (NULL 1) each ended by a NUL,
 * refused whole at the first that cannot be one (list.c), each taken
 * then.  A folder is walked by find(1), its names sorted by sort(1), as
 * the script did; a file is taken whatever it holds; anything else is
 * named for what it is and never opened, so that a FIFO, a socket or a
 * device such as /dev/zero is never read.  Prints "NAMED STATUS": 1 if
 * any name was given, 2 if one could not be taken (said on stderr).
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "esc.h"
#include "rows.h"
#include "util.h"
#include "work.h"

struct gather {
	int	 fd;		/* ITEMS */
	char	*errf;		/* find's messages */
	int	 named, status;
};

static void
say(struct gather *g, const char *path, const char *k1, const char *k2)
{
	char *s = esc_shown(path);

	fprintf(stderr, "sdk-batch: %s: %s%s\n", s, k1, k2);
	free(s);
	g->status = 2;
}

/* An item: its letter, the name, a NUL. */
static void
item(struct gather *g, const char *letter, const char *name)
{
	if (write(g->fd, letter, strlen(letter)) < 0 ||
	    write(g->fd, name, strlen(name) + 1) < 0)
		sdk_err(2, NULL, "cannot write the list of names");
}

/* What path is, when it is neither a regular file nor a folder. */
static void
say_kind(struct gather *g, const char *path)
{
	struct stat sb, lsb;
	const char *link = "";

	if (lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode)) {
		if (stat(path, &sb) != 0) {
			/* Nothing at the end of it, or links without end. */
			say(g, path, errno == ELOOP ? "a link that loops" :
			    "a broken link", "");
			return;
		}
		link = "a link to ";
	} else if (stat(path, &sb) != 0)
		sb.st_mode = 0;
	if (S_ISFIFO(sb.st_mode))
		say(g, path, link, "a FIFO");
	else if (S_ISSOCK(sb.st_mode))
		say(g, path, link, "a socket");
	else if (S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode))
		say(g, path, link, "a device");
	else
		say(g, path, link, "not a regular file");
}

/*
 * find's messages, "find: " made "sdk-batch: ", after the folder's
 * names; status 2 if it said anything.
 */
static void
find_said(struct gather *g)
{
	struct argv lines = { 0 };
	size_t i;

	lines_read_all(&lines, g->errf);
	for (i = 0; i < lines.n; i++)
		if (strncmp(lines.v[i], "find: ", 6) == 0)
			fprintf(stderr, "sdk-batch: %s\n", lines.v[i] + 6);
		else
			fprintf(stderr, "%s\n", lines.v[i]);
	if (not_empty(g->errf))
		g->status = 2;
	argv_free(&lines);
}

/* As cd DIR && pwd -P: DIR's physical path, or NULL. */
static char *
physical(const char *dir)
{
	int here = open(".", O_RDONLY | O_CLOEXEC);
	char *got;

	if (here < 0 || chdir(dir) != 0) {
		close_fd(here);
		return NULL;
	}
	got = cwd_path();
	if (fchdir(here) != 0)
		sdk_err(2, NULL, "cannot go back to the current folder");
	close(here);
	return got;
}

/*
 * A folder: "D" as named (its trailing slashes gone), "R" the path find
 * walks it by, "P" its physical path; then two letters lead each name
 * found, sorted by the name alone: a folder's .sdk-batch (B) comes before
 * what is below the folder, and a link to a photo takes its place among
 * the photos.  Hidden names are not walked.
 */
static void
walk(struct gather *g, const char *given)
{
	struct argv find = { 0 }, sort = { 0 };
	char *d = sdk_xstrdup(given), *root, *phys = NULL;
	size_t n = strlen(d);
	int fd[2], err;
	long pid;

	while (n >= 2 && d[n - 1] == '/')
		d[--n] = '\0';
	root = d[0] == '-' ? str_printf("./%s", d) : sdk_xstrdup(d);
	phys = physical(root);
	item(g, "D", d);
	item(g, "R", root);
	item(g, "P", phys != NULL ? phys : "");
	argv_addv(&find, "find", "-H", root, "-mindepth", "1",
	    "(", "-name", ".sdk-batch", "-type", "d", "-printf", "B.%h\\0",
	    "-prune", ")", "-o", "(", "-name", ".*", "-prune", ")", "-o",
	    "-type", "d", "-o", "(", "-type", "f", "-printf", "E.%p\\0", ")",
	    "-o", "(", "-type", "l", "-printf", "L%Y%p\\0", ")", "-o",
	    "-printf", "O%y%p\\0", NULL);
	argv_addv(&sort, "sort", "-z", "-k", "1.3", NULL);
	if ((err = open_out(g->errf)) < 0 || pipe(fd) != 0)
		sdk_err(2, NULL, "cannot walk %s", root);
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	pid = spawn_start_path(find.v, -1, fd[1], err);
	close(fd[1]);
	spawn_reap(spawn_start_path(sort.v, fd[0], g->fd, -1));
	close(fd[0]);
	spawn_reap(pid);
	close(err);
	find_said(g);
	argv_free(&find);
	argv_free(&sort);
	free(phys);
	free(root);
	free(d);
}

/* PATH: a photo, or every file in a folder and its subfolders. */
static void
take(struct gather *g, const char *path)
{
	struct stat sb, lsb;
	int found = stat(path, &sb) == 0;

	g->named = 1;
	if (found && S_ISDIR(sb.st_mode))
		walk(g, path);
	else if (found && S_ISREG(sb.st_mode))
		item(g, "F", path);
	else if (found || (lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode)))
		say_kind(g, path);
	else
		say(g, path, "No such file or directory", "");
}

static void
add_name(void *arg, const char *name)
{
	argv_add(arg, name);
}

int
gather_main(int argc, char *const argv[])
{
	struct gather g = { 0 };
	struct argv names;
	size_t k;
	int i;

	if (argc < 3)
		sdk_errx(2, NULL, "gather needs NULL and ITEMS");
	if ((g.fd = open_out(argv[2])) < 0)
		sdk_err(2, argv[2], "cannot open");
	g.errf = str_printf("%s.err", argv[2]);
	for (i = 3; i < argc; i++) {
		if (strcmp(argv[i], "-") != 0) {
			take(&g, argv[i]);
			continue;
		}
		memset(&names, 0, sizeof(names));
		list_each(strcmp(argv[1], "1") == 0, add_name, &names);
		for (k = 0; k < names.n; k++)
			take(&g, names.v[k]);
		argv_free(&names);
	}
	close(g.fd);
	free(g.errf);
	printf("%d %d\n", g.named, g.status);
	return 0;
}
