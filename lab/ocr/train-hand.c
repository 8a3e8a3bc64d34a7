/*
 * train-hand.c: train what sdk-ocr needs for started puzzles and write its
 * model file (models/hand.sdkm, doc/models.md): the kind network (kind.h:
 * printed, handwritten, pencil marks) and the classifiers of handwritten
 * digits.  "make model-hand" runs it.
 *
 *	ocr-train-hand [-e EPOCHS] [-g GRIDS] [-H GRIDS] [-m MODELS] [-s SEED]
 *	    [-w WEIGHT] [-k KINDS] [-P STREAM] -o FILE STREAM ...
 *
 * Each STREAM is sdk-warp's output over photos with ground truth beside
 * them (squares.h): the photos as the pipeline straightens them, so that
 * the networks learn from what sdk-ocr will see.  -P names a stream of
 * photos without handwriting (every digit printed); GRIDS grids drawn in
 * the training fonts are print too (screenshots, drawn grids).  KINDS
 * gives, for photos whose truth does not say which digits are printed
 * (kubiesa), a line "PUZZLE KINDS81" (P printed, H handwritten, '.'
 * unknown) for the photos whose name starts with PUZZLE.  A digit of unknown kind still
 * teaches the handwriting classifier its value.  Seeded and
 * single-threaded: the same inputs write the same file.
 */
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "kind.h"
#include "mlp.h"
#include "fonts.h"
#include "common.h"
#include "sgd.h"
#include "render.h"
#include "squares.h"

#define MAX_MODELS	4
#define MAX_KINDS	256
#define HAND_WEIGHT	3	/* a handwritten digit is seen this often */
#define MAX_DISAGREE	12	/* cells: more, and a square is left out */

static struct set kinds, digits;

/* The kind samples of each grid kept together, for the second pass. */
struct gridset {
	int		 group;		/* photos of one puzzle share it */
	float		 in[81][KIND_IN];
	unsigned char	 present[81];
	signed char	 label[81];	/* a kind, or -1 when unknown */
	signed char	 weight[81];
};
static struct gridset *gridsets;
static size_t ngridsets;
/* Cells of marks that are no digit are few: each is seen this often. */
static int pencil_weight = 1;

static struct {
	char	 puzzle[32];
	char	 kind[82];
} known[MAX_KINDS];
static int nknown;

static int
load_kinds(const char *path)
{
	FILE	*fp;
	char	 line[256];

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	while (nknown < MAX_KINDS && fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "%31s %81s", known[nknown].puzzle,
		    known[nknown].kind) == 2 &&
		    strlen(known[nknown].kind) == 81)
			nknown++;
	fclose(fp);
	return 0;
}

/* The kind of cell i of a square, from its truth or from -k. */
static int
kind_of(const struct square *sq, int i, int printed)
{
	int	 k;

	if (printed)
		return KIND_PRINTED;
	if (sq->kind[i] == KIND_PRINTED_TRUTH)
		return KIND_PRINTED;
	if (sq->kind[i] == KIND_HAND_TRUTH)
		return KIND_HAND;
	for (k = 0; k < nknown; k++)
		if (strncmp(sq->name, known[k].puzzle,
		    strlen(known[k].puzzle)) == 0)
			return known[k].kind[i] == 'P' ? KIND_PRINTED :
			    known[k].kind[i] == 'H' ? KIND_HAND : -1;
	return -1;
}

/*
 * A digit sample for the handwriting classifiers: the cell's inputs with
 * the crop they read (cells.h: hand_lit, grown to faint strokes) in place
 * of the print's.
 */
static void
add_digit(const struct cell *c, const float *in, int label, int weight)
{
	float	 x[KIND_IN];

	memcpy(x, in, sizeof(x));
	memcpy(x, c->hand_lit, sizeof(c->hand_lit));
	set_add(&digits, x, KIND_IN, label, weight);
}

/* The cells of one square as samples. */
static void
add_square(const struct square *sq, int printed, int group)
{
	static struct cell cell[81];
	static float in[81][KIND_IN];
	int	 i, k, t;

	struct gridset *gs;

	if (cells_extract(sq->grey, cell) != 0)
		return;
	/*
	 * A square whose cells disagree with the truth this much is not the
	 * grid (sdk-detect took something else): its labels would teach lies.
	 */
	for (i = 0, k = 0; i < 81; i++)
		k += cell[i].present != (sq->truth[i] != 0);
	if (k > MAX_DISAGREE) {
		fprintf(stderr, "ocr-train-hand: %s: %d cells disagree with "
		    "the truth: left out\n", sq->name, k);
		return;
	}
	kind_inputs(cell, in);
	if ((gridsets = realloc(gridsets, (ngridsets + 1) *
	    sizeof(*gridsets))) == NULL) {
		perror("ocr-train-hand");
		exit(2);
	}
	gs = &gridsets[ngridsets++];
	gs->group = group;
	memcpy(gs->in, in, sizeof(gs->in));
	for (i = 0; i < 81; i++) {
		gs->present[i] = (unsigned char)cell[i].present;
		gs->label[i] = -1;
		if (!cell[i].present)
			continue;
		t = sq->truth[i];
		if (t == 0 || t == TRUTH_PENCIL) {
			/* Marks that are no digit: read as empty. */
			gs->label[i] = t ? KIND_PENCIL : KIND_NOISE;
			gs->weight[i] = (signed char)pencil_weight;
			continue;
		}
		k = kind_of(sq, i, printed);
		if (k >= 0) {
			gs->label[i] = (signed char)k;
			gs->weight[i] = 1;
		}
		/*
		 * Printed digits teach the handwriting classifiers the digits'
		 * shapes too (handwriting is scarce), handwriting counts more.
		 */
		add_digit(&cell[i], in[i], t - 1,
		    k == KIND_HAND ? HAND_WEIGHT : 1);
	}
}

/*
 * Grids drawn in the training fonts (render.c), as screenshots and
 * drawn grids look: print too, however clean and dark.
 */
static void
add_synthetic(uint64_t seed, int ngrids)
{
	uint64_t rng = seed;
	struct square sq;
	int	 g;

	memset(&sq, 0, sizeof(sq));
	for (g = 0; g < ngrids; g++) {
		if ((sq.grey = render_grid(&rng, 450, sq.truth)) == NULL)
			continue;
		/* Each drawn grid a puzzle of its own. */
		add_square(&sq, 1, 1000000 + g);
		pixDestroy(&sq.grey);
	}
}

/*
 * Grids drawn in handwriting faces: their digits teach the handwriting
 * classifiers only (weight 1, as a printed digit's).
 */
static void
add_hand_synthetic(uint64_t seed, int ngrids)
{
	static struct cell cell[81];
	static float in[81][KIND_IN];
	unsigned char truth[81];
	uint64_t rng = seed;
	PIX	*grey;
	int	 g, i;

	for (g = 0; g < ngrids; g++) {
		if ((grey = render_grid(&rng, 450, truth)) == NULL)
			continue;
		if (cells_extract(grey, cell) == 0) {
			kind_inputs(cell, in);
			for (i = 0; i < 81; i++)
				if (cell[i].present && truth[i] != 0)
					add_digit(&cell[i], in[i],
					    truth[i] - 1, 1);
		}
		pixDestroy(&grey);
	}
}

/*
 * The first pass's samples: the labelled cells of the grids outside half
 * `half' of the puzzles (by group parity; -1: every grid).
 */
static void
kinds_from_grids(struct set *s, int half)
{
	size_t	 g;
	int	 i;

	s->n = 0;
	for (g = 0; g < ngridsets; g++) {
		const struct gridset *gs = &gridsets[g];

		if (half >= 0 && gs->group % 2 == half)
			continue;
		for (i = 0; i < 81; i++)
			if (gs->present[i] && gs->label[i] >= 0)
				set_add(s, gs->in[i], KIND_IN, gs->label[i],
				    gs->weight[i]);
	}
}

/*
 * The second pass's samples for the grids of half `half': their cells
 * through a first pass kn that did not see them (trained on the other
 * half), then kind_inputs2.  A first pass is surer of what it was
 * trained on than of new photos, and the second pass must learn from the
 * first pass as it is on new photos.
 */
static void
add_second(const struct kindnet *kn, int half, struct set *s)
{
	static float p1[81][KIND_N], in2[81][KIND2_IN];
	float	 x[KIND_IN];
	size_t	 g;
	int	 i;

	memset(x, 0, sizeof(x));
	for (g = 0; g < ngridsets; g++) {
		struct gridset *gs = &gridsets[g];

		if (gs->group % 2 != half)
			continue;

		for (i = 0; i < 81; i++)
			if (gs->present[i])
				kind_forward(kn, gs->in[i], p1[i]);
		kind_inputs2(gs->in, gs->present, p1, in2);
		for (i = 0; i < 81; i++)
			if (gs->present[i] && gs->label[i] >= 0) {
				memcpy(x, in2[i], sizeof(in2[i]));
				set_add(s, x, KIND_IN, gs->label[i],
				    gs->weight[i]);
			}
	}
}

static void
usage(void)
{
	fprintf(stderr, "usage: ocr-train-hand [-e EPOCHS] [-g GRIDS] [-H GRIDS] "
	    "[-m MODELS] [-s SEED]\n"
	    "                      [-w WEIGHT] [-k KINDS] [-P STREAM] -o FILE "
	    "STREAM ...\n");
	exit(2);
}

/* What is trained, and from what. */
struct config {
	const char	*out;		/* -o: the model file written */
	const char	*printed;	/* -P: a stream of printed photos */
	const char	*kindfile;	/* -k: kinds of the kubiesa puzzles */
	long		 epochs, nm, seed, grids, hand_grids;
	char *const	*streams;	/* the operands */
};

/* The networks trained (static: some megabytes). */
static struct kindnet kn[KIND_MODELS];
static struct kindnet2 kn2[KIND_MODELS];
static struct mlp hm[MAX_MODELS];

/* A kind network, a second pass's, a digit classifier: as a struct net. */
#define NET1(m)	NET_OF(m, KIND_IN, KIND_HID, KIND_N)
#define NET2(m)	NET_OF(m, KIND2_IN, KIND2_HID, KIND_N)
#define NETD(m)	NET_OF(m, MLP_IN, MLP_HID, MLP_OUT)

/* Gentler than ocr-train's: less augmentation, a slower decay. */
static const struct sgd hand_sgd = {
	0.004f, 0.85f, 0.4, 1, "ocr-train-hand"
};

static void
parse_args(int argc, char *argv[], struct config *c)
{
	int	 ch;

	*c = (struct config){ .epochs = 15, .nm = 4, .seed = 1, .grids = 100,
	    .hand_grids = 150 };
	while ((ch = getopt(argc, argv, "e:g:H:k:m:o:P:s:w:")) != -1) {
		switch (ch) {
		case 'e':
			c->epochs = strtol(optarg, NULL, 10);
			break;
		case 'g':
			c->grids = strtol(optarg, NULL, 10);
			break;
		case 'H':
			c->hand_grids = strtol(optarg, NULL, 10);
			break;
		case 'k':
			c->kindfile = optarg;
			break;
		case 'm':
			c->nm = strtol(optarg, NULL, 10);
			break;
		case 'o':
			c->out = optarg;
			break;
		case 'P':
			c->printed = optarg;
			break;
		case 's':
			c->seed = strtol(optarg, NULL, 10);
			break;
		case 'w':
			pencil_weight = (int)strtol(optarg, NULL, 10);
			break;
		default:
			usage();
		}
	}
	if (c->out == NULL || optind == argc || c->nm < 1 ||
	    c->nm > MAX_MODELS || c->epochs < 1)
		usage();
	c->streams = argv + optind;
}

/*
 * Every sample: the squares of the streams (-P's all printed), then the
 * drawn grids.  Returns how many squares, or -1 (message said).
 */
static int
load_samples(const struct config *c)
{
	struct square *sq = NULL;
	char *const *st;
	int	 n = 0, np = 0, i;

	if (c->kindfile != NULL && load_kinds(c->kindfile) != 0) {
		perror(c->kindfile);
		return -1;
	}
	if (c->printed != NULL &&
	    (np = squares_load(c->printed, &sq, 0)) < 0) {
		fprintf(stderr, "ocr-train-hand: %s: cannot read\n",
		    c->printed);
		return -1;
	}
	n = np;
	for (st = c->streams; *st != NULL; st++)
		if ((n = squares_load(*st, &sq, n)) < 0) {
			fprintf(stderr, "ocr-train-hand: %s: cannot read\n",
			    *st);
			return -1;
		}
	for (i = 0; i < n; i++)
		add_square(&sq[i], i < np, sq[i].group);
	squares_free(sq, n);
	if (c->grids > 0) {
		if (render_init(font_paths, font_count) != font_count) {
			fprintf(stderr, "ocr-train-hand: cannot load every "
			    "font (scripts/install-deps installs them)\n");
			return -1;
		}
		add_synthetic(0x5DEECE66DULL ^ (uint64_t)c->seed,
		    (int)c->grids);
		render_done();
	}
	if (c->hand_grids > 0) {
		if (render_init(hand_font_paths, hand_font_count) !=
		    hand_font_count) {
			fprintf(stderr, "ocr-train-hand: cannot load every "
			    "handwriting font (scripts/install-deps installs "
			    "them)\n");
			return -1;
		}
		add_hand_synthetic(0x2545F4914F6CDD1DULL ^ (uint64_t)c->seed,
		    (int)c->hand_grids);
		render_done();
	}
	return n;
}

/*
 * The first pass's networks, then the second pass's from the first
 * pass's kinds of puzzles it did not see (add_second), then the
 * handwriting classifiers.
 */
static void
train_all(const struct config *c)
{
	static struct kindnet knh;
	static struct set second;
	struct net net;
	int	 k, half, e = (int)c->epochs;

	kinds_from_grids(&kinds, -1);
	for (k = 0; k < KIND_MODELS; k++) {
		net = NET1(kn[k]);
		net_train(&net, &kinds, KIND_IN, (uint64_t)(c->seed + 20 * k),
		    e, &hand_sgd, "kinds");
	}
	for (half = 0; half < 2; half++) {
		kinds_from_grids(&kinds, half);
		net = NET1(knh);
		net_train(&net, &kinds, KIND_IN, (uint64_t)c->seed + 10 + half,
		    e, &hand_sgd, half ? "kinds, half 0 for the second pass" :
		    "kinds, half 1 for the second pass");
		add_second(&knh, half, &second);
	}
	for (k = 0; k < KIND_MODELS; k++) {
		net = NET2(kn2[k]);
		net_train(&net, &second, KIND2_IN,
		    (uint64_t)(c->seed + 100 + 20 * k), e, &hand_sgd,
		    "kinds, second pass");
	}
	for (k = 0; k < c->nm; k++) {
		net = NETD(hm[k]);
		net_train(&net, &digits, MLP_IN, (uint64_t)(c->seed + 1 + k),
		    e, &hand_sgd, "handwritten digits");
	}
}

/* models/hand.sdkm: the two passes' kind networks, the digits'. */
static int
write_hand(const struct config *c, const char *about)
{
	const struct sdkm_group g[3] = {
		{ KIND_MODELS, KIND_IN, KIND_HID, KIND_N, &kn[0].w1[0][0] },
		{ KIND_MODELS, KIND2_IN, KIND2_HID, KIND_N, &kn2[0].w1[0][0] },
		{ (int)c->nm, MLP_IN, MLP_HID, MLP_OUT, &hm[0].w1[0][0] }
	};

	return write_models(c->out, about, g, 3);
}

int
main(int argc, char *argv[])
{
	struct config c;
	char	 about[512];
	size_t	 nkinds;
	int	 n;

	setMsgSeverity(L_SEVERITY_NONE);
	parse_args(argc, argv, &c);
	if ((n = load_samples(&c)) < 0)
		return 2;
	kinds_from_grids(&kinds, -1);
	nkinds = kinds.n;
	fprintf(stderr, "ocr-train-hand: %d squares: %zu cells for the kinds, "
	    "%zu digits\n", n, nkinds, digits.n);
	train_all(&c);
	snprintf(about, sizeof(about), "kinds: %d x net %d-%d-%d on %zu cells "
	    "of %d photos, %d x second pass %d-%d-%d; handwriting: %ld x MLP "
	    "%d-%d-%d on %zu digits; seed %ld, %ld epochs", KIND_MODELS,
	    KIND_IN, KIND_HID, KIND_N, nkinds, n, KIND_MODELS, KIND2_IN,
	    KIND2_HID, KIND_N, c.nm, MLP_IN, MLP_HID, MLP_OUT, digits.n,
	    c.seed, c.epochs);
	return write_hand(&c, about) == 0 ? 0 : 1;
}
