/*
 * test-meta.c: ordered record metadata.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "tap.h"

/* A reader's metadata stops at SDK_MAX_META_LINES or SDK_MAX_HEAD. */
static void
test_limits(void)
{
	struct meta m;
	char *big;
	int i, n = 0;

	meta_init(&m);
	for (i = 0; i < SDK_MAX_META_LINES + 5; i++)
		n += meta_parse_line(&m, " sdk-x 1") == 1;
	is_int(n, SDK_MAX_META_LINES, "lines stop at the limit");
	is_int(meta_parse_line(&m, " sdk-x 1"), -1, "then -1");
	is_int(meta_parse_line(&m, "   "), 0, "a blank is still ignored");
	meta_clear(&m);
	big = malloc(SDK_MAX_HEAD / 2 + 16);
	memset(big, 'v', SDK_MAX_HEAD / 2 + 15);
	memcpy(big, "sdk-big ", 8);
	big[SDK_MAX_HEAD / 2 + 15] = '\0';
	is_int(meta_parse_line(&m, big), 1, "half a megabyte: kept");
	is_int(meta_parse_line(&m, big), -1, "another: over the bytes");
	is_int(m.n, 1, "nothing kept past the limit");
	meta_del(&m, "sdk-big");
	is_int(meta_parse_line(&m, big), 1, "room again once deleted");
	meta_set(&m, "sdk-big", "small");
	is_int(meta_parse_line(&m, big), 1, "and once set smaller");
	free(big);
	meta_free(&m);
}

/* Values escaped on the stream: decode(encode(v)) is v, and one line. */
static void
test_escape(void)
{
	static const char *const vals[] = { "plain.jpg", "a\nb.jpg",
	    "a\n# sdk-quad 1 1 2 1 2 2 1 2\nb", " lead", "trail ", " ",
	    "tab\there", "cr\r", "esc\033[31m", "del\177", "back\\slash",
	    "\\n not a newline", "\\x41", "\\", "end\\", "\\\n",
	    "\\ ", "\\\\", "C:\\new", "\x01\x1f", "utf-8 \xc3\xa9" };
	struct meta m;
	char line[256], *e, *p;
	size_t i;
	int clean;

	meta_init(&m);
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		e = meta_encode(vals[i]);
		for (clean = 1, p = e; *p != '\0'; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				clean = 0;
		ok(clean && e[0] != ' ' && (*e == '\0' || e[strlen(e) - 1] !=
		    ' '), "encoded %zu: no control byte, no blank at an end", i);
		snprintf(line, sizeof(line), " sdk-x %s\n", e);
		meta_clear(&m);
		is_int(meta_parse_line(&m, line), 1, "read back %zu", i);
		is_str(meta_get(&m, "sdk-x"), vals[i], "round trip %zu", i);
		free(e);
	}
	e = meta_encode("a\nb\033\\n");
	is_str(e, "a\\nb\\x1b\\\\n", "the escapes written");
	free(e);
	/* A line by hand: a lone backslash is itself, and passes through. */
	meta_clear(&m);
	meta_parse_line(&m, " sdk-x C:\\dir\\file \\q\\x00");
	is_str(meta_get(&m, "sdk-x"), "C:\\dir\\file \\q\\x00",
	    "unknown escapes kept");
	e = meta_encode(meta_get(&m, "sdk-x"));
	is_str(e, "C:\\dir\\file \\q\\\\x00", "written back");
	free(e);
	meta_free(&m);
}

int
main(void)
{
	struct meta m, c;
	char *buf;
	size_t len;
	FILE *fp;

	meta_init(&m);
	meta_init(&c);
	ok(meta_get(&m, "a") == NULL, "empty has no key");
	is_int(meta_parse_line(&m, " sdk-quad 1 2 3 4 5 6 7 8\n"), 1,
	    "parse a comment");
	is_int(meta_parse_line(&m, "   "), 0, "blank comment ignored");
	meta_append(&m, "sdk-source", "x.jpg");
	meta_append(&m, "sdk-source", "y.jpg");
	is_str(meta_get(&m, "sdk-quad"), "1 2 3 4 5 6 7 8", "value");
	is_str(meta_get(&m, "sdk-source"), "x.jpg", "first of two");
	meta_set(&m, "sdk-source", "z.jpg");
	is_int(m.n, 2, "set replaced both, kept one");
	is_str(m.v[1].value, "z.jpg", "set kept the place");
	meta_setf(&m, "sdk-status", "%s", "solved");
	is_str(m.v[2].key, "sdk-status", "setf appends a new key");
	meta_copy(&c, &m);
	meta_del(&m, "sdk-quad");
	is_int(m.n, 2, "del removed one");
	is_str(m.v[0].key, "sdk-source", "order kept after del");
	is_int(c.n, 3, "copy is independent");
	fp = open_memstream(&buf, &len);
	meta_write(fp, &c);
	fclose(fp);
	is_str(buf, "# sdk-quad 1 2 3 4 5 6 7 8\n# sdk-source z.jpg\n"
	    "# sdk-status solved\n", "write");
	free(buf);
	/* Bytes are counted through set, del and copy. */
	is_int(c.bytes, strlen("sdk-quad1 2 3 4 5 6 7 8sdk-sourcez.jpg"
	    "sdk-statussolved"), "bytes counted");
	meta_clear(&m);
	is_int(m.bytes, 0, "cleared: no bytes");
	meta_free(&m);
	meta_free(&c);
	test_limits();
	test_escape();
	return tap_done();
}
