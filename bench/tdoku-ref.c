/*
 * tdoku-ref.c: times tdoku's solver the way `sdk-solve --bench` times
 * ours, for bench/tdoku.sh.  Linked with tdoku's own
 * src/solver_dpll_triad_simd.cc from a checkout the user provides: tdoku
 * is not part of this project.
 *
 * usage: tdoku-ref FILE [PASSES]
 *
 * Reads one puzzle per line (the first 81 characters: digits, '.' or '0'
 * for a blank), solves them all once untimed (warm-up, and the outcome
 * counts), then PASSES times (default 3) timed, with the search stopping
 * at 2 solutions as in tdoku's benchmarks.  Prints one line:
 *
 *   FILE puzzles N unique U guesses G mean_us M
 *
 * where M is the whole passes' time over the puzzles solved.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* tdoku's C entry point; configuration 0: no solution copied out. */
size_t	TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit,
	    uint32_t configuration, char *solution, size_t *num_guesses);

/* 81 characters and a NUL: tdoku reads input[81] to tell pencil marks. */
#define STRIDE	96

static double
now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

int
main(int argc, char **argv)
{
	char line[1024], solution[96];
	char *puzzles = NULL;
	size_t n = 0, cap = 0, i, guesses, unique = 0, total_guesses = 0;
	long passes = argc > 2 ? strtol(argv[2], NULL, 10) : 3, k;
	double t0, elapsed;
	FILE *fp;
	int c;

	if (argc < 2 || argc > 3 || passes < 1) {
		fprintf(stderr, "usage: tdoku-ref FILE [PASSES]\n");
		return 2;
	}
	if ((fp = fopen(argv[1], "r")) == NULL) {
		perror(argv[1]);
		return 2;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (strspn(line, "123456789.0") < 81)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 4096;
			if ((puzzles = realloc(puzzles, cap * STRIDE)) == NULL) {
				perror("tdoku-ref");
				return 2;
			}
		}
		memset(puzzles + n * STRIDE, 0, STRIDE);
		for (c = 0; c < 81; c++)
			puzzles[n * STRIDE + c] = line[c] == '0' ? '.' : line[c];
		n++;
	}
	fclose(fp);
	if (n == 0) {
		fprintf(stderr, "tdoku-ref: %s: no puzzles\n", argv[1]);
		return 2;
	}
	for (i = 0; i < n; i++) {
		guesses = 0;
		if (TdokuSolverDpllTriadSimd(puzzles + i * STRIDE, 2, 0,
		    solution, &guesses) == 1)
			unique++;
		total_guesses += guesses;
	}
	t0 = now_us();
	for (k = 0; k < passes; k++)
		for (i = 0; i < n; i++)
			TdokuSolverDpllTriadSimd(puzzles + i * STRIDE, 2, 0,
			    solution, &guesses);
	elapsed = now_us() - t0;
	printf("%s puzzles %zu unique %zu guesses %.2f mean_us %.2f\n",
	    argv[1], n, unique, (double)total_guesses / (double)n,
	    elapsed / (double)(n * (size_t)passes));
	free(puzzles);
	return 0;
}
