/*
 * test-logic.c: the human-style techniques of sdk-solve's logic strategy,
 * each on a hand-made position, then the driver, the rating and the
 * pencil-mark forms.  libsolve/logic/private.h declares each technique's
 * finder, so that it can be called alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

#include "../../libsolve/logic/private.h"

/* Start from an empty grid: every candidate everywhere. */
static void
empty(struct logic *p)
{
	unsigned char g[81];

	memset(g, 0, sizeof(g));
	sdk_logic_init(p, g);
}

static void
from_line(struct logic *p, const char *s)
{
	char err[128];

	if (sdk_logic_parse(p, s, err, sizeof(err)) < 0) {
		printf("# bad test position: %s\n", err);
		exit(1);
	}
}

/* Cell index of "r3c5". */
static int
at(const char *rc)
{
	return (rc[1] - '1') * 9 + rc[3] - '1';
}

/* Set a cell's candidates to the digits of ds ("123"). */
static void
cands(struct logic *p, const char *rc, const char *ds)
{
	unsigned m = 0;

	for (; *ds; ds++)
		m |= BIT(*ds - '0');
	p->cand[at(rc)] = (unsigned short)m;
}

/* In unit u, keep digit d only at the positions listed ("15": 1st, 5th). */
static void
only(struct logic *p, int d, int u, const char *pos)
{
	int k;

	for (k = 0; k < 9; k++)
		if (strchr(pos, '1' + k) == NULL)
			p->cand[unit_cell[u][k]] &= (unsigned short)~BIT(d);
}

#define ROW(n)	((n) - 1)
#define COL(n)	(8 + (n))
#define BOX(n)	(17 + (n))

/* The technique alone finds this step; optionally also sdk_logic_find. */
static void
expect(const struct logic *p, int tech, const char *want, int first)
{
	struct logic_step s = { .quiet = 0 };	/* the finder writes text */

	ok(find_tech(p, tech, &s), "%s: found", sdk_logic_tech_name(tech));
	is_str(s.text, want, "%s: step text", sdk_logic_tech_name(tech));
	if (first) {
		ok(sdk_logic_find(p, LT_COUNT - 1, &s) == 1 &&
		    (int)s.tech == tech, "%s: the simplest step here",
		    sdk_logic_tech_name(tech));
	}
}

static void
test_singles(void)
{
	struct logic p;

	from_line(&p, "12345678." "........." "........." "........."
	    "........." "........." "........." "........." ".........");
	expect(&p, LT_FULL_HOUSE, "full house: r1c9 = 9 (row 1)", 1);

	from_line(&p, ".1234...." "........." "........." "5........"
	    "6........" "7........" "8........" "........." ".........");
	expect(&p, LT_NAKED_SINGLE, "naked single: r1c1 = 9", 1);

	from_line(&p, "........." "...1....." "......1.." ".1......."
	    "........." "........." "..1......" "........." ".........");
	expect(&p, LT_HIDDEN_SINGLE, "hidden single: r1c1 = 1 (box 1)", 1);
}

static void
test_locked(void)
{
	struct logic p;

	empty(&p);
	only(&p, 7, BOX(1), "45");	/* box 1: 7 only at r2c1, r2c2 */
	only(&p, 7, ROW(2), "12789");
	expect(&p, LT_POINTING,
	    "pointing: 7 in box 1 on row 2 removes r2c7, r2c8, r2c9", 1);

	empty(&p);
	only(&p, 7, ROW(2), "123");
	expect(&p, LT_CLAIMING, "claiming: 7 in row 2 within box 1 "
	    "removes r1c1, r1c2, r1c3, r3c1, r3c2, r3c3", 1);
}

static void
test_subsets(void)
{
	struct logic p;

	empty(&p);
	cands(&p, "r1c1", "35");
	cands(&p, "r1c5", "35");
	only(&p, 3, ROW(1), "15");
	expect(&p, LT_NAKED_PAIR, "naked pair: 3,5 in r1c1, r1c5 (row 1) "
	    "removes 5 from r1c2, r1c3, r1c4, r1c6, r1c7, r1c8, r1c9", 1);

	empty(&p);
	only(&p, 3, ROW(1), "15");
	only(&p, 5, ROW(1), "15");
	cands(&p, "r1c1", "345");
	expect(&p, LT_HIDDEN_PAIR, "hidden pair: 3,5 in r1c1, r1c5 (row 1) "
	    "removes 1 from r1c5; 2 from r1c5; 4 from r1c1, r1c5; "
	    "6 from r1c5; 7 from r1c5; 8 from r1c5; 9 from r1c5", 1);

	empty(&p);
	cands(&p, "r1c1", "12");
	cands(&p, "r1c5", "23");
	cands(&p, "r1c9", "13");
	only(&p, 1, ROW(1), "1589");
	only(&p, 2, ROW(1), "1589");
	only(&p, 3, ROW(1), "1589");
	expect(&p, LT_NAKED_TRIPLE, "naked triple: 1,2,3 in r1c1, r1c5, "
	    "r1c9 (row 1) removes 1 from r1c8; 2 from r1c8; 3 from r1c8", 1);

	empty(&p);
	only(&p, 1, ROW(1), "159");
	only(&p, 2, ROW(1), "15");
	only(&p, 3, ROW(1), "59");
	cands(&p, "r1c1", "129");
	cands(&p, "r1c5", "23");
	cands(&p, "r1c9", "1357");
	expect(&p, LT_HIDDEN_TRIPLE, "hidden triple: 1,2,3 in r1c1, r1c5, "
	    "r1c9 (row 1) removes 5 from r1c9; 7 from r1c9; 9 from r1c1",
	    1);

	empty(&p);
	cands(&p, "r1c1", "12");
	cands(&p, "r1c4", "23");
	cands(&p, "r1c7", "34");
	cands(&p, "r1c9", "14");
	only(&p, 1, ROW(1), "14789");
	only(&p, 2, ROW(1), "1479");
	only(&p, 3, ROW(1), "1479");
	only(&p, 4, ROW(1), "1479");
	expect(&p, LT_NAKED_QUAD, "naked quad: 1,2,3,4 in r1c1, r1c4, r1c7, "
	    "r1c9 (row 1) removes 1 from r1c8", 0);

	empty(&p);
	only(&p, 1, COL(2), "12");
	only(&p, 2, COL(2), "23");
	only(&p, 3, COL(2), "34");
	only(&p, 4, COL(2), "14");
	cands(&p, "r1c2", "125");
	cands(&p, "r2c2", "23");
	cands(&p, "r3c2", "34");
	cands(&p, "r4c2", "14");
	expect(&p, LT_HIDDEN_QUAD, "hidden quad: 1,2,3,4 in r1c2, r2c2, "
	    "r3c2, r4c2 (column 2) removes 5 from r1c2", 0);
}

static void
test_fish(void)
{
	struct logic p;

	empty(&p);
	only(&p, 4, ROW(2), "38");
	only(&p, 4, ROW(7), "38");
	expect(&p, LT_XWING, "x-wing: 4 in rows 2, 7 on columns 3, 8 "
	    "removes r1c3, r1c8, r3c3, r3c8, r4c3, r4c8, r5c3, r5c8, "
	    "r6c3, r6c8, r8c3, r8c8, r9c3, r9c8", 1);

	empty(&p);
	only(&p, 4, COL(1), "14");
	only(&p, 4, COL(4), "47");
	only(&p, 4, COL(7), "17");
	for (int r = 1; r <= 9; r++)
		if (r != 1 && r != 4 && r != 7 && r != 5)
			only(&p, 4, ROW(r), "");
	expect(&p, LT_SWORDFISH, "swordfish: 4 in columns 1, 4, 7 on rows "
	    "1, 4, 7 removes r1c2, r1c3, r1c5, r1c6, r1c8, r1c9, "
	    "r4c2, r4c3, r4c5, r4c6, r4c8, r4c9, r7c2, r7c3, r7c5, r7c6, "
	    "r7c8, r7c9", 0);

	empty(&p);
	only(&p, 4, ROW(1), "13");
	only(&p, 4, ROW(3), "35");
	only(&p, 4, ROW(5), "57");
	only(&p, 4, ROW(7), "17");
	only(&p, 4, ROW(9), "");
	only(&p, 4, ROW(2), "9");
	only(&p, 4, ROW(4), "9");
	only(&p, 4, ROW(6), "9");
	expect(&p, LT_JELLYFISH, "jellyfish: 4 in rows 1, 3, 5, 7 on "
	    "columns 1, 3, 5, 7 removes r8c1, r8c3, r8c5, r8c7", 0);
}

static void
test_wings(void)
{
	struct logic p;

	empty(&p);
	cands(&p, "r5c5", "12");
	cands(&p, "r5c1", "13");
	cands(&p, "r1c5", "23");
	expect(&p, LT_XYWING, "xy-wing: 3 by pivot r5c5 {1,2} and pincers "
	    "r1c5 {2,3}, r5c1 {1,3} removes r1c1", 1);

	empty(&p);
	cands(&p, "r1c1", "123");
	cands(&p, "r2c2", "13");
	cands(&p, "r1c5", "23");
	expect(&p, LT_XYZWING, "xyz-wing: 3 by pivot r1c1 {1,2,3} and "
	    "pincers r1c5 {2,3}, r2c2 {1,3} removes r1c2, r1c3", 1);

	empty(&p);
	cands(&p, "r1c1", "12");
	cands(&p, "r9c9", "12");
	only(&p, 1, ROW(5), "19");
	expect(&p, LT_WWING, "w-wing: 2 by r1c1 {1,2}, r9c9 {1,2} and "
	    "strong link on 1 in row 5 (r5c1, r5c9) removes r1c9, r9c1", 1);
}

static void
test_colouring(void)
{
	struct logic p;

	empty(&p);
	only(&p, 5, COL(1), "17");
	only(&p, 5, ROW(7), "15");
	only(&p, 5, COL(5), "37");
	expect(&p, LT_COLOURING, "simple colouring: 5 colour trap on r1c1, "
	    "r7c5 against r3c5, r7c1 removes r1c4, r1c6, r3c2, r3c3", 1);

	/* r1c1 = r1c5 = r4c5 = r4c2 = r2c2: r1c1 and r2c2 share box 1 */
	empty(&p);
	only(&p, 5, ROW(1), "15");
	only(&p, 5, COL(5), "14");
	only(&p, 5, ROW(4), "25");
	only(&p, 5, COL(2), "24");
	expect(&p, LT_COLOURING, "simple colouring: 5 colour wrap on r1c1, "
	    "r2c2, r4c5 against r1c5, r4c2 removes r1c1, r2c2, r4c5", 1);
}

static void
test_ur(void)
{
	struct logic p;

	empty(&p);
	cands(&p, "r1c1", "12");
	cands(&p, "r1c4", "12");
	cands(&p, "r2c1", "12");
	cands(&p, "r2c4", "123");
	only(&p, 1, ROW(1), "14");
	only(&p, 2, ROW(1), "14");
	only(&p, 1, COL(1), "12");
	only(&p, 2, COL(1), "12");
	only(&p, 1, BOX(1), "14");
	only(&p, 2, BOX(1), "14");
	expect(&p, LT_UR1, "unique rectangle: r1c1, r1c4, r2c1, r2c4 {1,2} "
	    "type 1 removes 1 from r2c4; 2 from r2c4", 1);
}

static void
test_chains(void)
{
	struct logic p;

	empty(&p);
	only(&p, 6, COL(1), "19");
	only(&p, 6, COL(5), "29");
	/* a skyscraper: also a sashimi x-wing, which comes first */
	expect(&p, LT_XCHAIN, "x-chain: 6 on r1c1 = r9c1 - r9c5 = r2c5 "
	    "removes r1c4, r1c6, r2c2, r2c3", 0);

	empty(&p);
	cands(&p, "r1c1", "12");
	cands(&p, "r1c5", "23");
	cands(&p, "r5c5", "34");
	cands(&p, "r5c9", "14");
	expect(&p, LT_XYCHAIN, "xy-chain: 1 on r1c1 {1,2} - r1c5 {2,3} - "
	    "r5c5 {3,4} - r5c9 {1,4} removes r1c9, r5c1", 1);

	/* A bivalue cell, then strong links on 2 and on 1 in units. */
	empty(&p);
	cands(&p, "r1c1", "12");
	only(&p, 2, COL(5), "14");
	only(&p, 1, ROW(4), "25");
	expect(&p, LT_AIC, "aic: 1r1c1 = 2r1c1 - 2r1c5 = 2r4c5 - 1r4c5 = "
	    "1r4c2 removes 1 from r1c2, r2c2, r3c2, r5c1, r6c1", 1);
}

/* Positions met in real solutions (a trace's grid and pencil marks). */
static void
from_marks(struct logic *p, const char *grid, const char *marks)
{
	unsigned char cells[81];
	char err[128];
	int i;

	for (i = 0; i < 81; i++)
		cells[i] = grid[i] == '.' ? 0 : (unsigned char)(grid[i] - '0');
	if (sdk_logic_marks(p, cells, marks, err, sizeof(err)) < 0) {
		printf("# bad test position: %s\n", err);
		exit(1);
	}
}

static void
test_more(void)
{
	struct logic p;

	/* r7c9 is a fin in box 9: r8c8, r9c8 see it and column 8. */
	empty(&p);
	only(&p, 4, ROW(2), "38");
	only(&p, 4, ROW(7), "389");
	expect(&p, LT_FINNED_XWING, "finned x-wing: 4 in rows 2, 7 on "
	    "columns 3, 8 with fin r7c9 removes r8c8, r9c8", 1);

	from_marks(&p, "739..2564...547239254693817.....91855....8.4.....56.7.126375498."
	    "45..172..87..4.51",
	    "......7....3..............91......8.1......8..2...........5....."
	    "....6......4..........6.8.1....6...1......8.....5.......4......."
	    "....7...2.........3..............9.2...........5.......4........"
	    "..6...........9..3.............8.1..............7.....4.6......."
	    ".67...23.........4..7...23..............91...............8.....5"
	    "........5..........7.9.23......12....7..1.3.............8......6"
	    "..9...4......2...6......4...8.1.......91......8..2.4.........5.."
	    ".......6.....3.....9......7...23......1.........2............6.."
	    "...3............7......5.......4.............9.......8...3.....9"
	    "...4.........5...........89.....6.8.1..............7...2........"
	    ".3..6.....3.....9.......8.......7...2......9.2...6......4......."
	    "3..6.......5....1........");
	expect(&p, LT_BUG1, "bug+1: r5c4 = 2 (every other cell has two candidates)", 1);

	from_marks(&p, "5.8.....76.29.1...4.9.......87.5...4.6.....3..9....6...263...1.7"
	    "...8..........2..",
	    "....5....1.3.............8..2.4.6....234.6....234.6...1.34....9."
	    "2.4.6..9......7.......6.....3...7...2...............9..34..7..1."
	    ".........345..8....45..8...3.5..8....4.....1.3...7..........9..."
	    ".5..8..23..67......5..8.1.3.......2...6...123..6...123.........."
	    "...8.......7..12...6.......5.....23..6..91.......9.2......9...4."
	    "....12............6......45....12.4..78.12.4....9.2.4..7891...5."
	    "789..3......12..5..89123..............9...45....12.4..78.1234..."
	    "...234...8......6....2..5.78.12..5..8........89.2............6.."
	    "...3.........4....9...45.7.9...45.7891............5..89......7.."
	    "...45....1.3......12.456..........8..2.456..9..345...9...456..9."
	    ".3.56..9.......89...45....1.3......1..4567..1..4.6..9...4567.9.2"
	    "..........456789..3.56.89");
	expect(&p, LT_FINNED_SWORDFISH, "finned swordfish: 9 in rows 1, 4, 8 on columns 6, 7, 8 with fin r8c9 removes r7c7, r9c8", 1);
}

/* Misfires: techniques that must find nothing. */
static void
test_nothing(void)
{
	struct logic p;
	struct logic_step s = { .quiet = 1 };
	struct logic_rating r;
	int t, any = 0;

	empty(&p);
	for (t = 0; t < LT_COUNT; t++)
		any |= find_tech(&p, t, &s);
	ok(!any, "empty grid: no technique applies");
	ok(sdk_logic_find(&p, LT_COUNT - 1, &s) == 0, "empty grid: stuck");

	empty(&p);
	cands(&p, "r1c1", "12");
	cands(&p, "r1c2", "12");
	cands(&p, "r1c3", "12");
	ok(sdk_logic_find(&p, LT_COUNT - 1, &s) == 1 && s.tech == LT_NAKED_PAIR,
	    "three cells with two digits: a pair first");
	ok(sdk_logic_run(&p, LT_COUNT - 1, NULL, NULL, &r) == -1,
	    "... then a contradiction");
	is_int(r.level, LEVEL_EXTREME, "... rated as needing search");
	empty(&p);
	only(&p, 9, BOX(5), "");
	ok(!sdk_logic_consistent(&p), "digit with no place in a box");
}

#define EASY	".....9...2...83.45.78.....31..8.793..895............7....964...427..8.69......184"
#define HARD	"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

struct collect {
	int	 n;
	int	 bad;
	char	 first[LOGIC_TEXTMAX];
};

static void
collect_step(void *arg, const struct logic *p, const struct logic_step *s)
{
	struct collect *c = arg;

	(void)p;
	if (c->n++ == 0)
		snprintf(c->first, sizeof(c->first), "%s", s->text);
	if (strncmp(s->text, sdk_logic_tech_name(s->tech),
	    strlen(sdk_logic_tech_name(s->tech))) != 0)
		c->bad++;
}

static void
test_run(void)
{
	struct logic p;
	struct logic_rating r;
	struct logic_step s;
	struct collect col;
	unsigned char g[81];
	int i, rc, left;

	memset(&col, 0, sizeof(col));
	for (i = 0; i < 81; i++)
		g[i] = EASY[i] == '.' ? 0 : (unsigned char)(EASY[i] - '0');
	sdk_logic_init(&p, g);
	left = sdk_logic_left(&p);
	ok(sdk_logic_find(&p, LT_COUNT - 1, &s) == 1 && s.cell >= 0,
	    "hint on a newspaper grid places a digit");
	ok(s.tech <= LT_HIDDEN_SINGLE, "... with a single: %s", s.text);
	rc = sdk_logic_run(&p, LT_COUNT - 1, collect_step, &col, &r);
	is_int(rc, 1, "newspaper grid: solved by the techniques");
	is_int(sdk_logic_left(&p), 0, "... no cell left");
	ok(sdk_logic_consistent(&p), "... a valid grid");
	is_int(r.level, LEVEL_EASY, "... rated easy");
	ok(r.steps >= left, "... one step per cell at least (%d)", r.steps);
	is_int(col.n, r.steps, "... every step reported");
	is_int(col.bad, 0, "... each text begins with its technique");
	is_str(col.first, s.text, "... the hint was the first step");

	is_int(sdk_logic_rate(g, &r), 1, "sdk_logic_rate agrees");
	for (i = 0; i < 81; i++)
		g[i] = HARD[i] == '.' ? 0 : (unsigned char)(HARD[i] - '0');
	rc = sdk_logic_rate(g, &r);
	is_int(rc, 0, "top1465 #1: the techniques get stuck");
	is_int(r.level, LEVEL_EXTREME, "... rated extreme");
	is_str(sdk_logic_level_name(r.level), "extreme", "... level name");
	is_int(sdk_logic_level_find("hard"), LEVEL_HARD, "level by name");
	is_int(sdk_logic_level_find("nope"), -1, "unknown level");

	sdk_logic_init(&p, g);
	rc = sdk_logic_run(&p, LT_HIDDEN_SINGLE, NULL, NULL, &r);
	ok(rc == 0 && r.hardest <= LT_HIDDEN_SINGLE,
	    "maxtech caps the techniques used");
	g[1] = 4;
	ok(sdk_logic_init(&p, g) < 0, "conflicting givens refused");
}

static void
test_pencil(void)
{
	struct logic p, q;
	char s729[730], err[128], *buf;
	size_t len;
	FILE *fp;
	int i;

	/*
	 * A position with no naked single (one candidate reads as placed):
	 * given 7 at r1c4, some pencil work around it.
	 */
	empty(&p);
	sdk_logic_place(&p, 3, 7);
	cands(&p, "r5c5", "12");
	cands(&p, "r9c1", "3569");
	only(&p, 4, ROW(6), "19");
	sdk_logic_format729(&p, s729);
	is_int(strlen(s729), 729, "729 form has 729 characters");
	ok(strncmp(s729 + 27, "......7..", 9) == 0, "placed 7 at r1c4");
	ok(sdk_logic_parse(&q, s729, err, sizeof(err)) == 0, "729 form read");
	ok(memcmp(p.cand, q.cand, sizeof(p.cand)) == 0 &&
	    memcmp(p.cell, q.cell, sizeof(p.cell)) == 0,
	    "729 form round trip");

	fp = open_memstream(&buf, &len);
	sdk_logic_write_boxed(fp, &p);
	fclose(fp);
	ok(strncmp(buf, "+-", 2) == 0, "boxed form starts with a rule");
	memset(&q, 0, sizeof(q));
	ok(sdk_logic_parse(&q, buf, err, sizeof(err)) == 0, "boxed form read");
	ok(memcmp(p.cand, q.cand, sizeof(p.cand)) == 0 &&
	    memcmp(p.cell, q.cell, sizeof(p.cell)) == 0,
	    "boxed form round trip");
	free(buf);

	ok(sdk_logic_parse(&q, EASY, err, sizeof(err)) == 0 &&
	    q.cell[5] == 9 && q.cand[0] == (BIT(3) | BIT(5) | BIT(6)),
	    "81-cell line gives computed candidates");
	ok(sdk_logic_parse(&q, "1 2 3", err, sizeof(err)) < 0,
	    "3 cells refused");
	is_str(err, "3 cells, want 81", "... message");
	/* Marks beside a grid: an empty cell with one candidate stays empty. */
	{
		unsigned char cells[81];

		memset(cells, 0, sizeof(cells));
		cells[3] = 7;
		memset(s729, '.', 729);
		for (i = 0; i < 729; i++)
			if (i / 9 != 3 && i % 9 != 6)
				s729[i] = (char)('1' + i % 9);
		s729[3 * 9 + 6] = '7';
		s729[0] = '.';			/* r1c1: only 2-9 ... */
		memset(s729 + 1, '.', 8);
		s729[4] = '5';			/* ... only 5 */
		ok(sdk_logic_marks(&q, cells, s729, err, sizeof(err)) == 0,
		    "marks beside a grid read");
		ok(q.cell[0] == 0 && q.cand[0] == BIT(5) && q.cell[3] == 7 &&
		    !(q.cand[1] & BIT(7)), "single candidate kept empty, "
		    "placed digit clears its peers");
		cells[3] = 6;
		ok(sdk_logic_marks(&q, cells, s729, err, sizeof(err)) < 0,
		    "a placed digit must be a candidate");
		is_str(err, "r1c4 holds 6, not a candidate there", "... message");
	}
	s729[0] = 'x';
	ok(sdk_logic_parse(&q, s729, err, sizeof(err)) < 0, "bad character");
	memset(s729, '.', 729);
	s729[0] = '1';
	s729[9] = '1';
	ok(sdk_logic_parse(&q, s729, err, sizeof(err)) < 0,
	    "empty cell refused");
	is_str(err, "cell r1c3 has no candidate", "... message");
}

#define is_double(got, want, ...) do {					\
	double tap_g_ = (got), tap_w_ = (want);				\
	if (!ok(tap_g_ - tap_w_ < 1e-9 && tap_w_ - tap_g_ < 1e-9,	\
	    __VA_ARGS__))						\
		printf("#   got %g, want %g\n", tap_g_, tap_w_);	\
} while (0)

/* sdk_logic_score(): Sudoku Explainer's way, on the same two puzzles. */
static void
test_score(void)
{
	unsigned char g[81];
	struct logic p, q;
	struct logic_rating r;
	double x;
	int i;

	is_double(sdk_logic_tech_score(LT_FULL_HOUSE), 1.0, "full house 1.0");
	is_double(sdk_logic_tech_score(LT_HIDDEN_SINGLE), 1.2,
	    "hidden single 1.2");
	is_double(sdk_logic_tech_score(LT_NAKED_SINGLE), 2.3,
	    "naked single 2.3");
	is_double(sdk_logic_tech_score(LT_POINTING), 2.6, "pointing 2.6");
	is_double(sdk_logic_tech_score(LT_AIC), 7.0, "aic 7.0");
	is_double(sdk_logic_tech_score(-1), 0, "nothing 0");
	for (i = 0; i < LT_COUNT; i++)
		ok(sdk_logic_tech_score(i) >= 1 && sdk_logic_tech_score(i) <= 7,
		    "%s: a score in the table", sdk_logic_tech_name(i));
	for (i = 0; i < 81; i++)
		g[i] = EASY[i] == '.' ? 0 : (unsigned char)(EASY[i] - '0');
	sdk_logic_init(&p, g);
	q = p;
	x = sdk_logic_score(&p);
	ok(x >= 1.2 && x <= 2.3, "newspaper grid: singles' score (%.1f)", x);
	ok(memcmp(&p, &q, sizeof(p)) == 0, "... the position unchanged");
	(void)sdk_logic_run(&q, LT_COUNT - 1, NULL, NULL, &r);
	is_double(sdk_logic_score(&q), 0, "a full grid scores 0");
	for (i = 0; i < 81; i++)
		g[i] = HARD[i] == '.' ? 0 : (unsigned char)(HARD[i] - '0');
	sdk_logic_init(&p, g);
	is_double(sdk_logic_score(&p), LOGIC_SCORE_SEARCH,
	    "top1465 #1: beyond the techniques");
	p.cand[1] = 0;
	is_double(sdk_logic_score(&p), -1, "a cell without candidates: -1");
}

/* The table of techniques (logic/core.c) has every one, levels in order. */
static void
test_table(void)
{
	int t, named = 1, ordered = 1;

	for (t = 0; t < LT_COUNT; t++) {
		if (sdk_logic_tech_name(t) == NULL ||
		    strcmp(sdk_logic_tech_name(t), "none") == 0)
			named = 0;
		if (t > 0 && sdk_logic_tech_level(t) <
		    sdk_logic_tech_level(t - 1))
			ordered = 0;
	}
	ok(named, "every technique has its name");
	ok(ordered, "the techniques' levels never go down");
	is_str(sdk_logic_tech_name(LT_XYZWING), "xyz-wing", "xyz-wing named");
	ok(sdk_logic_tech_level(LT_JELLYFISH) == LEVEL_EXPERT,
	    "jellyfish is expert");
}

int
main(void)
{
	test_table();
	test_singles();
	test_locked();
	test_subsets();
	test_fish();
	test_wings();
	test_colouring();
	test_ur();
	test_chains();
	test_more();
	test_nothing();
	test_run();
	test_pencil();
	test_score();
	return tap_done();
}
