/*
 * test-json.c: JSON Lines members by name (json.h) and the shared random
 * numbers (rng.h), which must not change under sdk-gen's seeds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "rng.h"
#include "tap.h"

/* What fn writes through a struct json, as a string (static buffer). */
static const char *
written(void (*fn)(struct json *))
{
	static char buf[512];
	struct json j;
	FILE *fp = tmpfile();
	size_t n;

	if (fp == NULL)
		return "";
	json_begin(&j, fp);
	fn(&j);
	json_end(&j);
	rewind(fp);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

static void
members(struct json *j)
{
	json_str(j, "source", "a \"b\"\n");
	json_long(j, "record", -3);
	json_ulong(j, "nodes", 42);
	json_double(j, "us", "%.1f", 1.25);
	json_bool(j, "ok", 1);
	json_str(j, "solution", NULL);
}

static void
nested(struct json *j)
{
	struct json o;

	json_key(j, "progress");
	json_begin(&o, j->fp);
	json_long(&o, "right", 1);
	json_close(&o);
	json_long(j, "n", 2);
}

static void
none(struct json *j)
{
	(void)j;
}

int
main(void)
{
	struct rng r;
	int v[5] = { 0, 1, 2, 3, 4 }, i, seen = 0;

	is_str(written(members), "{\"source\":\"a \\\"b\\\"\\n\",\"record\":-3,"
	    "\"nodes\":42,\"us\":1.2,\"ok\":true,\"solution\":null}\n",
	    "members by name, commas between");
	is_str(written(nested), "{\"progress\":{\"right\":1},\"n\":2}\n",
	    "an object inside another");
	is_str(written(none), "{}\n", "an empty object");

	rng_seed(&r, 0);
	ok(rng_next(&r) == 0xe220a8397b1dcdafULL, "splitmix64 from seed 0");
	rng_seed(&r, 7);
	for (i = 0; i < 1000; i++) {
		int k = rng_below(&r, 9);

		if (k < 0 || k >= 9)
			break;
	}
	is_int(i, 1000, "rng_below stays in range");
	rng_shuffle(&r, v, 5);
	for (i = 0; i < 5; i++)
		seen |= 1 << v[i];
	is_int(seen, 31, "a shuffle keeps every element");
	ok(rng_unit(&r) < 1.0, "rng_unit below 1");
	return tap_done();
}
