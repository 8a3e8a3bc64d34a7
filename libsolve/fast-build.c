/*
 * fast-build.c: which build of the fast strategy runs (fast.h), and the
 * strategy itself, sdk_engine_fast, which hands each solve to it.  fast.c
 * is compiled up to three times (fast.c, fast-avx2.c, fast-avx512.c),
 * each exporting its search as a pointer; this file, compiled once,
 * chooses among them: the widest the processor and the system run (CPUID,
 * then XGETBV), or the one the environment asks for if it is no wider.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <cpuid.h>
#define FAST_X86
#endif

#include "fast.h"
#include "solve.h"

static const char *const build_name[] = { "portable", "avx2", "avx512" };

#ifdef FAST_X86
/*
 * XCR0, the register state the system saves on a switch: xgetbv(0)
 * (the instruction by its bytes, as -mxsave is not assumed).  Only when
 * CPUID says OSXSAVE.
 */
static uint64_t
xcr0(void)
{
	uint32_t lo, hi;

	__asm__ volatile (".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) :
	    "c"(0));
	return (uint64_t)hi << 32 | lo;
}
#endif

/*
 * The widest build of fast.c the processor and the system run, and
 * that this library has: FAST_BUILD_AVX512 for AVX-512 F, VL, BW, DQ and
 * CD with BMI, BMI2 and POPCNT, and the system saving the opmask and all
 * 32 ZMM registers (XCR0 bits 5-7) beside XMM and YMM (bits 1-2);
 * FAST_BUILD_AVX2 for AVX2, BMI, BMI2 and POPCNT with XMM and YMM saved;
 * else FAST_BUILD_PORTABLE.  What the compiler may use for the -m flags
 * of fast-avx2.c and fast-avx512.c (Makefile) is what is checked here.
 */
static int
fast_build_runnable(void)
{
#ifdef FAST_X86
	unsigned a, b, c, d, b7, c1;
	uint64_t x;
	int best = FAST_BUILD_PORTABLE;

	if (!__get_cpuid(1, &a, &b, &c1, &d))
		return best;
	/* OSXSAVE (27) first, or XGETBV faults; AVX (28), POPCNT (23). */
	if (!(c1 & 1u << 27) || !(c1 & 1u << 28) || !(c1 & 1u << 23))
		return best;
	if (!__get_cpuid_count(7, 0, &a, &b7, &c, &d))
		return best;
	x = xcr0();
	/* AVX2 (5), BMI (3), BMI2 (8); XMM and YMM state. */
	if ((b7 & 0x128) == 0x128 && (x & 0x6) == 0x6 &&
	    fast_avx2_solve != NULL)
		best = FAST_BUILD_AVX2;
	/* AVX512F (16), DQ (17), CD (28), BW (30), VL (31); opmask, ZMM. */
	if (best == FAST_BUILD_AVX2 && (b7 & 0xd0030000u) == 0xd0030000u &&
	    (x & 0xe6) == 0xe6 && fast_avx512_solve != NULL)
		best = FAST_BUILD_AVX512;
	return best;
#else
	return FAST_BUILD_PORTABLE;
#endif
}

/*
 * The build asked for in the environment: SDK_SOLVE_PORTABLE set (any
 * value) asks for the portable one, else SDK_SOLVE_ISA names one.
 * Returns -1 when neither is set, -2 for a name not known.
 */
static int
fast_build_asked(void)
{
	const char *v;
	int i;

	if (getenv("SDK_SOLVE_PORTABLE") != NULL)
		return FAST_BUILD_PORTABLE;
	if ((v = getenv("SDK_SOLVE_ISA")) == NULL || *v == '\0')
		return -1;
	for (i = 0; i < FAST_BUILD_N; i++)
		if (strcmp(v, build_name[i]) == 0)
			return i;
	return -2;
}

int
fast_build_choose(void)
{
	int can = fast_build_runnable(), want = fast_build_asked();

	/* Never wider than the processor runs; a name not known: ignored. */
	return want < 0 || want > can ? can : want;
}

const char *
fast_build_name(int build)
{
	return build >= 0 && build < FAST_BUILD_N ? build_name[build] : NULL;
}

int
fast_build_check(char *msg, size_t len)
{
	const char *v = getenv("SDK_SOLVE_ISA");
	int can = fast_build_runnable(), want = fast_build_asked();

	if (want == -2) {
		snprintf(msg, len, "%s: not a build (portable, avx2 or "
		    "avx512)", v);
		return -1;
	}
	if (want > can) {
		snprintf(msg, len, "%s: this processor runs %s at most", v,
		    build_name[can]);
		return -1;
	}
	return 0;
}

/* fast_build_choose(), asked once (under build_once): read-only after. */
static int build_chosen;
static pthread_once_t build_once = PTHREAD_ONCE_INIT;

static void
build_choose_once(void)
{
	build_chosen = fast_build_choose();
}

static void
fast_solve(const unsigned char *givens, unsigned long limit,
    struct budget *bud, struct solve_result *res,
    const struct solve_trace *trace)
{
	(void)pthread_once(&build_once, build_choose_once);
	if (build_chosen == FAST_BUILD_AVX512)
		fast_avx512_solve(givens, limit, bud, res, trace);
	else if (build_chosen == FAST_BUILD_AVX2)
		fast_avx2_solve(givens, limit, bud, res, trace);
	else
		fast_portable_solve(givens, limit, bud, res, trace);
}

const struct engine sdk_engine_fast = {
	"fast",
	"bit-parallel bands, singles and box-line, two-way branching",
	fast_solve
};
