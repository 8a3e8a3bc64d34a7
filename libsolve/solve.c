/*
 * solve.c: what the strategies share: the node and time budget, the
 * check of the givens, and the table of engines.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "solve.h"

const struct engine *const sdk_engines[] = {
	&sdk_engine_fast,
	&sdk_engine_dlx,
	&sdk_engine_ac3,
	&sdk_engine_backtrack,
	&sdk_engine_logic,
	NULL
};

const struct engine *
sdk_engine_find(const char *name)
{
	int i;

	for (i = 0; sdk_engines[i] != NULL; i++)
		if (strcmp(sdk_engines[i]->name, name) == 0)
			return sdk_engines[i];
	return NULL;
}

void
sdk_budget_start(struct budget *b, unsigned long max_nodes, double seconds,
    unsigned long interval)
{
	memset(b, 0, sizeof(*b));
	b->max_nodes = max_nodes;
	b->seconds = seconds;
	b->interval = interval == 0 ? 1 : interval;
	if (seconds > 0) {
		clock_gettime(CLOCK_MONOTONIC, &b->deadline);
		b->deadline.tv_sec += (time_t)seconds;
		b->deadline.tv_nsec += (long)((seconds -
		    (double)(time_t)seconds) * 1e9);
		if (b->deadline.tv_nsec >= 1000000000L) {
			b->deadline.tv_sec++;
			b->deadline.tv_nsec -= 1000000000L;
		}
	}
	if (max_nodes == 0 && seconds <= 0)
		b->next_check = (unsigned long)-1;
	else
		b->next_check = b->interval;
	if (max_nodes != 0 && b->next_check > max_nodes)
		b->next_check = max_nodes;
}

int
sdk_budget_check(struct budget *b)
{
	struct timespec now;

	if (b->expired)
		return 1;
	if (b->max_nodes != 0 && b->nodes >= b->max_nodes) {
		b->expired = 1;
		return 1;
	}
	if (b->seconds > 0) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec > b->deadline.tv_sec ||
		    (now.tv_sec == b->deadline.tv_sec &&
		    now.tv_nsec >= b->deadline.tv_nsec)) {
			b->expired = 1;
			return 1;
		}
	}
	if (b->max_nodes == 0 && b->seconds <= 0)
		b->next_check = (unsigned long)-1;
	else
		b->next_check = b->nodes + b->interval;
	if (b->max_nodes != 0 && b->next_check > b->max_nodes)
		b->next_check = b->max_nodes;
	return 0;
}

/*
 * Is some digit twice in a unit?  One pass with a mask a unit, no
 * branch a cell: sdk-solve checks every puzzle it is given, and the
 * check by unit cost an eighth of solving top1465 (issue 30).
 */
static int
givens_clash(const unsigned char *g)
{
	unsigned rows[9] = { 0 }, cols[9] = { 0 }, boxes[9] = { 0 };
	unsigned bit, clash = 0;
	int r, c, b;

	for (r = 0; r < 9; r++)
		for (c = 0; c < 9; c++) {
			bit = (1u << g[r * 9 + c]) & ~1u;	/* 0: none */
			b = r / 3 * 3 + c / 3;
			clash |= (rows[r] | cols[c] | boxes[b]) & bit;
			rows[r] |= bit;
			cols[c] |= bit;
			boxes[b] |= bit;
		}
	return clash != 0;
}

int
sdk_givens_check(const unsigned char *g, char *msg, size_t msglen)
{
	static const char *const unit[] = { "row", "column", "box" };
	int u, n, k, cell, seen;

	if (!givens_clash(g))
		return 0;
	/* Name the first clash, rows before columns before boxes. */
	for (u = 0; u < 3; u++)
		for (n = 0; n < 9; n++) {
			seen = 0;
			for (k = 0; k < 9; k++) {
				if (u == 0)
					cell = n * 9 + k;
				else if (u == 1)
					cell = k * 9 + n;
				else
					cell = (n / 3 * 3 + k / 3) * 9 +
					    n % 3 * 3 + k % 3;
				if (g[cell] == 0)
					continue;
				if (seen & (1 << g[cell])) {
					snprintf(msg, msglen,
					    "%s %d has two %ds", unit[u],
					    n + 1, g[cell]);
					return -1;
				}
				seen |= 1 << g[cell];
			}
		}
	return 0;
}
