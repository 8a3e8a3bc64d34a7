/*
 * json.c: JSON Lines objects member by member (json.h).
 */
#include <stdio.h>

#include "json.h"
#include "util.h"

void
json_begin(struct json *j, FILE *fp)
{
	j->fp = fp;
	j->members = 0;
	putc('{', fp);
}

void
json_key(struct json *j, const char *key)
{
	if (j->members++ > 0)
		putc(',', j->fp);
	sdk_json_string(j->fp, key);
	putc(':', j->fp);
}

void
json_str(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	if (s == NULL)
		fputs("null", j->fp);
	else
		sdk_json_string(j->fp, s);
}

void
json_long(struct json *j, const char *key, long v)
{
	json_key(j, key);
	fprintf(j->fp, "%ld", v);
}

void
json_ulong(struct json *j, const char *key, unsigned long v)
{
	json_key(j, key);
	fprintf(j->fp, "%lu", v);
}

void
json_double(struct json *j, const char *key, const char *fmt, double v)
{
	json_key(j, key);
	/* fmt is the caller's constant: a number format, nothing else. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	fprintf(j->fp, fmt, v);
#pragma GCC diagnostic pop
}

void
json_bool(struct json *j, const char *key, int v)
{
	json_key(j, key);
	fputs(v ? "true" : "false", j->fp);
}

void
json_close(struct json *j)
{
	putc('}', j->fp);
}

void
json_end(struct json *j)
{
	fputs("}\n", j->fp);
}
