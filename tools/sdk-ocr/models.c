/*
 * models.c: the compiled-in models (model.c) averaged, as sdk-ocr reads
 * every crop.  Their first layers are transposed on first use so that
 * mlp_forward_t can skip blank pixels: about a third of mlp_forward's
 * instructions on these crops.  ocr-train, which has no model.c, calls
 * mlp_average itself.
 */
#include <stdlib.h>

#include "mlp.h"

void
mlp_models_average(const float *in, float prob[MLP_OUT])
{
	static float *w1t;	/* [model][MLP_IN][MLP_HID]; NULL: no memory */
	static int tried;
	int	 k;

	if (!tried) {
		tried = 1;
		w1t = malloc((size_t)mlp_nmodels * MLP_IN * MLP_HID *
		    sizeof(*w1t));
		for (k = 0; w1t != NULL && k < mlp_nmodels; k++)
			mlp_transpose(&mlp_models[k],
			    w1t + (size_t)k * MLP_IN * MLP_HID);
	}
	mlp_average(mlp_models, w1t, mlp_nmodels, in, prob);
}
