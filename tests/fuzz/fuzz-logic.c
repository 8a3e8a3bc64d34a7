/*
 * fuzz-logic.c: libFuzzer harness for the human-style techniques of
 * libsolve/logic/ (libc only, private.h) on whatever position the
 * pencil-mark parser accepts: the first applicable step must apply, and a
 * whole run must come to an end and call a position solved only when no
 * cell is left.  The parser alone is fuzzed, much faster, by
 * fuzz-pencil.c.
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
	struct logic_rating r;
	struct logic_step s;
	char *text, err[128];

	if (len > 8192)
		return 0;
	/* The parser reads a C string: up to the first NUL, as it would. */
	if ((text = strndup((const char *)data, len)) == NULL)
		return 0;
	if (sdk_logic_parse(&p, text, err, sizeof(err)) == 0) {
		q = p;
		if (sdk_logic_find(&q, LT_COUNT - 1, &s) == 1)
			sdk_logic_apply(&q, &s);
		(void)sdk_logic_run(&p, LT_COUNT - 1, NULL, NULL, &r);
		if (r.solved && sdk_logic_left(&p) != 0)
			abort();
	}
	free(text);
	return 0;
}
