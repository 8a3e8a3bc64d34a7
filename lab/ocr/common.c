/*
 * common.c: what the model generators share (common.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cells.h"
#include "common.h"
#include "crop.h"

uint64_t
trng_next(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

double
trng_unit(uint64_t *s)
{
	return (trng_next(s) >> 11) * (1.0 / 9007199254740992.0);
}

double
trng_range(uint64_t *s, double lo, double hi)
{
	return lo + (hi - lo) * trng_unit(s);
}

float
trng_gauss(uint64_t *rng)
{
	double	 u1 = trng_unit(rng) + 1e-12, u2 = trng_unit(rng);

	return (float)(sqrt(-2 * log(u1)) * cos(2 * 3.14159265358979323846 *
	    u2));
}

void
augment_crop(const float *in, float *out, double gamma, uint64_t *rng)
{
	float	 g = (float)exp(trng_range(rng, -gamma, gamma));
	int	 dx = 0, dy = 0;

	if (trng_unit(rng) < 0.5) {
		dx = (int)(trng_next(rng) % 3) - 1;
		dy = (int)(trng_next(rng) % 3) - 1;
	}
	/*
	 * The reader's routine: the same floats as this loop wrote before,
	 * since a crop's ink is never below 0 and powf(v, 1) is v.
	 */
	crop_variant(in, out, dx, dy, g);
}

int
truth_read_rows(const char *path, int skip, int maxv, unsigned char t[81])
{
	FILE	*fp;
	char	 line[512], *p, *e;
	int	 r, k, n = 0;
	long	 v;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	for (r = 0; n < 81 && fgets(line, sizeof(line), fp) != NULL; r++) {
		if (r < skip)
			continue;
		p = line;
		for (k = 0; k < 9; k++) {
			v = strtol(p, &e, 10);
			if (e == p || v < 0 || v > maxv) {
				fclose(fp);
				return -1;
			}
			t[n++] = (unsigned char)v;
			p = e;
		}
	}
	fclose(fp);
	return n == 81 ? 0 : -1;
}

/*
 * Each weight rounded to six significant digits as the C text of the
 * models once was ("%.6g", read back as the compiler read it: a double
 * made a float), so that training again from the same inputs writes the
 * shipped file again, bit for bit.
 */
int
write_models(const char *path, const char *about, const struct sdkm_group *g,
    int n)
{
	struct sdkm_group r[SDKM_MAX_GROUPS];
	char	 buf[32];
	size_t	 i, nf;
	int	 k, rc;

	if (n < 1 || n > SDKM_MAX_GROUPS)
		return sdkm_write(path, about, g, n);	/* refused, said */
	for (k = 0; k < n; k++) {
		r[k] = g[k];
		nf = (size_t)g[k].count * sdkm_net_floats(g[k].in, g[k].hid,
		    g[k].out);
		if ((r[k].w = malloc(nf * sizeof(float))) == NULL) {
			perror(path);
			while (k-- > 0)
				free(r[k].w);
			return -1;
		}
		for (i = 0; i < nf; i++) {
			snprintf(buf, sizeof(buf), "%.6g", g[k].w[i]);
			r[k].w[i] = (float)strtod(buf, NULL);
		}
	}
	rc = sdkm_write(path, about, r, n);
	while (k-- > 0)
		free(r[k].w);
	return rc;
}
