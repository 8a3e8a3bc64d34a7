/*
 * util.c: messages, exit status, memory, number parsing, checked close.
 */
#define _DEFAULT_SOURCE		/* madvise(MADV_HUGEPAGE) */
#include <sys/mman.h>

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

static const char *progname = "sdk";

void
sdk_setprogname(const char *argv0)
{
	const char *slash;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	progname = slash != NULL ? slash + 1 : argv0;
}

const char *
sdk_getprogname(void)
{
	return progname;
}

const char *
sdk_quote(const char *s, char *buf, size_t len)
{
	const unsigned char *p;
	size_t n = 0;
	int k;

	for (p = (const unsigned char *)s; *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f)
			break;
	if (*p == '\0' || len < 3)
		return s;
	buf[n++] = '\'';
	for (p = (const unsigned char *)s; *p != '\0' && n + 6 < len; p++) {
		if (*p == '\n' || *p == '\t' || *p == '\r')
			k = snprintf(buf + n, len - n, "\\%c", *p == '\n' ?
			    'n' : *p == '\t' ? 't' : 'r');
		else if (*p < 0x20 || *p == 0x7f)
			k = snprintf(buf + n, len - n, "\\x%02x", *p);
		else if (*p == '\\' || *p == '\'')
			k = snprintf(buf + n, len - n, "\\%c", *p);
		else
			k = snprintf(buf + n, len - n, "%c", *p);
		n += (size_t)k;
	}
	buf[n++] = '\'';
	buf[n] = '\0';
	return buf;
}

static void vmessage(const char *, const char *, va_list, const char *)
    __attribute__((format(printf, 2, 0)));

static void
vmessage(const char *source, const char *fmt, va_list ap, const char *tail)
{
	/* Build the line first so that it reaches stderr in one write. */
	char line[1024], quoted[512];
	size_t n;
	int k;

	k = snprintf(line, sizeof(line), "%s: ", progname);
	n = k > 0 ? (size_t)k : 0;
	if (source != NULL && n < sizeof(line)) {
		k = snprintf(line + n, sizeof(line) - n, "%s: ",
		    strcmp(source, "-") == 0 ? "<stdin>" : sdk_quote(source,
		    quoted, sizeof(quoted)));
		n += k > 0 ? (size_t)k : 0;
	}
	if (n < sizeof(line)) {
		k = vsnprintf(line + n, sizeof(line) - n, fmt, ap);
		n += k > 0 ? (size_t)k : 0;
	}
	if (tail != NULL && n < sizeof(line)) {
		k = snprintf(line + n, sizeof(line) - n, ": %s", tail);
		n += k > 0 ? (size_t)k : 0;
	}
	if (n >= sizeof(line) - 1)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	fflush(stdout);
	(void)fwrite(line, 1, n, stderr);
}

void
sdk_vwarnx(const char *source, const char *fmt, va_list ap)
{
	vmessage(source, fmt, ap, NULL);
}

void
sdk_warnx(const char *source, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(source, fmt, ap, NULL);
	va_end(ap);
}

void
sdk_warn(const char *source, const char *fmt, ...)
{
	va_list ap;
	int saved = errno;

	va_start(ap, fmt);
	vmessage(source, fmt, ap, strerror(saved));
	va_end(ap);
}

void
sdk_errx(int status, const char *source, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(source, fmt, ap, NULL);
	va_end(ap);
	exit(status);
}

void
sdk_err(int status, const char *source, const char *fmt, ...)
{
	va_list ap;
	int saved = errno;

	va_start(ap, fmt);
	vmessage(source, fmt, ap, strerror(saved));
	va_end(ap);
	exit(status);
}

int
sdk_status_fold(int a, int b)
{
	return a > b ? a : b;
}

static char input_name[512];

void
sdk_set_input(const char *name)
{
	snprintf(input_name, sizeof(input_name), "%s", name ? name : "");
}

const char *
sdk_input(void)
{
	return input_name[0] != '\0' ? input_name : NULL;
}

void
sdk_nomem(void)
{
	/*
	 * The message is built on the stack; exit() sends the records
	 * complete in stdout's buffer on, and outfile.c's exit handler
	 * removes the temporary file of -o.
	 */
	sdk_errx(SDK_EXIT_ERROR, sdk_input(), "out of memory");
}

void *
sdk_need(void *p)
{
	if (p == NULL)
		sdk_nomem();
	return p;
}


/* Below this a block holds no aligned huge page (2 MB) whole. */
#define BIGALLOC_MIN	(2UL << 20)

void *
sdk_bigalloc(size_t n)
{
	void *p = malloc(n);
#ifdef MADV_HUGEPAGE
	static uintptr_t page;
	uintptr_t a, e;

	if (p == NULL || n < BIGALLOC_MIN)
		return p;
	if (page == 0) {
		long ps = sysconf(_SC_PAGESIZE);

		page = ps > 0 ? (uintptr_t)ps : 4096;
	}
	/* the whole pages of the block; where THP is off, an error: none */
	a = ((uintptr_t)p + page - 1) & ~(page - 1);
	e = ((uintptr_t)p + n) & ~(page - 1);
	if (e > a)
		(void)madvise((void *)a, e - a, MADV_HUGEPAGE);
#endif
	return p;
}

void *
sdk_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		sdk_nomem();
	return p;
}

void *
sdk_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		sdk_nomem();
	return p;
}

void *
sdk_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		sdk_nomem();
	return p;
}

void *
sdk_xreallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		sdk_nomem();
	return sdk_xrealloc(p, n * size);
}

char *
sdk_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(sdk_xmalloc(n), s, n);
}

int
sdk_parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;
	int saved = errno;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || end == s || v < min || v > max) {
		errno = saved;
		return -1;
	}
	errno = saved;
	*out = v;
	return 0;
}

int
sdk_parse_double(const char *s, double min, double max, double *out)
{
	char *end;
	double v;
	int saved = errno;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || end == s || !isfinite(v) ||
	    v < min || v > max) {
		errno = saved;
		return -1;
	}
	errno = saved;
	*out = v;
	return 0;
}

void
sdk_print_version(const char *extra)
{
	printf("%s (sdk) %s\n", progname, SDK_VERSION);
	if (extra != NULL)
		printf("%s\n", extra);
}

int
sdk_close_stdout(void)
{
	int bad;

	bad = fflush(stdout) != 0 || ferror(stdout);
	if (fclose(stdout) != 0)
		bad = 1;
	if (bad) {
		/* A reader that went away (| head -1) is not an error. */
		if (errno == EPIPE)
			return SDK_EXIT_OK;
		sdk_warn(NULL, "write error");
		return SDK_EXIT_ERROR;
	}
	return SDK_EXIT_OK;
}

int
sdk_isatty(FILE *fp)
{
	return isatty(fileno(fp));
}

int
sdk_cmp_double(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
sdk_cmp_float(const void *a, const void *b)
{
	float	 x = *(const float *)a, y = *(const float *)b;

	return x < y ? -1 : x > y;
}

int
sdk_read_all(FILE *fp, size_t maxlen, unsigned char **bufp, size_t *lenp)
{
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	for (;;) {
		if (len == cap) {
			/* Never more than one byte past the limit. */
			cap = cap ? cap * 2 : 65536;
			if (cap > maxlen + 1)
				cap = maxlen + 1;
			buf = sdk_xrealloc(buf, cap);
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
		if (len > maxlen) {
			free(buf);
			errno = EFBIG;
			return -1;
		}
		if (n == 0)
			break;
	}
	if (ferror(fp)) {
		int saved = errno;

		free(buf);
		errno = saved ? saved : EIO;
		return -1;
	}
	*bufp = buf;
	*lenp = len;
	return 0;
}

void
sdk_json_string(FILE *fp, const char *s)
{
	const unsigned char *p;

	putc('"', fp);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", fp);
			break;
		case '\\':
			fputs("\\\\", fp);
			break;
		case '\n':
			fputs("\\n", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		default:
			/* Control bytes escaped; other bytes as they are. */
			if (*p < 0x20 || *p == 0x7f)
				fprintf(fp, "\\u%04x", *p);
			else
				putc(*p, fp);
		}
	}
	putc('"', fp);
}

FILE *
sdk_open_input(const char *name)
{
	FILE *fp;

	if (strcmp(name, "-") == 0)
		return stdin;
	if ((fp = fopen(name, "rb")) == NULL) {
		if (errno == ENOMEM) {
			sdk_set_input(name);
			sdk_nomem();
		}
		sdk_warn(name, "cannot open");
		return NULL;
	}
	return fp;
}

void
sdk_close_input(FILE *fp)
{
	if (fp != NULL && fp != stdin)
		fclose(fp);
}

int
sdk_dlload(const char *lib, const char *const names[], void *const dest[],
    size_t n, char *why, size_t len)
{
	const char *e;
	void *h, *sym;
	size_t i;

	if ((h = dlopen(lib, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		e = dlerror();
		snprintf(why, len, "%s", e != NULL ? e : lib);
		/*
		 * dlopen() keeps no errno: glibc says "failed to map
		 * segment" (or "cannot allocate memory") when mmap() had
		 * no room.
		 */
		if (e != NULL && (strstr(e, "failed to map segment") !=
		    NULL || strstr(e, "annot allocate memory") != NULL))
			sdk_nomem();
		return -1;
	}
	for (i = 0; i < n; i++) {
		if ((sym = dlsym(h, names[i])) == NULL) {
			snprintf(why, len, "%s: no %s", lib, names[i]);
			return -1;
		}
		/* POSIX's way from a data to a function pointer. */
		memcpy(dest[i], &sym, sizeof(sym));
	}
	return 0;
}
