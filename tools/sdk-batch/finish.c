/*
 * finish.c: the two ends of a run that sdk-batch hands to sdk-batch-rows.
 *
 * sdk-batch-rows bundles RUN LIBEXEC KEY=VALUE ...: with -S the machines
 * see only what they are sent.  Each share N goes as one file,
 * RUN/N.in.tar: its photos (in/K.EXT, in RUN/s.N, which goes), this
 * machine's sdk-batch-rows, the worker (the machines of -S are of its
 * kind), a config for there (the settings KEY=VALUE), and the share's c.N
 * and c.N.args naming the photos as in/K.EXT (sdk-batch-rows plan).  GNU
 * parallel sends it (--transferfile) into a work folder of its own on the
 * machine (--workdir ...), runs the worker there (sdk-batch-rows remote),
 * brings back RUN/N.out.tar, the share's work folder with its ops
 * (--return), and removes both there (--cleanup); a share whose machine
 * fails is tried on another (--retries).  sdk-batch unpacks each share
 * that comes back and carries out its ops here (collect.c): outputs moved
 * into place, rows last, as a worker does on this machine.  On ":", this
 * machine, GNU parallel sends nothing and the share runs in RUN.
 *
 * sdk-batch-rows finish STATUS LIVE VERBOSE TODO TOTAL SKIPPED STARTED
 * OUTDIR RUN: after the report (report.c wrote RUN/said and RUN/sum), its
 * messages, the batch's exit status, and on a terminal or with -v the
 * last line: "sdk-batch: 17 photos: 15 solved, 2 failed (1 unreadable);
 * results in out/ (out/index.html)", the counts those of the report
 * (every photo with a row, this run's and those up to date); with -v the
 * run's own figures after the photos, else those up to date if any.
 * STATUS is the status so far (2 when a name could not be taken); a
 * program of the pipeline that ended with a status not ours (RUN/crashed)
 * makes the batch's its worst such.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "esc.h"
#include "rows.h"
#include "util.h"
#include "work.h"

/* The share's list RUN/c.N, or with ext its RUN/c.N.args, into dir. */
static int
move_share_list(const char *run, const char *dir, const char *c,
    const char *ext)
{
	char *from = str_printf("%s/c.%s%s", run, c, ext);
	char *to = str_printf("%s/c.%s%s", dir, c, ext);
	int st = rename(from, to);

	free(from);
	free(to);
	return st;
}

/* One share's bundle, RUN/N.in.tar: 0, or -1. */
static int
bundle(const char *run, const char *libexec, const char *c,
    char *const *kv)
{
	struct argv tar = { 0 };
	char *b = str_printf("%s/s.%s", run, c), *from, *to, *conf;
	int st = -1;
	FILE *fp;

	if (move_share_list(run, b, c, "") != 0 ||
	    move_share_list(run, b, c, ".args") != 0) {
		free(b);
		return -1;
	}
	from = str_printf("%s/sdk-batch-rows", libexec);
	to = str_printf("%s/sdk-batch-rows", b);
	conf = str_printf("%s/config", b);
	if (symlink(from, to) == 0 && (fp = fopen(conf, "w")) != NULL) {
		conf_write(fp, kv);
		argv_addv(&tar, "tar", "-chf", NULL);
		argv_addf(&tar, "%s/%s.in.tar", run, c);
		argv_addv(&tar, "-C", b, ".", NULL);
		if (esc_close(fp, conf) == 0 &&
		    spawn_reap(spawn_start_path(tar.v, -1, -1, -1)) == 0)
			st = 0;
		argv_free(&tar);
		argv_addv(&tar, "rm", "-rf", "--", b, NULL);
		if (st == 0)
			spawn_reap(spawn_start_path(tar.v, -1, -1, -1));
		argv_free(&tar);
	}
	free(conf);
	free(from);
	free(to);
	free(b);
	return st;
}

/* RUN/N.in.tar of each share N of RUN/chunks. */
int
bundles_main(int argc, char *const argv[])
{
	char *const *arg = argv + 1;
	struct argv chunks = { 0 };
	char *path;
	size_t i;
	int st = 0;

	if (argc < 3)
		sdk_errx(2, NULL, "bundles needs RUN and LIBEXEC");
	path = str_printf("%s/chunks", arg[0]);

	lines_read(&chunks, path);
	for (i = 0; i < chunks.n && st == 0; i++)
		if (bundle(arg[0], arg[1], chunks.v[i], arg + 2) != 0)
			st = 1;
	argv_free(&chunks);
	free(path);
	return st;
}

/* "1 photo", "2 photos". */
static const char *
plural(long n)
{
	return n == 1 ? "" : "s";
}

/* The last line; sum: WORST LOST SOLVED FAILED ERRORS (report.c). */
static void
summary(char *const *arg, const long *sum)
{
	long todo = strtol(arg[3], NULL, 10), total = strtol(arg[4], NULL, 10);
	long skipped = strtol(arg[5], NULL, 10), bad = sum[3] + sum[4];
	char *d = sdk_xstrdup(arg[7]), *shown;
	size_t n = strlen(d);
	struct timespec now;
	double dt;

	while (n >= 2 && d[n - 1] == '/')
		d[--n] = '\0';
	shown = esc_shown(d);
	n = strlen(shown);
	fprintf(stderr, "sdk-batch: %ld photo%s", sum[2] + bad,
	    plural(sum[2] + bad));
	if (strcmp(arg[2], "1") == 0) {
		clock_gettime(CLOCK_REALTIME, &now);
		dt = (double)now.tv_sec + (double)now.tv_nsec / 1e9 -
		    strtod(arg[6], NULL);
		fprintf(stderr, " (%ld run in %.2fs, %ld up to date, %ld "
		    "file%s skipped)", todo, dt, total - todo, skipped,
		    plural(skipped));
	} else if (todo < total)
		fprintf(stderr, " (%ld up to date)", total - todo);
	fprintf(stderr, ": %ld solved, %ld failed", sum[2], bad);
	if (sum[4] > 0)
		fprintf(stderr, " (%ld unreadable)", sum[4]);
	fprintf(stderr, "; results in %s%s (%s%sindex.html)\n", shown,
	    n > 0 && shown[n - 1] == '/' ? "" : "/", shown,
	    n > 0 && shown[n - 1] == '/' ? "" : "/");
	free(shown);
	free(d);
}

int
finish_main(int argc, char *const argv[])
{
	char *const *arg = argv + 1;
	struct argv said = { 0 }, crashed = { 0 };
	char *path = str_printf("%s/sum", arg[8]);
	long sum[5] = { 0 };
	int status = atoi(arg[0]), i;
	size_t k;
	FILE *fp;

	(void)argc;

	if ((fp = fopen(path, "r")) != NULL) {
		for (i = 0; i < 5; i++)
			if (fscanf(fp, "%ld", &sum[i]) != 1)
				break;
		fclose(fp);
	}
	free(path);
	path = str_printf("%s/said", arg[8]);
	lines_read(&said, path);
	for (k = 0; k < said.n; k++)
		fprintf(stderr, "%s\n", said.v[k]);
	if (sum[1] == 1)
		status = 2;
	if (sum[0] > status)
		status = (int)sum[0];
	free(path);
	path = str_printf("%s/crashed", arg[8]);
	if (not_empty(path)) {
		lines_read(&crashed, path);
		for (status = 0, k = 0; k < crashed.n; k++)
			if (atoi(crashed.v[k]) > status)
				status = atoi(crashed.v[k]);
		fprintf(stderr, "sdk-batch: a program of the pipeline ended "
		    "with status %d\n", status);
	}
	if (strcmp(arg[1], "1") == 0 || strcmp(arg[2], "1") == 0)
		summary(arg, sum);
	argv_free(&said);
	argv_free(&crashed);
	free(path);
	return status;
}

/* mv -f FROM... DIR, each by rename(2): 0, or -1 if one failed. */
static int
move_to(const char *run, const char *const *names, const char *dir)
{
	char *from, *to;
	int st = 0;

	for (; *names != NULL; names++) {
		from = str_printf("%s/%s", run, *names);
		to = str_printf("%s/%s", dir, *names);
		if (rename(from, to) != 0)
			st = -1;
		free(from);
		free(to);
	}
	return st;
}

/*
 * The thumbnail sheets the rows refer to, RUN/refs: 1 when grep(1) could
 * read every row (stale sheets may go), 0 if not, -1 if RUN/refs cannot
 * be written.
 */
static int
sheets_used(const char *rows, const char *refs, long todo)
{
	struct argv grep = { 0 };
	int fd, null, st;

	if ((fd = open_out(refs)) < 0)
		return -1;
	if (todo <= 0) {
		close(fd);
		return 0;
	}
	null = open_out("/dev/null");
	argv_addv(&grep, "grep", "-rhoa", "thumbs/[A-Za-z0-9]*-[0-9]*\\.jpg",
	    rows, NULL);
	st = spawn_reap(spawn_start_path(grep.v, -1, fd, null));
	argv_free(&grep);
	close_fd(null);
	close(fd);
	return st <= 1;
}

/*
 * sdk-batch-rows results STOPPED NOTE QUIET TODO ABOUT OUTDIR OUTABS META
 * RUN TMP LIBEXEC: results.jsonl, results.csv and index.html of every
 * photo with a row (sdk-batch-rows report), written in the run's folder
 * and moved into place together; the thumbnail sheets no row refers to
 * any more removed (the moves of RUN/ops).  STOPPED 1: the run did not
 * finish, the photos it did not do are left out.  0, or 1 if the results
 * could not be written.
 */
int
results_main(int argc, char *const argv[])
{
	char *const *arg = argv + 1;
	static const char *const results[] = { "results.jsonl",
	    "results.csv", "index.html", NULL };
	static const char *const outputs[] = { "outputs", NULL };
	const char *run = arg[8], *tmp = arg[9];
	struct argv report = { 0 };
	char *rows = str_printf("%s/rows", arg[7]);
	char *refs = str_printf("%s/refs", run), when[128];
	time_t now = time(NULL);
	int gc, null, st = 1;

	(void)argc;

	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S %Z", localtime(&now));
	if ((gc = sheets_used(rows, refs, strtol(arg[3], NULL, 10))) < 0)
		goto out;
	argv_addf(&report, "%s/sdk-batch-rows", arg[10]);
	argv_add(&report, "report");
	if (strcmp(arg[0], "1") == 0)
		argv_add(&report, "-x");
	if (strcmp(arg[2], "1") == 0)
		argv_add(&report, "-q");
	if (gc)
		argv_add(&report, "-g");
	argv_addv(&report, "-o", arg[5], "-O", arg[6], "-r", rows, "-W",
	    when, "-A", arg[4], "-N", arg[1], run, NULL);
	argv_addf(&report, "%s/list", tmp);
	argv_addf(&report, "%s/todo", run);
	argv_addf(&report, "%s/progress", run);
	argv_addf(&report, "%s/skipped", tmp);
	argv_addf(&report, "%s/outputs", arg[7]);
	argv_add(&report, refs);
	null = open_out("/dev/null");
	if (spawn_wait(report.v, -1, -1, null) == 0 &&
	    move_to(run, results, arg[6]) == 0 &&
	    move_to(run, outputs, arg[7]) == 0) {
		argv_free(&report);
		argv_addf(&report, "%s/sdk-batch-rows", arg[10]);
		argv_addv(&report, "place", run, NULL);
		spawn_wait(report.v, -1, null, null);
		st = 0;
	}
	close_fd(null);
	argv_free(&report);
out:
	free(rows);
	free(refs);
	return st;
}
