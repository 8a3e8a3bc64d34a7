/*
 * fuzz-keys.c: libFuzzer harness for the values of the keys of a started
 * puzzle (libcommon's entries.c and doubt.c): sdk-entries, sdk-mistakes,
 * sdk-pencil, sdk-unsure.  Whatever a parser accepts writes back as a
 * value that parses to the same thing; what it refuses it says why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "doubt.h"
#include "entries.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	unsigned char cell[GRID_CELLS], again[GRID_CELLS];
	struct mistakes m, m2;
	struct pencil p, p2;
	struct doubts d, d2;
	char *v, why[128], buf[PENCIL_MAX + MISTAKES_MAX + DOUBTS_MAX];

	if ((v = strndup((const char *)data, len)) == NULL)
		return 0;
	why[0] = '\0';
	if (entries_parse(v, cell, why, sizeof(why)) == 0) {
		entries_format(cell, buf);
		if (entries_parse(buf, again, why, sizeof(why)) != 0 ||
		    memcmp(cell, again, sizeof(cell)) != 0)
			abort();
	} else if (why[0] == '\0')
		abort();
	why[0] = '\0';
	if (mistakes_parse(v, &m, why, sizeof(why)) == 0) {
		mistakes_format(&m, buf);
		if (mistakes_parse(buf, &m2, why, sizeof(why)) != 0 ||
		    memcmp(&m, &m2, sizeof(m)) != 0)
			abort();
	} else if (why[0] == '\0')
		abort();
	why[0] = '\0';
	if (pencil_parse(v, &p, why, sizeof(why)) == 0) {
		pencil_format(&p, buf);
		if (pencil_parse(buf, &p2, why, sizeof(why)) != 0 ||
		    memcmp(&p, &p2, sizeof(p)) != 0)
			abort();
	} else if (why[0] == '\0')
		abort();
	why[0] = '\0';
	if (doubts_parse(v, &d, why, sizeof(why)) == 0) {
		doubts_format(&d, buf);
		if (doubts_parse(buf, &d2, why, sizeof(why)) != 0 ||
		    memcmp(&d, &d2, sizeof(d)) != 0)
			abort();
	} else if (why[0] == '\0')
		abort();
	free(v);
	return 0;
}
