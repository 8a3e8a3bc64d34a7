/*
 * meta.c: ordered "key value" metadata of a record.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "util.h"

void
meta_init(struct meta *m)
{
	m->v = NULL;
	m->n = 0;
	m->cap = 0;
	m->bytes = 0;
}

void
meta_clear(struct meta *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->v[i].key);
		free(m->v[i].value);
	}
	m->n = 0;
	m->bytes = 0;
}

void
meta_free(struct meta *m)
{
	meta_clear(m);
	free(m->v);
	meta_init(m);
}

void
meta_append(struct meta *m, const char *key, const char *value)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 8;
		m->v = sdk_xreallocarray(m->v, m->cap, sizeof(*m->v));
	}
	m->v[m->n].key = sdk_xstrdup(key);
	m->v[m->n].value = sdk_xstrdup(value ? value : "");
	m->bytes += strlen(m->v[m->n].key) + strlen(m->v[m->n].value);
	m->n++;
}

void
meta_copy(struct meta *dst, const struct meta *src)
{
	size_t i;

	if (dst == src)
		return;
	meta_clear(dst);
	for (i = 0; i < src->n; i++)
		meta_append(dst, src->v[i].key, src->v[i].value);
}

const char *
meta_get(const struct meta *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->v[i].key, key) == 0)
			return m->v[i].value;
	return NULL;
}

static void
remove_at(struct meta *m, size_t i)
{
	m->bytes -= strlen(m->v[i].key) + strlen(m->v[i].value);
	free(m->v[i].key);
	free(m->v[i].value);
	memmove(&m->v[i], &m->v[i + 1], (m->n - i - 1) * sizeof(*m->v));
	m->n--;
}

void
meta_set(struct meta *m, const char *key, const char *value)
{
	size_t i, first = m->n;

	for (i = 0; i < m->n; i++) {
		if (strcmp(m->v[i].key, key) != 0)
			continue;
		if (first == m->n) {
			first = i;
			m->bytes -= strlen(m->v[i].value);
			free(m->v[i].value);
			m->v[i].value = sdk_xstrdup(value ? value : "");
			m->bytes += strlen(m->v[i].value);
		} else {
			remove_at(m, i--);
		}
	}
	if (first == m->n)
		meta_append(m, key, value);
}

void
meta_setf(struct meta *m, const char *key, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	meta_set(m, key, buf);
}

void
meta_del(struct meta *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->v[i].key, key) == 0)
			remove_at(m, i--);
}

/*
 * Values are escaped on the stream (sdk.5, METADATA): a backslash and
 * n, r or t, another backslash, or x and two hex digits (not 00) stand
 * for a newline, a carriage return, a tab, a backslash or that byte; any
 * other backslash for itself.  So a value can hold no line break or
 * control byte, and lines written by hand with a lone backslash in them
 * read, and pass through, as they are.
 */

static int
hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : tolower(c) - 'a' + 10;
}

/* Does the backslash at s start an escape? */
static int
escape_at(const char *s)
{
	return s[1] == '\\' || s[1] == 'n' || s[1] == 'r' || s[1] == 't' ||
	    (s[1] == 'x' && isxdigit((unsigned char)s[2]) &&
	    isxdigit((unsigned char)s[3]) && (s[2] != '0' || s[3] != '0'));
}

void
meta_decode(char *s)
{
	char *o = s;

	while (*s != '\0') {
		if (*s != '\\' || !escape_at(s)) {
			*o++ = *s++;
			continue;
		}
		switch (s[1]) {
		case 'n':
			*o++ = '\n';
			break;
		case 'r':
			*o++ = '\r';
			break;
		case 't':
			*o++ = '\t';
			break;
		case 'x':
			*o++ = (char)(hexval((unsigned char)s[2]) << 4 |
			    hexval((unsigned char)s[3]));
			s += 2;
			break;
		default:
			*o++ = '\\';
		}
		s += 2;
	}
	*o = '\0';
}

/* Is byte i of v written escaped: a control byte, or a blank at an end? */
static int
escaped(const char *v, size_t i, size_t n)
{
	unsigned char c = (unsigned char)v[i];

	return c < 0x20 || c == 0x7f || (c == ' ' && (i == 0 || i == n - 1));
}

char *
meta_encode(const char *v)
{
	size_t n = strlen(v), i;
	char *out = sdk_xmalloc(4 * n + 1), *o = out, c;

	for (i = 0; i < n; i++) {
		c = v[i];
		if (c == '\\') {
			/* Doubled where the reader would take it for one. */
			*o++ = '\\';
			if (i + 1 < n && (strchr("\\nrtx", v[i + 1]) != NULL ||
			    escaped(v, i + 1, n)))
				*o++ = '\\';
		} else if (!escaped(v, i, n)) {
			*o++ = c;
		} else if (c == '\n' || c == '\r' || c == '\t') {
			*o++ = '\\';
			*o++ = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
		} else {
			o += sprintf(o, "\\x%02x", (unsigned char)c);
		}
	}
	*o = '\0';
	return out;
}

int
meta_parse_line(struct meta *m, const char *text)
{
	const char *k, *ke, *v, *ve;
	char *key, *value;

	for (k = text; *k == ' ' || *k == '\t'; k++)
		;
	for (ke = k; *ke != '\0' && *ke != ' ' && *ke != '\t' &&
	    *ke != '\n' && *ke != '\r'; ke++)
		;
	if (ke == k)
		return 0;
	for (v = ke; *v == ' ' || *v == '\t'; v++)
		;
	ve = v + strlen(v);
	while (ve > v && (ve[-1] == '\n' || ve[-1] == '\r' ||
	    ve[-1] == ' ' || ve[-1] == '\t'))
		ve--;
	if (m->n >= SDK_MAX_META_LINES || m->bytes + (size_t)(ke - k) +
	    (size_t)(ve - v) > (size_t)SDK_MAX_HEAD)
		return -1;
	key = sdk_xmalloc((size_t)(ke - k) + 1);
	memcpy(key, k, (size_t)(ke - k));
	key[ke - k] = '\0';
	value = sdk_xmalloc((size_t)(ve - v) + 1);
	memcpy(value, v, (size_t)(ve - v));
	value[ve - v] = '\0';
	meta_decode(value);
	meta_append(m, key, value);
	free(key);
	free(value);
	return 1;
}

int
meta_write(FILE *fp, const struct meta *m)
{
	size_t i;
	char *v;

	for (i = 0; i < m->n; i++) {
		if (*m->v[i].value != '\0') {
			v = meta_encode(m->v[i].value);
			fprintf(fp, "# %s %s\n", m->v[i].key, v);
			free(v);
		} else
			fprintf(fp, "# %s\n", m->v[i].key);
	}
	return ferror(fp) ? -1 : 0;
}
