/*
 * cellink.c: the colour of each cell's ink (warp.h).  The square sdk-warp
 * writes is grey; a pen's blue or red, or an app's colour for what the
 * person typed, which tells a person's entries from the print beside
 * them, would be lost.  It goes on as metadata instead:
 * sdk-ocr reads it (issue 27).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "warp.h"

#define INK_SAMPLES	16	/* a cell's samples across and down */
#define INK_MARGIN	0.12	/* of the cell left out at each side: lines */
#define INK_SHARE	10	/* the darkest 1/INK_SHARE of them: ink */

struct rgb {
	int	 r, g, b, grey;
};

/*
 * The photo's pixel under halved-photo point q (nearest), into *s; with
 * dark, the negative's.
 */
static void
pixel_at(const l_uint32 *data, int wpl, int w, int h, struct point q,
    int nhalf, int dark, struct rgb *s)
{
	l_uint32 word;
	int	 k, x, y;

	for (k = 0; k < nhalf; k++) {
		q.x = (q.x + 0.5) * 2 - 0.5;
		q.y = (q.y + 0.5) * 2 - 0.5;
	}
	x = (int)floor(q.x);
	y = (int)floor(q.y);
	x = x < 0 ? 0 : x >= w ? w - 1 : x;
	y = y < 0 ? 0 : y >= h ? h - 1 : y;
	word = data[(size_t)y * wpl + x];
	s->r = (int)(word >> L_RED_SHIFT) & 0xff;
	s->g = (int)(word >> L_GREEN_SHIFT) & 0xff;
	s->b = (int)(word >> L_BLUE_SHIFT) & 0xff;
	if (dark) {
		s->r = 255 - s->r;
		s->g = 255 - s->g;
		s->b = 255 - s->b;
	}
	s->grey = s->r < s->g ? (s->r < s->b ? s->r : s->b) :
	    (s->g < s->b ? s->g : s->b);
}

/*
 * The channels summed over the n darkest samples (from_dark) or the n
 * brightest, by their grey: a count of each grey, then the samples in its
 * order (ties in the samples' order).
 */
static void
sum_extreme(const struct rgb *s, int ns, int n, int from_dark,
    double sum[3])
{
	int	 count[256], below = 0, g, k, edge, take;

	memset(count, 0, sizeof(count));
	for (k = 0; k < ns; k++)
		count[s[k].grey]++;
	/* The grey at which the n are reached, and how many of it to take. */
	for (g = from_dark ? 0 : 255; below + count[g] < n;
	    g += from_dark ? 1 : -1)
		below += count[g];
	edge = g;
	take = n - below;
	sum[0] = sum[1] = sum[2] = 0;
	for (k = 0; k < ns; k++) {
		if (s[k].grey == edge) {
			if (take-- <= 0)
				continue;
		} else if (from_dark ? s[k].grey > edge : s[k].grey < edge)
			continue;
		sum[0] += s[k].r;
		sum[1] += s[k].g;
		sum[2] += s[k].b;
	}
}

/* One channel of the ink in percent of the paper's. */
static int
percent(double ink, double paper)
{
	double	 p = paper > 0 ? 100 * ink / paper : 100;

	return p < 0 ? 0 : p > 100 ? 100 : (int)lround(p);
}

int
cell_ink(PIX *photo, const double h[9], const struct crossings *c,
    int nhalf, int dark, char *buf, size_t len, double paper_of[81][3])
{
	struct rgb s[INK_SAMPLES * INK_SAMPLES];
	const l_uint32 *data = pixGetData(photo);
	int	 w = pixGetWidth(photo), ht = pixGetHeight(photo);
	int	 wpl = pixGetWpl(photo), i, j, k;
	int	 n = INK_SAMPLES * INK_SAMPLES, nink = n / INK_SHARE;
	size_t	 at = 0;

	if (pixGetDepth(photo) != 32)
		return -1;
	for (j = 0; j < 9; j++)
		for (i = 0; i < 9; i++) {
			double	 ink[3], paper[3];

			for (k = 0; k < n; k++) {
				double	 u = INK_MARGIN + (1 - 2 * INK_MARGIN) *
				    (k % INK_SAMPLES + 0.5) / INK_SAMPLES;
				double	 v = INK_MARGIN + (1 - 2 * INK_MARGIN) *
				    (k / INK_SAMPLES + 0.5) / INK_SAMPLES;

				pixel_at(data, wpl, w, ht, homography_apply(h,
				    cell_point(c, i, j, u, v)), nhalf, dark,
				    &s[k]);
			}
			sum_extreme(s, n, nink, 1, ink);
			/* The paper: the brighter half. */
			sum_extreme(s, n, n - n / 2, 0, paper);
			if (paper_of != NULL)
				for (k = 0; k < 3; k++)
					paper_of[j * 9 + i][k] = paper[k] /
					    (n - n / 2);
			if (at >= len)
				return -1;
			at += (size_t)snprintf(buf + at, len - at, "%s%d,%d,%d",
			    at ? " " : "",
			    percent(ink[0] / nink, paper[0] / (n - n / 2)),
			    percent(ink[1] / nink, paper[1] / (n - n / 2)),
			    percent(ink[2] / nink, paper[2] / (n - n / 2)));
		}
	return 0;
}
