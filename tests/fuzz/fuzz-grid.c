/*
 * fuzz-grid.c: libFuzzer harness for the grid record reader and writer.
 * Every record read must write back and read again to the same cells.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct grid_reader *r, *r2;
	struct grid g, g2;
	char *buf;
	size_t blen;
	FILE *fp, *out, *in2;

	if (len == 0)
		return 0;
	fp = fmemopen((void *)(uintptr_t)data, len, "rb");
	if (fp == NULL)
		return 0;
	r = grid_reader_new(fp);
	grid_init(&g);
	grid_init(&g2);
	while (grid_read(r, &g) == 1) {
		out = open_memstream(&buf, &blen);
		grid_write(out, &g, (g.cell[0] & 1) ? GRID_FORMAT_BOX :
		    GRID_FORMAT_LINE);
		fclose(out);
		in2 = fmemopen(buf, blen, "rb");
		r2 = grid_reader_new(in2);
		if (grid_read(r2, &g2) != 1 ||
		    memcmp(g.cell, g2.cell, sizeof(g.cell)) != 0 ||
		    g.meta.n != g2.meta.n)
			abort();
		grid_reader_free(r2);
		fclose(in2);
		free(buf);
	}
	(void)grid_reader_error(r);
	grid_free(&g);
	grid_free(&g2);
	grid_reader_free(r);
	fclose(fp);
	return 0;
}
