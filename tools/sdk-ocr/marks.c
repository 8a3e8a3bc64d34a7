/*
 * marks.c: the candidates of a cell of pencil marks read (marks.h).
 *
 * A glyph's place on the cell's 3 x 3 lattice says its digit: most apps
 * draw candidate d at column (d - 1) % 3, row (d - 1) / 3.  The printed
 * digits' models read each glyph too (its crop is cut as a digit's is),
 * and a glyph they are sure is another digit is left out: an app that
 * places its candidates otherwise, or a smudge in the wrong place, gives
 * no digit rather than a wrong one.  Measured on made screenshots (seeds
 * 1 and 2, light and dark, PNG and JPEG: 9256 candidates in 3146 cells,
 * bench/README.md), in the cells found: the models alone missed 189
 * digits and invented 42 (a small glyph misread); both required to agree
 * missed 187, invented 4; the place alone missed 134, invented 13; the
 * place with the models' veto missed 137, invented 13.  A digit missed is
 * worse than one invented: it makes a pencil mistake of a right mark.
 */
#include "marks.h"
#include "mlp.h"

#define VETO	0.9f	/* the models this sure of another digit */

unsigned short
marks_read(const struct cell *cl)
{
	float	 prob[MLP_OUT];
	unsigned short set = 0;
	int	 i, d, best;

	for (i = 0; i < cl->ncand; i++) {
		const struct cand *c = &cl->cand[i];

		mlp_variants_average(c->norm, mlp_models_average, prob);
		for (best = 0, d = 1; d < MLP_OUT; d++)
			if (prob[d] > prob[best])
				best = d;
		if (best == c->place || prob[best] < VETO)
			set |= (unsigned short)(1u << (c->place + 1));
	}
	return set;
}
