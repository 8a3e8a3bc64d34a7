/*
 * rng.h: a small seeded random number generator (splitmix64) with integer
 * arithmetic only, so that a seed gives the same numbers on every machine.
 * libc only.
 */
#ifndef SDK_RNG_H
#define SDK_RNG_H

#include <stdint.h>

struct rng {
	uint64_t	 s;
};

void	 rng_seed(struct rng *, uint64_t seed);
uint64_t rng_next(struct rng *);
/* Uniform in [0, n), n small: multiply-shift on the top 32 bits. */
int	 rng_below(struct rng *, int n);
/* Uniform in [0, 1), 53 bits. */
double	 rng_unit(struct rng *);
/* Fisher-Yates over v[0..n). */
void	 rng_shuffle(struct rng *, int *v, int n);

#endif
