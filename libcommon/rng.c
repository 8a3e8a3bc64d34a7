/*
 * rng.c: splitmix64 (rng.h).
 */
#include <stdint.h>

#include "rng.h"

void
rng_seed(struct rng *r, uint64_t seed)
{
	r->s = seed;
}

uint64_t
rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int
rng_below(struct rng *r, int n)
{
	return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

double
rng_unit(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

void
rng_shuffle(struct rng *r, int *v, int n)
{
	int i, j, t;

	for (i = n - 1; i > 0; i--) {
		j = rng_below(r, i + 1);
		t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}
