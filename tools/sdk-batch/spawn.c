/*
 * spawn.c: what sdk-batch's worker (work.c) runs its programs with: command
 * lines, posix_spawn(3) with the descriptors it is given, and the small
 * file tests the shell worker did with test(1) and df(1).  Every file it
 * opens is close-on-exec, so that a program gets only its 0, 1 and 2.
 */
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "work.h"

extern char **environ;

void
argv_add(struct argv *a, const char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap == 0 ? 16 : a->cap * 2;
		a->v = sdk_xreallocarray(a->v, a->cap, sizeof(*a->v));
	}
	a->v[a->n++] = sdk_xstrdup(s);
	a->v[a->n] = NULL;
}

void
argv_addv(struct argv *a, ...)
{
	const char *s;
	va_list ap;

	va_start(ap, a);
	while ((s = va_arg(ap, const char *)) != NULL)
		argv_add(a, s);
	va_end(ap);
}

void
argv_addf(struct argv *a, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = str_vprintf(fmt, ap);
	va_end(ap);
	argv_add(a, s);
	free(s);
}

void
argv_split(struct argv *a, const char *s)
{
	char *copy = sdk_xstrdup(s), *word, *save;

	for (word = strtok_r(copy, " \t\n", &save); word != NULL;
	    word = strtok_r(NULL, " \t\n", &save))
		argv_add(a, word);
	free(copy);
}

void
argv_free(struct argv *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	a->v = NULL;
	a->n = a->cap = 0;
}

static int
by_strcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
strs_sort(char **v, size_t n)
{
	if (n > 0)
		qsort(v, n, sizeof(*v), by_strcmp);
}

/* Start argv[0] as prog. */
static long
start(const char *prog, char *const *argv, int in, int out, int err)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int e;

	if (posix_spawn_file_actions_init(&fa) != 0)
		return -1;
	e = 0;
	if (in >= 0)
		e = posix_spawn_file_actions_adddup2(&fa, in, 0);
	if (e == 0 && out >= 0)
		e = posix_spawn_file_actions_adddup2(&fa, out, 1);
	if (e == 0 && err >= 0)
		e = posix_spawn_file_actions_adddup2(&fa, err, 2);
	if (e == 0)
		e = posix_spawn(&pid, prog, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return e == 0 ? (long)pid : -1;
}

long
spawn_start(char *const *argv, int in, int out, int err)
{
	return start(argv[0], argv, in, out, err);
}

/*
 * Found as the shell finds it, by stat(2): posix_spawnp() would try an
 * execve(2) in every folder of PATH before the right one.
 */
long
spawn_start_path(char *const *argv, int in, int out, int err)
{
	char *prog = on_path(argv[0]);
	long pid;

	if (prog == NULL)
		return -1;
	pid = start(prog, argv, in, out, err);
	free(prog);
	return pid;
}

int
spawn_reap(long pid)
{
	int st;

	if (pid < 0)
		return 127;
	while (waitpid((pid_t)pid, &st, 0) == -1)
		if (errno != EINTR)
			return 127;
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}

int
spawn_wait(char *const *argv, int in, int out, int err)
{
	return spawn_reap(spawn_start(argv, in, out, err));
}

/*
 * The lines of path, each a copy, into a; -1 unreadable.  As sh's read
 * loop, a last line without its newline is left out; as awk, not (all).
 */
static int
read_some(struct argv *a, const char *path, int all)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *fp;

	if ((fp = fopen(path, "re")) == NULL)
		return -1;
	while ((len = getline(&line, &cap, fp)) != -1) {
		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		else if (!all)
			break;
		argv_add(a, line);
	}
	free(line);
	fclose(fp);
	return 0;
}

int
lines_read(struct argv *a, const char *path)
{
	return read_some(a, path, 0);
}

int
lines_read_all(struct argv *a, const char *path)
{
	return read_some(a, path, 1);
}

char *
cwd_path(void)
{
	size_t len = 256;
	char *buf = NULL, *got;

	do {
		len *= 2;
		buf = sdk_xrealloc(buf, len);
	} while ((got = getcwd(buf, len)) == NULL && errno == ERANGE);
	if (got == NULL)
		free(buf);
	return got;
}

int
open_out(const char *path)
{
	return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
}

void
close_fd(int fd)
{
	if (fd >= 0)
		close(fd);
}

void
append_to(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);

	if (fd < 0)
		return;
	if (write(fd, text, strlen(text)) < 0) {
		/* As sh's echo >>FILE: the worker goes on. */
	}
	close(fd);
}

int
not_empty(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && sb.st_size > 0;
}

int
full_disk(const char *dir)
{
	struct statvfs vfs;

	if (statvfs(dir, &vfs) != 0)
		return 0;
	return (double)vfs.f_bavail * (double)vfs.f_frsize / 1024 < 64;
}

char *
on_path(const char *name)
{
	const char *path = getenv("PATH"), *end;
	struct stat sb;
	char *p;

	if (path == NULL)
		return NULL;
	for (;; path = end + 1) {
		end = strchr(path, ':');
		if (end == NULL)
			end = path + strlen(path);
		p = end == path ? str_printf("./%s", name) :
		    str_printf("%.*s/%s", (int)(end - path), path, name);
		if (stat(p, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    access(p, X_OK) == 0)
			return p;
		free(p);
		if (*end == '\0')
			return NULL;
	}
}

char *
str_vprintf(const char *fmt, va_list ap)
{
	va_list again;
	char *s;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	if (n < 0)
		sdk_nomem();
	s = sdk_xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, again);
	va_end(again);
	return s;
}

char *
str_printf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = str_vprintf(fmt, ap);
	va_end(ap);
	return s;
}
