/*
 * list.c: sdk-batch-rows list: the names sdk-batch reads on standard
 * input, one a line or (-0) each ended by a NUL, written a line each as
 * the line files write names (\\ \t \n \r escaped), for the script to
 * take one by one.  The list is refused whole, status 2, at the first name
 * that cannot be one: a NUL byte without -0, an empty name with -0, over
 * 4096 bytes.  Empty lines without -0 are passed over.  No more than 4097
 * bytes of a name are read before it is refused, so that a stream without
 * line ends, such as /dev/zero, cannot fill the memory.  list_each()
 * hands each name to a function instead (sdk-batch-rows gather).
 */
#include <stdio.h>
#include <string.h>

#include "esc.h"
#include "rows.h"
#include "util.h"

#define NAME_MAX_BYTES	4096

/* The next name into buf (len bytes, NULs kept): 1, or 0 at the end. */
static int
next_name(int end, char *buf, size_t *len)
{
	int c;

	*len = 0;
	while ((c = getchar()) != EOF) {
		if (c == end)
			return 1;
		buf[(*len)++] = (char)c;
		if (*len > NAME_MAX_BYTES)
			return 1;
	}
	return *len > 0;
}

int
list_each(int null, void (*fn)(void *, const char *), void *arg)
{
	char buf[NAME_MAX_BYTES + 2];
	const char *what = null ? "name" : "line";
	size_t len;
	long no = 0;

	while (next_name(null ? '\0' : '\n', buf, &len)) {
		no++;
		buf[len] = '\0';
		if (!null && memchr(buf, '\0', len) != NULL)
			sdk_errx(2, NULL, "-: %s %ld: a NUL byte in a name "
			    "(with -0, names end in NUL)", what, no);
		if (len > NAME_MAX_BYTES)
			sdk_errx(2, NULL, "-: %s %ld: a name longer than %d "
			    "bytes", what, no, NAME_MAX_BYTES);
		if (len == 0) {
			if (null)
				sdk_errx(2, NULL, "-: %s %ld: an empty name",
				    what, no);
			continue;
		}
		fn(arg, buf);
	}
	if (ferror(stdin))
		sdk_err(2, NULL, "-: cannot read the names");
	return 0;
}

static void
print_name(void *arg, const char *name)
{
	(void)arg;
	esc_line(stdout, name);
	putchar('\n');
}

int
list_main(int null)
{
	return list_each(null, print_name, NULL);
}

/*
 * sdk-batch-rows conf KEY=VALUE ...: a run's settings for its workers,
 * "KEY<tab>VALUE" a line, the value escaped as the line files' names.
 */
void
conf_write(FILE *fp, char *const *kv)
{
	const char *eq;

	for (; *kv != NULL; kv++) {
		if ((eq = strchr(*kv, '=')) == NULL)
			continue;
		fwrite(*kv, 1, (size_t)(eq - *kv), fp);
		putc('\t', fp);
		esc_line(fp, eq + 1);
		putc('\n', fp);
	}
}

int
conf_main(char *const *kv)
{
	char *const *k;
	const char *eq;

	for (k = kv; *k != NULL; k++)
		if ((eq = strchr(*k, '=')) == NULL || eq == *k)
			sdk_errx(2, NULL, "%s: not KEY=VALUE", *k);
	conf_write(stdout, kv);
	return 0;
}
