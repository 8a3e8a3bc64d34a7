/*
 * sdk.h: definitions every sdk program shares: exit status, version,
 * limits on untrusted input.  See man/sdk.5 for the contract they implement.
 */
#ifndef SDK_H
#define SDK_H

#define SDK_VERSION "0.1.0"

/* The cells of a grid, row by row: the one name of 81. */
#define GRID_CELLS	81

/* Exit status of every program (DESIGN.md, sdk.5). */
#define SDK_EXIT_OK	0	/* every record succeeded */
#define SDK_EXIT_FAIL	1	/* some record failed on its merits */
#define SDK_EXIT_ERROR	2	/* usage, unreadable input or I/O error */

/*
 * Limits on untrusted images, checked before any pixel is allocated.
 * 100 megapixels is a 40 MB grey or 300 MB colour raster, and about 400 MB
 * once Leptonica holds it at 32 bits per pixel: far under the machines we
 * run on, far over any phone photo.  SDK_MAX_PIXELS in the environment
 * lowers or raises the pixel limit (see sdk.5).
 */
#define SDK_MAX_SIDE	65500L
#define SDK_MAX_PIXELS	100000000L

/* Longest line accepted in a text stream (grid records, metadata). */
#define SDK_MAX_LINE	65536

/*
 * The head of one record: at most SDK_MAX_META_LINES metadata lines, and
 * at most SDK_MAX_HEAD bytes of them (a PNM header, comments and all), so
 * that a stream of nothing but metadata cannot make a reader keep it all.
 * Our own keys come to a dozen lines and a few kilobytes.
 */
#define SDK_MAX_META_LINES	1024
#define SDK_MAX_HEAD		(1L << 20)

#endif
