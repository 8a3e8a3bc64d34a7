/*
 * fast-tables.c: the fast strategy's lookup tables (fast-tables.h), built
 * once under pthread_once for whichever of fast.c's builds runs first,
 * and read-only after: the three builds share them.
 */
#include <pthread.h>
#include <stdint.h>

#include "fast-tables.h"

/* What each holds: fast-tables.h. */
uint16_t	 fast_perm[512];
uint32_t	 fast_expand_minirow[512];
uint32_t	 fast_expand_col[512];
uint32_t	 fast_peer_in_band[27];
uint32_t	 fast_perm_cells[512];
uint16_t	 fast_one_row[512];
uint8_t		 fast_pop9[512];
uint8_t		 fast_k_digit[NWORDS];
uint8_t		 fast_k_band[NWORDS];
uint8_t		 fast_bit_col[27];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Bit row * 3 + box <-> bit box * 3 + row. */
static unsigned
transpose9(unsigned i)
{
	unsigned t = 0;
	int r, c;

	for (r = 0; r < 3; r++)
		for (c = 0; c < 3; c++)
			if (i & (1u << (r * 3 + c)))
				t |= 1u << (c * 3 + r);
	return t;
}

static void
tables_init(void)
{
	static const int p3[6][3] = {
		{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
		{ 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
	};
	int i, j, k, r, c;

	for (i = 0; i < 512; i++) {
		fast_one_row[i] = i != 0 && (i & (i - 1)) == 0 ? 0777 : 0;
		fast_pop9[i] = (uint8_t)__builtin_popcount((unsigned)i);
		fast_perm[i] = 0;
		for (k = 0; k < 6; k++) {
			int m = 0;

			for (r = 0; r < 3; r++)
				m |= 1 << (r * 3 + p3[k][r]);
			if ((i & m) == m)
				fast_perm[i] |= m;
		}
		fast_expand_minirow[i] = 0;
		fast_expand_col[i] = 0;
		for (j = 0; j < 9; j++)
			if (i & (1 << j)) {
				/* minirow j: row j/3, box j%3 */
				fast_expand_minirow[i] |= (uint32_t)07 <<
				    ((j / 3) * 9 + (j % 3) * 3);
				fast_expand_col[i] |= (uint32_t)01001001 << j;
			}
	}
	for (i = 0; i < 27; i++) {
		uint32_t m = 0;

		for (j = 0; j < 27; j++) {
			r = j / 9;
			c = j % 9;
			if (j == i)
				continue;
			if (r == i / 9 || c == i % 9 || c / 3 == (i % 9) / 3)
				m |= (uint32_t)1 << j;
		}
		fast_peer_in_band[i] = m;
	}
	for (i = 0; i < NWORDS; i++) {
		fast_k_digit[i] = (uint8_t)(i / 3);
		fast_k_band[i] = (uint8_t)(i % 3);
		fast_bit_col[i] = (uint8_t)(i % 9);
	}
	for (i = 0; i < 512; i++)
		/* Indexed box-major: bit box * 3 + row (minirow_index). */
		fast_perm_cells[i] =
		    fast_expand_minirow[fast_perm[transpose9(i)]];
}

void
fast_tables_ready(void)
{
	(void)pthread_once(&tables_once, tables_init);
}
