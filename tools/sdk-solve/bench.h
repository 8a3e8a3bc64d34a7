/*
 * bench.h: sdk-solve --bench, the timing of strategies over puzzle files.
 */
#ifndef SOLVE_BENCH_H
#define SOLVE_BENCH_H

struct bench_opts {
	const char	*strategies;	/* comma-separated names, or "all" */
	long		 repeat;	/* timed passes */
	double		 timeout;	/* per puzzle, 0: none */
	unsigned long	 max_nodes;	/* per puzzle, 0: none */
	int		 json;
};

/* 0 if every name in the list is a strategy (or the list is "all"). */
int	 bench_check_strategies(const char *list);
/* Time the strategies over the files; returns an exit status. */
int	 bench_run(const struct bench_opts *, int nfiles, char **files);

#endif
