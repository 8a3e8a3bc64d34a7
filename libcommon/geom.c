/*
 * geom.c: quadrilaterals and homographies.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geom.h"
#include "json.h"

int
quad_parse(const char *s, struct quad *q)
{
	double v[8];
	char *end;
	int i;

	for (i = 0; i < 8; i++) {
		v[i] = strtod(s, &end);
		if (end == s || !isfinite(v[i]))
			return -1;
		s = end;
	}
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	if (*s != '\0')
		return -1;
	for (i = 0; i < 4; i++) {
		q->p[i].x = v[2 * i];
		q->p[i].y = v[2 * i + 1];
	}
	return 0;
}

void
quad_format(const struct quad *q, char *buf, size_t len)
{
	snprintf(buf, len, "%.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f",
	    q->p[0].x, q->p[0].y, q->p[1].x, q->p[1].y,
	    q->p[2].x, q->p[2].y, q->p[3].x, q->p[3].y);
}

void
quad_json(struct json *j, const char *key, const struct quad *q)
{
	int i;

	json_key(j, key);
	for (i = 0; i < 4; i++)
		fprintf(j->fp, "%c[%.1f,%.1f]", i ? ',' : '[', q->p[i].x,
		    q->p[i].y);
	fputc(']', j->fp);
}

void
quad_order(struct quad *q)
{
	struct point c = { 0, 0 }, t[4];
	double ang[4];
	int i, j, start = 0;

	for (i = 0; i < 4; i++) {
		c.x += q->p[i].x / 4;
		c.y += q->p[i].y / 4;
	}
	/* Sort by angle around the centre: clockwise in image coordinates. */
	for (i = 0; i < 4; i++) {
		t[i] = q->p[i];
		ang[i] = atan2(t[i].y - c.y, t[i].x - c.x);
	}
	for (i = 1; i < 4; i++)
		for (j = i; j > 0 && ang[j - 1] > ang[j]; j--) {
			double a = ang[j];
			struct point p = t[j];

			ang[j] = ang[j - 1];
			t[j] = t[j - 1];
			ang[j - 1] = a;
			t[j - 1] = p;
		}
	/* Top-left: the smallest x + y. */
	for (i = 1; i < 4; i++)
		if (t[i].x + t[i].y < t[start].x + t[start].y)
			start = i;
	for (i = 0; i < 4; i++)
		q->p[i] = t[(start + i) % 4];
}

void
quad_bounds(const struct quad *q, double *x0, double *y0, double *x1,
    double *y1)
{
	int i;

	*x0 = *x1 = q->p[0].x;
	*y0 = *y1 = q->p[0].y;
	for (i = 1; i < 4; i++) {
		*x0 = fmin(*x0, q->p[i].x);
		*y0 = fmin(*y0, q->p[i].y);
		*x1 = fmax(*x1, q->p[i].x);
		*y1 = fmax(*y1, q->p[i].y);
	}
}

double
quad_side(const struct quad *q)
{
	double s = 0;
	int i;

	for (i = 0; i < 4; i++)
		s += hypot(q->p[(i + 1) % 4].x - q->p[i].x,
		    q->p[(i + 1) % 4].y - q->p[i].y);
	return s / 4;
}

double
quad_area(const struct quad *q)
{
	double a = 0;
	int i;

	for (i = 0; i < 4; i++)
		a += q->p[i].x * q->p[(i + 1) % 4].y -
		    q->p[(i + 1) % 4].x * q->p[i].y;
	return fabs(a) / 2;
}

void
quad_rescale(struct quad *q, double num, double den)
{
	int i;

	for (i = 0; i < 4; i++) {
		q->p[i].x = (q->p[i].x + 0.5) * num / den - 0.5;
		q->p[i].y = (q->p[i].y + 0.5) * num / den - 0.5;
	}
}

const char *
quad_check(const struct quad *q, double w, double h)
{
	double c, sign = 0;
	int i;

	for (i = 0; i < 4; i++) {
		const struct point *a = &q->p[i], *b = &q->p[(i + 1) % 4],
		    *d = &q->p[(i + 2) % 4];

		/* Each turn the same way, and none straight on. */
		c = (b->x - a->x) * (d->y - b->y) - (b->y - a->y) *
		    (d->x - b->x);
		if (!(c != 0) || (sign != 0 && (c > 0) != (sign > 0)))
			return "degenerate";
		sign = c;
	}
	/* Four corners turning one way: convex; a pixel at least. */
	if (!(quad_area(q) >= 1))
		return "degenerate";
	for (i = 0; i < 4; i++)
		if (!(q->p[i].x >= -w && q->p[i].x <= 2 * w &&
		    q->p[i].y >= -h && q->p[i].y <= 2 * h))
			return "off the photo";
	return NULL;
}

/* Solve the n x n system a x = b in place (partial pivoting). */
static int
solve_linear(double *a, double *b, int n)
{
	int i, j, k, piv;

	for (i = 0; i < n; i++) {
		piv = i;
		for (j = i + 1; j < n; j++)
			if (fabs(a[j * n + i]) > fabs(a[piv * n + i]))
				piv = j;
		if (fabs(a[piv * n + i]) < 1e-12)
			return -1;
		if (piv != i) {
			for (k = 0; k < n; k++) {
				double t = a[i * n + k];

				a[i * n + k] = a[piv * n + k];
				a[piv * n + k] = t;
			}
			{
				double t = b[i];

				b[i] = b[piv];
				b[piv] = t;
			}
		}
		for (j = i + 1; j < n; j++) {
			double f = a[j * n + i] / a[i * n + i];

			for (k = i; k < n; k++)
				a[j * n + k] -= f * a[i * n + k];
			b[j] -= f * b[i];
		}
	}
	for (i = n - 1; i >= 0; i--) {
		double s = b[i];

		for (k = i + 1; k < n; k++)
			s -= a[i * n + k] * b[k];
		b[i] = s / a[i * n + i];
	}
	return 0;
}

int
homography_solve(const struct point src[4], const struct point dst[4],
    double h[9])
{
	double a[64], b[8];
	int i;

	for (i = 0; i < 4; i++) {
		double x = src[i].x, y = src[i].y;
		double u = dst[i].x, v = dst[i].y;
		double *r1 = a + (2 * i) * 8, *r2 = a + (2 * i + 1) * 8;

		r1[0] = x; r1[1] = y; r1[2] = 1;
		r1[3] = 0; r1[4] = 0; r1[5] = 0;
		r1[6] = -u * x; r1[7] = -u * y;
		r2[0] = 0; r2[1] = 0; r2[2] = 0;
		r2[3] = x; r2[4] = y; r2[5] = 1;
		r2[6] = -v * x; r2[7] = -v * y;
		b[2 * i] = u;
		b[2 * i + 1] = v;
	}
	if (solve_linear(a, b, 8) < 0)
		return -1;
	for (i = 0; i < 8; i++) {
		if (!isfinite(b[i]))
			return -1;
		h[i] = b[i];
	}
	h[8] = 1;
	return 0;
}

int
homography_invert(const double h[9], double inv[9])
{
	double det, t[9];
	int i;

	t[0] = h[4] * h[8] - h[5] * h[7];
	t[1] = h[2] * h[7] - h[1] * h[8];
	t[2] = h[1] * h[5] - h[2] * h[4];
	t[3] = h[5] * h[6] - h[3] * h[8];
	t[4] = h[0] * h[8] - h[2] * h[6];
	t[5] = h[2] * h[3] - h[0] * h[5];
	t[6] = h[3] * h[7] - h[4] * h[6];
	t[7] = h[1] * h[6] - h[0] * h[7];
	t[8] = h[0] * h[4] - h[1] * h[3];
	det = h[0] * t[0] + h[1] * t[3] + h[2] * t[6];
	if (fabs(det) < 1e-15 || fabs(t[8] / det) < 1e-15)
		return -1;
	/* Normalise so that inv[8] is 1, like homography_solve(). */
	for (i = 0; i < 9; i++)
		inv[i] = t[i] / t[8];
	return 0;
}
