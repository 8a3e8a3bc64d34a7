/*
 * test-meta.c: ordered record metadata.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "tap.h"

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
	meta_free(&m);
	meta_free(&c);
	return tap_done();
}
