/*
 * strset.h: a set of strings (open addressing, FNV-1a), for the names of
 * a batch: the photos seen, the outputs of the batch, the names taken.
 */
#ifndef SDK_BATCH_STRSET_H
#define SDK_BATCH_STRSET_H

#include <stddef.h>

struct strset {
	char	**slot;		/* NULL: empty; the strings are the set's */
	size_t	 cap, n;
};

/* Add s (copied); 1 if it was new, 0 if it was there. */
int	 strset_add(struct strset *, const char *s);
int	 strset_has(const struct strset *, const char *s);
void	 strset_free(struct strset *);

#endif
