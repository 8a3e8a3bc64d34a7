/*
 * work.h: sdk-batch's worker (work.c), the part of sdk-batch-rows that
 * runs the five programs over a share of photos, and the helpers it runs
 * them with (spawn.c) and what it makes of its pictures (sheet.c).
 */
#ifndef SDK_BATCH_WORK_H
#define SDK_BATCH_WORK_H

#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>

/* sdk-batch-rows work RUN SHARE, sdk-batch-rows remote SHARE. */
int	 work_main(const char *run, const char *share);
int	 work_remote_main(const char *share);

/* A command line or a file's lines: v[0..n-1], copies, and a NULL. */
struct argv {
	char	**v;
	size_t	 n, cap;
};
void	 argv_add(struct argv *, const char *);
/* Each string up to a NULL. */
void	 argv_addv(struct argv *, ...);
void	 argv_addf(struct argv *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Each word of s (split at blanks, as sh splits "$flags"). */
void	 argv_split(struct argv *, const char *s);
void	 argv_free(struct argv *);
/* Sort v[0..n) by strcmp: the C locale's order of sh's globs. */
void	 strs_sort(char **v, size_t n);

/*
 * Start argv (its path as given) with the descriptors in, out and err as
 * its 0, 1 and 2 (-1: ours): its pid, or -1.  spawn_wait() waits for it
 * as well: its status as sh gives it, the exit status or 128 plus the
 * signal, 127 when it could not be started.
 */
long	 spawn_start(char *const *argv, int in, int out, int err);
/* The same, argv[0] looked up along PATH. */
long	 spawn_start_path(char *const *argv, int in, int out, int err);
int	 spawn_reap(long pid);
int	 spawn_wait(char *const *argv, int in, int out, int err);
/*
 * The lines of path, each a copy, into a; -1 unreadable.  lines_read():
 * whole lines only, as sh's read loop; lines_read_all(): the last one
 * too, as awk.
 */
int	 lines_read(struct argv *a, const char *path);
int	 lines_read_all(struct argv *a, const char *path);
/* The current folder, as getcwd(3) has it (a new string), or NULL. */
char	*cwd_path(void);
/* path opened for writing, truncated or made; close-on-exec; -1 failed. */
int	 open_out(const char *path);
/* Close fd unless it is -1. */
void	 close_fd(int fd);
/* Append text to path, in one write (a line the other workers share). */
void	 append_to(const char *path, const char *text);
/* As test -s: path exists and is not empty. */
int	 not_empty(const char *path);
/* Is the file system of dir full (under 64 KB free, as df -Pk says)? */
int	 full_disk(const char *dir);
/* A program on PATH, as command -v finds it (a new string), or NULL. */
char	*on_path(const char *name);
/* A new string, printf's (and vprintf's). */
char	*str_vprintf(const char *fmt, va_list ap)
	    __attribute__((format(printf, 1, 0)));
char	*str_printf(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));

/*
 * collect.c: each photo of W/done ("INDEX<tab>EXIT<tab>MESSAGE" lines,
 * sdk-batch-rows place) done, in RUN/progress: the worst EXIT; and
 * sdk-batch-rows collect QUIET LIVE RUN META LIBEXEC.
 */
int	 done_photos(const char *run, const char *done, int quiet, int live);
int	 collect_main(char *const *args);
/*
 * finish.c: sdk-batch-rows bundles RUN LIBEXEC KEY=VALUE ... and finish
 * STATUS LIVE VERBOSE TODO TOTAL SKIPPED STARTED OUTDIR RUN.
 */
int	 bundles_main(int argc, char *const argv[]);
/* sdk-batch-rows results STOPPED NOTE QUIET TODO ABOUT OUTDIR OUTABS META
 * RUN TMP LIBEXEC. */
int	 results_main(int argc, char *const argv[]);
int	 finish_main(int argc, char *const argv[]);
/* gather.c: sdk-batch-rows gather NULL ITEMS [OPERAND ...]. */
int	 gather_main(int argc, char *const argv[]);
/* options.c: sdk-batch-rows options OUT [ARG ...]. */
int	 options_main(int argc, char *const argv[]);
/* programs.c: the programs sdk-batch runs, as settings into fp. */
void	 programs_find(FILE *fp, const char *here, const char *self,
	    const char *libexec, const char *timeout);
/* tick.c: sdk-batch-rows tick FINAL TOTAL STARTED PLEN NSAID NMSGS RUN. */
int	 tick_main(char *const *args);
/* sheet.c: the thumbnails' sheet of W (1: made), and W/rendered. */
int	 sheet_make(const char *w, const char *render, const char *pamcat,
	    const char *pnmtojpeg, const char *crashed);
void	 sheet_rendered(const char *w);

#endif
