/*
 * template.c: sdk-render's -o templates: %s the record's source base
 * name, %n its number (%4n: 0001), %% a %.  A field is never "." or ".."
 * and holds no '/': the names stay in the template's folders.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "template.h"
#include "util.h"

/* Check an -o template: known escapes only.  Returns 1 if it has one. */
int
template_check(const char *t)
{
	long width;
	int has = 0;

	for (; *t != '\0'; t++) {
		if (*t != '%')
			continue;
		t++;
		for (width = 0; *t >= '0' && *t <= '9'; t++)
			if ((width = width * 10 + (*t - '0')) > TEMPLATE_MAX_WIDTH)
				return -2;
		if (*t == 's' || *t == 'n')
			has = 1;
		else if (*t != '%' || t[-1] != '%')
			return -1;
	}
	return has;
}

/* Append to a growing string. */
static void
str_add(char **s, size_t *len, const char *add, size_t n)
{
	*s = sdk_xrealloc(*s, *len + n + 1);
	memcpy(*s + *len, add, n);
	*len += n;
	(*s)[*len] = '\0';
}

/* The output name of record n from source src (malloc'd). */
char *
template_expand(const char *t, const char *src, long n)
{
	char *s = NULL, num[32];
	const char *base, *dot;
	size_t len = 0, blen;
	int width, pad;

	str_add(&s, &len, "", 0);
	for (; *t != '\0'; t++) {
		if (*t != '%') {
			str_add(&s, &len, t, 1);
			continue;
		}
		t++;
		width = 0;
		while (*t >= '0' && *t <= '9' && width <= TEMPLATE_MAX_WIDTH)
			width = width * 10 + (*t++ - '0');
		while (*t >= '0' && *t <= '9')
			t++;
		if (*t == '%') {
			str_add(&s, &len, "%", 1);
		} else if (*t == 'n' || src == NULL || strcmp(src, "-") == 0) {
			snprintf(num, sizeof(num), "%ld", n);
			/* Zeros first, as many as the width asks. */
			for (pad = *t == 'n' ? width - (int)strlen(num) : 0;
			    pad > 0; pad--)
				str_add(&s, &len, "0", 1);
			str_add(&s, &len, num, strlen(num));
		} else {
			base = strrchr(src, '/');
			base = base != NULL ? base + 1 : src;
			dot = strrchr(base, '.');
			blen = dot != NULL && dot != base ?
			    (size_t)(dot - base) : strlen(base);
			/*
			 * A field holds no '/', and none but dots (".", "..",
			 * "..." less its extension): it never names a folder
			 * above or leaves the template's.
			 */
			if (strspn(base, ".") >= blen) {
				snprintf(num, sizeof(num), "%ld", n);
				str_add(&s, &len, num, strlen(num));
			} else
				str_add(&s, &len, base, blen);
		}
	}
	return s;
}
