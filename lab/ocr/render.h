/*
 * render.h: synthetic straightened grids for training: digits rendered
 * with FreeType from Debian's fonts into a grid with lines, then blurred
 * and made noisy, so that they go through the same cell extraction as
 * the photos.
 */
#ifndef SDK_OCR_RENDER_H
#define SDK_OCR_RENDER_H

#include <stdint.h>

#include <leptonica/allheaders.h>

/* Open the fonts; returns how many loaded (0: none). */
int	 render_init(const char *const *paths, int n);
void	 render_done(void);
/*
 * A side x side grid with random digits (truth[81]: 0 empty, 1-9), all
 * drawn from one random font and style.  NULL on failure.
 */
PIX	*render_grid(uint64_t *rng, int side, unsigned char truth[81]);

#endif
