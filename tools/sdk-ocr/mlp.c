/*
 * mlp.c: forward pass of the digit classifier.
 */
#include <math.h>

#include "mlp.h"

void
mlp_forward(const struct mlp *m, const float *in, float *hid,
    float prob[MLP_OUT])
{
	float	 h[MLP_HID], z[MLP_OUT], max, sum;
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
	max = -1e30f;
	for (j = 0; j < MLP_OUT; j++) {
		float	 s = m->b2[j];

		for (i = 0; i < MLP_HID; i++)
			s += m->w2[j][i] * h[i];
		z[j] = s;
		if (s > max)
			max = s;
	}
	sum = 0;
	for (j = 0; j < MLP_OUT; j++) {
		z[j] = expf(z[j] - max);
		sum += z[j];
	}
	for (j = 0; j < MLP_OUT; j++)
		prob[j] = z[j] / sum;
}

void
mlp_average(const struct mlp *m, int n, const float *in, float prob[MLP_OUT])
{
	float	 p[MLP_OUT];
	int	 k, j;

	for (j = 0; j < MLP_OUT; j++)
		prob[j] = 0;
	for (k = 0; k < n; k++) {
		mlp_forward(&m[k], in, NULL, p);
		for (j = 0; j < MLP_OUT; j++)
			prob[j] += p[j] / (float)n;
	}
}
