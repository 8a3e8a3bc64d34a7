/*
 * devset.c: load and straighten the development photos.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "devset.h"
#include "image.h"

PIX *
devset_warp(PIX *grey, const float q[8], int side)
{
	PTA	*ps, *pd;
	l_float32 *vc = NULL;
	PIX	*out;
	l_uint32 *od, *gd;
	int	 owpl, gwpl, gw, gh, x, y;

	ps = ptaCreate(4);
	pd = ptaCreate(4);
	ptaAddPt(ps, q[0], q[1]);
	ptaAddPt(ps, q[2], q[3]);
	ptaAddPt(ps, q[4], q[5]);
	ptaAddPt(ps, q[6], q[7]);
	ptaAddPt(pd, 0, 0);
	ptaAddPt(pd, side, 0);
	ptaAddPt(pd, side, side);
	ptaAddPt(pd, 0, side);
	/* Coefficients that take destination points to source points. */
	getProjectiveXformCoeffs(pd, ps, &vc);
	ptaDestroy(&ps);
	ptaDestroy(&pd);
	if (vc == NULL)
		return NULL;
	out = pixCreate(side, side, 8);
	od = pixGetData(out);
	owpl = pixGetWpl(out);
	gd = pixGetData(grey);
	gwpl = pixGetWpl(grey);
	gw = pixGetWidth(grey);
	gh = pixGetHeight(grey);
	for (y = 0; y < side; y++)
		for (x = 0; x < side; x++) {
			double	 u, v, den;

			den = vc[6] * (x + 0.5) + vc[7] * (y + 0.5) + 1;
			u = (vc[0] * (x + 0.5) + vc[1] * (y + 0.5) + vc[2]) /
			    den - 0.5;
			v = (vc[3] * (x + 0.5) + vc[4] * (y + 0.5) + vc[5]) /
			    den - 0.5;
			SET_DATA_BYTE(od + y * owpl, x, (int)(image_sample(gd,
			    gwpl, gw, gh, u, v) + 0.5));
		}
	LEPT_FREE(vc);
	return out;
}

int
devset_load(const char *dir, int side, struct devphoto **out)
{
	char	 path[4096], line[1024], name[256];
	FILE	*fp;
	struct devphoto *v = NULL;
	int	 n = 0, cap = 0, i, j, ng = 0;
	float	 q[8];

	snprintf(path, sizeof(path), "%s/outlines.csv", dir);
	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp) != NULL) {
		PIX	*rgb, *grey;
		char	*c = strchr(line, ',');
		size_t	 len;

		if (c == NULL || strncmp(line, "filepath", 8) == 0)
			continue;
		len = (size_t)(c - line);
		if (len >= sizeof(name) || len < 5)
			continue;
		memcpy(name, line, len);
		name[len] = '\0';
		if (sscanf(c + 1, "%f,%f,%f,%f,%f,%f,%f,%f", &q[0], &q[1],
		    &q[2], &q[3], &q[4], &q[5], &q[6], &q[7]) != 8)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 128;
			v = realloc(v, cap * sizeof(*v));
			if (v == NULL)
				abort();
		}
		memset(&v[n], 0, sizeof(v[n]));
		snprintf(v[n].name, sizeof(v[n].name), "%.*s", (int)len - 4,
		    name);
		snprintf(path, sizeof(path), "%s/%s.dat", dir, v[n].name);
		if (truth_read_rows(path, 2, 9, v[n].truth) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		if ((rgb = pixRead(path)) == NULL)
			continue;
		if (pixGetDepth(rgb) == 32)
			grey = pixConvertRGBToGrayMinMax(rgb, L_CHOOSE_MIN);
		else
			grey = pixConvertTo8(rgb, 0);
		pixDestroy(&rgb);
		if (grey == NULL)
			continue;
		v[n].square = devset_warp(grey, q, side);
		pixDestroy(&grey);
		if (v[n].square == NULL)
			continue;
		n++;
	}
	fclose(fp);
	/* Group by puzzle, in file order: reproducible. */
	for (i = 0; i < n; i++) {
		v[i].group = -1;
		for (j = 0; j < i; j++)
			if (memcmp(v[i].truth, v[j].truth, 81) == 0) {
				v[i].group = v[j].group;
				break;
			}
		if (v[i].group < 0)
			v[i].group = ng++;
	}
	*out = v;
	return n;
}

void
devset_free(struct devphoto *v, int n)
{
	int	 i;

	for (i = 0; i < n; i++)
		pixDestroy(&v[i].square);
	free(v);
}
