/*
 * draw.c: the clean grid, the augmented photo and the status banner.
 */
#include <math.h>
#include <string.h>

#include "draw.h"

/* Colours. */
/* Paper must stay a grey: draw_grid() fills it with memset(). */
static const unsigned char col_paper[3] = { 255, 255, 255 };
static const unsigned char col_mark[3] = { 255, 226, 120 };
static const unsigned char col_doubt[3] = { 240, 120, 0 };
static const unsigned char col_thin[3] = { 110, 110, 110 };
static const unsigned char col_thick[3] = { 16, 16, 16 };
static const unsigned char col_given[3] = { 16, 16, 16 };
static const unsigned char col_filled[3] = { 24, 88, 200 };
/* Pen ink multiplies the paper: on white it shows this colour. */
static const unsigned char col_pen[3] = { 22, 38, 150 };
/* Handwriting: a graphite grey-blue, neither given nor solver. */
static const unsigned char col_entry[3] = { 64, 72, 112 };
/* A wrong entry: its correction in red, its cell tinted pink. */
static const unsigned char col_wrong[3] = { 214, 22, 30 };
static const unsigned char col_wrong_cell[3] = { 255, 222, 222 };
/* A cell read unsure: "check this one", not a mistake's red. */
static const unsigned char col_unsure[3] = { 230, 140, 0 };
static const unsigned char col_banner[3] = { 196, 28, 44 };
static const unsigned char col_banner_text[3] = { 255, 255, 255 };

/* Digit cap height as a fraction of the cell. */
#define DIGIT_GRID	0.62
#define DIGIT_PHOTO	0.50
/* Handwritten entries lean like handwriting (clean grid). */
#define ENTRY_SLANT	0.22
/*
 * A wrong entry: the stroke across the cell, lower left to upper right,
 * towards the right digit in the top right corner (cell coordinates).
 */
#define WRONG_X0	0.16
#define WRONG_Y0	0.84
#define WRONG_X1	0.74
#define WRONG_Y1	0.26
#define WRONG_W		0.08
#define RIGHT_X		0.90
#define RIGHT_Y		0.10
#define DIGIT_RIGHT	0.32
#define BADGE_R		0.27
#define BADGE_W		0.035
/* The written digit of a wrong entry on the clean grid. */
#define WRONG_CX	0.42
#define WRONG_CY	0.58
#define DIGIT_WRITTEN	0.50
/* A cell read unsure: a ring inside the cell, radius and width. */
#define UNSURE_R	0.44
#define UNSURE_W	0.05
/*
 * A filled digit over pencil marks: a patch of paper under it, this far
 * in from the cell's sides and this opaque, so that the marks show
 * through faintly and the digit reads clearly.
 */
#define PATCH_INSET	0.10
#define PATCH_ALPHA	0.85

/* Height of the digits above the baseline, in font units ('1' has none
 * of the overshoot of round digits). */
static double
digit_height(const struct font *f)
{
	const struct glyph *g = font_glyph(f, '1');

	return g != NULL && g->y1 > 0 ? g->y1 : f->em * 0.73;
}

/*
 * Draw digit d centred on (cx, cy) in grid coordinates, cap height frac
 * of a cell, through g2o (grid to output), leaning right by slant (0:
 * upright).  Centred horizontally on its ink, vertically on the common
 * digit height so that digits share one baseline.
 */
static void
draw_digit_at(struct canvas *cv, struct path *p, const double g2o[9],
    const struct font *f, double cx, double cy, int d, double frac,
    double slant, const unsigned char rgb[3], double alpha, enum blend mode)
{
	const struct glyph *g;
	double s, a[9], m[9];

	if ((g = font_glyph(f, '0' + d)) == NULL)
		return;
	s = frac / digit_height(f);
	/* font units (y up) to grid coordinates (y down) */
	a[0] = s, a[1] = 0, a[2] = cx - s * (g->x0 + g->x1) / 2;
	a[3] = 0, a[4] = -s, a[5] = cy + frac / 2;
	a[6] = 0, a[7] = 0, a[8] = 1;
	if (slant != 0) {
		/* shear about the middle of the digit's height */
		a[1] = slant * s;
		a[2] -= slant * frac / 2;
	}
	mat_mul(g2o, a, m);
	path_reset(p, m);
	path_glyph(p, f, '0' + d);
	path_fill_blend(p, cv, rgb, alpha, mode);
}

/* Draw digit d centred in cell (r, c): see draw_digit_at(). */
static void
draw_digit(struct canvas *cv, struct path *p, const double g2o[9],
    const struct font *f, int r, int c, int d, double frac,
    const unsigned char rgb[3], double alpha, enum blend mode)
{
	draw_digit_at(cv, p, g2o, f, c + 0.5, r + 0.5, d, frac, 0, rgb,
	    alpha, mode);
}

/* A straight stroke w wide from (x0, y0) to (x1, y1), grid coordinates. */
static void
draw_stroke(struct canvas *cv, struct path *p, const double g2o[9],
    double x0, double y0, double x1, double y1, double w,
    const unsigned char rgb[3], double alpha, enum blend mode)
{
	double len = hypot(x1 - x0, y1 - y0);
	double nx = -(y1 - y0) / len * w / 2, ny = (x1 - x0) / len * w / 2;

	path_reset(p, g2o);
	path_move(p, x0 + nx, y0 + ny);
	path_line(p, x1 + nx, y1 + ny);
	path_line(p, x1 - nx, y1 - ny);
	path_line(p, x0 - nx, y0 - ny);
	path_close(p);
	path_fill_blend(p, cv, rgb, alpha, mode);
}

/* Append a circle of radius rad about (cx, cy); dir 1 or -1 its turn. */
static void
path_circle(struct path *p, double cx, double cy, double rad, int dir)
{
	/* four cubic arcs: the usual 0.5523 puts their middles on it */
	double k = 0.5523 * rad, d = dir * rad, dk = dir * k;

	path_move(p, cx + rad, cy);
	path_cubic(p, cx + rad, cy + dk, cx + k, cy + d, cx, cy + d);
	path_cubic(p, cx - k, cy + d, cx - rad, cy + dk, cx - rad, cy);
	path_cubic(p, cx - rad, cy - dk, cx - k, cy - d, cx, cy - d);
	path_cubic(p, cx + k, cy - d, cx + rad, cy - dk, cx + rad, cy);
	path_close(p);
}

/*
 * Cell i's right digit on a white badge ringed in colour rgb, in the
 * cell's top right corner, where it stands out from any handwriting.
 */
static void
draw_badge(struct canvas *cv, struct path *p, const double g2o[9],
    int i, int digit, const unsigned char rgb[3], double alpha,
    enum blend mode)
{
	double x = i % 9 + RIGHT_X, y = i / 9 + RIGHT_Y;

	path_reset(p, g2o);
	path_circle(p, x, y, BADGE_R, 1);
	path_fill(p, cv, col_paper, 0.9);
	path_reset(p, g2o);
	path_circle(p, x, y, BADGE_R, 1);
	path_circle(p, x, y, BADGE_R - BADGE_W, -1);
	path_fill(p, cv, rgb, alpha);
	draw_digit_at(cv, p, g2o, &font_sans_bold, x, y, digit, DIGIT_RIGHT,
	    0, rgb, alpha, mode);
}

/*
 * A wrong entry in cell i, as a teacher corrects it: the cell washed
 * pink, a red stroke across the written digit (which stays readable
 * under it) and the right digit in red on a white badge in the cell's
 * top right corner, so that it stands out from any handwriting.  The
 * written digit itself is the photo's, or drawn by the caller.
 */
static void
draw_wrong(struct canvas *cv, struct path *p, const double g2o[9],
    const struct board *b, int i, double alpha, enum blend mode)
{
	double x = i % 9, y = i / 9;

	if (mode == BLEND_INK) {
		path_reset(p, g2o);
		path_rect(p, x + 0.04, y + 0.04, x + 0.96, y + 0.96);
		path_fill_blend(p, cv, col_wrong_cell, 1, BLEND_INK);
	}
	draw_stroke(cv, p, g2o, x + WRONG_X0, y + WRONG_Y0, x + WRONG_X1,
	    y + WRONG_Y1, WRONG_W, col_wrong, alpha, mode);
	draw_badge(cv, p, g2o, i, b->digit[i], col_wrong, alpha, mode);
}

/*
 * A cell read unsure (sdk-unsure): whatever is written stays as it is,
 * ringed in amber, and the solution's digit goes on an amber badge in
 * the corner where a mistake's correction would: "check this cell", never
 * the struck-through red of a mistake.  A cell where no digit may be
 * written at all gets the digit itself, as a filled one, in its ring: the
 * answer never leaves a cell blank.
 */
static void
draw_unsure(struct canvas *cv, struct path *p, const double g2o[9],
    const struct board *b, int i, double alpha, enum blend mode)
{
	double x = i % 9 + 0.5, y = i / 9 + 0.5;

	path_reset(p, g2o);
	path_circle(p, x, y, UNSURE_R, 1);
	path_circle(p, x, y, UNSURE_R - UNSURE_W, -1);
	path_fill(p, cv, col_unsure, alpha);
	if (b->written[i] == 0)
		draw_digit(cv, p, g2o, &font_sans, i / 9, i % 9, b->digit[i],
		    mode == BLEND_INK ? DIGIT_PHOTO : DIGIT_GRID,
		    mode == BLEND_INK ? col_pen : col_filled, alpha, mode);
	else
		draw_badge(cv, p, g2o, i, b->digit[i], col_unsure, alpha,
		    mode);
}

/* Total advance of a string, font units. */
static double
text_width(const struct font *f, const char *s)
{
	const struct glyph *g;
	double w = 0;

	for (; *s != '\0'; s++)
		if ((g = font_glyph(f, (unsigned char)*s)) != NULL)
			w += g->adv;
	return w;
}

/*
 * A banner: the box (x0, y0)-(x1, y1) in source coordinates of s2o,
 * filled in banner colour, with text centred in it.
 */
static void
draw_banner(struct canvas *cv, struct path *p, const double s2o[9],
    double x0, double y0, double x1, double y1, const char *text)
{
	const struct font *f = &font_sans_bold;
	const struct glyph *g;
	double cap, s, w, pen, a[9], m[9];
	const char *t;

	path_reset(p, s2o);
	path_rect(p, x0, y0, x1, y1);
	path_fill(p, cv, col_banner, 0.82);

	cap = digit_height(f);
	s = 0.5 * (y1 - y0) / cap;
	w = text_width(f, text);
	if (w * s > 0.92 * (x1 - x0))
		s = 0.92 * (x1 - x0) / w;
	pen = (x0 + x1) / 2 - w * s / 2;
	for (t = text; *t != '\0'; t++) {
		if ((g = font_glyph(f, (unsigned char)*t)) == NULL)
			continue;
		a[0] = s, a[1] = 0, a[2] = pen;
		a[3] = 0, a[4] = -s, a[5] = (y0 + y1) / 2 + cap * s / 2;
		a[6] = 0, a[7] = 0, a[8] = 1;
		mat_mul(s2o, a, m);
		path_reset(p, m);
		path_glyph(p, f, (unsigned char)*t);
		path_fill(p, cv, col_banner_text, 1);
		pen += g->adv * s;
	}
}

/* A line of width w centred on pos, snapped to whole pixels. */
static void
snap(double pos, double w, double *a, double *b)
{
	double iw = floor(w + 0.5);

	if (iw < 1)
		iw = 1;
	*a = floor(pos - iw / 2 + 0.5);
	*b = *a + iw;
}

/*
 * The digit of cell i on the clean grid: givens bold black, the solver's
 * digits blue, handwritten entries leaning in graphite, a wrong entry
 * smaller, struck through, with its correction, and a cell read unsure
 * ringed with the solution's digit.
 */
static void
grid_cell(struct canvas *cv, struct path *p, const double g2o[9],
    const struct board *b, int i)
{
	switch (b->kind[i]) {
	case CELL_GIVEN:
		draw_digit(cv, p, g2o, &font_sans_bold, i / 9, i % 9,
		    b->digit[i], DIGIT_GRID, col_given, 1, BLEND_OVER);
		break;
	case CELL_FILLED:
		draw_digit(cv, p, g2o, &font_sans, i / 9, i % 9,
		    b->digit[i], DIGIT_GRID, b->pmiss[i] ? col_wrong :
		    col_filled, 1, BLEND_OVER);
		break;
	case CELL_ENTRY:
		draw_digit_at(cv, p, g2o, &font_sans, i % 9 + 0.5,
		    i / 9 + 0.5, b->digit[i], DIGIT_GRID, ENTRY_SLANT,
		    col_entry, 1, BLEND_OVER);
		break;
	case CELL_WRONG:
		/* out of the corner's way: the correction goes there */
		draw_digit_at(cv, p, g2o, &font_sans, i % 9 + WRONG_CX,
		    i / 9 + WRONG_CY, b->written[i], DIGIT_WRITTEN,
		    ENTRY_SLANT, col_entry, 1, BLEND_OVER);
		draw_wrong(cv, p, g2o, b, i, 1, BLEND_OVER);
		break;
	case CELL_UNSURE:
		if (b->written[i])
			draw_digit_at(cv, p, g2o, &font_sans, i % 9 + WRONG_CX,
			    i / 9 + WRONG_CY, b->written[i], DIGIT_WRITTEN,
			    ENTRY_SLANT, col_entry, 1, BLEND_OVER);
		draw_unsure(cv, p, g2o, b, i, 1, BLEND_OVER);
		break;
	}
}

void
draw_grid(struct canvas *cv, int side, int margin, const struct board *b)
{
	struct path p;
	double cell, m0, g2o[9], a0, a1, w, ext, end;
	int i, k;

	memset(cv->px, col_paper[0], (size_t)cv->w * cv->h * 3);
	m0 = margin;
	cell = (side - 2.0 * margin) / 9;
	path_init(&p);

	/*
	 * marked cells: a highlighter under the lines and the digit; wrong
	 * entries a pink one, unless the cell is marked as changed
	 */
	for (i = 0; i < GRID_CELLS; i++) {
		if (!b->mark[i] && b->kind[i] != CELL_WRONG && !b->pmiss[i])
			continue;
		path_reset(&p, NULL);
		path_rect(&p, m0 + i % 9 * cell, m0 + i / 9 * cell,
		    m0 + (i % 9 + 1) * cell, m0 + (i / 9 + 1) * cell);
		path_fill(&p, cv, b->mark[i] ? col_mark : col_wrong_cell, 1);
	}

	/* thin cell lines first, thick box lines over them */
	for (k = 0; k < 2; k++) {
		w = k == 0 ? fmax(1, cell * 0.025) : fmax(2, cell * 0.07);
		for (i = 0; i <= 9; i++) {
			if ((i % 3 == 0) != (k == 1))
				continue;
			/* apart: each fill walks its path's bounding box */
			snap(m0 + i * cell, w, &a0, &a1);
			end = m0 + 9 * cell + w / 2;
			path_reset(&p, NULL);
			path_rect(&p, a0, m0 - w / 2, a1, end);
			path_fill(&p, cv, k == 0 ? col_thin : col_thick, 1);
			path_reset(&p, NULL);
			path_rect(&p, m0 - w / 2, a0, end, a1);
			path_fill(&p, cv, k == 0 ? col_thin : col_thick, 1);
		}
	}

	g2o[0] = cell, g2o[1] = 0, g2o[2] = m0;
	g2o[3] = 0, g2o[4] = cell, g2o[5] = m0;
	g2o[6] = 0, g2o[7] = 0, g2o[8] = 1;
	for (i = 0; i < GRID_CELLS; i++)
		grid_cell(cv, &p, g2o, b, i);
	/* doubtful readings: a corner flag, as in a spreadsheet */
	for (i = 0; i < GRID_CELLS; i++) {
		if (!b->doubt[i] || b->kind[i] == CELL_UNSURE)
			continue;
		path_reset(&p, g2o);
		path_move(&p, i % 9 + 1, i / 9);
		path_line(&p, i % 9 + 1, i / 9 + 0.3);
		path_line(&p, i % 9 + 0.7, i / 9);
		path_close(&p);
		path_fill(&p, cv, col_doubt, 1);
	}
	if (b->banner != NULL) {
		ext = margin / cell / 2;
		draw_banner(cv, &p, g2o, -ext, 3.9, 9 + ext, 5.1, b->banner);
	}
	path_free(&p);
}

/*
 * Can what is drawn for cell i (its digit, or a wrong entry's stroke and
 * badge, which reach a quarter of a cell past it) touch the canvas?  The
 * cell grown by half a cell each way, through g2o: a convex quad, inside
 * the box of its corners.  Saves building the glyphs of the cells far
 * off a canvas that is a small piece of the photo (jpegpatch.c).
 */
static int
cell_may_touch(const struct canvas *cv, const double g2o[9], int i)
{
	double gx = i % 9 - 0.5, gy = i / 9 - 0.5, x, y, w, px, py;
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	int k;

	for (k = 0; k < 4; k++) {
		x = gx + (k == 1 || k == 2 ? 2 : 0);
		y = gy + (k >= 2 ? 2 : 0);
		w = g2o[6] * x + g2o[7] * y + g2o[8];
		if (!(w > 0))
			return 1;	/* beyond the horizon: draw, clipped */
		px = (g2o[0] * x + g2o[1] * y + g2o[2]) / w;
		py = (g2o[3] * x + g2o[4] * y + g2o[5]) / w;
		x0 = fmin(x0, px);
		x1 = fmax(x1, px);
		y0 = fmin(y0, py);
		y1 = fmax(y1, py);
	}
	return x1 >= 0 && y1 >= 0 && x0 <= cv->w && y0 <= cv->h;
}

void
draw_onto(struct canvas *cv, const double g2p[9], const struct board *b)
{
	static const double id[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
	struct path p;
	double bh;
	int i;

	path_init(&p);
	if (g2p == NULL) {
		if (b->banner != NULL) {
			bh = fmax(12, cv->h / 8.0);
			draw_banner(cv, &p, id, 0, cv->h / 2.0 - bh / 2,
			    cv->w, cv->h / 2.0 + bh / 2, b->banner);
		}
		path_free(&p);
		return;
	}
	for (i = 0; i < GRID_CELLS; i++)
		if (!cell_may_touch(cv, g2p, i))
			continue;
		else if (b->kind[i] == CELL_FILLED) {
			if (b->pencil[i]) {
				path_reset(&p, g2p);
				path_rect(&p, i % 9 + PATCH_INSET, i / 9 +
				    PATCH_INSET, i % 9 + 1 - PATCH_INSET,
				    i / 9 + 1 - PATCH_INSET);
				path_fill(&p, cv, b->pmiss[i] ? col_wrong_cell :
				    col_paper, PATCH_ALPHA);
			}
			draw_digit(cv, &p, g2p, &font_sans, i / 9, i % 9,
			    b->digit[i], DIGIT_PHOTO, b->pmiss[i] ? col_wrong :
			    col_pen, 0.95, BLEND_INK);
		}
		else if (b->kind[i] == CELL_WRONG)
			draw_wrong(cv, &p, g2p, b, i, 0.95, BLEND_INK);
		else if (b->kind[i] == CELL_UNSURE)
			draw_unsure(cv, &p, g2p, b, i, 0.95, BLEND_INK);
	if (b->banner != NULL)
		draw_banner(cv, &p, g2p, 0, 3.9, 9, 5.1, b->banner);
	path_free(&p);
}

/* Has the board digits to draw on a photo? */
int
board_draws(const struct board *b)
{
	int i;

	for (i = 0; i < GRID_CELLS; i++)
		if (b->kind[i] == CELL_FILLED || b->kind[i] == CELL_WRONG ||
		    b->kind[i] == CELL_UNSURE)
			return 1;
	return 0;
}
