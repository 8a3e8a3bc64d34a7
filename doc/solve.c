/* solve.c: solve and rate the puzzle given as an argument (libsdk-solve). */
#include <stdio.h>
#include <string.h>

#include <sdk/logic.h>
#include <sdk/solve.h>

int
main(int argc, char *argv[])
{
	unsigned char cell[GRID_CELLS];
	struct solve_result res;
	struct logic_rating rating;
	struct budget budget;
	char why[64];
	int i;

	if (argc != 2 || strlen(argv[1]) != GRID_CELLS) {
		fputs("usage: solve PUZZLE (81 cells, . for empty)\n", stderr);
		return 2;
	}
	for (i = 0; i < GRID_CELLS; i++)
		cell[i] = argv[1][i] >= '1' && argv[1][i] <= '9' ?
		    (unsigned char)(argv[1][i] - '0') : 0;
	if (sdk_givens_check(cell, why, sizeof(why)) != 0) {
		fprintf(stderr, "solve: %s\n", why);
		return 1;
	}
	/* Stop at two solutions: one tells a proper puzzle. */
	memset(&res, 0, sizeof(res));
	sdk_budget_start(&budget, 0, 0, 256);
	sdk_engine_fast.solve(cell, 2, &budget, &res, NULL);
	if (res.count != 1) {
		fprintf(stderr, "solve: %s\n", res.count == 0 ?
		    "no solution" : "more than one solution");
		return 1;
	}
	for (i = 0; i < GRID_CELLS; i++)
		putchar('0' + res.solution[i]);
	sdk_logic_rate(cell, &rating);
	printf("\n%s, %d steps, hardest %s\n",
	    sdk_logic_level_name(rating.level), rating.steps,
	    sdk_logic_tech_name(rating.hardest));
	return 0;
}
