/*
 * sgd.h: the one training loop of the trainers (train-printed.c,
 * train-hand.c): a two-layer network of any size learnt from a set of
 * samples by plain SGD with momentum on cross-entropy, one sample at a
 * time, the crop part of each sample changed a little every time it is
 * seen (augment_crop).  The trainers differ only in the numbers of
 * struct sgd.
 */
#ifndef SDK_LAB_SGD_H
#define SDK_LAB_SGD_H

#include <stddef.h>
#include <stdint.h>

#include "kind.h"
#include "mlp.h"

/* A sample: the inputs (a crop, then for the kinds the measures). */
struct sample {
	float	 x[KIND_IN];
	short	 label;
	short	 weight;	/* copies per epoch */
};

struct set {
	struct sample *v;
	size_t	 n, cap;
};

/* Add the n inputs x (the rest zero) with their label; exits on ENOMEM. */
void	 set_add(struct set *, const float *x, int n, int label, int weight);

/*
 * A two-layer network of any size, its parameters laid out as struct mlp
 * and struct kindnet lay theirs out: w1[hid][in], b1[hid], w2[out][hid],
 * b2[out].
 */
struct net {
	int	 in, hid, out;
	float	*w1, *b1, *w2, *b2;
};
#define NET_MAX_HID	256
#define NET_MAX_OUT	16

/* A struct mlp, kindnet or kindnet2 as a struct net. */
#define NET_OF(m, nin, nhid, nout) ((struct net){ (nin), (nhid), (nout), \
	&(m).w1[0][0], (m).b1, &(m).w2[0][0], (m).b2 })

/*
 * How a trainer trains: the learning rate of epoch e is lr * decay^e;
 * inputs of a crop or more are augmented with gamma (augment_crop).
 * skip_idle: a hidden unit without gradient for a sample is left alone,
 * its momentum too (ocr-train-hand's choice, faster); otherwise its
 * momentum goes on moving it (ocr-train's).  prog and what begin the
 * log lines ("PROG: WHAT: epoch ...", what may be NULL).
 */
struct sgd {
	float		 lr, decay;
	double		 gamma;
	int		 skip_idle;
	const char	*prog;
};

/*
 * Train m from its starting weights drawn from seed, on the first nin
 * inputs of the samples of s, for the given epochs; one line a epoch on
 * stderr.
 */
void	 net_train(struct net *m, const struct set *s, int nin,
	    uint64_t seed, int epochs, const struct sgd *how, const char *what);

/* A network's probabilities for x; h receives its hidden units. */
void	 net_forward(const struct net *m, const float *x, float *h, float *p);

#endif
