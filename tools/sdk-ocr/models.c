/*
 * models.c: the compiled-in models (model.c) averaged, as sdk-ocr reads
 * every crop: their first layers are transposed on first use so that
 * mlp_forward_t can skip blank pixels (about a third of the time of
 * mlp_forward on these crops).  ocr-train, which has no model.c, uses
 * mlp_average.
 */
#include <stdlib.h>

#include "mlp.h"

void
mlp_models_average(const float *in, float prob[MLP_OUT])
{
	static float *w1t;	/* [model][MLP_IN][MLP_HID] */
	static int tried;
	float	 p[MLP_OUT];
	int	 k, j;

	if (!tried) {
		tried = 1;
		w1t = malloc((size_t)mlp_nmodels * MLP_IN * MLP_HID *
		    sizeof(*w1t));
		for (k = 0; w1t != NULL && k < mlp_nmodels; k++)
			mlp_transpose(&mlp_models[k],
			    w1t + (size_t)k * MLP_IN * MLP_HID);
	}
	if (w1t == NULL) {	/* out of memory: the slow way */
		mlp_average(mlp_models, mlp_nmodels, in, prob);
		return;
	}
	for (j = 0; j < MLP_OUT; j++)
		prob[j] = 0;
	for (k = 0; k < mlp_nmodels; k++) {
		mlp_forward_t(&mlp_models[k], w1t + (size_t)k * MLP_IN * MLP_HID,
		    in, p);
		for (j = 0; j < MLP_OUT; j++)
			prob[j] += p[j] / (float)mlp_nmodels;
	}
}
