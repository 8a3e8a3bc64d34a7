/*
 * fast.h: which build of the fast strategy (fast.c) runs, chosen by
 * fast-build.c.  Inside libsolve and its programs only: not installed,
 * not exported by the shared library.
 */
#ifndef SDK_FAST_H
#define SDK_FAST_H

#include <stddef.h>

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
