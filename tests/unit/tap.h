/*
 * tap.h: a few macros that print TAP ("ok 3 - name"), enough for the unit
 * tests of libcommon.  tests/run counts the lines.
 */
#ifndef SDK_TAP_H
#define SDK_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, want, ...) do {					\
	long tap_g_ = (long)(got), tap_w_ = (long)(want);		\
	if (!ok(tap_g_ == tap_w_, __VA_ARGS__))				\
		printf("#   got %ld, want %ld\n", tap_g_, tap_w_);	\
} while (0)
#define is_str(got, want, ...) do {					\
	const char *tap_g_ = (got), *tap_w_ = (want);			\
	if (!ok(tap_g_ != NULL && tap_w_ != NULL &&			\
	    strcmp(tap_g_, tap_w_) == 0, __VA_ARGS__))			\
		printf("#   got \"%s\"\n#  want \"%s\"\n",		\
		    tap_g_ ? tap_g_ : "(null)", tap_w_ ? tap_w_ : "(null)"); \
} while (0)

static int __attribute__((format(printf, 4, 5), unused))
tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", pass ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass) {
		printf("#   failed at %s:%d\n", file, line);
		tap_failed++;
	}
	return pass;
}

static int __attribute__((unused))
tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
