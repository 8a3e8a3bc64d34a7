/*
 * util.h: messages, exit status, memory, number parsing and the checked
 * close of standard output.  libc only.
 */
#ifndef SDK_UTIL_H
#define SDK_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "sdk.h"

/* Set once at the start of main(); messages begin with this name. */
void	 sdk_setprogname(const char *);
const char *sdk_getprogname(void);

/*
 * Messages on stderr: "prog: source: message" (source may be NULL, then
 * "prog: message").  The source "-" is shown as "<stdin>".
 */
void	 sdk_warnx(const char *source, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	 sdk_vwarnx(const char *source, const char *fmt, va_list)
	    __attribute__((format(printf, 2, 0)));
/* Like sdk_warnx() with ": strerror(errno)" appended. */
void	 sdk_warn(const char *source, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Print and exit with the given status. */
void	 sdk_errx(int status, const char *source, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4), noreturn));
void	 sdk_err(int status, const char *source, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4), noreturn));

/* Fold two exit statuses: 2 beats 1 beats 0. */
int	 sdk_status_fold(int, int);

/*
 * The input being read or worked on, named by the out-of-memory message
 * ("prog: INPUT: out of memory"); the operand readers (image_in_each(),
 * grid_each()) set it, to each record's sdk-source once it is known.
 * NULL: none.  The name is copied.
 */
void	 sdk_set_input(const char *);
/* That name, or NULL. */
const char *sdk_input(void);
/*
 * Say "prog: INPUT: out of memory" and exit with status 2 (outfile.c
 * removes the temporary file of -o then).  Every allocation failure ends
 * here: a program never goes on with memory it did not get.
 */
/*
 * A name for a message: s itself, or, when it holds a control byte, s in
 * single quotes with C's escapes (\n, \t, \r, \xHH, \\, \'), as GNU
 * tools quote a name that would garble the terminal (in buf, cut to len).
 */
const char *sdk_quote(const char *s, char *buf, size_t len);
void	 sdk_nomem(void) __attribute__((noreturn));
/*
 * p, or sdk_nomem() when it is NULL: for library calls (Leptonica's)
 * that return NULL only when an allocation failed.
 */
void	*sdk_need(void *p);

/*
 * dlopen() a library that only some inputs need (libheif, libtesseract),
 * so that a program does not load it at every start, and look up its
 * functions: names[i] is stored in *dest[i] (a function pointer's
 * address).  0, or -1 with dlerror's words in why when it cannot be
 * loaded or lacks a function; sdk_nomem() when there is no room to map
 * it, as for any failed allocation.
 */
int	 sdk_dlload(const char *lib, const char *const names[],
	    void *const dest[], size_t n, char *why, size_t len);

/*
 * A large block of pixels or coefficients, touched once each: malloc(),
 * and where the kernel lends transparent huge pages on request (Linux's
 * "madvise" mode), asked for them: a page fault for 2 MB instead of 512,
 * and on a virtual machine the faults can cost more than the work
 * (sdk-render on a 16 MP photo: 12,000 of them, half its CPU).  NULL on
 * failure, as malloc(); free() it.
 */
void	*sdk_bigalloc(size_t);

/* Allocation that exits with status 2 (sdk_nomem()) on failure. */
void	*sdk_xmalloc(size_t);
void	*sdk_xcalloc(size_t, size_t);
void	*sdk_xrealloc(void *, size_t);
void	*sdk_xreallocarray(void *, size_t, size_t);
char	*sdk_xstrdup(const char *);

/*
 * Strict number parsing for options: the whole string must be a number
 * within [min, max].  Return 0 on success, -1 (errno unchanged) otherwise.
 */
int	 sdk_parse_long(const char *, long min, long max, long *);
int	 sdk_parse_double(const char *, double min, double max, double *);

/*
 * Print "prog (sdk) VERSION" and, when extra is not NULL, a second line
 * (the image tools name their library versions there).
 */
void	 sdk_print_version(const char *extra);

/*
 * Flush and close stdout, reporting any write error (full disk, closed
 * pipe) as "prog: write error: ...".  Returns the status to fold in: 0 or 2.
 */
int	 sdk_close_stdout(void);

/* True when the stream is a terminal (binary output is refused there). */
int	 sdk_isatty(FILE *);

/* qsort()'s comparison of two doubles, ascending; of two floats. */
int	 sdk_cmp_double(const void *, const void *);
int	 sdk_cmp_float(const void *, const void *);

/*
 * Read all of a stream into memory (pipes included: never seeks).  Fails
 * with errno EFBIG past maxlen.  Returns 0 or -1; *buf is malloc'd.
 */
int	 sdk_read_all(FILE *, size_t maxlen, unsigned char **buf, size_t *len);

/* Write s as a JSON string literal, quotes included. */
void	 sdk_json_string(FILE *, const char *s);

/*
 * Open an operand for reading: "-" is standard input.  On failure print
 * "prog: NAME: strerror" and return NULL.
 */
FILE	*sdk_open_input(const char *name);
/* Close what sdk_open_input() opened (standard input is left open). */
void	 sdk_close_input(FILE *);

#endif
