/*
 * render.c: synthetic grids for training the digit classifier.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include "common.h"
#include "render.h"

#define MAXFONTS	128

static FT_Library lib;
static FT_Face faces[MAXFONTS];
static int nfaces;

int
render_init(const char *const *paths, int n)
{
	int	 i;

	if (FT_Init_FreeType(&lib) != 0)
		return 0;
	for (i = 0; i < n && nfaces < MAXFONTS; i++)
		if (FT_New_Face(lib, paths[i], 0, &faces[nfaces]) == 0)
			nfaces++;
	return nfaces;
}

void
render_done(void)
{
	int	 i;

	for (i = 0; i < nfaces; i++)
		FT_Done_Face(faces[i]);
	nfaces = 0;
	FT_Done_FreeType(lib);
}

/* Add ink coverage v over a rectangle (fractional edges ignored). */
static void
ink_rect(float *ink, int side, double x0, double y0, double x1, double y1,
    float v)
{
	int	 x, y, ix0, iy0, ix1, iy1;

	ix0 = (int)floor(x0);
	iy0 = (int)floor(y0);
	ix1 = (int)ceil(x1);
	iy1 = (int)ceil(y1);
	for (y = iy0; y < iy1; y++) {
		double	 cy;

		if (y < 0 || y >= side)
			continue;
		cy = fmin(y + 1, y1) - fmax(y, y0);
		for (x = ix0; x < ix1; x++) {
			double	 cx, c;
			float	*p;

			if (x < 0 || x >= side)
				continue;
			cx = fmin(x + 1, x1) - fmax(x, x0);
			c = cx * cy * v;
			p = &ink[y * side + x];
			*p = *p + (float)c > 1 ? 1 : *p + (float)c;
		}
	}
}

/* Draw digit d centred at (cx, cy) with the given pixel height. */
static void
ink_digit(float *ink, int side, FT_Face face, int d, double cx, double cy,
    double height, double angle, double bold, double squeeze)
{
	FT_Matrix m;
	FT_Vector delta = { 0, 0 };
	FT_GlyphSlot g;
	FT_Bitmap *bm;
	int	 x, y, ox, oy, size;
	double	 ca = cos(angle), sa = sin(angle);

	/* Pixel size so that the digit's ink is about height tall. */
	size = (int)(height / 0.72 + 0.5);
	if (size < 4)
		size = 4;
	FT_Set_Pixel_Sizes(face, 0, (FT_UInt)size);
	m.xx = (FT_Fixed)(ca * squeeze * 65536);
	m.xy = (FT_Fixed)(-sa * 65536);
	m.yx = (FT_Fixed)(sa * squeeze * 65536);
	m.yy = (FT_Fixed)(ca * 65536);
	FT_Set_Transform(face, &m, &delta);
	if (FT_Load_Char(face, (FT_ULong)('0' + d), FT_LOAD_NO_BITMAP |
	    FT_LOAD_NO_HINTING) != 0)
		return;
	g = face->glyph;
	if (g->format == FT_GLYPH_FORMAT_OUTLINE && bold != 0)
		FT_Outline_Embolden(&g->outline, (FT_Pos)(bold * 64));
	if (FT_Render_Glyph(g, FT_RENDER_MODE_NORMAL) != 0)
		return;
	bm = &g->bitmap;
	/* Centre the bitmap's box on (cx, cy). */
	ox = (int)floor(cx - bm->width / 2.0 + 0.5);
	oy = (int)floor(cy - bm->rows / 2.0 + 0.5);
	for (y = 0; y < (int)bm->rows; y++)
		for (x = 0; x < (int)bm->width; x++) {
			int	 px = ox + x, py = oy + y;
			float	 v, *p;

			if (px < 0 || py < 0 || px >= side || py >= side)
				continue;
			v = bm->buffer[y * bm->pitch + x] / 255.0f;
			p = &ink[py * side + px];
			*p = *p + v > 1 ? 1 : *p + v;
		}
}

static PIX *render_at(uint64_t *, int, unsigned char [81]);

/*
 * Drawn at a lower resolution (a cell of 20 to 50 pixels, as in a small
 * photo), then scaled to side and passed through JPEG at a random quality.
 */
PIX *
render_grid(uint64_t *rng, int side, unsigned char truth[81])
{
	PIX	*small, *big, *back;
	int	 s;
	l_uint8	*jpg = NULL;
	size_t	 len;

	s = (int)trng_range(rng, 180, side + 1);
	if ((small = render_at(rng, s, truth)) == NULL)
		return NULL;
	if (s == side)
		big = pixClone(small);
	else
		big = pixScaleGrayLI(small, (float)side / s, (float)side / s);
	pixDestroy(&small);
	if (big == NULL)
		return NULL;
	if (pixGetWidth(big) != side || pixGetHeight(big) != side) {
		back = pixCreate(side, side, 8);
		pixSetAll(back);
		pixRasterop(back, 0, 0, side, side, PIX_SRC, big, 0, 0);
		pixDestroy(&big);
		big = back;
	}
	if (trng_unit(rng) < 0.7 && pixWriteMemJpeg(&jpg, &len, big,
	    (int)trng_range(rng, 25, 90), 0) == 0) {
		back = pixReadMemJpeg(jpg, len, 0, 1, NULL, 0);
		free(jpg);
		if (back != NULL) {
			pixDestroy(&big);
			big = back;
		}
	}
	return big;
}

/* A grid's geometry as drawn: a cell's side, the quad's shift, bends. */
struct grid_shape {
	double	 c, gx, gy, off[10][2], thin, thick;
};

/* The ten lines each way, and now and then a stray one. */
static void
draw_lines(float *ink, int side, uint64_t *rng, const struct grid_shape *g)
{
	double	 c = g->c;
	int	 i;

	for (i = 0; i < 10; i++) {
		double	 t = (i % 3 == 0) ? g->thick : g->thin;
		double	 p;

		p = g->gx + i * c * (1 + trng_range(rng, -0.004, 0.004)) +
		    g->off[i][0];
		ink_rect(ink, side, p - t / 2, 0, p + t / 2, side, 1);
		p = g->gy + i * c * (1 + trng_range(rng, -0.004, 0.004)) +
		    g->off[i][1];
		ink_rect(ink, side, 0, p - t / 2, side, p + t / 2, 1);
	}
	/*
	 * Now and then a line strays across a row or a column of digits, as
	 * a curled page's lines do: it is removed with the others and cuts
	 * the digits it crosses.
	 */
	if (trng_unit(rng) < 0.25) {
		double	 p = g->gy + c * ((int)(trng_next(rng) % 9) +
		    trng_range(rng, 0.2, 0.8));

		ink_rect(ink, side, 0, p - g->thin / 2, side, p + g->thin / 2,
		    1);
	}
	if (trng_unit(rng) < 0.15) {
		double	 p = g->gx + c * ((int)(trng_next(rng) % 9) +
		    trng_range(rng, 0.2, 0.8));

		ink_rect(ink, side, p - g->thin / 2, 0, p + g->thin / 2, side,
		    1);
	}
}

/* A font's look: how full, how tall, how bold, how narrow. */
struct digit_look {
	FT_Face	 face;
	double	 fill, height, bold, squeeze;
};

/* The digits (truth), a speck now and then in an empty cell. */
static void
draw_digits(float *ink, int side, uint64_t *rng, const struct grid_shape *g,
    const struct digit_look *l, unsigned char truth[81])
{
	double	 c = g->c, dx, dy;
	int	 r, k;

	for (r = 0; r < 9; r++)
		for (k = 0; k < 9; k++) {
			int	 d = 0;

			if (trng_unit(rng) < l->fill)
				d = 1 + (int)(trng_next(rng) % 9);
			truth[r * 9 + k] = (unsigned char)d;
			if (d == 0) {
				/* Now and then a speck in an empty cell. */
				if (trng_unit(rng) < 0.05) {
					dx = g->gx + (k + trng_unit(rng)) * c;
					dy = g->gy + (r + trng_unit(rng)) * c;
					ink_rect(ink, side, dx, dy, dx +
					    trng_range(rng, 1, 3), dy +
					    trng_range(rng, 1, 3), 0.8f);
				}
				continue;
			}
			dx = g->gx + (k + 0.5) * c + (g->off[k][0] +
			    g->off[k + 1][0]) / 2 + c * trng_range(rng, -0.05,
			    0.05);
			dy = g->gy + (r + 0.5) * c + (g->off[r][1] +
			    g->off[r + 1][1]) / 2 + c * trng_range(rng, -0.05,
			    0.05);
			ink_digit(ink, side, l->face, d, dx, dy,
			    l->height * trng_range(rng, 0.97, 1.03),
			    trng_range(rng, -0.06, 0.06), l->bold, l->squeeze);
		}
}

/* The ink on paper under uneven light. */
static PIX *
ink_to_paper(const float *ink, int side, uint64_t *rng)
{
	double	 paper, inkl, lightx, lighty;
	l_uint32 *data;
	PIX	*pix;
	int	 wpl, x, y;

	paper = trng_range(rng, 140, 245);
	inkl = trng_range(rng, 0, paper * 0.55);
	lightx = trng_range(rng, -0.25, 0.25);
	lighty = trng_range(rng, -0.25, 0.25);
	pix = pixCreate(side, side, 8);
	data = pixGetData(pix);
	wpl = pixGetWpl(pix);
	for (y = 0; y < side; y++)
		for (x = 0; x < side; x++) {
			double	 l, p, v;

			l = 1 + lightx * (x - side / 2.0) / side +
			    lighty * (y - side / 2.0) / side;
			p = paper * l;
			v = p - ink[y * side + x] * (p - inkl * l);
			v = v < 0 ? 0 : v > 255 ? 255 : v;
			SET_DATA_BYTE(data + y * wpl, x, (int)(v + 0.5));
		}
	return pix;
}

/* A camera's blur and noise. */
static PIX *
blur_and_noise(PIX *pix, int side, uint64_t *rng)
{
	double	 blur, noise;
	l_uint32 *data;
	PIX	*out;
	int	 wpl, x, y;

	blur = trng_range(rng, 0.0, 1.3) * side / 450;
	if (blur > 0.3) {
		L_KERNEL *kel;
		int	 half = (int)ceil(blur * 2.5);

		kel = makeGaussianKernel(half, half, (float)blur, 1.0);
		out = pixConvolve(pix, kel, 8, 1);
		kernelDestroy(&kel);
		if (out != NULL) {
			pixDestroy(&pix);
			pix = out;
		}
	}
	noise = trng_range(rng, 0, 10);
	data = pixGetData(pix);
	wpl = pixGetWpl(pix);
	for (y = 0; y < side; y++)
		for (x = 0; x < side; x++) {
			double	 v, u1, u2;

			u1 = trng_unit(rng) + 1e-12;
			u2 = trng_unit(rng);
			v = GET_DATA_BYTE(data + y * wpl, x) + noise *
			    sqrt(-2 * log(u1)) * cos(2 * 3.14159265358979323846 * u2);
			v = v < 0 ? 0 : v > 255 ? 255 : v;
			SET_DATA_BYTE(data + y * wpl, x, (int)(v + 0.5));
		}
	return pix;
}

static PIX *
render_at(uint64_t *rng, int side, unsigned char truth[81])
{
	struct grid_shape g;
	struct digit_look l;
	float	*ink;
	PIX	*pix;
	int	 i;

	if (nfaces == 0)
		return NULL;
	ink = calloc((size_t)side * side, sizeof(*ink));
	if (ink == NULL)
		return NULL;
	/* The draws in this order: the same seed, the same grids. */
	g.c = side / 9.0;
	l.face = faces[trng_next(rng) % (uint64_t)nfaces];
	l.fill = trng_range(rng, 0.25, 0.6);
	l.height = g.c * trng_range(rng, 0.42, 0.78);
	l.bold = g.c * trng_range(rng, -0.012, 0.07);
	l.squeeze = trng_range(rng, 0.85, 1.15);
	g.thin = g.c * trng_range(rng, 0.015, 0.07);
	g.thick = g.thin * trng_range(rng, 1.0, 3.5);
	/* The quad is off by up to 2 % of the side, lines bend a little. */
	g.gx = side * trng_range(rng, -0.02, 0.02);
	g.gy = side * trng_range(rng, -0.02, 0.02);
	for (i = 0; i < 10; i++) {
		g.off[i][0] = g.c * trng_range(rng, -0.06, 0.06);
		g.off[i][1] = g.c * trng_range(rng, -0.06, 0.06);
	}
	draw_lines(ink, side, rng, &g);
	draw_digits(ink, side, rng, &g, &l, truth);
	pix = ink_to_paper(ink, side, rng);
	free(ink);
	return blur_and_noise(pix, side, rng);
}
