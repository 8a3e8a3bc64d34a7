/*
 * fast-tables.h: the lookup tables of the fast strategy (fast.c), built
 * once for all its builds (fast-tables.c) and read-only after; and the
 * index into fast_perm_cells, computed without a table.  Inside libsolve
 * only: hidden, so that the shared library reaches them directly.
 */
#ifndef SDK_FAST_TABLES_H
#define SDK_FAST_TABLES_H

#include <stdint.h>

#define NWORDS	27	/* band words: digit * 3 + band */

#if defined(__GNUC__)
#define FAST_HIDDEN	__attribute__((visibility("hidden")))
#else
#define FAST_HIDDEN
#endif

/* 3x3 presence -> the union of the permutations it holds. */
extern FAST_HIDDEN uint16_t fast_perm[512];
/* 9 minirows -> their 27 cells; 9 columns -> their 27 cells. */
extern FAST_HIDDEN uint32_t fast_expand_minirow[512], fast_expand_col[512];
/* A band's cell -> the cells of its row, column or box in the band. */
extern FAST_HIDDEN uint32_t fast_peer_in_band[27];
/* fast_minirow_index -> the cells that lie on some permutation. */
extern FAST_HIDDEN uint32_t fast_perm_cells[512];
/* 9 bits -> 0777 when exactly one is set, else 0; -> how many are set. */
extern FAST_HIDDEN uint16_t fast_one_row[512];
extern FAST_HIDDEN uint8_t fast_pop9[512];
/* Word k -> its digit and its band; a band's cell -> its column. */
extern FAST_HIDDEN uint8_t fast_k_digit[NWORDS], fast_k_band[NWORDS];
extern FAST_HIDDEN uint8_t fast_bit_col[27];

/* Builds the tables the first time (pthread_once); any thread, any build. */
FAST_HIDDEN void	 fast_tables_ready(void);

/*
 * The minirows of a band word that hold a cell, as 9 bits, box-major
 * (bit box * 3 + row).  One bit per minirow at its first cell, then one
 * multiplication adds the word shifted by 16, 8 and 0: the three rows'
 * bits land side by side in bits 16-24, and no two of the nine
 * products' bits meet, so nothing carries.  No table loads: the band
 * pass waits less for each word.
 */
static inline unsigned
fast_minirow_index(uint32_t w)
{
	uint64_t v = (w | w >> 1 | w >> 2) & 0111111111;

	return (unsigned)((v * 0x10101) >> 16) & 0777;
}

#endif
