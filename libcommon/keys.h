/*
 * keys.h: the names of the metadata keys ("# sdk-KEY value"), one list for
 * every program; man/sdk.5 documents each, and tests/man.bats checks that
 * every key here is there.  A new key: add it here and to sdk.5.
 */
#ifndef SDK_KEYS_H
#define SDK_KEYS_H

/* Image and grid records (sdk-detect onwards). */
#define SDK_KEY_SOURCE		"sdk-source"	/* the input's name */
#define SDK_KEY_SIZE		"sdk-size"	/* the photo's width height */
#define SDK_KEY_QUAD		"sdk-quad"	/* the grid's corners */
#define SDK_KEY_REGION		"sdk-region"	/* what of the photo the image is */
#define SDK_KEY_STATUS		"sdk-status"	/* solved, no-grid, ... */
#define SDK_KEY_GRID		"sdk-grid"	/* grid N of M (sdk-detect -a) */
#define SDK_KEY_INK		"sdk-ink"	/* light: light lines on dark */
#define SDK_KEY_CELL_INK	"sdk-cell-ink"	/* each cell's ink colour */

/* What sdk-ocr read. */
#define SDK_KEY_CONF		"sdk-conf"	/* certainty a cell, 0-9 */
#define SDK_KEY_ALT		"sdk-alt"	/* next-best readings */
#define SDK_KEY_REPAIRED	"sdk-repaired"	/* cells mended */
#define SDK_KEY_ENTRIES		"sdk-entries"	/* digits written by hand */
#define SDK_KEY_PENCIL		"sdk-pencil"	/* pencil marks seen */
#define SDK_KEY_UNSURE		"sdk-unsure"	/* readings in doubt */

/* What sdk-solve found. */
#define SDK_KEY_PUZZLE		"sdk-puzzle"	/* the givens */
#define SDK_KEY_MISTAKES	"sdk-mistakes"	/* wrong entries */
#define SDK_KEY_PENCIL_MISTAKES	"sdk-pencil-mistakes" /* answers crossed out */
#define SDK_KEY_PROGRESS	"sdk-progress"	/* right entries / to fill */
#define SDK_KEY_SEARCH		"sdk-search"	/* logic ran out: searched */
#define SDK_KEY_CANDIDATES	"sdk-candidates" /* pencil marks, 729 */
#define SDK_KEY_STEP		"sdk-step"	/* --trace: step number */
#define SDK_KEY_TECHNIQUE	"sdk-technique"	/* --trace: its technique */
#define SDK_KEY_EXPLAIN		"sdk-explain"	/* --trace: in words */

/* A rating (sdk-solve --rate, sdk-gen). */
#define SDK_KEY_LEVEL		"sdk-level"
#define SDK_KEY_HARDEST		"sdk-hardest"
#define SDK_KEY_STEPS		"sdk-steps"
#define SDK_KEY_GUESSES		"sdk-guesses"
#define SDK_KEY_NODES		"sdk-nodes"
#define SDK_KEY_SCORE		"sdk-score"	/* Sudoku Explainer-like */
#define SDK_KEY_STATS		"sdk-stats"	/* --stats: steps a technique */
#define SDK_KEY_SEED		"sdk-seed"	/* sdk-gen's seed */

/* sdk-hold: the frame got the held answer, differing in N cells. */
#define SDK_KEY_HELD		"sdk-held"

#endif
