/*
 * judge.h: a started puzzle's entries (the person's digits) judged
 * against the solution of its givens, for read.c.
 */
#ifndef SDK_OCR_JUDGE_H
#define SDK_OCR_JUDGE_H

#include "read.h"

/*
 * Each entry of r, whose givens are a proper puzzle: right, a mistake to
 * name, or unsure (r->doubt), and read so.
 */
void	 judge_entries(struct reading_set *r);

#endif
