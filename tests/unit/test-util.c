/*
 * test-util.c: number parsing, status folding, JSON strings, reading
 * streams, and atomic output files.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "tap.h"
#include "util.h"

static int
count_files(const char *dir)
{
	char cmd[512];
	FILE *p;
	int n = -1;

	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	if ((p = popen(cmd, "r")) != NULL) {
		if (fscanf(p, "%d", &n) != 1)
			n = -1;
		pclose(p);
	}
	return n;
}

/* Names, numbers, statuses, JSON strings, streams. */
static void
test_basics(void)
{
	char *buf;
	unsigned char *data;
	size_t len;
	long l;
	double d;
	FILE *fp;

	is_str(sdk_getprogname(), "sdk-test", "program name loses its folder");

	is_int(sdk_parse_long("42", 0, 100, &l), 0, "long");
	is_int(l, 42, "long value");
	is_int(sdk_parse_long("101", 0, 100, &l), -1, "long over max");
	is_int(sdk_parse_long("4x", 0, 100, &l), -1, "long with junk");
	is_int(sdk_parse_long("", 0, 100, &l), -1, "empty long");
	is_int(sdk_parse_long("99999999999999999999", 0, 100, &l), -1,
	    "long overflow");
	is_int(sdk_parse_double("0.05", 0, 10, &d), 0, "double");
	ok(d == 0.05, "double value");
	is_int(sdk_parse_double("-1", 0, 10, &d), -1, "double under min");
	is_int(sdk_parse_double("inf", 0, 1e9, &d), -1, "inf rejected");
	is_int(sdk_parse_double("nan", 0, 10, &d), -1, "nan rejected");
	is_int(sdk_parse_double("1e", 0, 10, &d), -1, "double with junk");

	is_int(sdk_status_fold(0, 1), 1, "1 beats 0");
	is_int(sdk_status_fold(2, 1), 2, "2 beats 1");

	fp = open_memstream(&buf, &len);
	sdk_json_string(fp, "a\"b\\c\nd\x01");
	fclose(fp);
	is_str(buf, "\"a\\\"b\\\\c\\nd\\u0001\"", "JSON string escapes");
	free(buf);

	fp = fmemopen((void *)(size_t)"hello", 5, "rb");
	is_int(sdk_read_all(fp, 100, &data, &len), 0, "read all");
	is_int(len, 5, "read all length");
	free(data);
	fclose(fp);
	fp = fmemopen((void *)(size_t)"hello", 5, "rb");
	is_int(sdk_read_all(fp, 4, &data, &len), -1, "read all over limit");
	is_int(errno, EFBIG, "over limit says EFBIG");
	fclose(fp);
}

/* Atomic output: nothing visible until commit, nothing left on abort. */
static void
test_outfile(void)
{
	struct outfile o;
	char dir[] = "/tmp/sdk-test-util.XXXXXX", path[256], *buf;
	FILE *fp;

	ok(mkdtemp(dir) != NULL, "temporary folder");
	snprintf(path, sizeof(path), "%s/out.txt", dir);
	is_int(outfile_open(&o, path), 0, "open");
	fputs("partial", o.fp);
	fflush(o.fp);
	ok(access(path, F_OK) != 0, "final name absent while writing");
	is_int(count_files(dir), 1, "one temporary file while writing");
	outfile_abort(&o);
	is_int(count_files(dir), 0, "abort leaves nothing");

	fp = fopen(path, "w");
	fputs("old", fp);
	fclose(fp);
	is_int(outfile_open(&o, path), 0, "open over an old file");
	fputs("new", o.fp);
	is_int(outfile_commit(&o), 0, "commit");
	fp = fopen(path, "r");
	buf = calloc(1, 16);
	fread(buf, 1, 15, fp);
	fclose(fp);
	is_str(buf, "new", "renamed into place");
	free(buf);
	is_int(count_files(dir), 1, "no temporary left after commit");
	{
		struct stat st;
		mode_t mask = umask(0);

		umask(mask);
		stat(path, &st);
		is_int(st.st_mode & 0777, 0666 & ~mask,
		    "mode as a plain open would give");
	}
	unlink(path);

	/* A device is written to, never replaced. */
	is_int(outfile_open(&o, "/dev/null"), 0, "open /dev/null");
	ok(o.tmp == NULL, "a device is written directly");
	fputs("x", o.fp);
	is_int(outfile_commit(&o), 0, "commit to /dev/null");
	{
		struct stat st;

		ok(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode),
		    "/dev/null is still a device");
	}
	is_int(outfile_open(&o, "/dev/full"), 0, "open /dev/full");
	fputs("x", o.fp);
	fp = freopen("/dev/null", "w", stderr);
	is_int(outfile_commit(&o), -1, "a full device is a write error");
	{
		struct stat st;

		ok(stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode),
		    "/dev/full is still a device");
	}

	snprintf(path, sizeof(path), "%s/no/such/dir/out.txt", dir);
	is_int(outfile_open(&o, path), -1, "unwritable folder fails");
	rmdir(dir);
}

int
main(void)
{
	sdk_setprogname("/usr/bin/sdk-test");
	test_basics();
	test_outfile();
	return tap_done();
}
