/*
 * rows.h: sdk-batch-rows, the C side of sdk-batch's worker (its main is
 * sdk-batch-rows.c).  "pick" chooses the records sdk-render draws and in
 * which format (pick.c); "rows" reads what the stages of a share left in
 * its work folder W and writes each photo's outputs and rows there, and
 * W/ops, the list of moves that put them in place (rows.c, rowsout.c);
 * "place" carries out W/ops (place.c).
 */
#ifndef SDK_BATCH_ROWS_H
#define SDK_BATCH_ROWS_H

#include <stddef.h>
#include <stdio.h>

enum { DETECT, WARP, OCR, SOLVE, RENDER, NSTAGES };
extern const char *const stage_name[NSTAGES];

/* A photo of the share, a line of its CHUNK file. */
struct photo {
	char	*idx;		/* its number in the batch */
	char	*arg;		/* the name the programs were given */
	char	*src;		/* its own name */
	char	*name;		/* the name of its outputs, below OUTDIR */
	char	*abs;		/* its absolute path */
	char	*dir, *base;	/* name's folder ("." for none) and file */
	char	*msg[NSTAGES];	/* the first message of a stage about it */
	int	 seen_ocr, seen_solve;	/* a record in o.txt, s.txt */
	int	 made_grid, made_solution, empty;
	char	 grid[82], sol[82];
	char	*gsts, *ssts;	/* the sdk-status of the two records */
	char	*entries, *mistakes, *progress, *unsure;
	char	*pic;		/* its answer picture, "DIR/FILE" in W */
	char	*pthumb, *athumb;	/* the <img> of its thumbnails */
	/* What became of it (rowsout.c). */
	const char *fail;	/* the stage it failed at, or "" */
	const char *outcome;
	char	*why;		/* "stage: message", or "" */
	int	 ex;		/* its exit status */
	const char *v[NSTAGES];	/* its outcome at each stage */
};

struct rows {
	/* From the command line. */
	const char *w, *outdir, *rowsdir, *sheet;
	int	 full;		/* a stage found the disk full */
	int	 code[NSTAGES];	/* the stages' exit statuses */
	double	 cpu[NSTAGES];	/* their CPU seconds over the share */
	/* Read from W. */
	struct photo *p;
	size_t	 n;
	size_t	*byarg;		/* p's indices sorted by arg */
	char	*gen[NSTAGES];	/* a stage's word about no photo */
	int	 said[NSTAGES];
	char	**osrc;		/* the sdk-source of each grid record */
	size_t	 nrec;
	char	**rsrc;		/* of each solved record (solved.src) */
	size_t	 nrsrc;
	char	**thumb;	/* W/thumbs: "t N FILE" or "a K FILE" */
	size_t	 nthumb;
	int	 reached[NSTAGES];	/* photos that reached each stage */
};

int	 pick_main(const char *w, const char *picture);
int	 rows_main(struct rows *, const char *chunk, const char *codes,
	    const char *ticks);
int	 place_main(const char *w);
int	 list_main(int null);
int	 list_each(int null, void (*fn)(void *, const char *), void *arg);
int	 conf_main(char *const *kv);
void	 conf_write(FILE *, char *const *kv);
int	 names_main(const char *cwd, const char *outabs, int quiet,
	    char *const *files);

/* todo.c: which photos are out of date. */
/* test a -nt b: both there, a modified after b. */
int	 file_newer(const char *a, const char *b);
struct todo {
	const char *rows, *newest, *options;
	int	 force, verbose;
};
int	 todo_main(const struct todo *, const char *list, const char *todo);
int	 plan_main(const char *run, const char *runid, long chunk, int remote,
	    char *const *files);

/* rows.c */
struct photo *rows_find(const struct rows *, const char *arg);
char	*rows_path(const char *a, const char *b, const char *c);
char	*rows_photo_path(const struct rows *, const struct photo *,
	    const char *ext);
void	 rows_free(struct rows *);
/* rowsout.c: the rows, the outputs and W/ops, from what rows.c read. */
int	 rows_write(struct rows *);

#endif
