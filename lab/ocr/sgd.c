/*
 * sgd.c: the trainers' one training loop (sgd.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "sgd.h"

void
set_add(struct set *s, const float *x, int n, int label, int weight)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 4096;
		if ((s->v = realloc(s->v, s->cap * sizeof(*s->v))) == NULL) {
			perror("training samples");
			exit(2);
		}
	}
	memset(s->v[s->n].x, 0, sizeof(s->v[s->n].x));
	memcpy(s->v[s->n].x, x, (size_t)n * sizeof(*x));
	s->v[s->n].label = (short)label;
	s->v[s->n].weight = (short)weight;
	s->n++;
}

void
net_forward(const struct net *m, const float *x, float *h, float *p)
{
	float	 max = -1e30f, sum = 0;
	int	 a, b;

	for (a = 0; a < m->hid; a++) {
		float	 s = m->b1[a];
		const float *w = m->w1 + (size_t)a * m->in;

		for (b = 0; b < m->in; b++)
			s += w[b] * x[b];
		h[a] = s > 0 ? s : 0;
	}
	for (a = 0; a < m->out; a++) {
		float	 s = m->b2[a];

		for (b = 0; b < m->hid; b++)
			s += m->w2[(size_t)a * m->hid + b] * h[b];
		p[a] = s;
		max = s > max ? s : max;
	}
	for (a = 0; a < m->out; a++)
		sum += p[a] = expf(p[a] - max);
	for (a = 0; a < m->out; a++)
		p[a] /= sum;
}

/* He-initialised weights (ReLU), zero biases. */
static void
net_init(struct net *m, uint64_t *rng)
{
	size_t	 i;

	for (i = 0; i < (size_t)m->in * m->hid; i++)
		m->w1[i] = trng_gauss(rng) * sqrtf(2.0f / (float)m->in);
	for (i = 0; i < (size_t)m->out * m->hid; i++)
		m->w2[i] = trng_gauss(rng) * sqrtf(2.0f / (float)m->hid);
	memset(m->b1, 0, (size_t)m->hid * sizeof(float));
	memset(m->b2, 0, (size_t)m->out * sizeof(float));
}

/* Every sample's index, weight times: an epoch's order before shuffling. */
static size_t *
net_order(const struct set *s, size_t *n)
{
	size_t	*order, i, t;
	int	 a;

	*n = 0;
	for (i = 0; i < s->n; i++)
		*n += (size_t)s->v[i].weight;
	if ((order = malloc((*n + 1) * sizeof(*order))) == NULL)
		exit(2);
	for (i = 0, t = 0; i < s->n; i++)
		for (a = 0; a < s->v[i].weight; a++)
			order[t++] = i;
	return order;
}

/* The velocities of a network's parameters, laid out as struct net's. */
struct velocity {
	float	*w1, *b1, *w2, *b2;
};

/* One step on sample x of the label: the loss's gradient, then SGD. */
static void
net_step(struct net *m, struct velocity *v, const float *x, const float *h,
    const float *p, int label, float lr, int skip_idle)
{
	const float mom = 0.9f;
	float	 dz[NET_MAX_OUT], dh[NET_MAX_HID];
	int	 a, b;

	for (a = 0; a < m->out; a++)
		dz[a] = p[a] - (a == label);
	for (b = 0; b < m->hid; b++) {
		float	 g = 0;

		for (a = 0; a < m->out; a++)
			g += m->w2[(size_t)a * m->hid + b] * dz[a];
		dh[b] = h[b] > 0 ? g : 0;
	}
	for (a = 0; a < m->out; a++) {
		for (b = 0; b < m->hid; b++) {
			size_t	 k = (size_t)a * m->hid + b;

			v->w2[k] = mom * v->w2[k] - lr * dz[a] * h[b];
			m->w2[k] += v->w2[k];
		}
		v->b2[a] = mom * v->b2[a] - lr * dz[a];
		m->b2[a] += v->b2[a];
	}
	for (b = 0; b < m->hid; b++) {
		float	*w = m->w1 + (size_t)b * m->in;
		float	*vw = v->w1 + (size_t)b * m->in;

		if (skip_idle && dh[b] == 0)
			continue;
		for (a = 0; a < m->in; a++) {
			vw[a] = mom * vw[a] - lr * dh[b] * x[a];
			w[a] += vw[a];
		}
		v->b1[b] = mom * v->b1[b] - lr * dh[b];
		m->b1[b] += v->b1[b];
	}
}

/* The crop part of x changed a little (augment_crop), the rest kept. */
static void
augment(const float *in, float *out, int n, double gamma, uint64_t *rng)
{
	int	 i;

	augment_crop(in, out, gamma, rng);
	for (i = MLP_IN; i < n; i++)
		out[i] = in[i];
}

void
net_train(struct net *m, const struct set *s, int nin, uint64_t seed,
    int epochs, const struct sgd *how, const char *what)
{
	size_t	 np = (size_t)m->in * m->hid + m->hid + (size_t)m->out *
	    m->hid + m->out, n, i, j, t;
	float	*vel, x[KIND_IN], h[NET_MAX_HID], p[NET_MAX_OUT], lr;
	struct velocity v;
	size_t	*order;
	uint64_t rng = seed;
	int	 e, a;

	if (m->hid > NET_MAX_HID || m->out > NET_MAX_OUT || nin > KIND_IN)
		abort();
	if ((vel = calloc(np, sizeof(*vel))) == NULL)
		exit(2);
	v.w1 = vel;
	v.b1 = v.w1 + (size_t)m->in * m->hid;
	v.w2 = v.b1 + m->hid;
	v.b2 = v.w2 + (size_t)m->out * m->hid;
	net_init(m, &rng);
	order = net_order(s, &n);
	for (e = 0; e < epochs; e++) {
		double	 loss = 0;
		long	 wrong = 0;

		lr = how->lr * powf(how->decay, (float)e);
		for (i = n - 1; i > 0; i--) {
			j = (size_t)(trng_next(&rng) % (i + 1));
			t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (t = 0; t < n; t++) {
			const struct sample *sp = &s->v[order[t]];
			int	 best = 0;

			if (nin >= MLP_IN)
				augment(sp->x, x, nin, how->gamma, &rng);
			else
				memcpy(x, sp->x, (size_t)nin * sizeof(*x));
			net_forward(m, x, h, p);
			for (a = 1; a < m->out; a++)
				best = p[a] > p[best] ? a : best;
			wrong += best != sp->label;
			loss -= log(p[sp->label] + 1e-12);
			net_step(m, &v, x, h, p, sp->label, lr, how->skip_idle);
		}
		fprintf(stderr, "%s: %s%sepoch %d: loss %.4f, %ld of %zu "
		    "wrong\n", how->prog, what != NULL ? what : "",
		    what != NULL ? ": " : "", e + 1, loss / n, wrong, n);
	}
	free(order);
	free(vel);
}
