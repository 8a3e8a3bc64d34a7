/*
 * esc.c: names written out by sdk-batch-rows (esc.h).  JSON and HTML get
 * UTF-8 whatever a name holds: a byte that is not part of well-formed
 * UTF-8 becomes \udcXX in JSON (XX the byte in hex, as Python's
 * "surrogateescape" reads and writes file names) and U+FFFD in HTML; a
 * control character its JSON escape or its Control Picture (U+2400...).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esc.h"
#include "util.h"

void
esc_line(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '\\':
			fputs("\\\\", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		case '\n':
			fputs("\\n", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		default:
			putc(*s, fp);
		}
	}
}

char *
esc_dec(char *s)
{
	char *i, *o;

	for (i = o = s; *i != '\0'; i++) {
		if (*i != '\\' || i[1] == '\0') {
			*o++ = *i;
			continue;
		}
		i++;
		*o++ = *i == 'n' ? '\n' : *i == 't' ? '\t' : *i == 'r' ? '\r' :
		    *i;
	}
	*o = '\0';
	return s;
}

/*
 * The length of the well-formed UTF-8 sequence at s, or 0 (Unicode 15,
 * table 3-7).
 */
static int
u8len(const unsigned char *s)
{
	int b = s[0], k, lo = 128, hi = 191, j;

	if (b >= 194 && b <= 223)
		k = 2;
	else if (b == 224) {
		k = 3;
		lo = 160;
	} else if (b >= 225 && b <= 239 && b != 237)
		k = 3;
	else if (b == 237) {
		k = 3;
		hi = 159;
	} else if (b == 240) {
		k = 4;
		lo = 144;
	} else if (b >= 241 && b <= 243)
		k = 4;
	else if (b == 244) {
		k = 4;
		hi = 143;
	} else
		return 0;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (j = 2; j < k; j++)
		if (s[j] < 128 || s[j] > 191)
			return 0;
	return k;
}

/* A control character in JSON. */
static void
json_control(FILE *fp, int c)
{
	if (c == '\n')
		fputs("\\n", fp);
	else if (c == '\r')
		fputs("\\r", fp);
	else if (c == '\t')
		fputs("\\t", fp);
	else
		fprintf(fp, "\\u%04x", c);
}

/* s in UTF-8, for JSON (html 0) or HTML (1). */
static void
esc_text(FILE *fp, const char *str, int html)
{
	const unsigned char *s = (const unsigned char *)str;
	const char *ent;
	int k;

	for (; *s != '\0'; s++) {
		ent = !html ? NULL : *s == '&' ? "&amp;" : *s == '<' ? "&lt;" :
		    *s == '>' ? "&gt;" : *s == '"' ? "&quot;" :
		    *s == '\'' ? "&#39;" : NULL;
		if (ent != NULL)
			fputs(ent, fp);
		else if (!html && (*s == '"' || *s == '\\'))
			fprintf(fp, "\\%c", *s);
		else if (html && (*s < 32 || *s == 127))
			fprintf(fp, "\342\220%c", *s == 127 ? 161 : 128 + *s);
		else if (*s < 32 || *s == 127)
			json_control(fp, *s);
		else if (*s < 128)
			putc(*s, fp);
		else if ((k = u8len(s)) > 0) {
			fwrite(s, 1, (size_t)k, fp);
			s += k - 1;
		} else if (html)
			fputs("\357\277\275", fp);
		else
			fprintf(fp, "\\udc%02x", *s);
	}
}

void
esc_json(FILE *fp, const char *s)
{
	putc('"', fp);
	esc_text(fp, s, 0);
	putc('"', fp);
}

void
esc_json_or_null(FILE *fp, const char *s)
{
	if (*s == '\0')
		fputs("null", fp);
	else
		esc_json(fp, s);
}

void
esc_csv(FILE *fp, const char *s)
{
	if (strpbrk(s, "\",\r\n") == NULL) {
		fputs(s, fp);
		return;
	}
	putc('"', fp);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			putc('"', fp);
		putc(*s, fp);
	}
	putc('"', fp);
}

void
esc_html(FILE *fp, const char *s)
{
	esc_text(fp, s, 1);
}

void
esc_url(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
		    (*s >= '0' && *s <= '9') || strchr("-._~/", *s) != NULL)
			putc(*s, fp);
		else
			fprintf(fp, "%%%02X", (unsigned char)*s);
	}
}

char *
esc_shown(const char *s)
{
	char *r = sdk_xstrdup(s), *p;

	for (p = r; *p != '\0'; p++)
		if ((unsigned char)*p < 32 || *p == 127)
			*p = '?';
	return r;
}

/* The parts of a path split at each '/', empty ones kept (awk's split). */
static size_t
split_path(char *s, char ***parts)
{
	size_t n = 1;
	char *p;

	for (p = s; *p != '\0'; p++)
		n += *p == '/';
	*parts = sdk_xreallocarray(NULL, n, sizeof(**parts));
	n = 0;
	(*parts)[n++] = s;
	for (p = s; *p != '\0'; p++)
		if (*p == '/') {
			*p = '\0';
			(*parts)[n++] = p + 1;
		}
	return n;
}

char *
esc_relpath(const char *a, const char *b)
{
	char *ca = sdk_xstrdup(a), *cb = sdk_xstrdup(b), **p, **q, *r, *o;
	size_t n = split_path(ca, &p), m = split_path(cb, &q), i, j;

	r = o = sdk_xmalloc(3 * m + strlen(a) + 1);
	for (i = 1; i < n && i < m && strcmp(p[i], q[i]) == 0; i++)
		;
	for (j = i; j < m; j++)
		if (*q[j] != '\0')
			o = stpcpy(o, "../");
	for (j = i; j < n; j++)
		o = stpcpy(stpcpy(o, p[j]), j + 1 < n ? "/" : "");
	*o = '\0';
	free(p);
	free(q);
	free(ca);
	free(cb);
	return r;
}

int
esc_each_line(const char *file, void (*fn)(void *, char *), void *arg)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *fp;

	if ((fp = fopen(file, "r")) == NULL) {
		sdk_warn(file, "cannot open");
		return -1;
	}
	while ((len = getline(&line, &cap, fp)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		fn(arg, line);
	}
	free(line);
	fclose(fp);
	return 0;
}

int
esc_close(FILE *fp, const char *path)
{
	int bad = ferror(fp);

	if ((fclose(fp) != 0) | bad) {
		sdk_warn(path, "cannot write");
		return -1;
	}
	return 0;
}
