/*
 * outfile.h: "-o FILE" written atomically.  Output goes to a temporary file
 * in the same folder, renamed over FILE only when complete, so a reader
 * never sees half a file.  A FILE that exists and is not a regular file
 * (a device such as /dev/null, a FIFO) is written to directly.  If the
 * program is interrupted (SIGINT, SIGTERM, SIGHUP, SIGPIPE) the temporary
 * files are removed.  libc only.
 */
#ifndef SDK_OUTFILE_H
#define SDK_OUTFILE_H

#include <stdio.h>

struct outfile {
	FILE	*fp;		/* write here */
	char	*path;		/* final name; NULL for standard output */
	char	*tmp;		/* temporary name while open; NULL if direct */
};

/*
 * Open path for writing ("-" or NULL: standard output).  On failure print
 * a message and return -1.
 */
int	 outfile_open(struct outfile *, const char *path);
/*
 * Flush, close and rename into place.  On a write error print a message,
 * remove the temporary file and return -1 (the old FILE is untouched).
 */
int	 outfile_commit(struct outfile *);
/* Give up: close and remove the temporary file. */
void	 outfile_abort(struct outfile *);

#endif
