/*
 * fast-avx512.c: the fast strategy (fast.c) built a third time, for
 * processors with AVX-512 F, VL, BW, DQ and CD (the x86-64-v4 level:
 * Skylake-X and later Intel, Zen 4 and later AMD) and BMI, BMI2 and
 * POPCNT; the Makefile adds the flags on x86-64.  fast-build.c calls
 * this copy when the processor has them and the system saves the AVX-512 registers
 * (CPUID and XGETBV), unless SDK_SOLVE_ISA or SDK_SOLVE_PORTABLE asks
 * for a narrower build; elsewhere fast_avx512_solve is NULL.
 */
#if defined(__AVX512F__) && defined(__AVX512VL__) && \
    defined(__AVX512BW__) && defined(__AVX512DQ__) && \
    defined(__AVX512CD__) && defined(__BMI__) && defined(__BMI2__) && \
    defined(__POPCNT__)
#define FAST_AVX512
#include "fast.c"
#else
#include <stddef.h>

#include "solve.h"

extern void (*const fast_avx512_solve)(const unsigned char *,
    unsigned long, struct budget *, struct solve_result *,
    const struct solve_trace *);
void (*const fast_avx512_solve)(const unsigned char *, unsigned long,
    struct budget *, struct solve_result *, const struct solve_trace *) =
    NULL;
#endif
