/*
 * kind.c: the inputs and forward pass of the kind network (kind.h).
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "kind.h"
#include "util.h"

_Static_assert(KIND_HID % 8 == 0 && KIND_HID <= MLP_HID,
    "kind_forward_t: whole vectors, as many as mlp_first_layer_t holds");

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
	qsort(v, (size_t)n, sizeof(v[0]), sdk_cmp_float);
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

/*
 * A two-layer network (ReLU, softmax) laid out as struct kindnet and
 * kindnet2 are: w1[hid][in], b1[hid], w2[KIND_N][hid], b2[KIND_N]; the
 * first layer's sums h[] given, the rest here.
 */
static void
dense_output(const float *w2, const float *b2, int nhid, const float *h,
    float prob[KIND_N])
{
	float	 r[KIND_HID > KIND2_HID ? KIND_HID : KIND2_HID], z[KIND_N];
	float	 max = -1e30f, sum = 0;
	int	 i, j;

	for (i = 0; i < nhid; i++)
		r[i] = h[i] > 0 ? h[i] : 0;
	for (j = 0; j < KIND_N; j++) {
		float	 s = b2[j];

		for (i = 0; i < nhid; i++)
			s += w2[j * nhid + i] * r[i];
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

static void
dense_forward(const float *w1, const float *b1, const float *w2,
    const float *b2, int nin, int nhid, const float *in, float prob[KIND_N])
{
	float	 h[KIND_HID > KIND2_HID ? KIND_HID : KIND2_HID];
	int	 i, j;

	for (j = 0; j < nhid; j++) {
		float	 s = b1[j];

		for (i = 0; i < nin; i++)
			s += w1[j * nin + i] * in[i];
		h[j] = s;
	}
	dense_output(w2, b2, nhid, h, prob);
}

void
kind_transpose(const struct kindnet *m, float *w1t)
{
	int	 i, j;

	for (j = 0; j < KIND_HID; j++)
		for (i = 0; i < KIND_IN; i++)
			w1t[i * KIND_HID + j] = m->w1[j][i];
}

/*
 * kind_forward from the first layer transposed (kind_transpose), as
 * mlp_forward_t does (mlp_first_layer_t): the same bits.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
void
kind_forward_t(const struct kindnet *m, const float *w1t, const float *in,
    float prob[KIND_N])
{
	float	 h[KIND_HID];

	mlp_first_layer_t(m->b1, w1t, KIND_IN, KIND_HID / 8, in, h);
	dense_output(&m->w2[0][0], m->b2, KIND_HID, h, prob);
}

void
kind_forward(const struct kindnet *m, const float *in, float prob[KIND_N])
{
	dense_forward(&m->w1[0][0], m->b1, &m->w2[0][0], m->b2, KIND_IN,
	    KIND_HID, in, prob);
}

void
kind_forward2(const struct kindnet2 *m, const float *in2, float prob[KIND_N])
{
	dense_forward(&m->w1[0][0], m->b1, &m->w2[0][0], m->b2, KIND2_IN,
	    KIND2_HID, in2, prob);
}

/* The measures the second pass compares (first-pass inputs, kind_inputs). */
static const int compared[] = { 0, 1, 4, 5 };	/* height, width, contrast, ink */
#define NCOMPARED	4

/*
 * The weighted median of each compared measure over the present cells,
 * each weighed by its first-pass probability of kind k; 0 with no weight.
 */
static void
population(float in[81][KIND_IN], const unsigned char present[81],
    float p1[81][KIND_N], int k, float med[NCOMPARED], float *mass)
{
	float	 v[81], w[81], t;
	int	 i, j, a, n;

	for (a = 0; a < NCOMPARED; a++) {
		float	 total = 0, acc = 0;

		for (i = 0, n = 0; i < 81; i++)
			if (present[i]) {
				v[n] = in[i][MLP_IN + compared[a]];
				w[n++] = p1[i][k];
			}
		/* Sort by value (insertion: at most 81). */
		for (i = 1; i < n; i++)
			for (j = i; j > 0 && v[j] < v[j - 1]; j--) {
				t = v[j], v[j] = v[j - 1], v[j - 1] = t;
				t = w[j], w[j] = w[j - 1], w[j - 1] = t;
			}
		for (i = 0; i < n; i++)
			total += w[i];
		med[a] = 0;
		for (i = 0; i < n && total > 0; i++)
			if ((acc += w[i]) >= total / 2) {
				med[a] = v[i];
				break;
			}
		*mass = total;	/* the same for every measure */
	}
}

void
kind_inputs2(float in[81][KIND_IN], const unsigned char present[81],
    float p1[81][KIND_N], float in2[81][KIND2_IN])
{
	float	 mp[NCOMPARED], mh[NCOMPARED], np, nh;
	int	 i, a, k;

	population(in, present, p1, KIND_PRINTED, mp, &np);
	population(in, present, p1, KIND_HAND, mh, &nh);
	for (i = 0; i < 81; i++) {
		float	*f = in2[i];

		if (!present[i])
			continue;
		for (k = 0; k < KIND_N; k++)
			*f++ = p1[i][k];
		for (a = 0; a < NCOMPARED; a++) {
			float	 v = in[i][MLP_IN + compared[a]];

			*f++ = v;
			*f++ = np > 0 ? (v - mp[a]) * 4 : 0;
			*f++ = nh > 0 ? (v - mh[a]) * 4 : 0;
		}
		*f++ = np / 27;
		*f++ = nh / 27;
	}
}
