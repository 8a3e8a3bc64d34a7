/*
 * fuzz-args.c: libFuzzer harness for the parsers of option values and
 * metadata values: numbers, quads, 81-cell lines, metadata lines.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geom.h"
#include "grid.h"
#include "meta.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	unsigned char cells[GRID_CELLS];
	struct quad q;
	struct meta m;
	char *s, buf[256];
	double d;
	long l;

	/* The parsers read C strings: up to the first NUL, as they would. */
	if ((s = strndup((const char *)data, len)) == NULL)
		return 0;
	if (sdk_parse_long(s, -1000, 1000, &l) == 0 && (l < -1000 || l > 1000))
		abort();
	if (sdk_parse_double(s, 0, 1e6, &d) == 0 && !(d >= 0 && d <= 1e6))
		abort();
	if (quad_parse(s, &q) == 0) {
		quad_format(&q, buf, sizeof(buf));
		quad_order(&q);
		(void)quad_side(&q);
	}
	(void)grid_parse_line(s, cells);
	meta_init(&m);
	meta_parse_line(&m, s);
	meta_free(&m);
	free(s);
	return 0;
}
