/*
 * devset.h: the development photos (wichtounet/sudoku_dataset layout:
 * imageN.jpg, imageN.dat, outlines.csv) straightened from their
 * ground-truth corners, for training and checking sdk-ocr.
 */
#ifndef SDK_OCR_DEVSET_H
#define SDK_OCR_DEVSET_H

#include <leptonica/allheaders.h>

struct devphoto {
	char		 name[64];
	unsigned char	 truth[81];	/* 0 empty, 1-9 */
	int		 group;		/* same truth, same group */
	PIX		*square;	/* 8 bpp, side x side */
};

/* Load every photo with corners; returns the count (-1 on error). */
int	 devset_load(const char *dir, int side, struct devphoto **);
void	 devset_free(struct devphoto *, int);
/* Warp the quad (x,y clockwise from top-left) of an 8 bpp image. */
PIX	*devset_warp(PIX *grey, const float quad[8], int side);

#endif
