/*
 * ownhand.c: an entry against the person's own hand (ownhand.h).
 *
 * Measured on the entries judged against a solution (bench/README.md,
 * "The person's own hand"): a known entry looks likest another of its
 * digit 0.89-0.93 of the time on the kubiesa phone photos and 0.94-0.97
 * on the made pen-filled newspapers, but 0.69-0.71 on wicht-mixed, whose
 * entries come from many writers.  Where the hand is known, a doubted
 * entry clearly likest the person's v was a real v 6 times on the
 * development sets and a right entry once (pen seed 1).  An entry read
 * surely as v but more than FAR spreads from each of the person's own v
 * (their known entries' 90th centile of likeness) was a right entry
 * misread 4 times on the made pen pages (2 of them in held-out seed 4),
 * a mistake misread as another wrong digit 3 times, a mistake read right
 * never.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "ownhand.h"
#include "util.h"

#define SHIFT_MAX	1	/* pixels a crop may be moved to match */
#define KNOWN_MIN	10	/* known entries to judge a hand by */
#define KNOWN_RIGHT	0.85	/* of them likest their own digit */
#define SAME_MIN	2	/* known entries of each digit compared */
#define CLEARLY		2	/* how much less unlike the likest must be */
#define FAR		2	/* a v this many spreads off is not theirs */

/* A crop blurred by a 3 x 3 box: a stroke a pixel off still overlaps. */
static void
blur(const float *in, float *out)
{
	int	 x, y, dx, dy;

	for (y = 0; y < CELL_NORM; y++)
		for (x = 0; x < CELL_NORM; x++) {
			float	 s = 0;

			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++) {
					int	 u = x + dx, v = y + dy;

					if (u >= 0 && u < CELL_NORM &&
					    v >= 0 && v < CELL_NORM)
						s += in[v * CELL_NORM + u];
				}
			out[y * CELL_NORM + x] = s / 9;
		}
}

/*
 * Crop a's ink less crop b's moved by (dx, dy), squared and summed, row
 * by row; given up (returning the sum so far) once it reaches bound: the
 * terms are never negative, so such a sum can only end at bound or over,
 * and the callers want the least.  A sum that ends below bound is the
 * whole sum, added in the same order as ever: the same double.
 */
static double
unlike_at(const float *a, const float *b, int dx, int dy, double bound)
{
	double	 s = 0;
	int	 x, y, x0, x1;

	/* Columns x0 .. x1 - 1 of a meet b's shifted crop. */
	x0 = dx < 0 ? -dx : 0;
	x1 = dx > 0 ? CELL_NORM - dx : CELL_NORM;
	for (y = 0; y < CELL_NORM && s < bound; y++) {
		const float *ar = a + y * CELL_NORM, *br;
		float	 d;

		if (y + dy < 0 || y + dy >= CELL_NORM) {
			for (x = 0; x < CELL_NORM; x++)
				s += (double)ar[x] * ar[x];
			continue;
		}
		br = b + (y + dy) * CELL_NORM + dx;
		for (x = 0; x < x0; x++)
			s += (double)ar[x] * ar[x];
		for (; x < x1; x++) {
			d = ar[x] - br[x];
			s += (double)d * d;
		}
		for (; x < CELL_NORM; x++)
			s += (double)ar[x] * ar[x];
	}
	return s;
}

/*
 * How unlike two blurred crops are, at the best of the small shifts; or
 * some value not under bound when that best is not under it.
 */
static double
unlike(const float *a, const float *b, double bound)
{
	double	 best = bound, s;
	int	 dx, dy;

	for (dy = -SHIFT_MAX; dy <= SHIFT_MAX; dy++)
		for (dx = -SHIFT_MAX; dx <= SHIFT_MAX; dx++)
			if ((s = unlike_at(a, b, dx, dy, best)) < best)
				best = s;
	return best;
}

/*
 * Cell i against the known entries but itself: likest[d] how unlike it
 * is the likest of digit d (DBL_MAX: none), count[d] how many there are.
 */
static void
compare(const struct own_hand *oh, int i, double likest[10], int count[10])
{
	int	 j, d;

	for (d = 0; d < 10; d++) {
		likest[d] = DBL_MAX;
		count[d] = 0;
	}
	for (j = 0; j < 81; j++) {
		double	 u;

		if (j == i || (d = oh->ref[j]) == 0)
			continue;
		count[d]++;
		if ((u = unlike(oh->crop[i], oh->crop[j], likest[d])) <
		    likest[d])
			likest[d] = u;
	}
}

void
own_hand_learn(struct own_hand *oh, const struct cell cell[81],
    const unsigned char ref[81])
{
	double	 likest[10], same[81];
	int	 count[10], i, d, best, n = 0, right = 0;

	memcpy(oh->ref, ref, sizeof(oh->ref));
	for (i = 0; i < 81; i++)
		blur(cell[i].hand_flat, oh->crop[i]);
	for (i = 0; i < 81; i++) {
		if (ref[i] == 0)
			continue;
		compare(oh, i, likest, count);
		if (count[ref[i]] == 0)
			continue;	/* the only one of its digit */
		for (best = d = 1; d <= 9; d++)
			if (likest[d] < likest[best])
				best = d;
		same[n++] = likest[ref[i]];
		right += best == ref[i];
	}
	oh->known = n >= KNOWN_MIN && right >= KNOWN_RIGHT * n;
	if (oh->known) {
		qsort(same, (size_t)n, sizeof(same[0]), sdk_cmp_double);
		oh->spread = same[n * 9 / 10];
		oh->close = same[n / 2];
	}
}

int
own_hand_says(const struct own_hand *oh, int i, int v, int s)
{
	double	 likest[10];
	int	 count[10];

	if (!oh->known)
		return 0;
	compare(oh, i, likest, count);
	if (count[v] > 0 && likest[v] > FAR * oh->spread)
		return -1;
	if (count[v] < SAME_MIN || count[s] < SAME_MIN)
		return 0;
	if (likest[v] * CLEARLY < likest[s])
		return 1;
	if (likest[s] * CLEARLY < likest[v])
		return -1;
	return 0;
}

int
own_hand_copies(const struct own_hand *oh, int i, int v)
{
	double	 likest[10];
	int	 count[10], d;

	if (!oh->known)
		return 0;
	compare(oh, i, likest, count);
	if (count[v] == 0 || likest[v] > oh->close)
		return 0;
	for (d = 1; d <= 9; d++)
		if (d != v && count[d] > 0 && likest[v] * CLEARLY >= likest[d])
			return 0;
	return 1;
}
