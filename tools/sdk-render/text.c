/*
 * text.c: sdk-render -f text, the boxed grid for the terminal: the kinds
 * of digit told apart by colour (ANSI), or without colour by the mark
 * after each digit.
 */
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "entries.h"
#include "grid.h"
#include "handwriting.h"
#include "keys.h"
#include "text.h"

static int colour;		/* ANSI colour in text output */

/* The ANSI colour of a digit of this kind in text output. */
static const char *
text_colour(int kind)
{
	switch (kind) {
	case CELL_GIVEN:
		return "\033[1m";
	case CELL_ENTRY:
		return "\033[34m";
	case CELL_WRONG:
		return "\033[1;31m";
	case CELL_UNSURE:
		return "\033[1;33m";
	default:
		return "\033[32m";
	}
}

/*
 * The character after a digit in plain text, where no colour tells the
 * kinds apart: a record with handwriting marks the solver's digits '+',
 * right entries '\'', wrong ones '!' (the right digit shown) and cells
 * read unsure '?' (the solution's digit shown); other
 * records keep the plain space, and print as they always have.
 */
static int
text_mark(const struct board *b, int i, int marks)
{
	if (!marks)
		return ' ';
	switch (b->kind[i]) {
	case CELL_FILLED:
		return '+';
	case CELL_ENTRY:
		return '\'';
	case CELL_WRONG:
		return '!';
	case CELL_UNSURE:
		return '?';
	default:
		return ' ';
	}
}

/* One cell of the boxed grid: its digit and the character after it. */
static void
text_cell(FILE *fp, const struct board *b, int i, int marks)
{
	if (b->kind[i] == CELL_EMPTY)
		fputs(colour && b->doubt[i] ? "\033[33m?\033[0m" : ".", fp);
	else if (!colour)
		fputc('0' + b->digit[i], fp);
	else
		fprintf(fp, "%s%s%c\033[0m", b->mark[i] ? "\033[7m" : "",
		    b->doubt[i] ? "\033[1;33m" : text_colour(b->kind[i]),
		    '0' + b->digit[i]);
	fputc(text_mark(b, i, marks), fp);
}

/*
 * Under the grid of a record with handwriting, its wrong entries as
 * sdk-mistakes writes them (written>right), or "none" when the record
 * says so; nothing when they were never checked.
 */
static void
text_mistakes(FILE *fp, const struct grid *g, const struct board *b)
{
	struct mistakes m;
	char list[MISTAKES_MAX];
	int i;

	memset(&m, 0, sizeof(m));
	for (i = 0; i < GRID_CELLS; i++)
		if (b->kind[i] == CELL_WRONG) {
			m.written[i] = b->written[i];
			m.right[i] = b->digit[i];
			m.n++;
		}
	if (m.n == 0 && meta_get(&g->meta, SDK_KEY_MISTAKES) == NULL)
		return;
	mistakes_format(&m, list);
	fprintf(fp, "%smistakes: %s%s\n", colour && m.n > 0 ? "\033[31m" : "",
	    list, colour && m.n > 0 ? "\033[0m" : "");
}

void
text_render(FILE *fp, const struct grid *g, const struct board *b,
    const char *status, int use_colour)
{
	static const char *rule = "+-------+-------+-------+\n";
	const char *src = meta_get(&g->meta, SDK_KEY_SOURCE);
	int r, c, entries = entries_any(b);

	colour = use_colour;

	if (src != NULL || status != NULL)
		fprintf(fp, "%s%s%s\n", src != NULL ? src : "",
		    src != NULL && status != NULL ? ": " : "",
		    status != NULL ? status : "");
	for (r = 0; r < 9; r++) {
		if (r % 3 == 0)
			fputs(rule, fp);
		for (c = 0; c < 9; c++) {
			fputs(c % 3 == 0 ? "| " : "", fp);
			text_cell(fp, b, 9 * r + c, entries && !colour);
		}
		fputs("|\n", fp);
	}
	fputs(rule, fp);
	if (entries)
		text_mistakes(fp, g, b);
	if (meta_get(&g->meta, SDK_KEY_UNSURE) != NULL)
		fprintf(fp, "%sunsure: %s%s\n", colour ? "\033[33m" : "",
		    meta_get(&g->meta, SDK_KEY_UNSURE), colour ? "\033[0m" : "");
	if (b->banner != NULL)
		fprintf(fp, "%s%s%s\n", colour ? "\033[1;31m" : "", b->banner,
		    colour ? "\033[0m" : "");
}
