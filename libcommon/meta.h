/*
 * meta.h: record metadata, the "# key value" lines that travel with grid
 * records and as PNM header comments with image records.  Order is kept;
 * programs pass through every key they do not own.  libc only.
 */
#ifndef SDK_META_H
#define SDK_META_H

#include <stddef.h>
#include <stdio.h>

#include "sdk.h"

struct meta_entry {
	char	*key;		/* e.g. "sdk-source" */
	char	*value;		/* rest of the line, may be "" */
};

struct meta {
	struct meta_entry *v;
	size_t	 n;
	size_t	 cap;
	size_t	 bytes;		/* of keys and values, for the limits */
};

void	 meta_init(struct meta *);
void	 meta_free(struct meta *);
void	 meta_clear(struct meta *);		/* remove all, keep storage */
void	 meta_copy(struct meta *dst, const struct meta *src);
/* The value of the first entry with this key, or NULL. */
const char *meta_get(const struct meta *, const char *key);
/* Replace the first entry with this key (dropping later ones), or append. */
void	 meta_set(struct meta *, const char *key, const char *value);
void	 meta_setf(struct meta *, const char *key, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
void	 meta_append(struct meta *, const char *key, const char *value);
void	 meta_del(struct meta *, const char *key);
/*
 * Parse the text after "#" of a comment line ("# sdk-quad 1 2 ...") into
 * key and value and append it.  Leading blanks are skipped; a line with no
 * key is ignored.  Returns 1 if appended, 0 if ignored, -1 (nothing
 * appended) when the record already holds SDK_MAX_META_LINES entries or
 * the line would take it over SDK_MAX_HEAD bytes (sdk.h): readers of
 * untrusted streams stop there.
 */
int	 meta_parse_line(struct meta *, const char *text);
/* What a reader says then: printf(META_TOO_MUCH, META_LIMITS). */
#define META_TOO_MUCH	"too much metadata in one record (over %d lines " \
	"or %ld bytes)"
#define META_LIMITS	SDK_MAX_META_LINES, SDK_MAX_HEAD
/*
 * A value as it is written on a stream, escaped (sdk.5): no control byte,
 * no blank at either end; the caller frees it.  meta_decode() undoes it
 * in place; meta_parse_line() decodes every value it reads.
 */
char	*meta_encode(const char *value);
void	 meta_decode(char *value);
/* Write every entry as "# key value\n", the value escaped. */
int	 meta_write(FILE *, const struct meta *);

#endif
