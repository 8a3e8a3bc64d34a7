/*
 * test-mlp.c: the fast forward passes of sdk-ocr's networks (first layer
 * transposed, blank pixels skipped, sums in vector registers) against the
 * plain ones, bit for bit: mlp_forward_t against mlp_forward (the printed
 * and handwritten digits' classifiers), kind_forward_t against
 * kind_forward (the kinds' first pass).  Random weights, and crops from
 * blank to full ink, with negative zeros among the inputs.  The build of
 * the fast passes that runs is the one this processor gets.
 */
#include <stdlib.h>
#include <string.h>

#include "kind.h"
#include "mlp.h"
#include "rng.h"
#include "tap.h"

static float
uniform(struct rng *r, double lo, double hi)
{
	return (float)(lo + (hi - lo) * rng_unit(r));
}

/* Weights and biases in [-0.3, 0.3): n floats from p on. */
static void
weights(float *p, size_t n, struct rng *r)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		p[i] = uniform(r, -0.3, 0.3);
}

/*
 * A crop with the given share of inked pixels, blank ones 0 or -0; then
 * the kinds' measures, of either sign.
 */
static void
crop(float *in, double ink, struct rng *r)
{
	int	 i;

	for (i = 0; i < MLP_IN; i++)
		in[i] = rng_unit(r) < ink ? uniform(r, 0, 1) :
		    rng_unit(r) < 0.5 ? 0.0f : -0.0f;
	for (; i < KIND_IN; i++)
		in[i] = uniform(r, -2, 2);
}

static struct mlp mlp;
static struct kindnet kn;
static float w1t[MLP_T_SIZE], kw1t[KIND_IN * KIND_HID];

int
main(void)
{
	static const double inks[] = { 0, 0.02, 0.3, 0.7, 1 };
	float	 in[KIND_IN], a[MLP_OUT], b[MLP_OUT], ka[KIND_N], kb[KIND_N];
	struct rng r;
	int	 net, k, t, bad, kbad;

	rng_seed(&r, 30);
	for (net = 0; net < 4; net++) {
		weights(&mlp.w1[0][0], sizeof(mlp) / sizeof(float), &r);
		weights(&kn.w1[0][0], sizeof(kn) / sizeof(float), &r);
		mlp_transpose(&mlp, w1t);
		kind_transpose(&kn, kw1t);
		for (k = 0; k < (int)(sizeof(inks) / sizeof(inks[0])); k++) {
			bad = kbad = 0;
			for (t = 0; t < 200; t++) {
				crop(in, inks[k], &r);
				mlp_forward(&mlp, in, NULL, a);
				mlp_forward_t(&mlp, w1t, in, b);
				bad += memcmp(a, b, sizeof(a)) != 0;
				kind_forward(&kn, in, ka);
				kind_forward_t(&kn, kw1t, in, kb);
				kbad += memcmp(ka, kb, sizeof(ka)) != 0;
			}
			is_int(bad, 0, "network %d, ink %.2f: mlp_forward_t "
			    "is mlp_forward to the bit", net, inks[k]);
			is_int(kbad, 0, "network %d, ink %.2f: kind_forward_t "
			    "is kind_forward to the bit", net, inks[k]);
		}
	}
	return tap_done();
}
