/*
 * probe-walk.h: the walk of a header, shared by probe.c and the walks it
 * keeps in files of their own (probe-heif.c): for them alone.
 */
#ifndef SDK_PROBE_WALK_H
#define SDK_PROBE_WALK_H

#include <stddef.h>
#include <stdio.h>

#include "pnm.h"
#include "probe.h"

/* Little and big endian fields; the caller checks the bounds. */
static inline unsigned long
le16(const unsigned char *p)
{
	return (unsigned long)p[0] | (unsigned long)p[1] << 8;
}

static inline unsigned long
le32(const unsigned char *p)
{
	return le16(p) | le16(p + 2) << 16;
}

static inline unsigned long
be16(const unsigned char *p)
{
	return (unsigned long)p[0] << 8 | p[1];
}

static inline unsigned long
be32(const unsigned char *p)
{
	return be16(p) << 16 | be16(p + 2);
}

/* The walk of one file: its bytes, and how it ends. */
struct walk {
	const unsigned char *d;
	size_t	 len;
	int	 complete;
	struct probe *p;
	char	*err;
	size_t	 errlen;
};

static inline int
bad(struct walk *w, const char *what)
{
	snprintf(w->err, w->errlen, "%s", what);
	return PROBE_BAD;
}

/*
 * The header needs bytes up to need: PROBE_MORE while the file may go
 * on, else truncated.
 */
static inline int
short_of(struct walk *w)
{
	char msg[64];

	if (!w->complete)
		return PROBE_MORE;
	snprintf(msg, sizeof(msg), "truncated %s data",
	    probe_format_name(w->p->format));
	return bad(w, msg);
}

static inline int
size_ok(struct walk *w, long width, long height)
{
	w->p->width = width;
	w->p->height = height;
	return pnm_check_size(width, height, w->err, w->errlen) < 0 ?
	    PROBE_BAD : PROBE_OK;
}

int	 probe_heif(struct walk *);
int	 heif_brand(const unsigned char *, size_t);

#endif
