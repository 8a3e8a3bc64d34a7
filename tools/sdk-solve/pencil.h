/*
 * pencil.h: records whose grid is pencil marks (sdk-solve --pencil).
 */
#ifndef SOLVE_PENCIL_H
#define SOLVE_PENCIL_H

#include "grid.h"

/*
 * Read a record whose grid is pencil marks: a line of 729 characters (see
 * logic.h), or 81 groups of digits in any layout (the boxed form), or a
 * line of 81 cells.  The placed digits become the grid, the marks
 * "# sdk-candidates".  A reader for grid_each_read(), on the shared
 * reader's lines and messages: returns 1, 0 at the end, -1 with the
 * message in grid_reader_error().
 */
int	 pencil_read(struct grid_reader *, struct grid *);

#endif
