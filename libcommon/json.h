/*
 * json.h: one JSON object a line, for -j (JSON Lines).  A struct json
 * holds the stream and whether a member was written, so members are added
 * by name and the commas come out right:
 *
 *	struct json j;
 *
 *	json_begin(&j, stdout);
 *	json_str(&j, "source", src);
 *	json_long(&j, "record", recno);
 *	json_end(&j);			(writes "}\n")
 *
 * libc only.
 */
#ifndef SDK_JSON_H
#define SDK_JSON_H

#include <stdio.h>

struct json {
	FILE	*fp;
	int	 members;	/* written so far */
};

void	 json_begin(struct json *, FILE *);
/* A string member; s NULL writes null. */
void	 json_str(struct json *, const char *key, const char *s);
void	 json_long(struct json *, const char *key, long);
void	 json_ulong(struct json *, const char *key, unsigned long);
/* A number member printed with fmt ("%.1f", "%g", ...). */
void	 json_double(struct json *, const char *key, const char *fmt,
	    double);
void	 json_bool(struct json *, const char *key, int);
/*
 * A member whose value the caller writes next: an array, or an object
 * begun with json_begin() on the same stream and ended by json_close().
 */
void	 json_key(struct json *, const char *key);
/* "}": the end of an object inside another. */
void	 json_close(struct json *);
/* "}\n": the end of the line's object. */
void	 json_end(struct json *);

#endif
