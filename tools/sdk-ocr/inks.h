/*
 * inks.h: the colour of each cell's ink (sdk-warp's sdk-cell-ink), and
 * the digits split by it.  A person's pen is seldom the print's black:
 * where the digits of a grid are in two inks, one of them is the
 * person's, and the puzzle says which.
 */
#ifndef SDK_OCR_INKS_H
#define SDK_OCR_INKS_H

struct cell_inks {
	int	 known;		/* whether the record said */
	int	 light;		/* the grid drawn light on dark (sdk-ink):
				   a screen's dark theme, no paper */
	float	 hue[81][3];	/* each channel's darkness less their mean,
				   over the mean darkness */
};

/*
 * Read an sdk-cell-ink value (NULL: none) for a square turned turns
 * quarters clockwise since.  Returns 0, or -1 if malformed (inks then
 * not known).
 */
int	 inks_parse(const char *, int turns, struct cell_inks *);

/*
 * Split the cells with digit[i] set into two inks: group[i] 0 or 1 (-1
 * for the others).  Returns whether there are two inks, well apart.
 */
int	 inks_split(const struct cell_inks *, const unsigned char digit[81],
	    signed char group[81]);

#endif
