/*
 * feat.c: a development harness.  Print, for every cell of the squares
 * of the streams given, the truth and what cells.c made of it, one line
 * a cell, for awk.
 *
 *	ocr-feat STREAM ...
 */
#include <stdio.h>
#include <stdlib.h>

#include "cells.h"
#include "squares.h"

int
main(int argc, char *argv[])
{
	static struct cell cell[81];
	struct square *v = NULL;
	int	 n = 0, i, k;

	for (i = 1; i < argc; i++)
		if ((n = squares_load(argv[i], &v, n)) < 0) {
			fprintf(stderr, "ocr-feat: %s: cannot read\n",
			    argv[i]);
			return 2;
		}
	printf("name cell truth kind present weak cert h w dx dy contrast "
	    "ink paper\n");
	for (k = 0; k < n; k++) {
		double	 cs = pixGetWidth(v[k].grey) / 9.0;

		if (cells_extract(v[k].grey, cell) != 0)
			continue;
		for (i = 0; i < 81; i++) {
			const struct cell *c = &cell[i];

			printf("%s %d %d %d %d %d %.2f %.3f %.3f %.3f %.3f "
			    "%.1f %.1f %.1f\n", v[k].name, i, v[k].truth[i],
			    v[k].kind[i], c->present, c->weak, c->certainty,
			    c->bh / cs, c->bw / cs,
			    (c->bx + c->bw / 2.0) / cs - i % 9 - 0.5,
			    (c->by + c->bh / 2.0) / cs - i / 9 - 0.5,
			    c->contrast, c->ink, c->paper);
		}
	}
	squares_free(v, n);
	return 0;
}
