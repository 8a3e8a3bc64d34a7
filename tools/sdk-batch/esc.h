/*
 * esc.h: names written out by sdk-batch-rows: in the batch's own line
 * files, JSON, CSV, HTML and URLs.  A file name is any string of bytes but
 * NUL (and '/' in each part), so every writer takes any bytes.
 */
#ifndef SDK_BATCH_ESC_H
#define SDK_BATCH_ESC_H

#include <stdio.h>

/*
 * The batch's line files hold a name a field: backslash, tab, newline and
 * carriage return written \\, \t, \n and \r.  esc_dec() undoes it in
 * place and returns s.
 */
void	 esc_line(FILE *, const char *);
char	*esc_dec(char *s);
/*
 * Each line of file, its newline taken off, to fn(arg, line); the line is
 * fn's to change, not to keep.  Returns 0, or -1 (said) when file cannot
 * be opened.
 */
int	 esc_each_line(const char *file, void (*fn)(void *, char *),
	    void *arg);
/*
 * Close fp, written as path: 0, or -1 (said, "path: cannot write") when a
 * write or the close failed (a full disk shows at the close as often).
 */
int	 esc_close(FILE *fp, const char *path);
/* A JSON string, quotes included: UTF-8 whatever s holds (esc.c). */
void	 esc_json(FILE *, const char *);
/* The same, or null for "". */
void	 esc_json_or_null(FILE *, const char *);
/* A CSV field as RFC 4180 quotes it. */
void	 esc_csv(FILE *, const char *);
/* HTML text and attribute values. */
void	 esc_html(FILE *, const char *);
/* A path in a URL: every byte but letters, digits and -._~/ as %XX. */
void	 esc_url(FILE *, const char *);
/* s as a message shows it, control characters as '?' (a new string). */
char	*esc_shown(const char *s);
/*
 * The path a from the folder b, both absolute and without "." or ".."
 * parts: "../x/y" (a new string).
 */
char	*esc_relpath(const char *a, const char *b);

#endif
