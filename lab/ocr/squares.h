/*
 * squares.h: straightened grids as the pipeline makes them (a stream of
 * sdk-warp records, sdk-detect | sdk-warp over photos) with the ground
 * truth found beside each record's sdk-source: NAME.dat (every digit),
 * NAME.givens (the printed ones, where the photo has handwriting), or
 * ../labels/NAME.txt (kubiesa: 10 marks a cell of pencil marks).  For
 * training and measuring what sdk-ocr reads of started puzzles.
 */
#ifndef SDK_OCR_SQUARES_H
#define SDK_OCR_SQUARES_H

#include <leptonica/allheaders.h>

#define TRUTH_PENCIL	10	/* a cell of pencil marks only */

/* What kind of mark a cell's truth digit is. */
enum truth_kind { KIND_UNKNOWN_TRUTH, KIND_PRINTED_TRUTH, KIND_HAND_TRUTH };

struct square {
	char		 name[128];
	unsigned char	 truth[81];	/* 0 empty, 1-9, TRUTH_PENCIL */
	unsigned char	 kind[81];	/* enum truth_kind, for the digits */
	int		 group;		/* photos of one puzzle share it */
	PIX		*grey;		/* 8 bpp */
};

/*
 * Append the records of the stream in path to *v (n of them so far, cap
 * its room); records without truth are skipped.  Returns the new count,
 * or -1 when the stream cannot be read.
 */
int	 squares_load(const char *path, struct square **v, int n);
void	 squares_free(struct square *, int);

#endif
