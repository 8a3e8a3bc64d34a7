/*
 * cli.h: the skeleton every program shares, as netpbm's pm_proginit() and
 * OpenBSD's usage()/err(3) give theirs.  A program describes itself once
 * (struct cli_program), reads its options with cli_getopt(), which deals
 * with -h/--help, -V/--version and bad options the same way in every
 * program, and ends with cli_finish(): the -o file committed or abandoned,
 * then the checked close of standard output.  libc only.
 *
 *	static const struct cli_program program = {
 *		"sdk-hold", "usage: sdk-hold [-qv] [FILE ...]\n", help, NULL
 *	};
 *	...
 *	cli_init(&program);
 *	while ((ch = cli_getopt(argc, argv, "qv", longopts)) != -1)
 *		switch (ch) { ... default: cli_usage_error(NULL); }
 *	...
 *	return cli_finish(&out, status);
 */
#ifndef SDK_CLI_H
#define SDK_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "outfile.h"

struct cli_program {
	const char	*name;		/* "sdk-warp": messages begin with it */
	const char	*usage;		/* "usage: sdk-warp ...\n" (SYNOPSIS) */
	/* The rest of --help, after the usage (NULL: the usage alone). */
	void		(*help)(FILE *);
	/* A second line for --version, e.g. library versions (or NULL). */
	const char	*(*version)(void);
};

/*
 * The help lines of the options every program has, in the layout of every
 * --help: the option in 19 columns after two blanks, then what it does.
 */
#define CLI_HELP_OUTPUT \
	"  -o, --output=FILE  write to FILE (atomically)\n"
#define CLI_HELP_END \
	"  -h, --help         this help\n" \
	"  -V, --version      the version\n"

/*
 * The long options every program has; end a longopts array with them
 * (cli_getopt() adds --json, --output, --quiet and --verbose).
 */
#define CLI_LONGOPTS_COMMON \
	{ "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, 'V' }, \
	{ NULL, 0, NULL, 0 }

/* Set once at the start of main(): the program name for every message. */
void	 cli_init(const struct cli_program *);

/*
 * getopt_long() with the shared conventions: shortopts need not name h and
 * V; -h/--help and -V/--version print, check their write and exit (0, or 2
 * when stdout cannot be written); a bad option or a missing argument is a
 * usage error ("sdk-warp: unknown option -Z", then the usage, status 2).
 * The long options of the shared letters are added when shortopts has the
 * letter and longopts does not name them: --json (-j), --output=FILE
 * (-o), --quiet (-q), --verbose (-v).
 * Returns the option as getopt_long() does, -1 after the last.
 */
int	 cli_getopt(int argc, char *const argv[], const char *shortopts,
	    const struct option *longopts);

/*
 * The operands after the options (argv + optind), or when there are none
 * a list of one, "-": standard input.  NULL-terminated.
 */
char *const *cli_operands(int argc, char *const argv[]);

/* -h: the usage and the help on stdout; exit 0, or 2 on a write error. */
void	 cli_help(void) __attribute__((noreturn));
/* -V: "sdk-warp (sdk) X.Y.Z" and the program's version line; as above. */
void	 cli_version(void) __attribute__((noreturn));

/*
 * A usage error: "prog: message" (fmt may be NULL: no message), then the
 * usage, on stderr; exit 2.
 */
void	 cli_usage_error(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2), noreturn));

/*
 * Whether output to fp may be coloured when the user has not said: fp is
 * a terminal, NO_COLOR is unset or empty (no-color.org) and TERM is not
 * "dumb".  An explicit option (sdk-render --color=always) overrides it.
 */
int	 cli_colour(FILE *fp);

/*
 * The shared ending: an -o file (out->path set) is committed, or removed
 * when the run's status is 2 (a file that cannot be whole is not written
 * at all); then standard output is flushed and closed, a write error
 * reported.  out may be NULL.  Returns the folded exit status.
 */
int	 cli_finish(struct outfile *out, int status);

#endif
