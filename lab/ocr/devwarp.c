/*
 * devwarp.c: a development harness.  Straighten photos from the
 * ground-truth corners in outlines.csv beside them and write sdk-warp's
 * records (P5, sdk-source, sdk-size, sdk-quad), so that sdk-ocr can be
 * measured apart from sdk-detect.  -j PCT moves each corner at random by
 * up to PCT % of the side (seeded by the file name), as a detector would.
 *
 *	ocr-devwarp [-j PCT] [-s SIDE] IMAGE ...
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devset.h"
#include "image.h"
#include "pnm.h"

static int
find_quad(const char *img, float q[8])
{
	char	 path[4096], line[1024], *copy, *dir, *base;
	FILE	*fp;
	int	 found = 0;
	size_t	 n;

	copy = strdup(img);
	dir = dirname(copy);
	snprintf(path, sizeof(path), "%s/outlines.csv", dir);
	free(copy);
	copy = strdup(img);
	base = basename(copy);
	n = strlen(base);
	if ((fp = fopen(path, "r")) != NULL) {
		while (fgets(line, sizeof(line), fp) != NULL)
			if (strncmp(line, base, n) == 0 && line[n] == ',' &&
			    sscanf(line + n + 1, "%f,%f,%f,%f,%f,%f,%f,%f",
			    &q[0], &q[1], &q[2], &q[3], &q[4], &q[5], &q[6],
			    &q[7]) == 8) {
				found = 1;
				break;
			}
		fclose(fp);
	}
	free(copy);
	return found;
}

int
main(int argc, char *argv[])
{
	struct pnm out;
	float	 q[8], jit = 0;
	int	 ch, side = 450, i, k;

	image_init();
	while ((ch = getopt(argc, argv, "j:s:")) != -1)
		switch (ch) {
		case 'j':
			jit = strtof(optarg, NULL) / 100;
			break;
		case 's':
			side = atoi(optarg);
			break;
		default:
			return 2;
		}
	pnm_init(&out);
	for (i = optind; i < argc; i++) {
		PIX	*rgb, *grey, *sq;
		unsigned int seed = 5381;
		const char *p;

		if ((rgb = pixRead(argv[i])) == NULL)
			return 2;
		grey = pixGetDepth(rgb) == 32 ?
		    pixConvertRGBToGrayMinMax(rgb, L_CHOOSE_MIN) :
		    pixConvertTo8(rgb, 0);
		meta_clear(&out.meta);
		meta_set(&out.meta, "sdk-source", argv[i]);
		meta_setf(&out.meta, "sdk-size", "%d %d", pixGetWidth(rgb),
		    pixGetHeight(rgb));
		if (!find_quad(argv[i], q)) {
			meta_set(&out.meta, "sdk-status", "no-grid");
			image_to_pnm(grey, &out);
		} else {
			float	 s = q[2] - q[0];

			for (p = argv[i]; *p; p++)
				seed = seed * 33 + (unsigned char)*p;
			srand(seed);
			for (k = 0; k < 8; k++)
				q[k] += jit * s * (2.0f * rand() / RAND_MAX -
				    1);
			meta_setf(&out.meta, "sdk-quad", "%.1f %.1f %.1f %.1f "
			    "%.1f %.1f %.1f %.1f", q[0], q[1], q[2], q[3],
			    q[4], q[5], q[6], q[7]);
			sq = devset_warp(grey, q, side);
			image_to_pnm(sq, &out);
			pixDestroy(&sq);
		}
		pnm_write(stdout, &out);
		pixDestroy(&grey);
		pixDestroy(&rgb);
	}
	pnm_free(&out);
	return 0;
}
