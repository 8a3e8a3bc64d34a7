/*
 * outfile.c: atomic "-o FILE": write a temporary file in the same folder,
 * rename it into place when complete.  A signal that ends the program,
 * or an exit() before the file was committed (out of memory: util.c),
 * removes the temporary files first, so nothing half-written remains.
 */
#include <sys/stat.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "util.h"

/* Temporary files open now, for the signal handler.  Few at a time. */
#define MAX_OPEN 16
static char *volatile open_tmp[MAX_OPEN];
static int handlers_set;

static void
remove_open(void)
{
	int i;

	for (i = 0; i < MAX_OPEN; i++)
		if (open_tmp[i] != NULL)
			unlink(open_tmp[i]);
}

static void
on_signal(int sig)
{
	remove_open();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
set_handlers(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	struct sigaction sa, old;
	size_t i;

	if (handlers_set)
		return;
	handlers_set = 1;
	atexit(remove_open);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		/* Leave signals the caller chose to ignore ignored. */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

static void
track(char *tmp, int on)
{
	int i;

	for (i = 0; i < MAX_OPEN; i++) {
		if (on && open_tmp[i] == NULL) {
			open_tmp[i] = tmp;
			return;
		}
		if (!on && open_tmp[i] == tmp) {
			open_tmp[i] = NULL;
			return;
		}
	}
}

int
outfile_open(struct outfile *o, const char *path)
{
	const char *slash, *base;
	struct stat st;
	mode_t mask;
	size_t dirlen;
	int fd;

	o->fp = NULL;
	o->path = NULL;
	o->tmp = NULL;
	if (path == NULL || strcmp(path, "-") == 0) {
		o->fp = stdout;
		return 0;
	}
	/*
	 * A device, FIFO or other special file is written to directly:
	 * renaming a temporary file over /dev/null or a named pipe would
	 * replace it, and its readers expect a stream anyway.
	 */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if ((o->fp = fopen(path, "wb")) == NULL) {
			sdk_warn(path, "cannot open");
			return -1;
		}
		o->path = sdk_xstrdup(path);
		return 0;
	}
	set_handlers();
	slash = strrchr(path, '/');
	dirlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
	base = path + dirlen;
	o->path = sdk_xstrdup(path);
	o->tmp = sdk_xmalloc(dirlen + strlen(base) + 16);
	sprintf(o->tmp, "%.*s.%s.XXXXXX", (int)dirlen, path, base);
	if ((fd = mkstemp(o->tmp)) == -1) {
		/* As netpbm and GNU tools do, the folder is not made. */
		if (errno == ENOENT && dirlen > 0)
			sdk_warnx(path, "cannot create: no folder %.*s (make it "
			    "first: mkdir -p)", (int)(dirlen > 1 ? dirlen - 1 :
			    dirlen), path);
		else
			sdk_warn(path, "cannot create");
		free(o->tmp);
		free(o->path);
		o->tmp = o->path = NULL;
		return -1;
	}
	track(o->tmp, 1);
	/* mkstemp makes 0600; give the file the mode a plain open would. */
	mask = umask(0);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
	if ((o->fp = fdopen(fd, "wb")) == NULL) {
		sdk_warn(path, "cannot create");
		close(fd);
		outfile_abort(o);
		return -1;
	}
	return 0;
}

static void
release(struct outfile *o)
{
	if (o->tmp != NULL)
		track(o->tmp, 0);
	free(o->tmp);
	free(o->path);
	o->tmp = o->path = NULL;
	o->fp = NULL;
}

int
outfile_commit(struct outfile *o)
{
	int bad;

	if (o->path == NULL) {
		/* Standard output: flushed and checked by the caller's end. */
		if (fflush(o->fp) != 0 || ferror(o->fp)) {
			if (errno != EPIPE)
				sdk_warn(NULL, "write error");
			return -1;
		}
		return 0;
	}
	bad = fflush(o->fp) != 0 || ferror(o->fp);
	if (fclose(o->fp) != 0)
		bad = 1;
	o->fp = NULL;
	if (bad) {
		sdk_warn(o->path, "write error");
		if (o->tmp != NULL)
			unlink(o->tmp);
		release(o);
		return -1;
	}
	if (o->tmp != NULL && rename(o->tmp, o->path) != 0) {
		sdk_warn(o->path, "cannot rename into place");
		unlink(o->tmp);
		release(o);
		return -1;
	}
	release(o);
	return 0;
}

void
outfile_abort(struct outfile *o)
{
	if (o->path == NULL)
		return;
	if (o->fp != NULL)
		fclose(o->fp);
	if (o->tmp != NULL)
		unlink(o->tmp);
	release(o);
}
