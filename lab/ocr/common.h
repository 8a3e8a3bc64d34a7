/*
 * common.h: what the two trainers (train-printed.c, train-hand.c) share:
 * their random numbers, the change a crop gets each time it is seen, the
 * truth files' digit rows, and writing the model files (sdkm.h).
 */
#ifndef SDK_OCR_GEN_COMMON_H
#define SDK_OCR_GEN_COMMON_H

#include <stdint.h>
#include <stdio.h>

#include "sdkm.h"

/*
 * The training draws' random numbers (xorshift64*).  Not libcommon's
 * rng.h (splitmix64): the models are reproducible from these streams, and
 * another generator would train other models.
 */
uint64_t trng_next(uint64_t *);
double	 trng_unit(uint64_t *);		/* [0, 1) */
double	 trng_range(uint64_t *, double lo, double hi);
float	 trng_gauss(uint64_t *);	/* standard normal */

/*
 * The CELL_NORM x CELL_NORM crop in, changed a little into out: its ink
 * raised to a power between exp(-gamma) and exp(gamma) (fainter or bolder
 * strokes) and, half the time, moved by a pixel.
 */
void	 augment_crop(const float *in, float *out, double gamma,
	    uint64_t *rng);

/*
 * Nine rows of nine numbers from 0 to maxv after skip header lines
 * (wichtounet .dat: 2; kubiesa labels: 0).  0, or -1 when the file is
 * missing or malformed.
 */
int	 truth_read_rows(const char *path, int skip, int maxv,
	    unsigned char t[81]);

/*
 * The model file (sdkm.h) of n groups of networks, each weight as the C
 * text of the models once had it (six significant digits), so that the
 * same inputs write the shipped file again.  0, or -1 (message said).
 */
int	 write_models(const char *path, const char *about,
	    const struct sdkm_group *, int n);

#endif
