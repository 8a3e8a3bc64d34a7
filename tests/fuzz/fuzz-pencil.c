/*
 * fuzz-pencil.c: libFuzzer harness for sdk-solve's pencil-mark parser
 * (libsolve/logic/pencil.c, libc only).  A parsed position must
 * write back in the 729 form and read again with the same placed digits
 * (or hold a contradiction that singles find).  The techniques run on what
 * the parser reads in fuzz-logic.c: they cost a hundred times as much per
 * input, and would keep this harness from covering the parser itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../libsolve/logic/private.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct logic p, q;
	char *text, err[128], pm[730];
	int c;

	if (len > 8192)
		return 0;
	/* The parser reads a C string: up to the first NUL, as it would. */
	if ((text = strndup((const char *)data, len)) == NULL)
		return 0;
	if (sdk_logic_parse(&p, text, err, sizeof(err)) == 0) {
		sdk_logic_format729(&p, pm);
		if (strlen(pm) != 729)
			abort();
		if (sdk_logic_parse(&q, pm, err, sizeof(err)) != 0) {
			/*
			 * The 729 form reads a lone candidate as placed: it
			 * may only fail where placing singles finds a
			 * contradiction.
			 */
			q = p;
			if (sdk_logic_propagate(&q) == 0)
				abort();
			free(text);
			return 0;
		}
		for (c = 0; c < 81; c++)
			if (p.cell[c] != 0 && q.cell[c] != p.cell[c])
				abort();
		if (sdk_logic_marks(&q, p.cell, pm, err, sizeof(err)) != 0)
			abort();
	}
	free(text);
	return 0;
}
