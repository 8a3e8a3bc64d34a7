/*
 * classifier.h: the digit classifiers behind sdk-ocr's -e option.  Each
 * engine turns the present cells of a grid into probabilities of the
 * digits 1-9; the cells themselves are found by cells.c.
 */
#ifndef SDK_OCR_CLASSIFIER_H
#define SDK_OCR_CLASSIFIER_H

#include <leptonica/allheaders.h>

#include "cells.h"

struct classifier {
	const char	*name;
	/* Acquire the engine's resources once; 0 or -1 (message said). */
	int		(*open)(void);
	/*
	 * prob[i][d - 1] is the probability that cell i holds d, for the
	 * cells present or weak (cells.h); other rows are left alone.  0, or
	 * -1 on failure.
	 */
	int		(*read)(PIX *grey, const struct cell *cell,
			    float prob[81][9]);
	void		(*close)(void);
	/* Version text for --version, or NULL. */
	const char	*(*version)(void);
};

extern const struct classifier classifier_mlp;
extern const struct classifier classifier_tesseract;

#endif
