/*
 * models.c: a set of compiled-in models averaged (the printed digits'
 * of model.gen.c, the handwritten digits' of model-hand.gen.c), as sdk-ocr
 * reads every crop.  Their first layers are transposed on first use so that
 * mlp_forward_t can skip blank pixels: about a third of mlp_forward's
 * instructions on these crops.  ocr-train, which has no model.gen.c, calls
 * mlp_average itself.
 */
#include <stdlib.h>

#include "mlp.h"

void
mlp_set_average(struct mlp_set *set, const float *in, float prob[MLP_OUT])
{
	int	 k;

	if (!set->tried) {
		set->tried = 1;
		set->w1t = malloc((size_t)set->n * MLP_IN * MLP_HID *
		    sizeof(*set->w1t));
		for (k = 0; set->w1t != NULL && k < set->n; k++)
			mlp_transpose(&set->m[k],
			    set->w1t + (size_t)k * MLP_IN * MLP_HID);
	}
	mlp_average(set->m, set->w1t, set->n, in, prob);
}

void
mlp_models_average(const float *in, float prob[MLP_OUT])
{
	static struct mlp_set printed;

	if (printed.m == NULL) {
		printed.m = mlp_models;
		printed.n = mlp_nmodels;
	}
	mlp_set_average(&printed, in, prob);
}
