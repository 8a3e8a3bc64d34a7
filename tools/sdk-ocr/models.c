/*
 * models.c: the model files read into networks (models.h), and a set of
 * models averaged (the printed digits', the handwritten digits'), as
 * sdk-ocr reads every crop.  Their first layers are transposed on first
 * use so that mlp_forward_t can skip blank pixels: about a third of
 * mlp_forward's instructions on these crops; the kinds' first pass's
 * as they are read, for kind_forward_t.
 */
#include <stdio.h>
#include <stdlib.h>

#include "models.h"
#include "sdkm.h"
#include "sdk.h"
#include "util.h"

#define MODEL_MAX_BYTES	((size_t)64 << 20)
#define MODEL_MAX_NETS	16	/* networks of a kind averaged, at most */

/* The weights are read into the structs as plain arrays of floats. */
_Static_assert(sizeof(struct mlp) == sizeof(float) * (MLP_HID * MLP_IN +
    MLP_HID + MLP_OUT * MLP_HID + MLP_OUT), "struct mlp has padding");
_Static_assert(sizeof(struct kindnet) == sizeof(float) * (KIND_HID *
    KIND_IN + KIND_HID + KIND_N * KIND_HID + KIND_N),
    "struct kindnet has padding");
_Static_assert(sizeof(struct kindnet2) == sizeof(float) * (KIND2_HID *
    KIND2_IN + KIND2_HID + KIND_N * KIND2_HID + KIND_N),
    "struct kindnet2 has padding");

/* builtin.S: models/printed.sdkm and models/hand.sdkm as built in. */
extern const unsigned char sdk_ocr_printed_sdkm[], sdk_ocr_hand_sdkm[];
extern const uint32_t sdk_ocr_printed_sdkm_size, sdk_ocr_hand_sdkm_size;

/*
 * One model file's groups (want: their shapes), from the file the
 * environment variable env names or else from the built-in copy.
 */
static char *
load(const char *env, const unsigned char *builtin, size_t builtin_len,
    const char *builtin_name, const struct sdkm_group *want, int n,
    struct sdkm_group *got)
{
	const char *path = getenv(env);
	unsigned char *buf = NULL;
	const unsigned char *p = builtin;
	size_t	 len = builtin_len;
	char	 err[256], *about;
	FILE	*fp;

	if (path != NULL && *path != '\0') {
		if ((fp = fopen(path, "rb")) == NULL)
			sdk_err(SDK_EXIT_ERROR, path, "model file (%s)",
			    env);
		if (sdk_read_all(fp, MODEL_MAX_BYTES, &buf, &len) != 0)
			sdk_err(SDK_EXIT_ERROR, path, "model file (%s)",
			    env);
		fclose(fp);
		p = buf;
	}
	if (sdkm_parse(p, len, want, n, got, &about, err, sizeof(err)) != 0)
		sdk_errx(SDK_EXIT_ERROR, path != NULL && *path != '\0' ? path :
		    builtin_name, "%s", err);
	free(buf);
	return about;
}

const struct ocr_models *
ocr_models(void)
{
	static const struct sdkm_group want_printed[] = {
		{ MODEL_MAX_NETS, MLP_IN, MLP_HID, MLP_OUT, NULL }
	}, want_hand[] = {
		{ MODEL_MAX_NETS, KIND_IN, KIND_HID, KIND_N, NULL },
		{ MODEL_MAX_NETS, KIND2_IN, KIND2_HID, KIND_N, NULL },
		{ MODEL_MAX_NETS, MLP_IN, MLP_HID, MLP_OUT, NULL }
	};
	static struct ocr_models m;
	static int loaded;
	struct sdkm_group g[3];
	float	*w1t;
	int	 k;

	if (loaded)
		return &m;
	m.printed_about = load("SDK_OCR_PRINTED_MODEL", sdk_ocr_printed_sdkm,
	    sdk_ocr_printed_sdkm_size, "built-in models/printed.sdkm",
	    want_printed, 1, g);
	m.printed = (const struct mlp *)(void *)g[0].w;
	m.nprinted = g[0].count;
	m.hand_about = load("SDK_OCR_HAND_MODEL", sdk_ocr_hand_sdkm,
	    sdk_ocr_hand_sdkm_size, "built-in models/hand.sdkm", want_hand, 3,
	    g);
	m.kind = (const struct kindnet *)(void *)g[0].w;
	m.nkind = g[0].count;
	w1t = malloc((size_t)m.nkind * KIND_IN * KIND_HID * sizeof(*w1t));
	for (k = 0; w1t != NULL && k < m.nkind; k++)
		kind_transpose(&m.kind[k], w1t + (size_t)k * KIND_IN * KIND_HID);
	m.kind_w1t = w1t;
	m.kind2 = (const struct kindnet2 *)(void *)g[1].w;
	m.nkind2 = g[1].count;
	m.hand = (const struct mlp *)(void *)g[2].w;
	m.nhand = g[2].count;
	loaded = 1;
	return &m;
}

void
mlp_set_average(struct mlp_set *set, const float *in, float prob[MLP_OUT])
{
	int	 k;

	if (!set->tried) {
		set->tried = 1;
		set->w1t = malloc((size_t)set->n * MLP_T_SIZE *
		    sizeof(*set->w1t));
		for (k = 0; set->w1t != NULL && k < set->n; k++)
			mlp_transpose(&set->m[k],
			    set->w1t + (size_t)k * MLP_T_SIZE);
	}
	mlp_average(set->m, set->w1t, set->n, in, prob);
}

void
mlp_models_average(const float *in, float prob[MLP_OUT])
{
	static struct mlp_set printed;

	if (printed.m == NULL) {
		printed.m = ocr_models()->printed;
		printed.n = ocr_models()->nprinted;
	}
	mlp_set_average(&printed, in, prob);
}
