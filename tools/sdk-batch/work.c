/*
 * work.c: sdk-batch-rows work RUN SHARE, a worker of sdk-batch (which
 * starts it through xargs -P), and sdk-batch-rows remote SHARE, the same
 * on a machine of -S (GNU parallel starts it there).  It puts the photos
 * of the share through the pipeline: RUN/config has the programs and the
 * options (sdk-batch-rows conf), RUN/c.SHARE.args the names the programs
 * are given, a line each, RUN/c.SHARE the photos' lines for the rows
 * (sdk-batch-rows plan).  Each stage's program runs once over the whole
 * share, its output in the work folder W = RUN/w.SHARE; then
 * sdk-batch-rows rows writes the photos' outputs and rows and W/ops, the
 * moves that put them in place, and sdk-batch-rows place carries them out,
 * rows last: an interrupted batch leaves whole files or none.  The photos
 * that failed are named on standard error (on a terminal, in the run's
 * progress and messages, which sdk-batch shows above its progress line).
 *
 * A program whose status is not one of ours (over 2: a crash, a signal, a
 * sanitizer's report) is noted in RUN/crashed, and the batch passes it on,
 * so that it is never taken for a bad photo.  The stages' CPU times are
 * those of the children waited for, times(3), after each step.
 */
#include <sys/stat.h>
#include <sys/times.h>
#include <sys/utsname.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "esc.h"
#include "rows.h"
#include "util.h"
#include "work.h"

/* The run's settings, from RUN/config; "" when not there. */
enum {
	C_OUTDIR, C_ROWS, C_QUIET, C_RUNID, C_LIBEXEC, C_OCR_FLAGS,
	C_SOLVE_FLAGS, C_THUMBS, C_PICTURE, C_LIVE, C_PROG, /* five */
	C_PAMCAT = C_PROG + NSTAGES, C_PNMTOJPEG, C_WANT_THUMBS, C_BINDIR,
	C_HERE, NCONF
};
static const char *const conf_key[NCONF] = {
	"outdir", "rows", "quiet", "runid", "libexec", "ocr_flags",
	"solve_flags", "thumbs", "picture", "live", "sdk_detect", "sdk_warp",
	"sdk_ocr", "sdk_solve", "sdk_render", "pamcat", "pnmtojpeg",
	"want_thumbs", "bindir", "here"
};

struct work {
	char	*conf[NCONF];
	const char *run;	/* the run's folder, "." on a machine of -S */
	const char *share;	/* the share's number */
	char	*w;		/* its work folder */
	char	*crashed;	/* where a status not ours is noted */
	char	*rows_prog;	/* sdk-batch-rows */
	struct argv photos;	/* the names the programs are given */
	char	 codes[64];	/* the stages' statuses, " 0 0 1 0 0" */
	char	 ticks[512];	/* " LABEL USER SYSTEM" after each step */
	int	 full;		/* a full disk: the status of the stage */
	int	 sheet;		/* the thumbnails' sheet was made */
	int	 status;	/* the worst of the photos' */
};

/* The file W/NAME (a new string). */
static char *
in_w(const struct work *wk, const char *name)
{
	return str_printf("%s/%s", wk->w, name);
}

/*
 * RUN/config: "KEY<tab>VALUE" a line, the value escaped as the line files
 * write names; only the settings named above are taken.
 */
static int
conf_read(struct work *wk, const char *path)
{
	char *line = NULL, *v;
	size_t cap = 0;
	ssize_t len;
	FILE *fp;
	int i;

	for (i = 0; i < NCONF; i++)
		wk->conf[i] = sdk_xstrdup("");
	if ((fp = fopen(path, "re")) == NULL)
		return -1;
	while ((len = getline(&line, &cap, fp)) != -1) {
		if (line[len - 1] != '\n')
			break;
		line[len - 1] = '\0';
		if ((v = strchr(line, '\t')) == NULL)
			continue;
		*v++ = '\0';
		for (i = 0; i < NCONF; i++)
			if (strcmp(line, conf_key[i]) == 0) {
				free(wk->conf[i]);
				wk->conf[i] = sdk_xstrdup(esc_dec(v));
			}
	}
	free(line);
	fclose(fp);
	return 0;
}

/* Add LABEL and the CPU seconds of the children so far to the ticks. */
static void
clock_tick(struct work *wk, const char *label)
{
	double hz = (double)sysconf(_SC_CLK_TCK);
	size_t n = strlen(wk->ticks);
	struct tms t;

	times(&t);
	snprintf(wk->ticks + n, sizeof(wk->ticks) - n, " %s %.6f %.6f", label,
	    (double)t.tms_cutime / hz, (double)t.tms_cstime / hz);
}

static void
note_crash(const struct work *wk, int status)
{
	char line[16];

	snprintf(line, sizeof(line), "%d\n", status);
	append_to(wk->crashed, line);
}

/* Does a whole line of path say that the disk is full? */
static int
says_full(const char *path)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *fp;
	int full = 0;

	if ((fp = fopen(path, "re")) == NULL)
		return 0;
	while (!full && (len = getline(&line, &cap, fp)) != -1)
		full = line[len - 1] == '\n' &&
		    strstr(line, "No space left on device") != NULL;
	free(line);
	fclose(fp);
	return full;
}

/*
 * How a stage ended, and whether a failure found the disk full: a program
 * that fails with 2 says why, so no message at all is one that could not
 * be written (the other workers may have made room since).
 */
static void
stage_end(struct work *wk, int stage, int st)
{
	size_t n = strlen(wk->codes);
	char *err;

	snprintf(wk->codes + n, sizeof(wk->codes) - n, " %d", st);
	if (st > 2)
		note_crash(wk, st);
	if (st < 2 || wk->full != 0)
		return;
	err = str_printf("%s/%s.err", wk->w, stage_name[stage]);
	if (full_disk(wk->w) || (st == 2 && !not_empty(err)) ||
	    says_full(err))
		wk->full = st;
	free(err);
}

/*
 * A stage over the share: argv with its output to out and its messages to
 * W/STAGE.err (status 2, as sh's, when either cannot be opened); then its
 * CPU time and how it ended.
 */
static void
stage(struct work *wk, int stage, const char *out, const struct argv *a)
{
	char *errf = str_printf("%s/%s.err", wk->w, stage_name[stage]);
	int o, e = -1, st = 2;

	if ((o = open_out(out)) >= 0 && (e = open_out(errf)) >= 0)
		st = spawn_wait(a->v, -1, o, e);
	close_fd(o);
	close_fd(e);
	free(errf);
	clock_tick(wk, stage_name[stage]);
	stage_end(wk, stage, st);
}

/* Empty the file W/NAME (a stage's output the next one has read). */
static void
truncate_w(const struct work *wk, const char *name)
{
	char *path = in_w(wk, name);

	close_fd(open_out(path));
	free(path);
}

/* sdk-render --onto of W/IN into W/OUT, its fds 1 and 2: its status. */
static int
render_one(const struct work *wk, const char *format, const char *out,
    const char *in, const int *fd)
{
	struct argv a = { 0 };
	char *o = in_w(wk, out), *i = in_w(wk, in);
	int st;

	argv_addv(&a, wk->conf[C_PROG + RENDER], "--onto", "-f", format, "-o",
	    o, i, NULL);
	st = spawn_wait(a.v, -1, fd[0], fd[1]);
	argv_free(&a);
	free(o);
	free(i);
	return st;
}

/*
 * The render stage: the answers onto the photos, the solved records of
 * W/solved.txt as PNG (W/pN/), those of W/solvedj.txt as JPEG (W/jN/);
 * the worse status of the two.
 */
static void
render_stage(struct work *wk)
{
	char *png = in_w(wk, "solved.txt"), *jpeg = in_w(wk, "solvedj.txt");
	char *errf = in_w(wk, "render.err");
	int fd[2] = { -1, -1 }, st = 2, s;

	if ((fd[0] = open_out("/dev/null")) >= 0 &&
	    (fd[1] = open_out(errf)) >= 0) {
		st = 0;
		if (not_empty(png) || !not_empty(jpeg))
			st = render_one(wk, "png", "p%n/%s.png", "solved.txt",
			    fd);
		if (not_empty(jpeg)) {
			s = render_one(wk, "jpeg", "j%n/%s.jpg",
			    "solvedj.txt", fd);
			if (s > st)
				st = s;
		}
	}
	close_fd(fd[0]);
	close_fd(fd[1]);
	free(png);
	free(jpeg);
	free(errf);
	clock_tick(wk, "render");
	stage_end(wk, RENDER, st);
}

/*
 * A message for the batch's standard error: on a terminal into the run's
 * messages, which the batch shows above its progress line, else at once.
 */
static void
say(const struct work *wk, const char *msg)
{
	char *line = str_printf("sdk-batch: %s\n", msg), *path;

	if (strcmp(wk->conf[C_LIVE], "1") == 0) {
		path = str_printf("%s/messages", wk->run);
		append_to(path, line);
		free(path);
	} else
		fputs(line, stderr);
	free(line);
}

/*
 * A move or a write of the worker failed: when the disk is full, say so to
 * the main process (RUN/full) and stop quietly, it says it once; else say
 * why (the share's photos will have no result).
 */
static void
bad(const struct work *wk)
{
	static const char *const errs[] = { "ops.err", "rows.err" };
	struct argv first = { 0 };
	char *path;
	size_t i;

	if (wk->full != 0 || full_disk(wk->w)) {
		path = str_printf("%s/full", wk->run);
		close_fd(open_out(path));
		free(path);
		exit(2);
	}
	for (i = 0; i < 2 && first.n == 0; i++) {
		path = in_w(wk, errs[i]);
		lines_read(&first, path);
		free(path);
	}
	if (first.n > 0)
		say(wk, strncmp(first.v[0], "sdk-batch: ", 11) == 0 ?
		    first.v[0] + 11 : first.v[0]);
	argv_free(&first);
	exit(2);
}

/*
 * The moves of W/ops (sdk-batch-rows place), then each photo done, from
 * its "INDEX<tab>EXIT<tab>MESSAGE" lines.
 */
static void
place(struct work *wk)
{
	struct argv argv = { 0 };
	char *donef = in_w(wk, "done"), *errf = in_w(wk, "ops.err");
	int o, err = -1, st = 2;

	argv_addv(&argv, wk->rows_prog, "place", wk->w, NULL);
	if ((o = open_out(donef)) >= 0 && (err = open_out(errf)) >= 0)
		st = spawn_wait(argv.v, -1, o, err);
	close_fd(o);
	close_fd(err);
	argv_free(&argv);
	if (st != 0)
		bad(wk);
	wk->status = done_photos(wk->run, donef,
	    strcmp(wk->conf[C_QUIET], "0") != 0,
	    strcmp(wk->conf[C_LIVE], "1") == 0);
	free(donef);
	free(errf);
}

/*
 * The work folder of the share, W/t for the thumbnails, and W/K, W/pK
 * and W/jK for photo K (its grid and rows, its answer in PNG or JPEG).
 */
static void
workdirs(const struct work *wk)
{
	static const char *const kind[] = { "", "p", "j" };
	size_t k, j;
	char *d;
	int bad_dir = mkdir(wk->w, 0777) != 0;

	d = in_w(wk, "t");
	bad_dir |= mkdir(d, 0777) != 0;
	free(d);
	for (k = 1; k <= wk->photos.n; k++)
		for (j = 0; j < 3; j++) {
			d = str_printf("%s/%s%zu", wk->w, kind[j], k);
			bad_dir |= mkdir(d, 0777) != 0;
			free(d);
		}
	if (bad_dir)
		exit(2);
}

/* The photos that are empty files, W/empty: said so in their rows. */
static void
list_empty(const struct work *wk)
{
	char *path = in_w(wk, "empty");
	FILE *fp = fopen(path, "we");
	size_t i;

	for (i = 0; fp != NULL && i < wk->photos.n; i++)
		if (!not_empty(wk->photos.v[i]))
			fprintf(fp, "%s\n", wk->photos.v[i]);
	if (fp != NULL)
		fclose(fp);
	free(path);
}

/* A stage whose program reads the file W/IN, its flags split as sh's. */
static void
stage_on(struct work *wk, int stg, const char *out, const char *flags,
    const char *in)
{
	struct argv a = { 0 };
	char *o = in_w(wk, out), *i = in_w(wk, in);

	argv_add(&a, wk->conf[C_PROG + stg]);
	if (flags != NULL)
		argv_split(&a, flags);
	argv_add(&a, i);
	stage(wk, stg, o, &a);
	argv_free(&a);
	free(o);
	free(i);
}

/* The photos through the stages, and sdk-render's thumbnails. */
static void
stages(struct work *wk)
{
	struct argv a = { 0 };
	char *out = in_w(wk, "d.pnm");
	size_t i;
	int null;

	clock_tick(wk, "start");
	argv_add(&a, wk->conf[C_PROG + DETECT]);
	argv_add(&a, "--");
	for (i = 0; i < wk->photos.n; i++)
		argv_add(&a, wk->photos.v[i]);
	stage(wk, DETECT, out, &a);
	argv_free(&a);
	free(out);
	stage_on(wk, WARP, "w.pnm", NULL, "d.pnm");
	truncate_w(wk, "d.pnm");
	stage_on(wk, OCR, "o.txt", wk->conf[C_OCR_FLAGS], "w.pnm");
	truncate_w(wk, "w.pnm");
	stage_on(wk, SOLVE, "s.txt", wk->conf[C_SOLVE_FLAGS], "o.txt");
	argv_addv(&a, wk->rows_prog, "pick", NULL);
	if (*wk->conf[C_PICTURE] != '\0')
		argv_addv(&a, "-p", wk->conf[C_PICTURE], NULL);
	argv_add(&a, wk->w);
	null = open_out("/dev/null");
	spawn_wait(a.v, -1, -1, null);
	close_fd(null);
	argv_free(&a);
	clock_tick(wk, "pick");
	render_stage(wk);
	truncate_w(wk, "thumbs");
	if (strcmp(wk->conf[C_THUMBS], "1") == 0) {
		wk->sheet = sheet_make(wk->w, wk->conf[C_PROG + RENDER],
		    wk->conf[C_PAMCAT], wk->conf[C_PNMTOJPEG], wk->crashed);
		clock_tick(wk, "thumbs");
	}
}

/*
 * The photos of the share through the stages, in the work folder; then
 * their rows and W/ops, the moves that put their outputs in place
 * (sdk-batch-rows rows).
 */
static void
pipeline(struct work *wk)
{
	struct argv a = { 0 };
	char *sheet = str_printf("thumbs/%s-%s.jpg", wk->conf[C_RUNID],
	    wk->share);
	char *chunk = str_printf("%s/c.%s", wk->run, wk->share);
	char *errf = in_w(wk, "rows.err");
	int err, st = 2;

	list_empty(wk);
	stages(wk);
	sheet_rendered(wk->w);
	argv_addv(&a, wk->rows_prog, "rows", "-c", wk->codes, "-t", wk->ticks,
	    "-o", wk->conf[C_OUTDIR], "-r", wk->conf[C_ROWS], NULL);
	if (wk->full != 0)
		argv_add(&a, "-F");
	if (wk->sheet)
		argv_addv(&a, "-s", sheet, NULL);
	argv_addv(&a, chunk, wk->w, NULL);
	if ((err = open_out(errf)) >= 0)
		st = spawn_wait(a.v, -1, -1, err);
	close_fd(err);
	/* A stage that found the disk full: no rows, nothing moved. */
	if (st != 0 || wk->full != 0)
		bad(wk);
	argv_free(&a);
	free(sheet);
	free(chunk);
	free(errf);
}

/* The share's names and its work folder, from the run's files. */
static void
share_open(struct work *wk, const char *run, const char *share)
{
	char *args = str_printf("%s/c.%s.args", run, share);

	wk->run = run;
	wk->share = share;
	wk->w = strcmp(run, ".") == 0 ? str_printf("w.%s", share) :
	    str_printf("%s/w.%s", run, share);
	if (lines_read(&wk->photos, args) != 0) {
		free(args);
		exit(2);
	}
	free(args);
}

static void
work_free(struct work *wk)
{
	int i;

	for (i = 0; i < NCONF; i++)
		free(wk->conf[i]);
	free(wk->w);
	free(wk->crashed);
	free(wk->rows_prog);
	argv_free(&wk->photos);
}

int
work_main(const char *run, const char *share)
{
	struct work wk = { 0 };
	char *config = str_printf("%s/config", run);
	char *full = str_printf("%s/full", run);
	struct stat sb;
	int st = 2;

	/* A worker started after a full disk stopped the batch: none. */
	if (conf_read(&wk, config) == 0 && stat(full, &sb) != 0) {
		share_open(&wk, run, share);
		wk.crashed = str_printf("%s/crashed", run);
		wk.rows_prog = str_printf("%s/sdk-batch-rows",
		    wk.conf[C_LIBEXEC]);
		workdirs(&wk);
		pipeline(&wk);
		place(&wk);
		/* xargs stops at a status of 255 only: 0, 1, 2 as they are. */
		st = wk.status;
	}
	work_free(&wk);
	free(config);
	free(full);
	return st;
}

/*
 * The programs on a machine of -S: in --remote-bindir if given, else
 * where they are on the machine that runs sdk-batch, if they are there
 * too, else on PATH.  The thumbnails' sheet wants pamcat and pnmtojpeg.
 */
static void
find_programs(struct work *wk)
{
	const char *bindir = wk->conf[C_BINDIR], *d = bindir;
	struct utsname u;
	char *p;
	int i;

	p = str_printf("%s/sdk-detect", wk->conf[C_HERE]);
	if (*d == '\0' && access(p, X_OK) == 0)
		d = wk->conf[C_HERE];
	free(p);
	for (i = 0; i < NSTAGES; i++) {
		if (*d != '\0') {
			p = str_printf("%s/sdk-%s", d, stage_name[i]);
			if (access(p, X_OK) != 0) {
				free(p);
				p = NULL;
			}
		} else {
			p = str_printf("sdk-%s", stage_name[i]);
			free(wk->conf[C_PROG + i]);
			wk->conf[C_PROG + i] = on_path(p);
			free(p);
			p = wk->conf[C_PROG + i];
		}
		if (p == NULL) {
			if (uname(&u) != 0)
				strcpy(u.nodename, "?");
			fprintf(stderr, "sdk-batch: %s: sdk-%s: program not "
			    "found%s%s\n", u.nodename, stage_name[i],
			    *bindir != '\0' ? " in " : "", bindir);
			exit(2);
		}
		if (p != wk->conf[C_PROG + i]) {
			free(wk->conf[C_PROG + i]);
			wk->conf[C_PROG + i] = p;
		}
	}
	free(wk->conf[C_THUMBS]);
	wk->conf[C_THUMBS] = sdk_xstrdup("0");
	free(wk->conf[C_PAMCAT]);
	free(wk->conf[C_PNMTOJPEG]);
	wk->conf[C_PAMCAT] = on_path("pamcat");
	wk->conf[C_PNMTOJPEG] = on_path("pnmtojpeg");
	if (wk->conf[C_PAMCAT] != NULL && wk->conf[C_PNMTOJPEG] != NULL) {
		free(wk->conf[C_THUMBS]);
		wk->conf[C_THUMBS] = sdk_xstrdup(wk->conf[C_WANT_THUMBS]);
	}
}

/*
 * A share on a machine of -S, which sees only what it was sent: run in
 * the folder where SHARE.in.tar was unpacked (the photos as in/K.EXT,
 * sdk-batch-rows, config and the share's c.N and c.N.args, written for
 * this folder).  It leaves the share's work folder w.N, its ops
 * included, in ../SHARE.out.tar for GNU parallel to bring back; sdk-batch
 * carries out the ops there (sdk-batch-rows place).  Status 0 when the
 * results are made, whatever the photos' fates; else not, with a word on
 * standard error, and GNU parallel tries the share on another machine.
 */
int
work_remote_main(const char *share)
{
	struct work wk = { 0 };
	struct argv tar = { 0 };
	char *tmp, *out, *tarp;
	int null, st;

	if (conf_read(&wk, "./config") != 0) {
		work_free(&wk);
		return 2;
	}
	wk.rows_prog = sdk_xstrdup("./sdk-batch-rows");
	find_programs(&wk);
	share_open(&wk, ".", share);
	wk.crashed = in_w(&wk, "crashed");
	workdirs(&wk);
	pipeline(&wk);
	tmp = str_printf("../%s.out.tar.tmp", share);
	out = str_printf("../%s.out.tar", share);
	null = open_out("/dev/null");
	st = 127;
	if ((tarp = on_path("tar")) != NULL) {
		argv_addv(&tar, tarp, "-cf", tmp, wk.w, NULL);
		st = spawn_wait(tar.v, -1, -1, null);
		if (st == 0 && rename(tmp, out) != 0)
			st = 1;
	}
	close_fd(null);
	argv_free(&tar);
	free(tarp);
	free(tmp);
	free(out);
	work_free(&wk);
	return st;
}
