/*
 * fuzz-meta.c: libFuzzer harness for the escaping of metadata values
 * (sdk.5, METADATA).  Any value written reads back the same, on one line
 * with no control byte; any line read writes back as a line that reads
 * the same again.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct meta m, again;
	char *v, *e, *line, *buf = NULL;
	const char *p;
	size_t n = 0;
	FILE *fp;

	/* C strings: up to the first NUL, as they would be. */
	if ((v = strndup((const char *)data, len)) == NULL)
		return 0;
	/* The input as a value: written on one line, read back the same. */
	e = meta_encode(v);
	for (p = e; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			abort();
	if (*e == ' ' || (*e != '\0' && e[strlen(e) - 1] == ' '))
		abort();
	line = sdk_xmalloc(strlen(e) + 16);
	sprintf(line, " sdk-x %s\n", e);
	meta_init(&m);
	if (meta_parse_line(&m, line) != 1 || strcmp(meta_get(&m, "sdk-x"),
	    *v != '\0' ? v : "") != 0)
		abort();
	free(line);
	free(e);
	/* The input as a line: what is read writes and reads back the same. */
	meta_clear(&m);
	meta_init(&again);
	if (meta_parse_line(&m, v) == 1) {
		if ((fp = open_memstream(&buf, &n)) == NULL)
			abort();
		meta_write(fp, &m);
		fclose(fp);
		if (buf[0] != '#' || strchr(buf, '\n') != buf + n - 1 ||
		    meta_parse_line(&again, buf + 1) != 1 ||
		    strcmp(again.v[0].key, m.v[0].key) != 0 ||
		    strcmp(again.v[0].value, m.v[0].value) != 0)
			abort();
		free(buf);
	}
	meta_free(&again);
	meta_free(&m);
	free(v);
	return 0;
}
