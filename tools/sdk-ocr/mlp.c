/*
 * mlp.c: forward pass of the digit classifier.
 */
#include <math.h>

#include "mlp.h"

_Static_assert(MLP_HID % 8 == 0, "mlp_forward_t: whole vectors");

/* The second layer's sums z to probabilities (softmax). */
static void
mlp_softmax(float z[MLP_OUT], float prob[MLP_OUT])
{
	float	 max, sum;
	int	 j;

	max = -1e30f;
	for (j = 0; j < MLP_OUT; j++)
		if (z[j] > max)
			max = z[j];
	sum = 0;
	for (j = 0; j < MLP_OUT; j++) {
		z[j] = expf(z[j] - max);
		sum += z[j];
	}
	for (j = 0; j < MLP_OUT; j++)
		prob[j] = z[j] / sum;
}

/* The hidden activations h to probabilities (second layer, softmax). */
static void
mlp_output(const struct mlp *m, const float h[MLP_HID], float prob[MLP_OUT])
{
	float	 z[MLP_OUT];
	int	 i, j;

	for (j = 0; j < MLP_OUT; j++) {
		float	 s = m->b2[j];

		for (i = 0; i < MLP_HID; i++)
			s += m->w2[j][i] * h[i];
		z[j] = s;
	}
	mlp_softmax(z, prob);
}

void
mlp_forward(const struct mlp *m, const float *in, float *hid,
    float prob[MLP_OUT])
{
	float	 h[MLP_HID];
	int	 i, j;

	for (j = 0; j < MLP_HID; j++) {
		float	 s = m->b1[j];
		const float *w = m->w1[j];

		for (i = 0; i < MLP_IN; i++)
			s += w[i] * in[i];
		h[j] = s > 0 ? s : 0;
		if (hid != NULL)
			hid[j] = h[j];
	}
	mlp_output(m, h, prob);
}

void
mlp_transpose(const struct mlp *m, float *w1t)
{
	float	*w2t = w1t + MLP_IN * MLP_HID;
	int	 i, j;

	for (j = 0; j < MLP_HID; j++)
		for (i = 0; i < MLP_IN; i++)
			w1t[i * MLP_HID + j] = m->w1[j][i];
	for (j = 0; j < MLP_OUT_PAD; j++)
		for (i = 0; i < MLP_HID; i++)
			w2t[i * MLP_OUT_PAD + j] = j < MLP_OUT ? m->w2[j][i] :
			    0;
}

/*
 * Built three times, chosen once at load by the processor (GCC's
 * target_clones: CPUID and the OS's register state): eight hidden units
 * a vector, one register in the AVX2 and AVX-512 builds, two in the
 * default (SSE2) one.  Neither clone may fuse the multiply
 * and the add (AVX2 and AVX-512F do not imply FMA), and each unit's sum
 * keeps its order, so every clone gives the same bits.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
void
mlp_forward_t(const struct mlp *m, const float *w1t, const float *in,
    float prob[MLP_OUT])
{
	const float *w2t = w1t + MLP_IN * MLP_HID;
	float	 h[MLP_HID], z[MLP_OUT_PAD];
	int	 j, k;

	mlp_first_layer_t(m->b1, w1t, MLP_IN, MLP_HID / 8, in, h);
	for (j = 0; j < MLP_HID; j++)
		h[j] = h[j] > 0 ? h[j] : 0;
	/*
	 * The second layer the same way round: hidden unit by hidden unit,
	 * all nine sums at once (and the padding's, unused), each in
	 * mlp_output's order, so the same bits.
	 */
	for (k = 0; k < MLP_OUT_PAD; k++)
		z[k] = k < MLP_OUT ? m->b2[k] : 0;
	for (j = 0; j < MLP_HID; j++) {
		const float *w = w2t + j * MLP_OUT_PAD;

		for (k = 0; k < MLP_OUT_PAD; k++)
			z[k] += w[k] * h[j];
	}
	mlp_softmax(z, prob);
}

void
mlp_average(const struct mlp *m, const float *w1t, int n, const float *in,
    float prob[MLP_OUT])
{
	float	 p[MLP_OUT];
	int	 k, j;

	for (j = 0; j < MLP_OUT; j++)
		prob[j] = 0;
	for (k = 0; k < n; k++) {
		if (w1t != NULL)
			mlp_forward_t(&m[k], w1t + (size_t)k * MLP_T_SIZE,
			    in, p);
		else
			mlp_forward(&m[k], in, NULL, p);
		for (j = 0; j < MLP_OUT; j++)
			prob[j] += p[j] / (float)n;
	}
}
