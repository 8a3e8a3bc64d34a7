/*
 * engine-mlp.c: the built-in classifier as an sdk-ocr engine.
 */
#include "engine.h"
#include "mlp.h"

static int
mlp_open(void)
{
	return 0;
}

static int
mlp_read(PIX *grey, const struct cell *cell, float prob[81][9])
{
	int	 i;

	(void)grey;
	for (i = 0; i < 81; i++)
		if (cell[i].present)
			mlp_forward(&mlp_digits, cell[i].norm, NULL, prob[i]);
	return 0;
}

static void
mlp_close(void)
{
}

static const char *
mlp_version(void)
{
	return mlp_digits_about;
}

const struct engine engine_mlp = {
	"mlp", mlp_open, mlp_read, mlp_close, mlp_version
};
