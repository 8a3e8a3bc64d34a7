/*
 * logic/private.h: what the files of libsolve/logic/ share and nothing
 * else sees: the tables of units and peers, the text of a step, the
 * helpers that fill a step, and one finder a technique.  The interface is
 * libsolve/logic.h.
 */
#ifndef LOGIC_PRIVATE_H
#define LOGIC_PRIVATE_H

#include <stddef.h>

#include "logic.h"

#define BIT(d)		((unsigned)1 << (d))

/* core.c: the tables, built once by tables_init(); read-only. */
extern int	 unit_cell[27][9];	/* rows, columns, boxes */
/* The row, column and box unit of a cell; the 20 cells it sees. */
extern int	 cell_unit[GRID_CELLS][3];
extern int	 peer[GRID_CELLS][20];
/* 1 if the cells share a unit. */
extern unsigned char seesm[GRID_CELLS][GRID_CELLS];
extern unsigned char popc[1024];	/* bits set in a candidate mask */

static inline int
popcount(unsigned x)
{
	return popc[x & 1023];
}

/* Lowest digit of a candidate mask. */
static inline int
first_digit(unsigned m)
{
	return __builtin_ctz(m);
}

static inline int
sees(int a, int b)
{
	return seesm[a][b];
}

/* core.c: the text of a step, bounded by its buffer. */
struct text {
	char	*buf;
	size_t	 len;
	size_t	 cap;
};

/* The step's text, or none when s->quiet (nobody reads it). */
void	 text_init(struct text *, struct logic_step *s);
void	 text_add(struct text *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	 text_cell(struct text *, int c);		/* r3c4 */
void	 text_cells(struct text *, const int *cells, int n);
void	 text_digits(struct text *, unsigned mask);	/* 1,5,7 */
void	 text_unit(struct text *, int u);		/* row 3 */
/* The eliminations of a step ("r1c2<>5"); named: by its technique. */
void	 text_elims(struct text *, const struct logic_step *, int named);

/*
 * core.c: the tables (built on the first call, thread-safe; every entry
 * point of logic.h calls it) and the helpers that fill a step.
 */
void	 tables_init(void);
void	 step_clear(struct logic_step *, enum logic_tech);
/* Remove candidate d of cell c in the step, if it is there. */
void	 elim(const struct logic *, struct logic_step *, int c, int d);
/* Mask of the places (0-8) of digit d in unit u; does u hold d? */
unsigned unit_where(const struct logic *, int u, int d);
int	 unit_has(const struct logic *, int u, int d);

/* The finders: fill the step and return 1 when the technique applies. */
/* core.c: the finder of technique tech (enum logic_tech) */
int	 find_tech(const struct logic *, int tech, struct logic_step *);
/* singles.c */
int	 find_full_house(const struct logic *, struct logic_step *);
int	 find_naked_single(const struct logic *, struct logic_step *);
int	 find_hidden_single(const struct logic *, struct logic_step *);
int	 find_pointing(const struct logic *, struct logic_step *);
int	 find_claiming(const struct logic *, struct logic_step *);
/*
 * Sudoku Explainer's "direct" steps (sdk_logic_score()): the finders above,
 * or find_hidden(), taking only a step that leaves a hidden single when
 * direct is set (step_direct(); for a hidden set, in its own unit).
 */
int	 step_direct(const struct logic *, const struct logic_step *);
int	 find_pointing_if(const struct logic *, struct logic_step *,
	    int direct);
int	 find_claiming_if(const struct logic *, struct logic_step *,
	    int direct);
/* subsets.c: n from 2 to 4 */
int	 find_naked(const struct logic *, struct logic_step *, int n,
	    enum logic_tech);
int	 find_hidden(const struct logic *, struct logic_step *, int n,
	    enum logic_tech);
int	 find_hidden_if(const struct logic *, struct logic_step *, int n,
	    enum logic_tech, int direct);
/* fish.c: n from 2 (x-wing) to 4 (jellyfish) */
int	 find_fish(const struct logic *, struct logic_step *, int n,
	    enum logic_tech);
int	 find_finned(const struct logic *, struct logic_step *, int n,
	    enum logic_tech);
/* wings.c; also used by the chains */
int	 find_wing(const struct logic *, struct logic_step *, int xyz);
int	 find_wwing(const struct logic *, struct logic_step *);
void	 elim_seen_by(const struct logic *, struct logic_step *,
	    const int *cells, int n, int d);
void	 text_cellcand(struct text *, const struct logic *, int c);
/* colouring.c; conjugates() also for the chains */
int	 find_colouring(const struct logic *, struct logic_step *);
int	 conjugates(const struct logic *, int c, int d, int *out);
/* uniqueness.c */
int	 find_ur1(const struct logic *, struct logic_step *);
int	 find_bug1(const struct logic *, struct logic_step *);
/* chains.c: chains up to maxlen links */
int	 find_xchain(const struct logic *, struct logic_step *, int maxlen);
int	 find_xychain(const struct logic *, struct logic_step *, int maxlen);
int	 find_aic(const struct logic *, struct logic_step *, int maxlen);

#endif
