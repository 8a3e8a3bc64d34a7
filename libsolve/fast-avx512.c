/*
 * fast-avx512.c: the fast strategy (fast.c) built a third time, for
 * processors with AVX-512 F, VL, BW, DQ and CD (the x86-64-v4 level:
 * Skylake-X and later Intel, Zen 4 and later AMD) and BMI, BMI2 and
 * POPCNT; the Makefile adds the flags on x86-64.  fast-build.c calls
 * this copy when the processor has them and the system saves the
 * AVX-512 registers (CPUID and XGETBV), unless SDK_SOLVE_ISA or
 * SDK_SOLVE_PORTABLE asks for a narrower build; elsewhere
 * fast_avx512_solve is NULL.
 *
 * Besides the wider instructions the compiler picks, this copy does with
 * masks what the others do word by word: clearing a placed or solved
 * cell from the words of its band, and reading a cell's digits out of
 * nine words; it does the band pass's second round in registers, and
 * tells what changed from them rather than by reading back the words
 * just written (the one step of the lot that pays: bench/README.md); it
 * copies the state in whole cache lines.
 */
#if defined(__AVX512F__) && defined(__AVX512VL__) && \
    defined(__AVX512BW__) && defined(__AVX512DQ__) && \
    defined(__AVX512CD__) && defined(__BMI__) && defined(__BMI2__) && \
    defined(__POPCNT__)
#define FAST_AVX512
#include "fast.c"
#else
#include "fast.h"

fast_search_fn *const fast_avx512_solve = NULL;
#endif
