/*
 * train-printed.c: train sdk-ocr's built-in digit classifier and write its
 * model file (models/printed.sdkm, doc/models.md).  "make model" runs it.
 *
 *	ocr-train [-c] [-d DEVDIR] [-e EPOCHS] [-g GRIDS] [-m MODELS]
 *	    [-s SEED] [-w WEIGHT] [-o FILE]
 *
 * Training digits come from synthetic grids (render.c: Debian's fonts
 * with augmentation) and, with -d, from the development photos
 * straightened from their ground-truth corners (devset.c), each photo
 * digit counted WEIGHT times.  MODELS models (default 2) are trained
 * alike, model k from seed SEED + k (its own synthetic grids, starting
 * weights and order), and sdk-ocr averages their probabilities: on photos
 * held out, one training run's slips are seldom the other's.  Every
 * digit goes through the same cell
 * extraction as sdk-ocr (cells.c).  -c cross-validates by puzzle instead:
 * the photos are split into two halves by puzzle, a model is trained on
 * the fonts and one half and measured on the other, and the reverse;
 * with -o PREFIX each half's model is written as PREFIXh.sdkm, with the
 * photos it did not see in PREFIXh.txt.  Everything is seeded and
 * single-threaded: the same
 * command on the same machine writes the same file.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cellname.h"
#include "cells.h"
#include "devset.h"
#include "mlp.h"
#include "common.h"
#include "sgd.h"
#include "render.h"
#include "fonts.h"

#define SIDE	450
#define MAX_MODELS	8



static struct set samples;

/* Presence calls on the material seen: [truth digit?][called digit?]. */
static long presence[2][2];

/* Cells of one square with known truth; digits become samples. */
static void
add_square(PIX *sq, const unsigned char truth[81], int weight)
{
	static struct cell cell[81];
	int	 i;

	if (cells_extract(sq, cell) != 0)
		return;
	for (i = 0; i < 81; i++) {
		presence[truth[i] != 0][cell[i].present]++;
		if (truth[i] != 0 && cell[i].present)
			set_add(&samples, cell[i].norm, MLP_IN, truth[i] - 1,
			    weight);
	}
}

/*
 * A development photo's square as it is, smaller and blurred (an idea of
 * the first sdk-ocr engineer's): each view counts weight / 3 times, at
 * least once.
 */
static void
add_photo(PIX *sq, const unsigned char truth[81], int weight)
{
	PIX	*p;
	int	 w = weight / 3 > 0 ? weight / 3 : 1;

	add_square(sq, truth, w);
	if ((p = pixScale(sq, 0.56f, 0.56f)) != NULL) {
		add_square(p, truth, w);
		pixDestroy(&p);
	}
	if ((p = pixBlockconv(sq, 1, 1)) != NULL) {
		add_square(p, truth, w);
		pixDestroy(&p);
	}
}

static void
add_synthetic(uint64_t seed, int ngrids)
{
	uint64_t rng = seed;
	unsigned char truth[81];
	int	 g;

	for (g = 0; g < ngrids; g++) {
		PIX	*p = render_grid(&rng, SIDE, truth);

		if (p == NULL)
			continue;
		/* OCR_TRAIN_DUMP=FILE.png: see what the first grid looks like. */
		if (g == 0 && getenv("OCR_TRAIN_DUMP") != NULL)
			pixWrite(getenv("OCR_TRAIN_DUMP"), p, IFF_PNG);
		add_square(p, truth, 1);
		pixDestroy(&p);
	}
}

/* Plain SGD with momentum on cross-entropy, one sample at a time (sgd.h). */
static void
train(struct mlp *m, uint64_t seed, int epochs)
{
	static const struct sgd how = { 0.005f, 0.7f, 0.5, 0, "ocr-train" };
	struct net net = NET_OF(*m, MLP_IN, MLP_HID, MLP_OUT);

	net_train(&net, &samples, MLP_IN, seed, epochs, &how, NULL);
}

static int
classify(const struct mlp *m, int nm, const float *x)
{
	float	 prob[MLP_OUT];
	int	 a, best = 0;

	mlp_average(m, NULL, nm, x, prob);
	for (a = 1; a < MLP_OUT; a++)
		if (prob[a] > prob[best])
			best = a;
	return best + 1;
}

/*
 * Cell-level score on the photos of one half (half -1: all); tot gets
 * digits right, misread, missed, and false digits.  Prints the errors.
 */
static void
evaluate(const struct mlp *m, int nm, struct devphoto *ph, int n, int half,
    long tot[4])
{
	static struct cell cell[81];
	int	 i, k, grids = 0, right = 0;

	for (i = 0; i < n; i++) {
		int	 ok = 1;

		if (half >= 0 && ph[i].group % 2 != half)
			continue;
		if (cells_extract(ph[i].square, cell) != 0)
			continue;
		grids++;
		for (k = 0; k < 81; k++) {
			int	 t = ph[i].truth[k], got = 0;
			char	 cn[CELL_NAME_MAX];

			if (cell[k].present)
				got = classify(m, nm, cell[k].norm);
			if (t != 0 && got == t)
				tot[0]++;
			else if (t != 0 && got != 0) {
				tot[1]++;
				fprintf(stderr, "  %s %s: %d read as %d\n",
				    ph[i].name, cell_name(cn, k), t, got);
			} else if (t != 0) {
				tot[2]++;
				fprintf(stderr, "  %s %s: %d missed\n",
				    ph[i].name, cell_name(cn, k), t);
			} else if (got != 0) {
				tot[3]++;
				fprintf(stderr, "  %s %s: empty read as %d\n",
				    ph[i].name, cell_name(cn, k), got);
			}
			if (got != t)
				ok = 0;
		}
		right += ok;
	}
	fprintf(stderr, "ocr-train: %s: %d of %d grids right; digits: %ld "
	    "right, %ld misread, %ld missed, %ld false\n", half == 0 ?
	    "held-out half 0" : half == 1 ? "held-out half 1" : "all photos",
	    right, grids, tot[0], tot[1], tot[2], tot[3]);
}

static int
write_model(struct mlp *models, int nm, const char *path,
    const char *about)
{
	struct sdkm_group g = { nm, MLP_IN, MLP_HID, MLP_OUT,
	    &models[0].w1[0][0] };

	return write_models(path, about, &g, 1);
}

/*
 * -c with -o PREFIX: each half's model as PREFIXh.sdkm and the names of the
 * photos it did not see as PREFIXh.txt, to measure the whole pipeline on
 * held-out photos.
 */
static int
write_half(struct mlp *m, int nm, const char *prefix, int half,
    const struct devphoto *ph, int nph, long grids, long weight, long seed,
    long epochs)
{
	char	 path[4096], about[512];
	FILE	*fp;
	int	 i;

	snprintf(about, sizeof(about), "cross-validation model %d: %d x MLP "
	    "%d-%d-%d; %ld synthetic grids each, the development photos of "
	    "puzzle groups of parity %d x%ld; seeds from %ld, %ld epochs",
	    half, nm, MLP_IN, MLP_HID, MLP_OUT, grids, 1 - half, weight, seed,
	    epochs);
	snprintf(path, sizeof(path), "%s%d.sdkm", prefix, half);
	if (write_model(m, nm, path, about) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s%d.txt", prefix, half);
	if ((fp = fopen(path, "w")) == NULL) {
		perror(path);
		return -1;
	}
	for (i = 0; i < nph; i++)
		if (ph[i].group % 2 == half)
			fprintf(fp, "%s\n", ph[i].name);
	return fclose(fp) == 0 ? 0 : -1;
}

static void
usage(void)
{
	fprintf(stderr, "usage: ocr-train [-c] [-d DEVDIR] [-e EPOCHS] "
	    "[-g GRIDS] [-m MODELS]\n                 [-s SEED] [-w WEIGHT] "
	    "[-o FILE]\n");
	exit(2);
}

/*
 * Train one model from seed s: its own synthetic grids, then the photos
 * (those outside held-out half `half'; all when half < 0).
 */
static void
train_one(struct mlp *m, long s, long grids, struct devphoto *ph, int nph,
    int half, long weight, long epochs)
{
	size_t	 nsyn;
	int	 i;

	samples.n = 0;
	memset(presence, 0, sizeof(presence));
	add_synthetic(0x9E3779B97F4A7C15ULL ^ (uint64_t)s, (int)grids);
	nsyn = samples.n;
	fprintf(stderr, "ocr-train: seed %ld: %zu digits from %ld synthetic "
	    "grids; presence: %ld missed, %ld false of %ld digits, %ld "
	    "empty\n", s, nsyn, grids, presence[1][0], presence[0][1],
	    presence[1][0] + presence[1][1], presence[0][0] + presence[0][1]);
	memset(presence, 0, sizeof(presence));
	for (i = 0; i < nph; i++)
		if (half < 0 || ph[i].group % 2 != half)
			add_photo(ph[i].square, ph[i].truth, (int)weight);
	if (nph > 0)
		fprintf(stderr, "ocr-train: %zu digits from the photos; "
		    "presence: %ld missed, %ld false\n", samples.n - nsyn,
		    presence[1][0], presence[0][1]);
	train(m, (uint64_t)s, (int)epochs);
}

/* The command line (the usage at the top of this file). */
struct config {
	const char	*dev;		/* -d: the development photos */
	const char	*out;		/* -o: the model file, or -c's prefix */
	long		 seed, grids, epochs, weight, nm;
	int		 cv;		/* -c: cross-validate by puzzle */
};

static void
parse_args(int argc, char *argv[], struct config *c)
{
	int	 ch;

	*c = (struct config){ NULL, NULL, 1, 3000, 8, 3, 2, 0 };
	while ((ch = getopt(argc, argv, "cd:e:g:m:o:s:w:")) != -1) {
		switch (ch) {
		case 'c':
			c->cv = 1;
			break;
		case 'd':
			c->dev = optarg;
			break;
		case 'e':
			c->epochs = strtol(optarg, NULL, 10);
			break;
		case 'g':
			c->grids = strtol(optarg, NULL, 10);
			break;
		case 'm':
			c->nm = strtol(optarg, NULL, 10);
			break;
		case 'o':
			c->out = optarg;
			break;
		case 's':
			c->seed = strtol(optarg, NULL, 10);
			break;
		case 'w':
			c->weight = strtol(optarg, NULL, 10);
			break;
		default:
			usage();
		}
	}
	if ((c->cv && c->dev == NULL) || (!c->cv && c->out == NULL) ||
	    optind != argc)
		usage();
	if (c->epochs < 0 || c->grids < 0 || c->weight < 1 || c->nm < 1 ||
	    c->nm > MAX_MODELS)
		usage();
}

/* Every training font, or 2 (said): a missing one would change the model. */
static int
load_fonts(void)
{
	int	 i;

	for (i = 0; i < font_count; i++)
		if (access(font_paths[i], R_OK) != 0) {
			fprintf(stderr, "ocr-train: %s: missing (scripts/"
			    "install-deps installs the fonts)\n",
			    font_paths[i]);
			return 2;
		}
	if (render_init(font_paths, font_count) != font_count) {
		fprintf(stderr, "ocr-train: cannot load every font\n");
		return 2;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	static struct mlp models[MAX_MODELS];
	struct devphoto *ph = NULL;
	struct config c;
	char	 about[512];
	long	 k;
	int	 nph = 0, half;

	setMsgSeverity(L_SEVERITY_NONE);
	parse_args(argc, argv, &c);
	if (load_fonts() != 0)
		return 2;
	if (c.dev != NULL && (nph = devset_load(c.dev, SIDE, &ph)) < 0) {
		fprintf(stderr, "ocr-train: %s: cannot load\n", c.dev);
		return 2;
	}
	/*
	 * -c: each half held out in turn; else one pass on everything.  The
	 * synthetic grids are drawn again for each half: keeping every
	 * model's (some 160 MB each) would cost more than the minute.
	 */
	for (half = c.cv ? 0 : -1; half < (c.cv ? 2 : 0); half++) {
		long	 tot[4] = { 0, 0, 0, 0 };

		for (k = 0; k < c.nm; k++)
			train_one(&models[k], c.seed + k, c.grids, ph, nph,
			    half, c.weight, c.epochs);
		if (nph > 0)
			evaluate(models, (int)c.nm, ph, nph, half, tot);
		if (c.cv && c.out != NULL && write_half(models, (int)c.nm,
		    c.out, half, ph, nph, c.grids, c.weight, c.seed,
		    c.epochs) != 0)
			return 1;
	}
	devset_free(ph, nph);
	render_done();
	if (c.cv)
		return 0;
	snprintf(about, sizeof(about), "%ld x MLP %d-%d-%d; %ld synthetic "
	    "grids each from %d fonts, %d development photos x%ld; seeds "
	    "%ld-%ld, %ld epochs", c.nm, MLP_IN, MLP_HID, MLP_OUT, c.grids,
	    font_count, nph, c.weight, c.seed, c.seed + c.nm - 1, c.epochs);
	return write_model(models, (int)c.nm, c.out, about) == 0 ? 0 : 1;
}
