/*
 * cli.c: the program skeleton: name, options, help, version, usage errors
 * and the shared ending (cli.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sdk.h"
#include "util.h"

static const struct cli_program *program;

/*
 * A standard stream that was closed (prog >&-) gets /dev/null opened the
 * other way round on its descriptor: the descriptor is not handed to an
 * -o file's temporary (standard output's bytes would then go into it),
 * writes to a closed standard output still fail (EBADF), reads from a
 * closed standard input too, and a run that writes nothing there (-o
 * FILE) does not fail at its checked close after its file is written.
 */
static void
hold_std_fds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) == -1 && errno == EBADF)
			(void)open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
}

void
cli_init(const struct cli_program *p)
{
	hold_std_fds();
	program = p;
	sdk_setprogname(p->name);
	/* cli_getopt() says what is wrong itself, program name first. */
	opterr = 0;
}

void
cli_help(void)
{
	fputs(program->usage, stdout);
	if (program->help != NULL)
		program->help(stdout);
	exit(sdk_close_stdout());
}

void
cli_version(void)
{
	sdk_print_version(program->version != NULL ? program->version() :
	    NULL);
	exit(sdk_close_stdout());
}

void
cli_usage_error(const char *fmt, ...)
{
	va_list ap;

	if (fmt != NULL) {
		va_start(ap, fmt);
		sdk_vwarnx(NULL, fmt, ap);
		va_end(ap);
	}
	fflush(stdout);
	fputs(program->usage, stderr);
	exit(SDK_EXIT_ERROR);
}

/* The long option that argv element arg names ("--name" or "--name=x"). */
static const struct option *
long_option(const char *arg, const struct option *longopts)
{
	size_t n;

	if (arg == NULL || strncmp(arg, "--", 2) != 0 || longopts == NULL)
		return NULL;
	arg += 2;
	n = strcspn(arg, "=");
	for (; longopts->name != NULL; longopts++)
		if (strncmp(longopts->name, arg, n) == 0)
			return longopts;
	return NULL;
}

/* "--ver" when both --verbose and --version start so: a usage error. */
static void
ambiguous(const char *arg, int n, const struct option *longopts)
{
	const struct option *lo;
	char names[256];
	size_t len = 0;
	int k = 0;

	for (lo = longopts; lo != NULL && lo->name != NULL; lo++) {
		if (strncmp(lo->name, arg + 2, (size_t)n - 2) != 0)
			continue;
		if (len < sizeof(names))
			len += (size_t)snprintf(names + len, sizeof(names) - len,
			    "%s--%s", k ? ", " : "", lo->name);
		k++;
	}
	if (k > 1)
		cli_usage_error("option %.*s is ambiguous (%s)", n, arg, names);
}

/*
 * What getopt_long() found wrong, as a usage error.  optopt is 0 after an
 * unknown long option, else the short option or the long option's value;
 * after a long option, argv[optind - 1] is the element that named it.
 */
static void
bad_option(int ch, char *const argv[], const struct option *longopts)
{
	const char *arg = optind > 0 ? argv[optind - 1] : NULL;
	const struct option *lo = long_option(arg, longopts);
	int n = arg != NULL ? (int)strcspn(arg, "=") : 0;

	if (optopt == 0 && arg != NULL && strncmp(arg, "--", 2) == 0) {
		ambiguous(arg, n, longopts);
		cli_usage_error("unknown option %.*s", n, arg);
	}
	if (lo != NULL && lo->val == optopt) {
		if (ch == ':')
			cli_usage_error("option --%s needs an argument",
			    lo->name);
		cli_usage_error("option --%s takes no argument", lo->name);
	}
	if (ch == ':')
		cli_usage_error("option -%c needs an argument", optopt);
	if (optopt > 0x20 && optopt < 0x7f)
		cli_usage_error("unknown option -%c", optopt);
	cli_usage_error("unknown option");
}

/*
 * The program's long options and the shared ones it has a letter for
 * (--json for -j, ...), so that every program spells them alike.  Built
 * once: a program passes the same longopts to every call.
 */
static const struct option *
all_longopts(const char *shortopts, const struct option *longopts)
{
	static const struct option shared[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		CLI_LONGOPTS_COMMON
	};
	static struct option all[64];
	static const struct option *built_from;
	const struct option *s, *lo;
	size_t n = 0;

	if (built_from == longopts && longopts != NULL)
		return all;
	for (lo = longopts; lo != NULL && lo->name != NULL; lo++)
		if (n < sizeof(all) / sizeof(all[0]) - 1)
			all[n++] = *lo;
	for (s = shared; s->name != NULL; s++) {
		if (s->val != 'h' && s->val != 'V' &&
		    strchr(shortopts, s->val) == NULL)
			continue;
		for (lo = longopts; lo != NULL && lo->name != NULL; lo++)
			if (strcmp(lo->name, s->name) == 0)
				break;
		if ((lo == NULL || lo->name == NULL) &&
		    n < sizeof(all) / sizeof(all[0]) - 1)
			all[n++] = *s;
	}
	memset(&all[n], 0, sizeof(all[n]));
	built_from = longopts;
	return all;
}

int
cli_getopt(int argc, char *const argv[], const char *shortopts,
    const struct option *longopts)
{
	char opts[128];
	int ch;

	longopts = all_longopts(shortopts, longopts);
	/* ':' first: a missing argument is told from an unknown option. */
	snprintf(opts, sizeof(opts), ":%shV", shortopts);
	optopt = 0;
	ch = getopt_long(argc, argv, opts, longopts, NULL);
	switch (ch) {
	case 'h':
		cli_help();
	case 'V':
		cli_version();
	case '?':
	case ':':
		bad_option(ch, argv, longopts);
	}
	return ch;
}

char *const *
cli_operands(int argc, char *const argv[])
{
	static char stdin_name[] = "-";
	static char *const stdin_only[] = { stdin_name, NULL };

	return optind < argc ? argv + optind : stdin_only;
}

int
cli_colour(FILE *fp)
{
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

	if (no_color != NULL && *no_color != '\0')
		return 0;
	if (term != NULL && strcmp(term, "dumb") == 0)
		return 0;
	return sdk_isatty(fp);
}

int
cli_finish(struct outfile *out, int status)
{
	if (out != NULL && out->path != NULL) {
		if (status == SDK_EXIT_ERROR)
			outfile_abort(out);
		else if (outfile_commit(out) != 0)
			status = SDK_EXIT_ERROR;
	}
	return sdk_status_fold(status, sdk_close_stdout());
}
