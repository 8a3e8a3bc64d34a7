/*
 * fuzz-image.c: libFuzzer harness for image_decode(), the entry point every
 * photo goes through (JPEG and PNG by libjpeg/libpng, PNM by our reader,
 * the rest by Leptonica).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "image.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static int ready;
	char err[256];
	PIX *pix;

	if (!ready) {
		image_init();
		setenv("SDK_MAX_PIXELS", "4000000", 1);
		ready = 1;
	}
	pix = image_decode(data, len, err, sizeof(err));
	if (pix != NULL) {
		int d = pixGetDepth(pix);

		if (d != 8 && d != 32)
			abort();
		pixDestroy(&pix);
	}
	return 0;
}
