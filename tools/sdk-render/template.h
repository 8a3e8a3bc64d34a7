/*
 * template.h: sdk-render's -o templates, one output file a record.
 */
#ifndef SDK_RENDER_TEMPLATE_H
#define SDK_RENDER_TEMPLATE_H

/*
 * Check a template: known escapes only.  Returns 1 if it has one, 0 if
 * none, -1 on an unknown escape, -2 on a width over TEMPLATE_MAX_WIDTH.
 */
#define TEMPLATE_MAX_WIDTH	255	/* a file name's longest part */
int	 template_check(const char *);
/* The output name of record n from source src (malloc'd). */
char	*template_expand(const char *t, const char *src, long n);

#endif
