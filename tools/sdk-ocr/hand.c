/*
 * hand.c: the kind of every present cell (kind.h) and what its digit
 * would be if it were written by hand, from the networks of
 * models/hand.sdkm (models.h).
 */
#include <string.h>

#include "hand.h"
#include "kind.h"
#include "mlp.h"
#include "models.h"

#define HAND_NEGLIGIBLE	1e-4	/* a kind this unlikely is not read */

static void
hand_average(const float *in, float prob[MLP_OUT])
{
	static struct mlp_set hand;

	if (hand.m == NULL) {
		hand.m = ocr_models()->hand;
		hand.n = ocr_models()->nhand;
	}
	mlp_set_average(&hand, in, prob);
}

/* The mean of one pass's networks (1 or 2) for one cell's inputs. */
static void
kind_average(const float *in, float prob[KIND_N], int pass)
{
	const struct ocr_models *m = ocr_models();
	float	 p[KIND_N];
	int	 k, j, n = pass == 1 ? m->nkind : m->nkind2;

	memset(prob, 0, KIND_N * sizeof(*prob));
	for (k = 0; k < n; k++) {
		if (pass == 1 && m->kind_w1t != NULL)
			kind_forward_t(&m->kind[k], m->kind_w1t +
			    (size_t)k * KIND_IN * KIND_HID, in, p);
		else if (pass == 1)
			kind_forward(&m->kind[k], in, p);
		else
			kind_forward2(&m->kind2[k], in, p);
		for (j = 0; j < KIND_N; j++)
			prob[j] += p[j] / (float)n;
	}
}

/* Both passes of the kind networks over a grid (kind.h). */
static void
kind_grid(const struct cell cell[81], float in[81][KIND_IN],
    float p1[81][KIND_N], float prob[81][KIND_N])
{
	static float in2[81][KIND2_IN];
	unsigned char present[81];
	int	 i;

	kind_inputs(cell, in);
	for (i = 0; i < 81; i++) {
		present[i] = (unsigned char)cell[i].present;
		if (present[i])
			kind_average(in[i], p1[i], 1);
	}
	kind_inputs2(in, present, p1, in2);
	for (i = 0; i < 81; i++)
		if (present[i])
			kind_average(in2[i], prob[i], 2);
}

/*
 * A handwritten digit's probabilities: the networks' on the crop as lit
 * and on the crop with the light taken out (cells.h), averaged: the same
 * under even light, and under a shadow's edge the second has the stroke.
 */
void
hand_digit(const struct cell *cl, float prob[9])
{
	float	 lit[MLP_OUT], flat[MLP_OUT];
	int	 d;

	mlp_variants_average(cl->hand_lit, hand_average, lit);
	mlp_variants_average(cl->hand_flat, hand_average, flat);
	for (d = 0; d < 9; d++)
		prob[d] = (lit[d] + flat[d]) / 2;
}

void
hand_read(const struct cell cell[81], float kind1[81][KIND_N],
    float kind2[81][KIND_N], float digit[81][9])
{
	static float in[81][KIND_IN];
	int	 i;

	kind_grid(cell, in, kind1, kind2);
	for (i = 0; i < 81; i++) {
		if (!cell[i].present)
			continue;
		/* Surely printed by both passes: handwriting would weigh nothing. */
		if (kind1[i][KIND_HAND] < HAND_NEGLIGIBLE &&
		    kind2[i][KIND_HAND] < HAND_NEGLIGIBLE) {
			memset(digit[i], 0, sizeof(digit[i]));
			continue;
		}
		hand_digit(&cell[i], digit[i]);
	}
}
