/* strset.c: a set of strings (strset.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strset.h"
#include "util.h"

static size_t
hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

/* The slot of s, or of the empty place where it would go. */
static size_t
find(const struct strset *set, const char *s)
{
	size_t i = hash(s) & (set->cap - 1);

	while (set->slot[i] != NULL && strcmp(set->slot[i], s) != 0)
		i = (i + 1) & (set->cap - 1);
	return i;
}

static void
grow(struct strset *set)
{
	struct strset bigger = { NULL, set->cap ? 2 * set->cap : 64, 0 };
	size_t i;

	bigger.slot = sdk_xcalloc(bigger.cap, sizeof(*bigger.slot));
	for (i = 0; i < set->cap; i++)
		if (set->slot[i] != NULL)
			bigger.slot[find(&bigger, set->slot[i])] = set->slot[i];
	bigger.n = set->n;
	free(set->slot);
	*set = bigger;
}

int
strset_add(struct strset *set, const char *s)
{
	size_t i;

	if (2 * (set->n + 1) > set->cap)
		grow(set);
	i = find(set, s);
	if (set->slot[i] != NULL)
		return 0;
	set->slot[i] = sdk_xstrdup(s);
	set->n++;
	return 1;
}

int
strset_has(const struct strset *set, const char *s)
{
	return set->cap > 0 && set->slot[find(set, s)] != NULL;
}

void
strset_free(struct strset *set)
{
	size_t i;

	for (i = 0; i < set->cap; i++)
		free(set->slot[i]);
	free(set->slot);
	set->slot = NULL;
	set->cap = set->n = 0;
}
