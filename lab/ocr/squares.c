/*
 * squares.c: load sdk-warp records and their ground truth.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "imagein.h"
#include "meta.h"
#include "squares.h"

/* The truth of the photo at src; 0, or -1 when there is none. */
static int
find_truth(const char *src, struct square *s)
{
	char	 path[4096], stem[1024], *copy, *dir, *base, *dot;
	unsigned char givens[81];
	int	 i;

	copy = strdup(src);
	if (copy == NULL)
		return -1;
	base = basename(copy);
	snprintf(stem, sizeof(stem), "%s", base);
	if ((dot = strrchr(stem, '.')) != NULL)
		*dot = '\0';
	free(copy);
	copy = strdup(src);
	if (copy == NULL)
		return -1;
	dir = dirname(copy);
	/* Names longer than the room are cut: they only label messages. */
	snprintf(s->name, sizeof(s->name), "%.*s", (int)sizeof(s->name) - 1,
	    stem);
	memset(s->kind, KIND_UNKNOWN_TRUTH, sizeof(s->kind));
	snprintf(path, sizeof(path), "%s/%s.dat", dir, stem);
	if (truth_read_rows(path, 2, 9, s->truth) == 0) {
		snprintf(path, sizeof(path), "%s/%s.givens", dir, stem);
		if (truth_read_rows(path, 2, 9, givens) == 0)
			for (i = 0; i < 81; i++)
				s->kind[i] = givens[i] != 0 ? KIND_PRINTED_TRUTH :
				    KIND_HAND_TRUTH;
		free(copy);
		return 0;
	}
	snprintf(path, sizeof(path), "%s/../labels/%s.txt", dir, stem);
	free(copy);
	return truth_read_rows(path, 0, TRUTH_PENCIL, s->truth);
}

int
squares_load(const char *path, struct square **v, int n)
{
	struct image_in *in;
	struct meta meta;
	PIX	*pix;
	int	 rc, i, j, ng = 0;

	if ((in = image_in_open(path)) == NULL)
		return -1;
	meta_init(&meta);
	while ((rc = image_in_next(in, &pix, &meta)) == 1) {
		struct square s;
		const char *src = meta_get(&meta, "sdk-source");

		memset(&s, 0, sizeof(s));
		if (src == NULL || find_truth(src, &s) != 0 ||
		    (meta_get(&meta, "sdk-status") != NULL)) {
			pixDestroy(&pix);
			continue;
		}
		s.grey = image_grey_min(pix);
		pixDestroy(&pix);
		if (s.grey == NULL)
			continue;
		if ((*v = realloc(*v, (size_t)(n + 1) * sizeof(**v))) == NULL)
			abort();
		(*v)[n++] = s;
	}
	meta_free(&meta);
	image_in_close(in);
	/* Photos of one puzzle: the same truth.  In load order. */
	for (i = 0; i < n; i++) {
		(*v)[i].group = -1;
		for (j = 0; j < i; j++)
			if (memcmp((*v)[i].truth, (*v)[j].truth, 81) == 0) {
				(*v)[i].group = (*v)[j].group;
				break;
			}
		if ((*v)[i].group < 0)
			(*v)[i].group = ng++;
	}
	return rc < 0 ? -1 : n;
}

void
squares_free(struct square *v, int n)
{
	int	 i;

	for (i = 0; i < n; i++)
		pixDestroy(&v[i].grey);
	free(v);
}
