/*
 * inks.c: the digits of a grid split by the colour of their ink (inks.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "inks.h"

#define SPLIT_ROUNDS	20	/* of two-means */
#define APART_SPREADS	4	/* the two inks' centres this many spreads
				   apart at least */
#define APART_MIN	0.08	/* and this far in hue at least */
#define GROUP_MIN	2	/* digits an ink has at least */

/* One channel, 0-100, then sep or the end: its end, or NULL. */
static const char *
channel(const char *s, int sep, int *v)
{
	char	*end;
	long	 n;

	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return NULL;
	n = strtol(s, &end, 10);
	if (n > 100 || (sep != 0 && *end != sep) ||
	    (sep == 0 && *end != ' ' && *end != '\0'))
		return NULL;
	*v = (int)n;
	return sep != 0 ? end + 1 : end;
}

int
inks_parse(const char *s, int turns, struct cell_inks *in)
{
	float	 hue[81][3];
	int	 i, k, t, rgb[3];

	in->known = 0;
	if (s == NULL)
		return 0;
	for (i = 0; i < 81; i++) {
		double	 mean, dark;

		if ((s = channel(s, ',', &rgb[0])) == NULL ||
		    (s = channel(s, ',', &rgb[1])) == NULL ||
		    (s = channel(s, 0, &rgb[2])) == NULL)
			return -1;
		mean = (rgb[0] + rgb[1] + rgb[2]) / 3.0;
		dark = 100 - mean;
		for (k = 0; k < 3; k++)
			hue[i][k] = dark > 1 ? (float)((mean - rgb[k]) /
			    dark) : 0;
	}
	while (*s == ' ')
		s++;
	if (*s != '\0')
		return -1;
	/* Turned clockwise once, cell (r, c) was cell (8 - c, r). */
	for (t = 0; t < turns; t++) {
		float	 old[81][3];

		memcpy(old, hue, sizeof(old));
		for (i = 0; i < 81; i++)
			memcpy(hue[i], old[(8 - i % 9) * 9 + i / 9],
			    sizeof(hue[i]));
	}
	memcpy(in->hue, hue, sizeof(hue));
	in->known = 1;
	return 0;
}

static double
dist2(const float *a, const float *b)
{
	double	 s = 0;
	int	 k;

	for (k = 0; k < 3; k++)
		s += (a[k] - b[k]) * (a[k] - b[k]);
	return s;
}

/* The cells' two-means from the two cells farthest apart. */
static void
two_means(const struct cell_inks *in, const unsigned char digit[81],
    signed char group[81], float centre[2][3])
{
	double	 far = -1, sum[2][3];
	int	 i, j, k, g, r, n[2];

	for (i = 0; i < 81; i++)
		for (j = i + 1; j < 81; j++)
			if (digit[i] && digit[j] &&
			    dist2(in->hue[i], in->hue[j]) > far) {
				far = dist2(in->hue[i], in->hue[j]);
				memcpy(centre[0], in->hue[i], sizeof(centre[0]));
				memcpy(centre[1], in->hue[j], sizeof(centre[1]));
			}
	for (r = 0; r < SPLIT_ROUNDS; r++) {
		memset(sum, 0, sizeof(sum));
		n[0] = n[1] = 0;
		for (i = 0; i < 81; i++) {
			group[i] = -1;
			if (!digit[i])
				continue;
			g = dist2(in->hue[i], centre[1]) <
			    dist2(in->hue[i], centre[0]);
			group[i] = (signed char)g;
			n[g]++;
			for (k = 0; k < 3; k++)
				sum[g][k] += in->hue[i][k];
		}
		for (g = 0; g < 2; g++)
			for (k = 0; k < 3 && n[g] > 0; k++)
				centre[g][k] = (float)(sum[g][k] / n[g]);
	}
}

int
inks_split(const struct cell_inks *in, const unsigned char digit[81],
    signed char group[81])
{
	float	 centre[2][3];
	double	 spread = 0, apart;
	int	 i, n[2] = { 0, 0 };

	if (!in->known)
		return 0;
	for (i = 0; i < 81; i++)
		n[0] += digit[i] != 0;
	if (n[0] < 2 * GROUP_MIN)
		return 0;
	n[0] = 0;
	two_means(in, digit, group, centre);
	for (i = 0; i < 81; i++)
		if (group[i] >= 0) {
			n[group[i]]++;
			spread += dist2(in->hue[i], centre[group[i]]);
		}
	if (n[0] < GROUP_MIN || n[1] < GROUP_MIN)
		return 0;
	spread = sqrt(spread / (n[0] + n[1]));
	apart = sqrt(dist2(centre[0], centre[1]));
	return apart >= APART_MIN && apart >= APART_SPREADS * spread;
}
