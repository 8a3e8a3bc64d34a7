/*
 * fuzz-pnm.c: libFuzzer harness for the PNM record reader (many images per
 * stream, any maxval, metadata comments).  What it reads must write back
 * and read again unchanged.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pnm.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct pnm_reader *r, *r2;
	struct pnm img, img2;
	char *buf;
	size_t blen, n;
	FILE *fp, *out, *in2;

	if (len == 0)
		return 0;
	/* Keep each run small: a fuzzer should not spend its time in malloc. */
	setenv("SDK_MAX_PIXELS", "1000000", 1);
	fp = fmemopen((void *)(uintptr_t)data, len, "rb");
	if (fp == NULL)
		return 0;
	r = pnm_reader_new(fp);
	pnm_init(&img);
	pnm_init(&img2);
	while (pnm_read(r, &img) == 1) {
		out = open_memstream(&buf, &blen);
		pnm_write(out, &img);
		fclose(out);
		in2 = fmemopen(buf, blen, "rb");
		r2 = pnm_reader_new(in2);
		n = (size_t)img.width * img.height * img.channels;
		if (pnm_read(r2, &img2) != 1 || img2.width != img.width ||
		    img2.height != img.height ||
		    memcmp(img.pixels, img2.pixels, n) != 0)
			abort();
		pnm_reader_free(r2);
		fclose(in2);
		free(buf);
	}
	pnm_free(&img);
	pnm_free(&img2);
	pnm_reader_free(r);
	fclose(fp);
	return 0;
}
