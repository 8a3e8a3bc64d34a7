/*
 * fast-avx2.c: the fast strategy (fast.c) built a second time for
 * processors with AVX2, BMI, BMI2 and POPCNT (the Makefile adds the flags
 * on x86-64).  fast-build.c calls this copy when the processor has them,
 * the system saves their registers and no narrower build is asked for
 * (fast-avx512.c is preferred where it runs); elsewhere fast_avx2_solve
 * is NULL.
 */
#if defined(__AVX2__) && defined(__BMI__) && defined(__BMI2__) && \
    defined(__POPCNT__)
#define FAST_AVX2
#include "fast.c"
#else
#include "fast.h"

fast_search_fn *const fast_avx2_solve = NULL;
#endif
