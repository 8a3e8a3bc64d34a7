/*
 * replay.c: runs a fuzz harness over files without libFuzzer, printing TAP,
 * so that make check replays the seed corpus and every input that once
 * crashed (tests/fuzz/regress/) under the normal and sanitizer builds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
main(int argc, char *argv[])
{
	unsigned char *data;
	size_t len;
	FILE *fp;
	int i, n = 0;

	for (i = 1; i < argc; i++) {
		if ((fp = fopen(argv[i], "rb")) == NULL ||
		    sdk_read_all(fp, 1 << 24, &data, &len) != 0) {
			printf("not ok %d - %s: cannot read\n", ++n, argv[i]);
			if (fp != NULL)
				fclose(fp);
			continue;
		}
		fclose(fp);
		LLVMFuzzerTestOneInput(data, len);
		free(data);
		/* Reaching here is the test: a crash or abort ends the run. */
		printf("ok %d - %s\n", ++n, argv[i]);
	}
	printf("1..%d\n", n);
	return 0;
}
