/*
 * kind.c: the inputs and forward pass of the kind network (kind.h).
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "kind.h"

static int
cmp_float(const void *a, const void *b)
{
	float	 x = *(const float *)a, y = *(const float *)b;

	return x < y ? -1 : x > y;
}

/* The median of the present cells' values of one measure. */
static float
median_of(const struct cell cell[81], size_t off)
{
	float	 v[81];
	int	 i, n = 0;

	for (i = 0; i < 81; i++)
		if (cell[i].present)
			memcpy(&v[n++], (const char *)&cell[i] + off,
			    sizeof(float));
	if (n == 0)
		return 0;
	qsort(v, (size_t)n, sizeof(v[0]), cmp_float);
	return v[n / 2];
}

void
kind_inputs(const struct cell cell[81], float in[81][KIND_IN])
{
	float	 mh, mc, mi;
	int	 i;

	/* Against the grid's typical digit: a font has one size, one ink. */
	mh = median_of(cell, offsetof(struct cell, height));
	mc = median_of(cell, offsetof(struct cell, contrast));
	mi = median_of(cell, offsetof(struct cell, ink));
	for (i = 0; i < 81; i++) {
		const struct cell *c = &cell[i];
		float	*f = in[i] + MLP_IN;

		if (!c->present)
			continue;
		memcpy(in[i], c->norm, sizeof(c->norm));
		f[0] = c->height * 2;
		f[1] = c->width * 2;
		f[2] = c->dx * 4;
		f[3] = c->dy * 4;
		f[4] = c->contrast / 128;
		f[5] = c->ink / 128;
		f[6] = mh > 0 ? (c->height / mh - 1) * 4 : 0;
		f[7] = mc > 0 ? (c->contrast / mc - 1) * 2 : 0;
		f[8] = (c->ink - mi) / 32;
	}
}

void
kind_forward(const struct kindnet *m, const float *in, float *hid,
    float prob[KIND_N])
{
	float	 h[KIND_HID], z[KIND_N], max = -1e30f, sum = 0;
	int	 i, j;

	for (j = 0; j < KIND_HID; j++) {
		float	 s = m->b1[j];

		for (i = 0; i < KIND_IN; i++)
			s += m->w1[j][i] * in[i];
		h[j] = s > 0 ? s : 0;
		if (hid != NULL)
			hid[j] = h[j];
	}
	for (j = 0; j < KIND_N; j++) {
		float	 s = m->b2[j];

		for (i = 0; i < KIND_HID; i++)
			s += m->w2[j][i] * h[i];
		z[j] = s;
		if (s > max)
			max = s;
	}
	for (j = 0; j < KIND_N; j++) {
		z[j] = expf(z[j] - max);
		sum += z[j];
	}
	for (j = 0; j < KIND_N; j++)
		prob[j] = z[j] / sum;
}
