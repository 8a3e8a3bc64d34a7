/*
 * options.c: sdk-batch-rows options OUT HERE SELF LIBEXEC [ARG ...]:
 * sdk-batch's own options, read as the script read them: options first
 * (no option after an operand), short ones bundled (-fq, -oDIR), long
 * ones exact (--jobs 4, --jobs=4), "--" their end.  --help and --version
 * are printed here, each checked as the C programs' are (a full disk is
 * an error, 2), and OUT is left empty: the script stops with 0.  A usage
 * error is said here, with the usage, and is status 2.  Else OUT gets the
 * settings, "KEY<tab>VALUE" a line (the value escaped as the line files
 * write names), the programs' found from HERE (sdk-batch's folder), SELF
 * (its path) and LIBEXEC (programs.c), then "operand<tab>NAME" for each
 * operand, for the script to read as data.  sdk-batch-rows options
 * --usage: the usage alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esc.h"
#include "sdk.h"
#include "util.h"
#include "work.h"

enum { O_OUTDIR, O_JOBS, O_CHUNK, O_ENGINE, O_PICTURE, O_TIMEOUT,
    O_SSHLOGINS, O_RBINDIR, O_FORCE, O_QUIET, O_VERBOSE, O_NULL, NOPTS };
static const char *const key[NOPTS] = { "outdir", "jobs", "chunk",
    "engine", "picture", "timeout", "sshlogins", "rbindir", "force",
    "quiet", "verbose", "null" };

/* An option: letter (0: none), long name (NULL: none), setting. */
struct option_name {
	char	 letter;
	const char *name;
	int	 opt;
};

/* The options with a value. */
static const struct option_name valued[] = {
	{ 'e', "engine", O_ENGINE }, { 'j', "jobs", O_JOBS },
	{ 'n', NULL, O_CHUNK }, { 'o', "output", O_OUTDIR },
	{ 'p', "picture", O_PICTURE }, { 't', "solve-timeout", O_TIMEOUT },
	{ 'S', "sshlogin", O_SSHLOGINS }, { 0, "remote-bindir", O_RBINDIR }
};
/* The flags; h and V stop at once. */
static const struct option_name flags[] = {
	{ 'f', "force", O_FORCE }, { 'q', "quiet", O_QUIET },
	{ 'v', "verbose", O_VERBOSE }, { '0', "null", O_NULL },
	{ 'h', "help", -1 }, { 'V', "version", -1 }
};
#define NVALUED (sizeof(valued) / sizeof(valued[0]))
#define NFLAGS (sizeof(flags) / sizeof(flags[0]))

static const char usage_text[] =
    "usage: sdk-batch [-0fqv] [-e ENGINE] [-j JOBS] [-n PHOTOS] [-o OUTDIR]\n"
    "                 [-p auto|jpeg|png] [-S SSHLOGIN] [-t SECONDS]\n"
    "                 [--remote-bindir=DIR] [PATH ... | -]\n";

static const char help_text[] =
    "\n"
    "Solve every photo in the folders and files named: detect, warp, ocr, "
    "solve\n"
    "and render, in parallel.  For each photo write OUTDIR/NAME.grid (the "
    "grid\n"
    "read), NAME.solution and NAME.jpg or NAME.png (the answer on the photo:\n"
    "JPEG for a JPEG photo, PNG for others), and for the batch\n"
    "OUTDIR/results.jsonl, results.csv and index.html (a report to look at).\n"
    "Photos already done are skipped.  With no PATH, or with -, the names are\n"
    "read from standard input, one a line (with no PATH, not from a "
    "terminal).\n"
    "On a terminal, a progress line and a summary at the end; elsewhere only\n"
    "the photos that failed are named (-v adds the summary).\n"
    "\n"
    "  -o, --output=OUTDIR\n"
    "                   where the results go (default sdk-out)\n"
    "  -j, --jobs=JOBS  pipelines at once (default: the number of cores)\n"
    "  -n PHOTOS        photos per pipeline (default: chosen from the batch)\n"
    "  -p, --picture=FORMAT\n"
    "                   the answers' pictures: auto (default: JPEG for JPEG\n"
    "                   photos, else PNG), jpeg or png\n"
    "  -0, --null       names on standard input end in NUL, not newline\n"
    "  -e, --engine=ENGINE\n"
    "                   OCR engine for sdk-ocr: mlp (default) or tesseract\n"
    "  -t, --solve-timeout=SECONDS\n"
    "                   give up solving a puzzle after SECONDS\n"
    "  -S, --sshlogin=LOGIN\n"
    "                   run the pipelines with GNU parallel on LOGIN "
    "(\":\" is\n"
    "                   this machine); may be given more than once.  The\n"
    "                   machines are sent the photos and send the results\n"
    "                   back: no shared file system needed\n"
    "      --remote-bindir=DIR\n"
    "                   where the sdk programs are on the machines of -S\n"
    "                   (default: where they are here, else on their PATH)\n"
    "  -f, --force      redo photos that are up to date\n"
    "  -q, --quiet      no messages about photos that failed or files skipped\n"
    "  -v, --verbose    say what was up to date and sum up at the end, also\n"
    "                   when standard error is not a terminal\n"
    "  -h, --help       this help\n"
    "  -V, --version    version\n";

static void
warn(const char *what, const char *arg, const char *tail)
{
	fprintf(stderr, "sdk-batch: %s%s%s\n", what, arg, tail);
}

static void
usage_error(const char *what, const char *arg, const char *tail)
{
	warn(what, arg, tail);
	fputs(usage_text, stderr);
	exit(2);
}

/* --help or --version on standard output, checked; then stop. */
static void
say(const char *a, const char *b)
{
	fputs(a, stdout);
	fputs(b, stdout);
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		warn("write error", "", "");
		exit(2);
	}
	exit(0);
}

/* The option arg names, as its value is ahead (-e, --engine): or -1. */
static int
valued_option(const char *arg)
{
	size_t i;

	for (i = 0; i < NVALUED; i++)
		if ((arg[1] == valued[i].letter && arg[1] != '\0' &&
		    arg[2] == '\0') || (valued[i].name != NULL &&
		    strncmp(arg, "--", 2) == 0 &&
		    strcmp(arg + 2, valued[i].name) == 0))
			return valued[i].opt;
	return -1;
}

/* The flag arg is (-f, --force): its index in flags, or -1. */
static int
flag_option(const char *arg, int with_value)
{
	size_t i, n;

	for (i = 0; i < NFLAGS; i++) {
		if (!with_value && arg[1] == flags[i].letter && arg[2] == '\0')
			return (int)i;
		if (strncmp(arg, "--", 2) != 0)
			continue;
		n = strlen(flags[i].name);
		if (strncmp(arg + 2, flags[i].name, n) == 0 &&
		    arg[n + 2] == (with_value ? '=' : '\0'))
			return (int)i;
	}
	return -1;
}

/* Put a and b in place of the ith argument of q. */
static void
split_arg(struct argv *q, size_t i, const char *a, const char *b)
{
	struct argv n = { 0 };
	size_t j;

	for (j = 0; j < q->n; j++)
		if (j == i)
			argv_addv(&n, a, b, NULL);
		else
			argv_add(&n, q->v[j]);
	argv_free(q);
	*q = n;
}

/* The value of a setting: sshlogins gathers every -S, a line each. */
static void
set_value(char **set, int opt, const char *v)
{
	char *s;

	if (opt == O_SSHLOGINS) {
		s = str_printf("%s%s\n", set[opt], v);
		free(set[opt]);
		set[opt] = s;
	} else {
		free(set[opt]);
		set[opt] = sdk_xstrdup(v);
	}
}

/* A bundle of short options, -oDIR or -fq: split in two, or 0. */
static int
split_short(struct argv *q, size_t i)
{
	const char *a = q->v[i];
	char opt[3] = { '-', a[1], '\0' }, *rest;

	if (a[2] == '\0')
		return 0;
	if (strchr("ejnoptS", a[1]) != NULL) {
		split_arg(q, i, opt, a + 2);
		return 1;
	}
	if (strchr("0fqvhV", a[1]) != NULL) {
		rest = str_printf("-%s", a + 2);
		split_arg(q, i, opt, rest);
		free(rest);
		return 1;
	}
	return 0;
}

/* One option at q->v[*i], taken: 1, or 0 at the end of the options. */
static int
take_option(struct argv *q, size_t *i, char **set)
{
	const char *a = q->v[*i], *eq;
	char *name;
	int f, o;

	if (a[0] != '-' || a[1] == '\0')
		return 0;
	if (strcmp(a, "--") == 0) {
		++*i;
		return 0;
	}
	if ((f = flag_option(a, 0)) >= 0) {
		if (flags[f].letter == 'h')
			say(usage_text, help_text);
		if (flags[f].letter == 'V')
			say("sdk-batch (sdk) " SDK_VERSION "\n", "");
		set_value(set, flags[f].opt, "1");
		++*i;
		return 1;
	}
	if ((f = flag_option(a, 1)) >= 0)
		usage_error("option --", flags[f].name, " takes no argument");
	if (strncmp(a, "--", 2) == 0 && (eq = strchr(a, '=')) != NULL) {
		name = str_printf("%.*s", (int)(eq - a), a);
		o = valued_option(name);
		if (o >= 0)
			split_arg(q, *i, name, eq + 1);
		free(name);
		if (o >= 0)
			return 1;
	}
	if ((o = valued_option(a)) >= 0) {
		if (*i + 1 >= q->n)
			usage_error("option ", a, " needs an argument");
		set_value(set, o, q->v[*i + 1]);
		*i += 2;
		return 1;
	}
	if (split_short(q, *i))
		return 1;
	usage_error("unknown option ", a, "");
	return 0;
}

/* -j and -n: a whole number from 1 to 100000, or "". */
static int
bad_count(const char *v)
{
	size_t n = strlen(v);

	if (n == 0)
		return 0;
	return strspn(v, "0123456789") != n || v[0] == '0' || n >= 7 ||
	    strtol(v, NULL, 10) > 100000;
}

/* The checks of the values, in the script's order: exit 2 at the first. */
static void
check(char **set)
{
	static const char *const tools[] = { "parallel", "tar" };
	char *s;
	int i;

	for (i = O_JOBS; i <= O_CHUNK; i++)
		if (bad_count(set[i])) {
			s = esc_shown(set[i]);
			warn("-j and -n take a whole number from 1 to 100000, "
			    "not ", s, "");
			free(s);
			exit(2);
		}
	if (*set[O_OUTDIR] == '\0')
		usage_error("option -o needs a folder name, not ''", "", "");
	if (*set[O_ENGINE] != '\0' && strcmp(set[O_ENGINE], "mlp") != 0 &&
	    strcmp(set[O_ENGINE], "tesseract") != 0) {
		warn("--engine ", set[O_ENGINE], ": unknown engine (mlp or "
		    "tesseract)");
		exit(2);
	}
	if (strcmp(set[O_PICTURE], "auto") == 0)
		*set[O_PICTURE] = '\0';
	if (*set[O_PICTURE] != '\0' && strcmp(set[O_PICTURE], "jpeg") != 0 &&
	    strcmp(set[O_PICTURE], "png") != 0) {
		warn("--picture ", set[O_PICTURE], ": unknown format (auto, "
		    "jpeg or png)");
		exit(2);
	}
	for (i = 0; i < 2 && *set[O_SSHLOGINS] != '\0'; i++)
		if ((s = on_path(tools[i])) == NULL) {
			warn("--sshlogin needs ", tools[i], "");
			exit(2);
		} else
			free(s);
	if (*set[O_RBINDIR] != '\0' && *set[O_RBINDIR] != '/') {
		s = esc_shown(set[O_RBINDIR]);
		warn("--remote-bindir ", s, ": not an absolute path");
		free(s);
		exit(2);
	}
}

int
options_main(int argc, char *const argv[])
{
	struct argv q = { 0 };
	char *set[NOPTS];
	size_t i;
	FILE *fp;
	int j;

	/* The usage alone, for the script's own usage error. */
	if (argc == 2 && strcmp(argv[1], "--usage") == 0) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (argc < 5)
		sdk_errx(2, NULL, "options needs OUT HERE SELF LIBEXEC");
	for (j = 0; j < NOPTS; j++)
		set[j] = sdk_xstrdup(j >= O_FORCE ? "0" : "");
	set_value(set, O_OUTDIR, "sdk-out");
	for (j = 5; j < argc; j++)
		argv_add(&q, argv[j]);
	for (i = 0; i < q.n && take_option(&q, &i, set);)
		;
	check(set);
	if ((fp = fopen(argv[1], "w")) == NULL)
		sdk_err(2, argv[1], "cannot open");
	programs_find(fp, argv[2], argv[3], argv[4], set[O_TIMEOUT]);
	for (j = 0; j < NOPTS; j++) {
		fprintf(fp, "%s\t", key[j]);
		esc_line(fp, set[j]);
		putc('\n', fp);
		free(set[j]);
	}
	for (; i < q.n; i++) {
		fputs("operand\t", fp);
		esc_line(fp, q.v[i]);
		putc('\n', fp);
	}
	argv_free(&q);
	return esc_close(fp, argv[1]) == 0 ? 0 : 2;
}
