/*
 * hand.c: the kind of every present cell (kind.h) and what its digit
 * would be if it were written by hand, from the generated networks of
 * model-hand.c.
 */
#include <string.h>

#include "hand.h"
#include "kind.h"
#include "mlp.h"

static void
hand_average(const float *in, float prob[MLP_OUT])
{
	mlp_average(mlp_hand_models, NULL, mlp_hand_nmodels, in, prob);
}

void
hand_read(const struct cell cell[81], float kind[81][KIND_N],
    float digit[81][9])
{
	static float in[81][KIND_IN];
	int	 i;

	kind_inputs(cell, in);
	for (i = 0; i < 81; i++) {
		if (!cell[i].present)
			continue;
		kind_forward(&kind_model, in[i], NULL, kind[i]);
		mlp_variants_average(cell[i].norm, hand_average, digit[i]);
	}
}
