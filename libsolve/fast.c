/*
 * fast.c: the default strategy.  Bit-parallel candidates kept per digit
 * and per band: 9 digits x 3 bands of 27-bit words (three rows of nine
 * cells).  Propagation works on whole words at once:
 *
 *   - in a band, a digit fills one cell of each row and of each box, so
 *     its "minirows" (row x box) form a 3x3 permutation matrix.  A table
 *     keeps only the minirows that lie on some permutation: this does
 *     hidden singles in boxes, pointing and claiming, in one lookup;
 *   - the same holds in a stack for (band x column), with columns;
 *   - a row of a band word with one cell left is a placed digit: the
 *     cell is cleared from the other digits and its column from the other
 *     bands (hidden singles in rows);
 *   - cells with one candidate left are placed (naked singles).
 *
 * The changed words of a band pass are handled together, in two rounds:
 * each word alone first (permutations, rows with one cell), then what
 * the solved cells take from the other words.  Done word by word, each
 * word's pass waited on the memory writes of the one before; in rounds
 * the processor overlaps them, which runs faster although it executes
 * more instructions (bench/README.md).
 *
 * Words are re-examined only when they changed since their last pass: a
 * comparison of all 27 words against a copy, four at a time with SSE2,
 * eight with AVX2; the cells with one, two, three candidates are counted
 * for the three bands at once with SSE2 (plain C elsewhere; build with
 * -U__SSE2__ to test that path), with AVX-512's ternary logic where the
 * build has it.
 *
 * fast-avx2.c builds this file a second time for AVX2, BMI and POPCNT,
 * fast-avx512.c a third time for AVX-512 (F, VL, BW, DQ, CD: the
 * x86-64-v4 level) with the same; what the AVX-512 copy does in its own
 * way is told in fast-avx512.c.  The lookup tables are fast-tables.c's,
 * built once for all three.
 * fast-build.c runs the widest copy the processor and the system allow
 * (checked once, fast_build_choose()), or the one SDK_SOLVE_ISA or
 * SDK_SOLVE_PORTABLE ask for.  All copies do the same search, step for
 * step.
 *
 * Search branches on the cell with two candidates that has the most
 * unsolved peers (its choice settles the most), else on a cell with the
 * fewest candidates.  The state is under 100 words, copied on each
 * branch: nothing is allocated.  bench/README.md has the measurements
 * behind each of these choices.
 *
 * With a trace (sdk-solve --trace) the search runs in its own copy of the
 * search function, which reports the cell it branches on ("place"), then
 * the cells that propagation solved since the last report ("force", found
 * by comparing with the digits already reported), and when a branch fails
 * takes the reported cells back one by one, latest first ("backtrack").
 * The untraced search does not look at the trace at all.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef __AVX2__
#include <immintrin.h>
#endif

#include "fast.h"
#include "fast-tables.h"
#include "solve.h"

/*
 * AVX-512 lanes: words 0-15 in one vector, 16-31 in another (27-31 are
 * padding, always 0).  The words of band b (k % 3 == b) in each.
 */
#define BAND_LO(b)	((uint32_t)0x9249 << (b) & 0xffff)
#define BAND_HI(b)	((uint32_t)0x9249 << ((b) + 2) % 3 & 0x7ff)

/*
 * Words rounded up to whole 16-byte vectors, or for AVX-512 to two
 * 64-byte ones: whole stores, not masked ones, as a load that follows a
 * masked store waits for it to reach the cache (some 4% of the whole,
 * bench/README.md).
 */
#ifdef __AVX512F__
#define NPAD	32
#else
#define NPAD	28
#endif

/* AVX-512 copies the state in whole cache lines. */
#ifdef __AVX512F__
#define FSTATE_ALIGN	64
#else
#define FSTATE_ALIGN	32
#endif

struct fstate {
	/* [digit * 3 + band]; the words from w[27] on stay 0. */
	_Alignas(FSTATE_ALIGN) uint32_t w[NPAD];
	uint32_t	 seen[NPAD];	/* w after its last band pass */
	uint32_t	 sseen[NPAD];	/* w after its last stack pass */
	uint32_t	 unsolved[3];
	uint32_t	 bival[3];	/* two-candidate cells, at fixpoint */
	/* To 12 vectors of 32 bytes (6 of 64), or to 7 of 64. */
	uint32_t	 pad[NPAD == 32 ? 10 : 6];
};
_Static_assert(sizeof(struct fstate) % 64 == 0, "fstate: whole vectors");

/* What a trace has been told so far: only when tracing. */
struct ftrace {
	const struct solve_trace *t;
	unsigned char	 shown[GRID_CELLS];	/* digits reported, 0: none */
	unsigned char	 stack[GRID_CELLS];	/* cells reported, in order */
	int		 n;
};

struct fsearch {
	struct budget	*b;
	struct solve_result *res;
	unsigned long	 limit;
	unsigned long	 count;
	unsigned long	 guesses;
	struct ftrace	*tr;		/* NULL: not tracing */
};

static const uint8_t word_digit[NWORDS] = {
	0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6,
	7, 7, 7, 8, 8, 8
};
static const uint8_t next_band[4] = { 1, 2, 0, 1 };

static inline int
ctz32(uint32_t x)
{
	return __builtin_ctz(x);
}

static inline int
pop27(uint32_t x)
{
#ifdef __POPCNT__
	return __builtin_popcount(x);
#else
	return fast_pop9[x & 0777] + fast_pop9[(x >> 9) & 0777] +
	    fast_pop9[x >> 18];
#endif
}

/*
 * Bit k set where a[k] != b[k], for the 27 words.  AVX-512 does the same
 * in two compares into masks (16 words, then 11 by a masked load), which
 * measured no faster than AVX2's four here (bench/README.md): it keeps
 * AVX2's.
 */
static inline uint32_t
changed(const uint32_t *a, const uint32_t *b)
{
#if defined(__AVX2__)
	__m256i x, y;
	__m128i u, v;
	uint32_t m = 0;
	int i;

	for (i = 0; i < 24; i += 8) {
		x = _mm256_loadu_si256((const __m256i *)(const void *)(a + i));
		y = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));
		m |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
		    _mm256_cmpeq_epi32(x, y))) << i;
	}
	u = _mm_loadu_si128((const __m128i *)(const void *)(a + 24));
	v = _mm_loadu_si128((const __m128i *)(const void *)(b + 24));
	m |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(u,
	    v))) << 24;
	return ~m & 0777777777;
#elif defined(__SSE2__)
	uint32_t m = 0;
	int i;

	for (i = 0; i < NPAD; i += 4) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)
		    (a + i));
		__m128i y = _mm_loadu_si128((const __m128i *)(const void *)
		    (b + i));

		m |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(
		    _mm_cmpeq_epi32(x, y))) << i;
	}
	return ~m & 0777777777;
#else
	uint32_t m = 0;
	int k;

	for (k = 0; k < NWORDS; k++)
		m |= (uint32_t)(a[k] != b[k]) << k;
	return m;
#endif
}

/*
 * For each band, the cells with at least one, two and three candidates,
 * and the digit (0-8) of each cell with one, as four bit planes (lane 3
 * is scratch).
 */
struct bandcount {
	uint32_t	 ones[4], twos[4], threes[4];
	uint32_t	 plane[4][4];
};

static inline void
count_bands(const uint32_t *w, struct bandcount *c)
{
#ifdef __SSE2__
	__m128i o, t, h, x, z, p0, p1, p2, p3;
	int d;

	o = t = h = p0 = p1 = p2 = p3 = z = _mm_setzero_si128();
	for (d = 0; d < 9; d++) {
		x = _mm_loadu_si128((const __m128i *)(const void *)(w + d * 3));
#ifdef __AVX512VL__
		/* h | (t & x), t | (o & x): one ternary-logic op each. */
		h = _mm_ternarylogic_epi32(h, t, x, 0xf8);
		t = _mm_ternarylogic_epi32(t, o, x, 0xf8);
#else
		h = _mm_or_si128(h, _mm_and_si128(t, x));
		t = _mm_or_si128(t, _mm_and_si128(o, x));
#endif
		o = _mm_or_si128(o, x);
		p0 = _mm_or_si128(p0, d & 1 ? x : z);
		p1 = _mm_or_si128(p1, d & 2 ? x : z);
		p2 = _mm_or_si128(p2, d & 4 ? x : z);
		p3 = _mm_or_si128(p3, d & 8 ? x : z);
	}
	_mm_storeu_si128((__m128i *)(void *)c->ones, o);
	_mm_storeu_si128((__m128i *)(void *)c->twos, t);
	_mm_storeu_si128((__m128i *)(void *)c->threes, h);
	_mm_storeu_si128((__m128i *)(void *)c->plane[0], p0);
	_mm_storeu_si128((__m128i *)(void *)c->plane[1], p1);
	_mm_storeu_si128((__m128i *)(void *)c->plane[2], p2);
	_mm_storeu_si128((__m128i *)(void *)c->plane[3], p3);
#else
	uint32_t x;
	int b, d, j;

	memset(c, 0, sizeof(*c));
	for (b = 0; b < 3; b++)
		for (d = 0; d < 9; d++) {
			x = w[d * 3 + b];
			c->threes[b] |= c->twos[b] & x;
			c->twos[b] |= c->ones[b] & x;
			c->ones[b] |= x;
			for (j = 0; j < 4; j++)
				if (d & (1 << j))
					c->plane[j][b] |= x;
		}
#endif
}

/* *dst = *src, in vectors of 32 bytes where there are. */
static inline void
state_copy(struct fstate *dst, const struct fstate *src)
{
#if defined(__AVX512F__)
	__m512i *d = (__m512i *)(void *)dst;
	const __m512i *s = (const __m512i *)(const void *)src;
	size_t i;

	for (i = 0; i < sizeof(*dst) / sizeof(*d); i++)
		_mm512_store_si512(d + i, _mm512_load_si512(s + i));
#elif defined(__AVX2__)
	__m256i *d = (__m256i *)(void *)dst;
	const __m256i *s = (const __m256i *)(const void *)src;
	size_t i;

	for (i = 0; i < sizeof(*dst) / sizeof(*d); i++)
		_mm256_store_si256(d + i, _mm256_load_si256(s + i));
#else
	*dst = *src;
#endif
}

/* Place digit d in cell bit `bit' of band b. */
static inline void
place(struct fstate *s, int d, int b, int bit)
{
	uint32_t cb = (uint32_t)1 << bit;
	uint32_t col = fast_expand_col[1u << fast_bit_col[bit]];
	uint32_t x = (s->w[d * 3 + b] & ~fast_peer_in_band[bit]) | cb;
#ifdef __AVX512F__
	/*
	 * The same in two vectors: what each word loses (cb in band b,
	 * the column in digit d's other bands), then x as word d * 3 + b.
	 */
	uint32_t dig = (uint32_t)7 << (d * 3), k = (uint32_t)1 << (d * 3 + b);
	__m512i vcb = _mm512_set1_epi32((int)cb);
	__m512i vcol = _mm512_set1_epi32((int)col);
	__m512i vx = _mm512_set1_epi32((int)x), w, c;

	w = _mm512_loadu_si512(s->w);
	c = _mm512_mask_mov_epi32(_mm512_maskz_mov_epi32(
	    (__mmask16)BAND_LO(b), vcb), (__mmask16)(dig & ~BAND_LO(b)),
	    vcol);
	w = _mm512_mask_mov_epi32(_mm512_andnot_si512(c, w), (__mmask16)k,
	    vx);
	_mm512_storeu_si512(s->w, w);
	w = _mm512_loadu_si512(s->w + 16);
	c = _mm512_mask_mov_epi32(_mm512_maskz_mov_epi32(
	    (__mmask16)BAND_HI(b), vcb),
	    (__mmask16)(dig >> 16 & ~BAND_HI(b)), vcol);
	w = _mm512_mask_mov_epi32(_mm512_andnot_si512(c, w),
	    (__mmask16)(k >> 16), vx);
	_mm512_storeu_si512(s->w + 16, w);
#else
	int e;

	/* x read first: the loop's writes need not reach it. */
	for (e = 0; e < 9; e++)
		s->w[e * 3 + b] &= ~cb;
	s->w[d * 3 + b] = x;
	s->w[d * 3 + next_band[b]] &= ~col;
	s->w[d * 3 + next_band[b + 1]] &= ~col;
#endif
	s->unsolved[b] &= ~cb;
}

/* The digits (bit d) left in cell bit `bit' of band b. */
static inline uint32_t
cell_digits(const struct fstate *s, int b, int bit)
{
#if defined(__AVX512F__) && defined(__BMI2__)
	/* Which of the 27 words hold the cell, then band b's nine. */
	__m512i cb = _mm512_set1_epi32((int)((uint32_t)1 << bit));
	uint32_t m = (uint32_t)_mm512_test_epi32_mask(
	    _mm512_loadu_si512(s->w), cb) |
	    (uint32_t)_mm512_test_epi32_mask(
	    _mm512_loadu_si512(s->w + 16), cb) << 16;

	return _pext_u32(m, (uint32_t)0111111111 << b);
#else
	uint32_t dm = 0;
	int d;

	for (d = 0; d < 9; d++)
		dm |= ((s->w[d * 3 + b] >> bit) & 1) << d;
	return dm;
#endif
}

/*
 * Band passes on the words in m, in two rounds so that the words do not
 * wait on each other: first each word alone (permutations, rows with one
 * cell left), then what the solved cells take from the other words.
 * m must be changed(s->w, s->seen).  Returns 0 on contradiction (two
 * digits solved in one cell, one digit solved twice in a column), 1 when
 * no cell was solved (the other words are as they were), else 2 with the
 * words changed since their pass in *next.
 */
static inline int
band_batch(struct fstate *s, uint32_t m, uint32_t *next)
{
	uint32_t sol[NWORDS], u[3] = { 0, 0, 0 }, cs[9], dup = 0, sm = 0;
	uint32_t w, solved, cols, colm, x, pc;
	int k, b, d;

	for (x = m; x != 0; x &= x - 1) {
		k = ctz32(x);
		b = fast_k_band[k];
		w = s->w[k];
		/* One load: permutations and expansion are one table. */
		pc = fast_perm_cells[fast_minirow_index(w)];
		if (pc == 0)
			return 0;
		w &= pc;
		solved = w & (fast_one_row[w & 0777] |
		    fast_one_row[(w >> 9) & 0777] << 9 |
		    (uint32_t)fast_one_row[w >> 18] << 18) & s->unsolved[b];
		s->w[k] = s->seen[k] = w;
		sol[k] = solved;
		sm |= (uint32_t)(solved != 0) << k;
		dup |= u[b] & solved;
		u[b] |= solved;
	}
	if (sm == 0)
		return 1;	/* only the words of m changed */
	if (dup != 0)
		return 0;
#ifdef __AVX512F__
	{
		/*
		 * The second round in registers: the words lose u[k % 3] and
		 * get their solved cells back (sv), digit d's other bands lose
		 * the solved cells' columns (cv).  As every word now equals its
		 * `seen', what changed is told by comparing with the words
		 * before this round, still in w0, w1: reloading the words just
		 * written one by one (changed()) would wait for those writes,
		 * which cost some 8-10% of the whole (bench/README.md).  Where
		 * the scalar order could differ (a column solved twice for a
		 * digit), dup returns 0 and the state is dropped.
		 */
		__m512i uv = _mm512_castsi128_si512(_mm_setr_epi32((int)u[0],
		    (int)u[1], (int)u[2], 0));
		__m512i lo = _mm512_setr_epi32(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1,
		    2, 0, 1, 2, 0);
		__m512i hi = _mm512_setr_epi32(1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,
		    3, 3, 3, 3, 3);
		__m512i w0 = _mm512_loadu_si512(s->w);
		__m512i w1 = _mm512_loadu_si512(s->w + 16);
		__m512i sv0 = _mm512_setzero_si512(), sv1 = sv0, cv0 = sv0;
		__m512i cv1 = sv0, v;
		uint32_t km, cm;

		for (b = 0; b < 3; b++)
			s->unsolved[b] &= ~u[b];
		memset(cs, 0, sizeof(cs));
		for (x = sm; x != 0; x &= x - 1) {
			k = ctz32(x);
			d = fast_k_digit[k];
			solved = sol[k];
			km = (uint32_t)1 << k;
			v = _mm512_set1_epi32((int)solved);
			sv0 = _mm512_mask_mov_epi32(sv0, (__mmask16)km, v);
			sv1 = _mm512_mask_mov_epi32(sv1, (__mmask16)(km >> 16),
			    v);
			cols = (solved | solved >> 9 | solved >> 18) & 0777;
			dup |= cs[d] & cols;
			cs[d] |= cols;
			colm = fast_expand_col[cols];
			cm = (uint32_t)7 << (d * 3) & ~km;
			v = _mm512_set1_epi32((int)colm);
			cv0 = _mm512_mask_or_epi32(cv0, (__mmask16)cm, cv0, v);
			cv1 = _mm512_mask_or_epi32(cv1, (__mmask16)(cm >> 16),
			    cv1, v);
		}
		/* (w & ~u | sv) & ~cv; 0x54 is (A | B) & ~C. */
		v = _mm512_ternarylogic_epi32(_mm512_andnot_si512(
		    _mm512_permutexvar_epi32(lo, uv), w0), sv0, cv0, 0x54);
		_mm512_storeu_si512(s->w, v);
		*next = (uint32_t)_mm512_cmpneq_epi32_mask(v, w0);
		v = _mm512_ternarylogic_epi32(_mm512_andnot_si512(
		    _mm512_permutexvar_epi32(hi, uv), w1), sv1, cv1, 0x54);
		_mm512_storeu_si512(s->w + 16, v);
		*next |= (uint32_t)_mm512_cmpneq_epi32_mask(v, w1) << 16;
		return dup == 0 ? 2 : 0;
	}
#else
	for (b = 0; b < 3; b++) {
		int e;

		s->unsolved[b] &= ~u[b];
		for (e = 0; e < 9; e++)
			s->w[e * 3 + b] &= ~u[b];
	}
	memset(cs, 0, sizeof(cs));
	for (x = sm; x != 0; x &= x - 1) {
		k = ctz32(x);
		b = fast_k_band[k];
		d = fast_k_digit[k];
		solved = sol[k];
		s->w[k] |= solved;
		cols = (solved | solved >> 9 | solved >> 18) & 0777;
		dup |= cs[d] & cols;
		cs[d] |= cols;
		colm = fast_expand_col[cols];
		s->w[d * 3 + next_band[b]] &= ~colm;
		s->w[d * 3 + next_band[b + 1]] &= ~colm;
	}
	*next = changed(s->w, s->seen);
	return dup == 0 ? 2 : 0;
#endif
}

/* Stack pass for digit d: (band x column) permutations. */
static inline int
stack_update(struct fstate *s, int d)
{
	uint32_t *w = &s->w[d * 3];
	unsigned cp0, cp1, cp2, m, p, a0 = 0, a1 = 0, a2 = 0;
	int st;

	cp0 = (w[0] | w[0] >> 9 | w[0] >> 18) & 0777;
	cp1 = (w[1] | w[1] >> 9 | w[1] >> 18) & 0777;
	cp2 = (w[2] | w[2] >> 9 | w[2] >> 18) & 0777;
	for (st = 0; st < 9; st += 3) {
		m = ((cp0 >> st) & 7) | ((cp1 >> st) & 7) << 3 |
		    ((cp2 >> st) & 7) << 6;
		p = fast_perm[m];
		if (p == 0)
			return 0;
		a0 |= (p & 7) << st;
		a1 |= ((p >> 3) & 7) << st;
		a2 |= ((p >> 6) & 7) << st;
	}
	w[0] &= fast_expand_col[a0];
	w[1] &= fast_expand_col[a1];
	w[2] &= fast_expand_col[a2];
	s->sseen[d * 3] = w[0];
	s->sseen[d * 3 + 1] = w[1];
	s->sseen[d * 3 + 2] = w[2];
	return 1;
}

/* Propagate to a fixpoint.  Returns 0 on contradiction. */
static int
propagate(struct fstate *s)
{
	struct bandcount c;
	uint32_t singles, m;
	int b, d, r, again;

	m = changed(s->w, s->seen);
	for (;;) {
		while (m != 0) {
			if ((r = band_batch(s, m, &m)) == 0)
				return 0;
			if (r == 1)
				m = 0;
		}
		again = 0;
		count_bands(s->w, &c);
		for (b = 0; b < 3; b++) {
			if (s->unsolved[b] & ~c.ones[b])
				return 0;
			s->bival[b] = s->unsolved[b] & c.twos[b] & ~c.threes[b];
			singles = s->unsolved[b] & ~c.twos[b];
			while (singles) {
				int bit = ctz32(singles);

				singles &= singles - 1;
				/* Its digit, unless a peer took it since. */
				d = (int)((c.plane[0][b] >> bit) & 1) |
				    (int)((c.plane[1][b] >> bit) & 1) << 1 |
				    (int)((c.plane[2][b] >> bit) & 1) << 2 |
				    (int)((c.plane[3][b] >> bit) & 1) << 3;
				if (!(s->w[d * 3 + b] & ((uint32_t)1 << bit)))
					return 0;
				place(s, d, b, bit);
				again = 1;
			}
		}
		if (again) {
			m = changed(s->w, s->seen);
			continue;
		}
		if ((m = changed(s->w, s->sseen)) == 0)
			return 1;
		/* One bit per digit with a changed word. */
		m = (m | m >> 1 | m >> 2) & 01111111111;
		do {
			if (!stack_update(s, word_digit[ctz32(m)]))
				return 0;
		} while ((m &= m - 1) != 0);
		if ((m = changed(s->w, s->seen)) == 0)
			return 1;
	}
}

static void
record_solution(struct fsearch *fs, const struct fstate *s)
{
	int d, b;
	uint32_t x;

	if (fs->count++ != 0)
		return;
	for (d = 0; d < 9; d++)
		for (b = 0; b < 3; b++)
			for (x = s->w[d * 3 + b]; x; x &= x - 1)
				fs->res->solution[b * 27 + ctz32(x)] =
				    (unsigned char)(d + 1);
}

/*
 * Choose the cell to branch on: of the cells with two candidates, the one
 * with the most unsolved peers (its choice settles most); with none, the
 * cell with the fewest candidates.  Returns 0 if no cell is left.  Inline
 * in each copy of the search, as it was when there was one.
 */
static inline __attribute__((always_inline)) int
choose(const struct fstate *s, int *bandp, int *bitp)
{
	uint32_t x, bival, u1, u2, cols, key, bestkey = 0;
	int b, d, bit, c, n, score, best, bestb = -1, bestbit = -1;

	/*
	 * key: score, then 127 - (band * 32 + bit) so that the first cell
	 * wins a tie; the maximum is taken without branches.
	 */
	for (b = 0; b < 3; b++) {
		u1 = s->unsolved[next_band[b]];
		u2 = s->unsolved[next_band[b + 1]];
		for (bival = s->bival[b]; bival; bival &= bival - 1) {
			bit = ctz32(bival);
			c = fast_bit_col[bit];
			/* Unsolved cells of the column in the other bands. */
			cols = ((u1 >> c) & 01001001) + ((u2 >> c) & 01001001);
			score = pop27(s->unsolved[b] & fast_peer_in_band[bit]) +
			    (int)(((cols * 01001001u) >> 18) & 7);
			key = (uint32_t)score << 8 |
			    (uint32_t)(127 - (b * 32 + bit));
			bestkey = key > bestkey ? key : bestkey;
		}
	}
	if (bestkey != 0) {
		x = 127 - (bestkey & 0377);
		bestb = (int)(x >> 5);
		bestbit = (int)(x & 31);
	}
	if (bestb < 0) {
		best = 10;
		for (b = 0; b < 3; b++)
			for (x = s->unsolved[b]; x; x &= x - 1) {
				bit = ctz32(x);
				n = 0;
				for (d = 0; d < 9; d++)
					n += (s->w[d * 3 + b] >> bit) & 1;
				if (n < best) {
					best = n;
					bestb = b;
					bestbit = bit;
				}
			}
	}
	if (bestb < 0)
		return 0;
	*bandp = bestb;
	*bitp = bestbit;
	return 1;
}

/* Report a digit put in a cell, and remember it for taking it back. */
static void
trace_put(struct ftrace *tr, const char *what, int cell, int digit)
{
	tr->shown[cell] = (unsigned char)digit;
	tr->stack[tr->n++] = (unsigned char)cell;
	tr->t->step(tr->t->arg, what, cell, digit, NULL);
}

/* Report the cells solved since the last report, in cell order. */
static void
trace_solved(struct ftrace *tr, const struct fstate *s)
{
	uint32_t x;
	int b, bit, cell, d;

	for (b = 0; b < 3; b++)
		for (x = ~s->unsolved[b] & 0777777777; x; x &= x - 1) {
			bit = ctz32(x);
			cell = b * 27 + bit;
			if (tr->shown[cell] != 0)
				continue;
			/* Its one digit: the ninth if none before. */
			for (d = 0; d < 8; d++)
				if (s->w[d * 3 + b] & ((uint32_t)1 << bit))
					break;
			trace_put(tr, "force", cell, d + 1);
		}
}

/* Take back the reported cells down to n of them, latest first. */
static void
trace_undo(struct ftrace *tr, int n)
{
	int cell, d;

	while (tr->n > n) {
		cell = tr->stack[--tr->n];
		d = tr->shown[cell];
		tr->shown[cell] = 0;
		tr->t->step(tr->t->arg, "backtrack", cell, d, NULL);
	}
}

static void	search(struct fsearch *, struct fstate *);
static void	search_traced(struct fsearch *, struct fstate *);

/*
 * The search, in two copies: `traced' is a constant in each, so that the
 * untraced one has no trace code at all.
 */
static inline __attribute__((always_inline)) void
search_body(struct fsearch *fs, struct fstate *s, const int traced)
{
	struct fstate t;
	int b, bit, d, n = 0;
	uint32_t dm;

	if (sdk_budget_tick(fs->b))
		return;
	if ((s->unsolved[0] | s->unsolved[1] | s->unsolved[2]) == 0) {
		record_solution(fs, s);
		return;
	}
	if (!choose(s, &b, &bit))
		return;
	/* The cell's digits, as a 9-bit set. */
	dm = cell_digits(s, b, bit);
	for (; dm; dm &= dm - 1) {
		d = ctz32(dm);
		fs->guesses++;
		if (traced) {
			n = fs->tr->n;
			trace_put(fs->tr, "place", b * 27 + bit, d + 1);
		}
		if ((dm & (dm - 1)) == 0) {
			/* Last alternative: reuse this state. */
			place(s, d, b, bit);
			if (!traced) {
				if (propagate(s))
					search(fs, s);
				return;
			}
			if (propagate(s)) {
				trace_solved(fs->tr, s);
				search_traced(fs, s);
			}
			if (fs->count < fs->limit && !fs->b->expired)
				trace_undo(fs->tr, n);
			return;
		}
		state_copy(&t, s);
		place(&t, d, b, bit);
		if (!traced) {
			if (propagate(&t))
				search(fs, &t);
		} else if (propagate(&t)) {
			trace_solved(fs->tr, &t);
			search_traced(fs, &t);
		}
		if (fs->count >= fs->limit || fs->b->expired)
			return;
		if (traced)
			trace_undo(fs->tr, n);
	}
}

static void
search(struct fsearch *fs, struct fstate *s)
{
	search_body(fs, s, 0);
}

static void
search_traced(struct fsearch *fs, struct fstate *s)
{
	search_body(fs, s, 1);
}

static void
fast_run(const unsigned char *givens, unsigned long limit,
    struct budget *bud, struct solve_result *res,
    const struct solve_trace *trace)
{
	struct fsearch fs;
	struct fstate s;
	struct ftrace tr;
	int i, k;

	fast_tables_ready();
	memset(&s, 0, sizeof(s));
	for (k = 0; k < NWORDS; k++)
		s.w[k] = 0777777777;
	s.unsolved[0] = s.unsolved[1] = s.unsolved[2] = 0777777777;
	fs.b = bud;
	fs.res = res;
	fs.limit = limit;
	fs.count = 0;
	fs.guesses = 0;
	fs.tr = NULL;
	for (i = 0; i < GRID_CELLS; i++) {
		int b = i / 27, bit = i % 27, d = givens[i] - 1;

		if (givens[i] == 0)
			continue;
		if (!(s.w[d * 3 + b] & ((uint32_t)1 << bit)))
			goto done;	/* conflicts with an earlier given */
		place(&s, d, b, bit);
	}
	if (trace != NULL && trace->step != NULL) {
		memset(&tr, 0, sizeof(tr));
		tr.t = trace;
		memcpy(tr.shown, givens, GRID_CELLS);
		fs.tr = &tr;
		if (propagate(&s)) {
			trace_solved(&tr, &s);
			search_traced(&fs, &s);
		}
	} else if (propagate(&s))
		search(&fs, &s);
done:
	res->count = fs.count;
	res->guesses = fs.guesses;
}

#if defined(FAST_AVX2)
fast_search_fn *const fast_avx2_solve = fast_run;
#elif defined(FAST_AVX512)
fast_search_fn *const fast_avx512_solve = fast_run;
#else
fast_search_fn *const fast_portable_solve = fast_run;
#endif
