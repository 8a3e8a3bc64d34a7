/*
 * test-entries.c: the record formats of libcommon's one home for them:
 * the cell name (cellname.c), sdk-entries, sdk-mistakes, sdk-pencil
 * (entries.c) and sdk-unsure (doubt.c).  What is written parses back to
 * the same thing; what is malformed is refused, saying why.
 */
#include <stdio.h>
#include <string.h>

#include "cellname.h"
#include "doubt.h"
#include "entries.h"
#include "tap.h"

static void
test_cell_name(void)
{
	char name[CELL_NAME_MAX];
	int c, back, all = 1;

	is_str(cell_name(name, 0), "r1c1", "cell 0");
	is_str(cell_name(name, 80), "r9c9", "cell 80");
	is_str(cell_name(name, 3 * 9 + 6), "r4c7", "row 4 column 7");
	for (c = 0; c < GRID_CELLS; c++)
		if (cell_parse(cell_name(name, c), &back) != 4 || back != c)
			all = 0;
	ok(all, "every cell's name parses back to the cell");
	is_int(cell_parse("r0c1", &back), 0, "row 0 refused");
	is_int(cell_parse("r1c0", &back), 0, "column 0 refused");
	is_int(cell_parse("r1x1", &back), 0, "no c refused");
	is_int(cell_parse("r1", &back), 0, "short name refused");
	is_int(cell_parse("", &back), 0, "empty refused");
}

static void
test_entries(void)
{
	static const char line[] = "1...67..........5....................5...."
	    "........5..2..3...5.......6.......5...8";
	unsigned char cell[GRID_CELLS];
	char buf[GRID_CELLS + 1], why[96], long82[GRID_CELLS + 2];

	is_int(entries_parse(line, cell, why, sizeof(why)), 0, "entries parse");
	is_int(entries_format(cell, buf), 12, "12 entries written");
	is_str(buf, line, "sdk-entries round trip");
	memcpy(buf, line, sizeof(line));
	buf[0] = '0';
	is_int(entries_parse(buf, cell, why, sizeof(why)), 0, "'0' is empty");
	is_int(cell[0], 0, "so cell 0 is empty");
	is_int(entries_parse(line + 1, cell, why, sizeof(why)), -1,
	    "80 characters refused");
	is_str(why, "80 characters, not 81", "and why");
	memset(long82, '.', GRID_CELLS + 1);
	long82[GRID_CELLS + 1] = '\0';
	is_int(entries_parse(long82, cell, why, sizeof(why)), -1,
	    "82 refused");
	memcpy(buf, line, sizeof(line));
	buf[40] = 'x';
	is_int(entries_parse(buf, cell, why, sizeof(why)), -1, "'x' refused");
	is_str(why, "character 41 is 'x', not a digit or '.'", "and why");
	buf[40] = '\t';
	is_int(entries_parse(buf, cell, why, sizeof(why)), -1, "tab refused");
	is_str(why, "character 41 is not a digit or '.'", "not shown as is");
}

static void
test_mistakes(void)
{
	static const char *const bad[][2] = {
		{ "", "empty (want \"none\" or words like r3c4:5>7)" },
		{ "   ", "empty (want \"none\" or words like r3c4:5>7)" },
		{ "r5c5:9>", "\"r5c5:9>\" (want words like r3c4:5>7)" },
		{ "r0c5:9>5", "\"r0c5:9>5\" (want words like r3c4:5>7)" },
		{ "r5c5:9>5x", "\"r5c5:9>5x\" (want words like r3c4:5>7)" },
		{ "r5c5:9>9", "\"r5c5:9>9\" is not a mistake" },
		{ "r5c5:9>5 r1c1:1>2", "\"r1c1:1>2\" is out of row-major order" },
		{ "r5c5:9>5 r5c5:9>5", "\"r5c5:9>5\" is out of row-major order" },
		{ "nonex", "\"nonex\" (want words like r3c4:5>7)" },
	};
	static const char list[] = "r1c5:7>9 r3c3:8>9 r4c7:1>5 r7c9:6>2";
	struct mistakes m;
	char buf[MISTAKES_MAX], why[96];
	size_t i;

	is_int(mistakes_parse(list, &m, why, sizeof(why)), 0, "parse");
	is_int(m.n, 4, "four mistakes");
	is_int(m.written[2 * 9 + 2], 8, "r3c3 written 8");
	is_int(m.right[2 * 9 + 2], 9, "r3c3 should be 9");
	mistakes_format(&m, buf);
	is_str(buf, list, "sdk-mistakes round trip");
	is_int(mistakes_parse("none", &m, why, sizeof(why)), 0, "none");
	is_int(m.n, 0, "none is no mistake");
	mistakes_format(&m, buf);
	is_str(buf, "none", "and is written none");
	is_int(mistakes_parse(" r1c1:1>2\tr9c9:3>4", &m, why, sizeof(why)),
	    0, "blanks and tabs around words");
	mistakes_format(&m, buf);
	is_str(buf, "r1c1:1>2 r9c9:3>4", "written with one space");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		is_int(mistakes_parse(bad[i][0], &m, why, sizeof(why)), -1,
		    "refused: \"%s\"", bad[i][0]);
		is_str(why, bad[i][1], "why: \"%s\"", bad[i][0]);
	}
}

static void
test_pencil(void)
{
	static const char list[] = "r1c2:137 r4c5:29 r9c9:";
	struct pencil p;
	char buf[PENCIL_MAX], why[96];
	int c, all = 1;

	is_int(pencil_parse(list, &p, why, sizeof(why)), 0, "parse");
	is_int(p.n, 3, "three cells");
	ok(p.has[1] && p.digits[1] == (1 << 1 | 1 << 3 | 1 << 7),
	    "r1c2 holds 1, 3 and 7");
	ok(p.has[80] && p.digits[80] == 0, "r9c9 holds marks unread");
	pencil_format(&p, buf);
	is_str(buf, list, "sdk-pencil round trip");
	for (c = 0; c < GRID_CELLS; c++) {
		p.has[c] = 1;
		p.digits[c] = 0x3fe;
	}
	p.n = GRID_CELLS;
	pencil_format(&p, buf);
	is_int(strlen(buf), GRID_CELLS * 15 - 1, "81 full cells fit");
	is_int(pencil_parse(buf, &p, why, sizeof(why)), 0, "and parse back");
	for (c = 0; c < GRID_CELLS; c++)
		all &= p.has[c] && p.digits[c] == 0x3fe;
	ok(all, "to the same marks");
	is_int(pencil_parse("", &p, why, sizeof(why)), 0, "empty: none");
	is_int(p.n, 0, "no cell");
	is_int(pencil_parse("r1c8:x", &p, why, sizeof(why)), -1,
	    "a letter refused");
	is_str(why, "a candidate is not a digit 1-9", "and why");
	is_int(pencil_parse("r1c2:1 r0c1:2", &p, why, sizeof(why)), -1,
	    "row 0 refused");
	is_str(why, "\"r0c1:2\" (want words like r1c2:137)", "and why");
	is_int(pencil_parse("r1c2", &p, why, sizeof(why)), -1,
	    "no colon refused");
}

static void
test_doubts(void)
{
	static const char list[] = "r2c6:8|3 r4c9:.|2";
	struct doubts d;
	char buf[DOUBTS_MAX], why[96];

	is_int(doubts_parse(list, &d, why, sizeof(why)), 0, "parse");
	doubts_format(&d, buf);
	is_str(buf, list, "sdk-unsure round trip");
	is_int(doubts_parse("r4c9:.|2 r2c6:8|3", &d, why, sizeof(why)), -1,
	    "out of order refused");
	is_str(why, "r2c6 is out of row-major order", "and why");
	is_int(doubts_parse("r2c6:8|8", &d, why, sizeof(why)), -1,
	    "the same digit twice refused");
}

int
main(void)
{
	test_cell_name();
	test_entries();
	test_mistakes();
	test_pencil();
	test_doubts();
	return tap_done();
}
