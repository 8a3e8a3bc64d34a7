/*
 * region.c: sdk-region, the part of the photo a record shows (region.h).
 * Pixel (i, j) covers [i, i + 1) x [j, j + 1) in both the photo and the
 * record, so a scale maps pixel centres through (c + 0.5) * s - 0.5.
 */
#include <errno.h>
#include <stdlib.h>

#include "keys.h"
#include "region.h"

int
region_get(const struct meta *meta, struct region *r)
{
	const char *s = meta_get(meta, SDK_KEY_REGION);
	long v[4];
	char *end;
	int i;

	if (s == NULL)
		return 0;
	for (i = 0; i < 4; i++) {
		errno = 0;
		v[i] = strtol(s, &end, 10);
		if (end == s || errno != 0 || v[i] < 0 || v[i] > 1000000000L)
			return -1;
		s = end;
	}
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s != '\0' || v[2] < 1 || v[3] < 1)
		return -1;
	r->x = v[0];
	r->y = v[1];
	r->w = v[2];
	r->h = v[3];
	return 1;
}

void
region_set(struct meta *meta, const struct region *r)
{
	meta_setf(meta, SDK_KEY_REGION, "%ld %ld %ld %ld", r->x, r->y, r->w,
	    r->h);
}

void
region_to_record(const struct region *r, int iw, int ih, struct quad *q)
{
	double sx = (double)iw / r->w, sy = (double)ih / r->h;
	int i;

	for (i = 0; i < 4; i++) {
		q->p[i].x = (q->p[i].x - r->x + 0.5) * sx - 0.5;
		q->p[i].y = (q->p[i].y - r->y + 0.5) * sy - 0.5;
	}
}

void
region_to_photo(const struct region *r, int iw, int ih, struct quad *q)
{
	double sx = (double)r->w / iw, sy = (double)r->h / ih;
	int i;

	for (i = 0; i < 4; i++) {
		q->p[i].x = (q->p[i].x + 0.5) * sx - 0.5 + r->x;
		q->p[i].y = (q->p[i].y + 0.5) * sy - 0.5 + r->y;
	}
}
