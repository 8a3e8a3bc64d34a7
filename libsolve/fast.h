/*
 * fast.h: which build of the fast strategy (fast.c) runs, chosen by
 * fast-build.c.  Inside libsolve and its programs only: not installed,
 * not exported by the shared library.
 */
#ifndef SDK_FAST_H
#define SDK_FAST_H

#include <stddef.h>

#include "solve.h"

/*
 * A build's search: fast.c compiled as it is (fast_portable_solve), for
 * AVX2 (fast-avx2.c) and for AVX-512 (fast-avx512.c); NULL for a build
 * this compiler or processor family does not make.
 */
typedef void fast_search_fn(const unsigned char *, unsigned long,
    struct budget *, struct solve_result *, const struct solve_trace *);
extern fast_search_fn *const fast_portable_solve;
extern fast_search_fn *const fast_avx2_solve;
extern fast_search_fn *const fast_avx512_solve;

/* From narrowest to widest: each runs where the wider ones do not. */
enum {
	FAST_BUILD_PORTABLE,	/* fast.c: x86-64 baseline, or any C */
	FAST_BUILD_AVX2,	/* fast-avx2.c */
	FAST_BUILD_AVX512,	/* fast-avx512.c */
	FAST_BUILD_N
};

/*
 * The build fast_solve() runs: the widest the processor and the system
 * run, or the one the environment asks for (SDK_SOLVE_PORTABLE,
 * SDK_SOLVE_ISA) if it is no wider.
 */
int		 fast_build_choose(void);
/* "portable", "avx2", "avx512"; NULL for no build. */
const char	*fast_build_name(int);
/*
 * 0 when SDK_SOLVE_ISA is unset or names a build the processor runs,
 * else -1 and why in msg, without the variable's name (fast_build_choose()
 * then runs the widest build the processor runs).
 */
int		 fast_build_check(char *msg, size_t len);

#endif
