/*
 * judge.c: handwritten digits checked against the solution of the
 * printed givens (issue 14).  Validity and solvability are decided on the
 * givens alone, so that a wrong entry, even one that clashes with a given,
 * is reported as a mistake and never spoils the record.  An entry is
 * reported as written: nothing here changes or drops what the person wrote
 * but an entry on a given, which cannot be (the contract says a cell has
 * one or the other) and would say nothing about the person's work.
 */
#include <stdio.h>
#include <string.h>

#include "cellname.h"
#include "entries.h"
#include "grid.h"
#include "json.h"
#include "judge.h"
#include "keys.h"
#include "meta.h"
#include "util.h"

int
entries_read(const struct grid *g, struct entries *e, char *why, size_t len)
{
	const char *s;
	int i;

	memset(e, 0, sizeof(*e));
	if ((s = meta_get(&g->meta, SDK_KEY_ENTRIES)) == NULL)
		return 0;
	if (entries_parse(s, e->cell, why, len) < 0)
		return -1;
	e->have = entries_format(e->cell, e->written) > 0;
	for (i = 0; i < GRID_CELLS; i++)
		if (g->cell[i] != 0)
			e->cell[i] = 0;
	return e->have;
}

int
entries_pencil(const struct grid *g, struct entries *e, char *why,
    size_t len)
{
	const char *s;
	int i;

	memset(&e->marks, 0, sizeof(e->marks));
	e->marked = 0;
	if ((s = meta_get(&g->meta, SDK_KEY_PENCIL)) == NULL)
		return 0;
	if (pencil_parse(s, &e->marks, why, len) < 0)
		return -1;
	for (i = 0; i < GRID_CELLS; i++) {
		/* A given or an entry is the cell's digit, not its marks. */
		if (g->cell[i] != 0 || e->cell[i] != 0)
			e->marks.digits[i] = 0;
		e->marked += e->marks.digits[i] != 0;
	}
	return 0;
}

void
entries_doubt(struct entries *e, const struct doubts *d,
    const unsigned char *givens)
{
	int i;

	e->check = *d;
	for (i = 0; i < GRID_CELLS; i++) {
		if (!d->alt[i])
			continue;
		if (givens[i] != 0) {
			/* A given in doubt is sdk-solve's to refuse. */
			e->check.alt[i] = 0;
			e->check.n--;
		} else
			e->cell[i] = 0;
	}
}

void
entries_check(struct entries *e, const unsigned char *givens,
    const unsigned char *solution)
{
	int i;

	e->checked = 1;
	e->nright = e->nwrong = e->tofill = e->npmiss = 0;
	memcpy(e->right, solution, GRID_CELLS);
	for (i = 0; i < GRID_CELLS; i++) {
		e->pmiss[i] = 0;
		if (e->marks.digits[i] != 0 && givens[i] == 0 &&
		    !(e->marks.digits[i] & (1u << solution[i]))) {
			e->pmiss[i] = solution[i];
			e->npmiss++;
		}
		if (givens[i] != 0)
			continue;
		e->tofill++;
		if (e->cell[i] == 0)
			continue;
		if (e->cell[i] == solution[i])
			e->nright++;
		else
			e->nwrong++;
	}
}

void
entries_position(const struct entries *e, const unsigned char *givens,
    unsigned char *out)
{
	int i;

	memcpy(out, givens, GRID_CELLS);
	if (!e->checked)
		return;
	for (i = 0; i < GRID_CELLS; i++)
		if (givens[i] == 0 && e->cell[i] != 0 &&
		    e->cell[i] == e->right[i])
			out[i] = e->cell[i];
}

static int
is_mistake(const struct entries *e, int i)
{
	return e->cell[i] != 0 && e->cell[i] != e->right[i];
}

void
entries_mistakes(const struct entries *e, char *out)
{
	struct mistakes m;
	int i;

	memset(&m, 0, sizeof(m));
	for (i = 0; i < GRID_CELLS; i++)
		if (is_mistake(e, i)) {
			m.written[i] = e->cell[i];
			m.right[i] = e->right[i];
			m.n++;
		}
	mistakes_format(&m, out);
}

/* "r1c2:4 r5c6:9", or "none" (sdk-pencil-mistakes); out holds PENCIL_MAX. */
static void
pencil_mistakes(const struct entries *e, char *out)
{
	struct pencil p;
	int i;

	memset(&p, 0, sizeof(p));
	for (i = 0; i < GRID_CELLS; i++)
		if (e->pmiss[i]) {
			p.has[i] = 1;
			p.digits[i] = (unsigned short)(1u << e->pmiss[i]);
			p.n++;
		}
	pencil_format(&p, out);
	if (p.n == 0)
		strcpy(out, "none");
}

void
entries_set_meta(const struct entries *e, struct meta *m)
{
	char list[MISTAKES_MAX > PENCIL_MAX ? MISTAKES_MAX : PENCIL_MAX];

	if (e->marked > 0 && !e->checked)
		meta_del(m, SDK_KEY_PENCIL_MISTAKES);
	else if (e->marked > 0) {
		pencil_mistakes(e, list);
		meta_set(m, SDK_KEY_PENCIL_MISTAKES, list);
	}
	if (!e->have)
		return;
	if (!e->checked) {
		/* No solution to judge by: an older verdict would mislead. */
		meta_del(m, SDK_KEY_MISTAKES);
		meta_del(m, SDK_KEY_PROGRESS);
		return;
	}
	entries_mistakes(e, list);
	meta_set(m, SDK_KEY_MISTAKES, list);
	meta_setf(m, SDK_KEY_PROGRESS, "%d/%d", e->nright, e->tofill);
}

void
entries_json(struct json *j, const struct entries *e)
{
	struct json o;
	char name[16];
	int i, first = 1;

	if (e->marked > 0 && !e->checked) {
		json_key(j, "pencil_mistakes");
		fputs("null", j->fp);
	} else if (e->marked > 0) {
		json_key(j, "pencil_mistakes");
		putc('[', j->fp);
		for (i = 0; i < GRID_CELLS; i++)
			if (e->pmiss[i]) {
				if (!first)
					putc(',', j->fp);
				first = 0;
				json_begin(&o, j->fp);
				json_str(&o, "cell", cell_name(name, i));
				json_long(&o, "missing", e->pmiss[i]);
				json_close(&o);
			}
		putc(']', j->fp);
		first = 1;
	}
	if (!e->have)
		return;
	json_str(j, "entries", e->written);
	if (!e->checked) {
		json_key(j, "mistakes");
		fputs("null", j->fp);
		json_key(j, "progress");
		fputs("null", j->fp);
		return;
	}
	json_key(j, "mistakes");
	putc('[', j->fp);
	for (i = 0; i < GRID_CELLS; i++)
		if (is_mistake(e, i)) {
			if (!first)
				putc(',', j->fp);
			first = 0;
			cell_name(name, i);
			json_begin(&o, j->fp);
			json_str(&o, "cell", name);
			json_long(&o, "written", e->cell[i]);
			json_long(&o, "right", e->right[i]);
			json_close(&o);
		}
	putc(']', j->fp);
	json_key(j, "progress");
	json_begin(&o, j->fp);
	json_long(&o, "right", e->nright);
	json_long(&o, "wrong", e->nwrong);
	json_long(&o, "to_fill", e->tofill);
	json_close(&o);
}

void
entries_say(FILE *fp, const struct entries *e)
{
	char name[CELL_NAME_MAX];
	int i, k = 0;

	if (e->checked && e->nwrong > 0) {
		fprintf(fp, "%d mistake%s to fix first:", e->nwrong,
		    e->nwrong == 1 ? "" : "s");
		for (i = 0; i < GRID_CELLS; i++)
			if (is_mistake(e, i))
				fprintf(fp, "%s %s is %d, should be %d",
				    k++ ? ";" : "", cell_name(name, i),
				    e->cell[i], e->right[i]);
		fputc('\n', fp);
	}
	if (e->checked && e->npmiss > 0) {
		fprintf(fp, "%d pencil mark%s to fix:", e->npmiss,
		    e->npmiss == 1 ? "" : "s");
		for (i = 0, k = 0; i < GRID_CELLS; i++)
			if (e->pmiss[i])
				fprintf(fp, "%s %s lacks %d", k++ ? ";" : "",
				    cell_name(name, i), e->pmiss[i]);
		fputc('\n', fp);
	}
	if (e->check.n == 0)
		return;
	fprintf(fp, "%d cell%s to check:", e->check.n, e->check.n == 1 ? "" :
	    "s");
	for (i = 0, k = 0; i < GRID_CELLS; i++) {
		if (!e->check.alt[i])
			continue;
		fprintf(fp, "%s %s ", k++ ? ";" : "", cell_name(name, i));
		if (e->check.read[i])
			fprintf(fp, "reads %d, ", e->check.read[i]);
		else
			fputs("reads faint, ", fp);
		fprintf(fp, "the answer has %d", e->check.alt[i]);
	}
	fputc('\n', fp);
}
