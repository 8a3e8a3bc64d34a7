/*
 * meta.c: ordered "key value" metadata of a record.
 */
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
	meta_append(m, key, value);
	free(key);
	free(value);
	return 1;
}

int
meta_write(FILE *fp, const struct meta *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		if (*m->v[i].value != '\0')
			fprintf(fp, "# %s %s\n", m->v[i].key, m->v[i].value);
		else
			fprintf(fp, "# %s\n", m->v[i].key);
	}
	return ferror(fp) ? -1 : 0;
}
