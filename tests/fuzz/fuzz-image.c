/*
 * fuzz-image.c: libFuzzer harness for image_decode(), the entry point every
 * photo goes through (its header probed first, then JPEG and PNG by
 * libjpeg/libpng, PNM by our reader, the rest by Leptonica), and for the
 * probe of a file's first bytes as a stream's reader makes it (more to
 * come).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "image.h"
#include "probe.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static int ready;
	char err[256];
	struct probe p;
	PIX *pix;

	if (!ready) {
		image_init();
		setenv("SDK_MAX_PIXELS", "4000000", 1);
		ready = 1;
	}
	(void)probe_image(data, len / 2, 0, &p, err, sizeof(err));
	pix = image_decode(data, len, err, sizeof(err));
	if (pix != NULL) {
		int d = pixGetDepth(pix);

		if (d != 8 && d != 32)
			abort();
		pixDestroy(&pix);
	}
	return 0;
}
