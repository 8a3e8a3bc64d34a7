/*
 * test-repair.c: mending misread grids (libsolve/repair.c).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "repair.h"
#include "solve.h"
#include "tap.h"

/* A newspaper-style puzzle with one solution. */
#define PUZZLE "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

static void
no_info(struct repair_cell *info)
{
	int i;

	for (i = 0; i < 81; i++) {
		info[i].p = 0.99;
		info[i].nalt = 0;
	}
}

/*
 * Cell c read with probability p; its alternatives a0 and a1 (-1: none)
 * with theirs.
 */
static void
read_as(struct repair_cell *c, double p, int a0, double p0, int a1,
    double p1)
{
	c->p = p;
	c->nalt = 0;
	if (a0 >= 0) {
		c->alt[c->nalt] = (unsigned char)a0;
		c->alt_p[c->nalt++] = p0;
	}
	if (a1 >= 0) {
		c->alt[c->nalt] = (unsigned char)a1;
		c->alt_p[c->nalt++] = p1;
	}
}

/* Misreads mended, or left as read. */
static void
test_repairs(void)
{
	unsigned char cells[81], orig[81];
	struct repair_cell info[81];
	struct repair_result res;

	grid_parse_line(PUZZLE, orig);
	ok(repair_is_proper(orig), "the puzzle is proper");

	memcpy(cells, orig, 81);
	no_info(info);
	is_int(repair_grid(cells, info, &res), REPAIR_PROPER,
	    "a proper read is left alone");
	ok(memcmp(cells, orig, 81) == 0, "unchanged");

	/* r1c1 5 misread as 3: a 3 twice in row 1. */
	memcpy(cells, orig, 81);
	cells[0] = 3;
	ok(!repair_is_proper(cells), "a misread makes it improper");
	info[0].p = 0.6;
	info[0].nalt = 2;
	info[0].alt[0] = 8;
	info[0].alt_p[0] = 0.3;
	info[0].alt[1] = 5;
	info[0].alt_p[1] = 0.1;
	/* A distractor elsewhere, likelier than the right fix. */
	info[40].p = 0.5;
	info[40].nalt = 1;
	info[40].alt[0] = 0;
	info[40].alt_p[0] = 0.5;
	is_int(repair_grid(cells, info, &res), REPAIR_MENDED, "mended");
	ok(memcmp(cells, orig, 81) == 0, "back to the true puzzle");
	is_int(res.nchanged, 1, "one cell changed");
	ok(res.cell[0] == 0 && res.from[0] == 3 && res.to[0] == 5,
	    "r1c1 3>5");

	/* Two misreads need a pair of changes. */
	memcpy(cells, orig, 81);
	no_info(info);
	cells[0] = 3;
	cells[80] = 4;		/* r9c9 9 read as 4 */
	info[0].nalt = 1;
	info[0].alt[0] = 5;
	info[0].alt_p[0] = 0.2;
	info[80].nalt = 1;
	info[80].alt[0] = 9;
	info[80].alt_p[0] = 0.2;
	is_int(repair_grid(cells, info, &res), REPAIR_MENDED,
	    "two misreads mended");
	is_int(res.nchanged, 2, "two cells changed");
	ok(memcmp(cells, orig, 81) == 0, "the true puzzle again");

	/* No alternative that helps: left as read. */
	memcpy(cells, orig, 81);
	no_info(info);
	cells[0] = 3;
	memcpy(orig, cells, 81);
	is_int(repair_grid(cells, info, &res), REPAIR_FAILED,
	    "no help in the alternatives: failed");
	ok(memcmp(cells, orig, 81) == 0, "a failed repair changes nothing");

	/*
	 * A missed digit: consistent, several solutions.  Changing another
	 * cell must not be tried, however likely; adding the digit is.
	 */
	grid_parse_line(".................................................."
	    "...............................", orig);
	memcpy(cells, orig, 81);
	cells[0] = 1;
	no_info(info);
	read_as(&info[0], 0.5, 2, 0.5, -1, 0);
	is_int(repair_grid(cells, info, &res), REPAIR_FAILED,
	    "several solutions: no change of a read digit");
	is_int(cells[0], 1, "the digit stays as read");
	grid_parse_line(PUZZLE, orig);
	memcpy(cells, orig, 81);
	cells[1] = 0;		/* r1c2 3 missed */
	cells[4] = 0;		/* and r1c5 7 */
	no_info(info);
	if (!repair_is_proper(cells)) {
		info[1].nalt = 1;
		info[1].alt[0] = 3;
		info[1].alt_p[0] = 0.1;
		info[4].nalt = 1;
		info[4].alt[0] = 7;
		info[4].alt_p[0] = 0.1;
		is_int(repair_grid(cells, info, &res), REPAIR_MENDED,
		    "missed digits added back");
	} else {
		ok(1, "two missing digits still leave one solution: nothing "
		    "to mend");
	}
}

/*
 * The rival: r3c8's 6 read as a 9 (twice in row 3); read back as a 6 or
 * as a 5, the givens are a proper puzzle either way, two puzzles with two
 * solutions.  The likelier is made; how much less likely the other is,
 * told.
 */
static void
test_rival(void)
{
	unsigned char cells[81], orig[81], five[81], sol5[81];
	struct repair_cell info[81];
	struct repair_result res;

	grid_parse_line(PUZZLE, orig);
	memcpy(cells, orig, 81);
	cells[25] = 5;
	ok(repair_is_proper(cells), "r3c8 a 5: another proper puzzle");
	memcpy(cells, orig, 81);
	cells[25] = 9;
	no_info(info);
	read_as(&info[25], 0.5, 6, 0.3, 5, 0.2);
	is_int(repair_grid(cells, info, &res), REPAIR_MENDED, "mended");
	ok(memcmp(cells, orig, 81) == 0, "to the likelier 6");
	ok(fabs(res.rival - log(0.3 / 0.2)) < 1e-9,
	    "the 5 told as a rival, 2/3 as likely");
	memcpy(five, cells, 81);
	five[25] = 5;
	ok(repair_solution(five, sol5) &&
	    memcmp(res.rival_solution, sol5, 81) == 0,
	    "the rival's solution told: the 5's puzzle's");

	memcpy(cells, orig, 81);
	cells[25] = 9;
	read_as(&info[25], 0.5, 6, 0.3, 5, 0.001);
	is_int(repair_grid(cells, info, &res), REPAIR_MENDED, "mended");
	ok(res.rival == HUGE_VAL, "a 5 300 times less likely: no rival");

	/* An alternative that gives the same solution is no rival. */
	memcpy(cells, orig, 81);
	cells[25] = 9;
	read_as(&info[25], 0.5, 6, 0.3, -1, 0);
	/* r1c2's 3 read as nothing: the same solution. */
	read_as(&info[1], 0.5, 0, 0.4, -1, 0);
	memcpy(orig, cells, 81);
	orig[1] = 0;
	orig[25] = 6;
	ok(repair_is_proper(orig), "without r1c2's 3, still one solution");
	is_int(repair_grid(cells, info, &res), REPAIR_MENDED, "mended");
	is_int(res.nchanged, 1, "r3c8 alone");
	ok(res.rival == HUGE_VAL, "the same solution: no rival");
}

/* Parsing the OCR's metadata. */
static void
test_parse(void)
{
	struct repair_cell info[81];
	char line[82];

	memset(line, '9', 81);
	line[81] = '\0';
	line[3] = '5';
	is_int(repair_parse(line, "r1c4:.=0.25,8=0.125 r9c9:3=0.5", info), 0,
	    "parse conf and alt");
	is_int(info[3].nalt, 2, "two alternatives");
	ok(info[3].alt[0] == 0 && info[3].alt[1] == 8, "their digits");
	ok(info[3].p > 0.62 && info[3].p < 0.63, "own probability 1 - sum");
	ok(info[80].alt[0] == 3 && info[80].p == 0.5, "last cell");
	is_int(repair_parse(NULL, NULL, info), 0, "nothing to parse");
	is_int(repair_parse(NULL, "r0c4:.=0.2", info), -1, "row 0 rejected");
	is_int(repair_parse(NULL, "r1c4:x=0.2", info), -1,
	    "bad digit rejected");
	is_int(repair_parse(NULL, "r1c4:5=2", info), -1,
	    "probability over 1 rejected");
	is_int(repair_parse(NULL, "r1c4:5=0.2junk", info), -1,
	    "junk rejected");
	is_int(repair_parse("99", NULL, info), -1, "short conf rejected");
}

/*
 * A given misread so that the givens have several solutions (r?c? a d
 * for its e), and an empty cell where one digit would make them one
 * solution, a wrong one.  The mend adds that digit alone (it changes no
 * digit read when the givens have several solutions); the misread given
 * read back, as likely a change, makes the true puzzle: that rival is
 * told, so the mend is not taken for sure.
 */
static void
test_rival_of_adding(void)
{
	unsigned char orig[81], sol[81], cells[81], trial[81], tsol[81];
	struct repair_cell info[81];
	struct repair_result res;
	int i, j = 0, d, e = 0, found = 0;

	grid_parse_line(PUZZLE, orig);
	repair_solution(orig, sol);
	for (i = 0; i < 81 && !found; i++)
		for (d = 1; d <= 9 && orig[i] != 0 && !found; d++) {
			memcpy(cells, orig, 81);
			cells[i] = (unsigned char)d;
			if (d == orig[i] || repair_is_proper(cells))
				continue;
			{
				struct solve_result r;
				struct budget b;

				memset(&r, 0, sizeof(r));
				sdk_budget_start(&b, 200000, 0, 4096);
				sdk_engine_fast.solve(cells, 2, &b, &r, NULL);
				if (r.count != 2)
					continue;	/* invalid or none */
			}
			for (j = 0; j < 81 && !found; j++)
				for (e = 1; e <= 9 && cells[j] == 0 && !found;
				    e++) {
					memcpy(trial, cells, 81);
					trial[j] = (unsigned char)e;
					if (repair_solution(trial, tsol) &&
					    memcmp(tsol, sol, 81) != 0)
						found = 1;
				}
		}
	if (!ok(found, "a misread given that leaves several solutions, and "
	    "a digit that makes one wrong one"))
		return;
	i--, d--, j--, e--;
	memcpy(cells, orig, 81);
	cells[i] = (unsigned char)d;
	no_info(info);
	read_as(&info[i], 0.6, orig[i], 0.3, -1, 0);
	read_as(&info[j], 0.7, e, 0.3, -1, 0);
	is_int(repair_grid(cells, info, &res), REPAIR_MENDED, "mended");
	ok(res.nchanged == 1 && res.cell[0] == j && res.to[0] == e,
	    "by adding the digit (several solutions: nothing read changed)");
	ok(res.rival < 1e-9,
	    "the misread given read back told as a rival, likelier still");
	ok(memcmp(res.rival_solution, sol, 81) == 0,
	    "the rival's solution: the true puzzle's");
}

int
main(void)
{
	test_repairs();
	test_rival();
	test_rival_of_adding();
	test_parse();
	return tap_done();
}
