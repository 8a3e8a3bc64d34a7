/*
 * probe-heif.c: the size of a HEIF file's picture, from its meta box
 * (probe.h; probe.c calls probe_heif()).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pnm.h"
#include "probe.h"
#include "probe-walk.h"

/* ----------------------------------------------------------------- HEIF */

/*
 * HEIF (HEIC, AVIF) is an ISO BMFF file: boxes of a 32-bit size (1: a
 * 64-bit one follows the type; 0: to the end of the file) and a type.
 * The size of the primary image is its ispe property: the meta box names
 * the primary item (pitm), its properties by index (iprp/ipma) into the
 * property list (iprp/ipco).  The size is that of the coded image, before
 * any rotation; the meta box must be read whole.
 */

/*
 * A box within [*i, end): its type and body, and *i moved past it.
 * Returns 1, 0 at the end, -1 if malformed, -2 if it goes on past end.
 */
static int
heif_box(const unsigned char *d, size_t *i, size_t end, const char **type,
    size_t *body, size_t *bend)
{
	uint64_t size;
	size_t hdr = 8, k;

	if (*i >= end)
		return 0;
	if (end - *i < 8)
		return -2;
	for (k = 4; k < 8; k++)
		if (d[*i + k] < 0x20 || d[*i + k] > 0x7e)
			return -1;
	size = be32(d + *i);
	if (size == 1) {
		if (end - *i < 16)
			return -2;
		size = (uint64_t)be32(d + *i + 8) << 32 | be32(d + *i + 12);
		hdr = 16;
	} else if (size == 0) {
		size = end - *i;
	}
	if (size < hdr)
		return -1;
	if (size > end - *i)
		return -2;
	*type = (const char *)d + *i + 4;
	*body = *i + hdr;
	*bend = *i + (size_t)size;
	*i = *bend;
	return 1;
}

/* The first box of a type in [i, end): 1 and its body, 0, or -1. */
static int
heif_find(const unsigned char *d, size_t i, size_t end, const char *want,
    size_t *body, size_t *bend)
{
	const char *type;
	int rc;

	while ((rc = heif_box(d, &i, end, &type, body, bend)) == 1)
		if (memcmp(type, want, 4) == 0)
			return 1;
	return rc;
}

/* An n-byte big-endian field (n 0 to 8); the caller checks the bounds. */
static uint64_t
ben(const unsigned char *p, unsigned n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | *p++;
	return v;
}

/*
 * An item's size (its ispe, from ipma's index into ipco): 1 and *wd, *ht;
 * 0 if it has none; -1 if ipma is malformed.
 */
static int
heif_ispe(const unsigned char *d, size_t meta, size_t mend,
    unsigned long item, long *wd, long *ht)
{
	size_t iprp, iend, b, e, k, i, pb, pe, qb, qe;
	unsigned long n, id, nassoc, idx, a;
	const char *type;
	int ver, wide;

	if (heif_find(d, meta, mend, "iprp", &iprp, &iend) != 1 ||
	    heif_find(d, iprp, iend, "ipma", &b, &e) != 1 || e - b < 8)
		return -1;
	ver = d[b];
	wide = d[b + 3] & 1;
	n = be32(d + b + 4);
	for (k = b + 8; n > 0; n--) {
		if (k + (ver < 1 ? 3 : 5) > e)
			return -1;
		id = ver < 1 ? be16(d + k) : be32(d + k);
		k += ver < 1 ? 2 : 4;
		nassoc = d[k++];
		for (; nassoc > 0; nassoc--, k += wide ? 2 : 1) {
			if (k + (wide ? 2 : 1) > e)
				return -1;
			idx = wide ? be16(d + k) & 0x7fff : d[k] & 0x7fu;
			if (id != item || idx == 0 ||
			    heif_find(d, iprp, iend, "ipco", &pb, &pe) != 1)
				continue;
			for (i = pb, a = 0; a < idx && heif_box(d, &i, pe,
			    &type, &qb, &qe) == 1;)
				a++;
			if (a == idx && memcmp(type, "ispe", 4) == 0 &&
			    qe - qb >= 12) {
				*wd = (long)(be32(d + qb + 4) & 0x7fffffff);
				*ht = (long)(be32(d + qb + 8) & 0x7fffffff);
				return 1;
			}
		}
	}
	return 0;
}

/* An item's type (iinf's infe, version 2 or 3): 1 and type, or 0. */
static int
heif_type(const unsigned char *d, size_t meta, size_t mend,
    unsigned long item, char type[4])
{
	size_t b, e, i, qb, qe;
	const char *t;
	unsigned idlen;

	if (heif_find(d, meta, mend, "iinf", &b, &e) != 1 || e - b < 6)
		return 0;
	i = b + (d[b] == 0 ? 6 : 8);
	while (heif_box(d, &i, e, &t, &qb, &qe) == 1) {
		if (memcmp(t, "infe", 4) != 0 || qe - qb < 4 || d[qb] < 2)
			continue;
		idlen = d[qb] == 2 ? 2 : 4;
		if (qe - qb >= 4 + idlen + 6 &&
		    ben(d + qb + 4, idlen) == item) {
			memcpy(type, d + qb + 4 + idlen + 2, 4);
			return 1;
		}
	}
	return 0;
}

/*
 * The items of a kind of reference (iref: dimg, auxl) from item (to 0:
 * any item referring to to): their IDs in ids, up to max, and how many
 * there are (it may be more than max).
 */
static unsigned long
heif_refs(const unsigned char *d, size_t meta, size_t mend, const char *kind,
    unsigned long from, unsigned long to, unsigned long *ids,
    unsigned long max)
{
	size_t b, e, i, qb, qe, k;
	const char *t;
	unsigned long n = 0, count, f;
	unsigned idlen;

	if (heif_find(d, meta, mend, "iref", &b, &e) != 1 || e - b < 4)
		return 0;
	idlen = d[b] == 0 ? 2 : 4;
	i = b + 4;
	while (heif_box(d, &i, e, &t, &qb, &qe) == 1) {
		if (memcmp(t, kind, 4) != 0 || qe - qb < idlen + 2)
			continue;
		f = (unsigned long)ben(d + qb, idlen);
		count = be16(d + qb + idlen);
		for (k = qb + idlen + 2; count > 0 && k + idlen <= qe;
		    count--, k += idlen) {
			if (to == 0 ? f != from :
			    ben(d + k, idlen) != to)
				continue;
			if (n < max)
				ids[n] = to == 0 ? (unsigned long)ben(d + k,
				    idlen) : f;
			n++;
		}
	}
	return n;
}

/*
 * The first need bytes of an item's data (iloc: in the file, or in idat):
 * PROBE_OK and *at (an index into d), else why not.
 */
static int
heif_data(struct walk *w, size_t meta, size_t mend, unsigned long item,
    size_t need, size_t *at)
{
	const unsigned char *d = w->d;
	size_t b, e, k, ib, ie;
	unsigned ver, osz, lsz, bsz, isz, idlen;
	unsigned long n, id, method, extents;
	uint64_t base, off, len;

	if (heif_find(d, meta, mend, "iloc", &b, &e) != 1 || e - b < 8)
		return bad(w, "bad HEIF: no item locations");
	ver = d[b];
	osz = d[b + 4] >> 4;
	lsz = d[b + 4] & 15;
	bsz = d[b + 5] >> 4;
	isz = ver == 1 || ver == 2 ? d[b + 5] & 15 : 0;
	idlen = ver < 2 ? 2 : 4;
	n = (unsigned long)ben(d + b + 6, idlen);
	for (k = b + 6 + idlen; n > 0; n--) {
		if (k + idlen + (ver > 0 ? 2 : 0) + 2 + bsz + 2 > e)
			break;
		id = (unsigned long)ben(d + k, idlen);
		k += idlen;
		method = ver > 0 ? be16(d + k) & 15 : 0;
		k += (ver > 0 ? 2 : 0) + 2;
		base = ben(d + k, bsz);
		extents = be16(d + k + bsz);
		k += bsz + 2;
		if (k + extents * (isz + osz + lsz) > e)
			break;
		if (id != item) {
			k += extents * (isz + osz + lsz);
			continue;
		}
		if (extents == 0 || method > 1)
			return bad(w, "unsupported HEIF: item data not in "
			    "one extent");
		off = base + ben(d + k + isz, osz);
		len = ben(d + k + isz + osz, lsz);
		ib = 0;
		ie = w->len;
		if (method == 1 && heif_find(d, meta, mend, "idat", &ib,
		    &ie) != 1)
			return bad(w, "bad HEIF: no idat box");
		if ((len != 0 && len < need) || off > ie - ib)
			return bad(w, "bad HEIF: item data too short");
		if (ie - ib - off < need)
			return method == 1 ? bad(w, "bad HEIF: item data "
			    "too short") : short_of(w);
		*at = ib + (size_t)off;
		return PROBE_OK;
	}
	return bad(w, "bad HEIF: no item data");
}

/*
 * The canvas of a grid or an overlay (iovl), from its data: PROBE_OK and
 * its size.  A grid: version, flags, rows - 1, columns - 1, the width and
 * the height (32 bits if flags say so, else 16); an overlay: version,
 * flags, four 16-bit fill values, then the same.
 */
static int
heif_canvas(struct walk *w, size_t meta, size_t mend, unsigned long item,
    int overlay, long *wd, long *ht)
{
	size_t at, skip = overlay ? 10 : 4;
	unsigned fl;
	int rc;

	if ((rc = heif_data(w, meta, mend, item, skip + 4, &at)) != PROBE_OK)
		return rc;
	fl = w->d[at + 1] & 1 ? 4 : 2;
	if (fl == 4 && (rc = heif_data(w, meta, mend, item, skip + 8,
	    &at)) != PROBE_OK)
		return rc;
	*wd = (long)(ben(w->d + at + skip, fl) & 0x7fffffff);
	*ht = (long)(ben(w->d + at + skip + fl, fl) & 0x7fffffff);
	return PROBE_OK;
}

/*
 * No more images than this in a grid or an overlay: each is decoded on
 * its own (a decoder and its thread made again), and a phone's 48 MP
 * photo is 192 tiles of 512 x 512.
 */
#define HEIF_MAX_PARTS	1024

/*
 * What an item makes libheif decode, checked against the limits: a coded
 * image its size (ispe); a grid or an overlay its canvas, and each image
 * it is made of (iref dimg), coded images all (a grid of grids is
 * refused).  *parts adds up the pixels of the coded images.  The
 * primary item's own ispe says nothing of a grid's canvas or its tiles.
 */
static int
heif_item(struct walk *w, size_t meta, size_t mend, unsigned long item,
    int depth, uint64_t *parts)
{
	unsigned long ids[HEIF_MAX_PARTS], n, k;
	char type[4] = "", msg[96];
	long wd, ht;
	int rc, overlay;

	(void)heif_type(w->d, meta, mend, item, type);
	overlay = memcmp(type, "iovl", 4) == 0;
	if (!overlay && memcmp(type, "grid", 4) != 0) {
		if ((rc = heif_ispe(w->d, meta, mend, item, &wd, &ht)) <= 0)
			return bad(w, rc < 0 ? "bad HEIF: bad ipma box" :
			    depth == 0 ? "bad HEIF: no size (ispe) for the "
			    "primary image" : "bad HEIF: no size (ispe) for an "
			    "image of the picture");
		*parts += (uint64_t)wd * (uint64_t)ht;
		return depth == 0 ? size_ok(w, wd, ht) : pnm_check_size(wd,
		    ht, w->err, w->errlen) < 0 ? PROBE_BAD : PROBE_OK;
	}
	if (depth > 0)
		return bad(w, "unsupported HEIF: a grid or overlay of grids "
		    "or overlays");
	if ((rc = heif_canvas(w, meta, mend, item, overlay, &wd, &ht)) !=
	    PROBE_OK || (rc = size_ok(w, wd, ht)) != PROBE_OK)
		return rc;
	n = heif_refs(w->d, meta, mend, "dimg", item, 0, ids, HEIF_MAX_PARTS);
	if (n == 0)
		return bad(w, "bad HEIF: a grid or overlay of no images");
	if (n > HEIF_MAX_PARTS) {
		snprintf(msg, sizeof(msg), "image too large (%lu images in a "
		    "%s; limit %d)", n, overlay ? "overlay" : "grid",
		    HEIF_MAX_PARTS);
		return bad(w, msg);
	}
	for (k = 0; k < n; k++)
		if ((rc = heif_item(w, meta, mend, ids[k], 1, parts)) !=
		    PROBE_OK)
			return rc;
	/* size_ok() again: the parts' checks left their sizes in err. */
	return size_ok(w, wd, ht);
}

/*
 * The top-level boxes to meta, then the primary item, and the auxiliary
 * images libheif decodes with it (its alpha: iref auxl to it): every
 * coded image the picture is made of, none over the limits, and all of
 * them together within the pixel limit too.
 */
int
probe_heif(struct walk *w)
{
	const char *type;
	size_t i = 0, b, e, pb, pe;
	unsigned long item, aux[4], n, k;
	uint64_t parts = 0;
	long wd, ht;
	int rc;
	char msg[128], type4[4];

	for (;;) {
		if (i + 16 > w->len && !w->complete)
			return PROBE_MORE;
		rc = heif_box(w->d, &i, w->len, &type, &b, &e);
		if (rc == 0 || rc == -2)	/* the file ends before meta */
			return short_of(w);
		if (rc < 0)
			return bad(w, "bad HEIF: bad box");
		if (memcmp(type, "meta", 4) == 0)
			break;
	}
	if (e - b < 4)
		return bad(w, "bad HEIF: bad meta box");
	b += 4;			/* version and flags */
	if (heif_find(w->d, b, e, "pitm", &pb, &pe) != 1 || pe - pb < 6)
		return bad(w, "bad HEIF: no primary item");
	item = w->d[pb] == 0 ? be16(w->d + pb + 4) : pe - pb >= 8 ?
	    be32(w->d + pb + 4) : 0;
	/*
	 * An identity item (iden: the image it names, turned or cut) is
	 * that image decoded: its own ispe says nothing of it either.
	 */
	for (k = 0; heif_type(w->d, b, e, item, type4) &&
	    memcmp(type4, "iden", 4) == 0; k++)
		if (k == 2 || heif_refs(w->d, b, e, "dimg", item, 0, aux, 1) !=
		    1)
			return bad(w, "unsupported HEIF: an identity item not "
			    "of one image");
		else
			item = aux[0];
	if ((rc = heif_item(w, b, e, item, 0, &parts)) != PROBE_OK)
		return rc;
	wd = w->p->width;
	ht = w->p->height;
	n = heif_refs(w->d, b, e, "auxl", 0, item, aux, 4);
	for (k = 0; k < n && k < 4; k++)
		if ((rc = heif_item(w, b, e, aux[k], 1, &parts)) != PROBE_OK)
			return rc;
	if (n > 4 || parts > (uint64_t)pnm_max_pixels()) {
		snprintf(msg, sizeof(msg), n > 4 ? "image too large (more "
		    "than 4 auxiliary images)" : "image too large (%llu "
		    "pixels in its coded images; limit %ld)",
		    (unsigned long long)parts, pnm_max_pixels());
		return bad(w, msg);
	}
	return size_ok(w, wd, ht);
}

/* Is an ftyp box's major or a compatible brand one of HEIF's still images? */
int
heif_brand(const unsigned char *d, size_t len)
{
	static const char brands[] =
	    "heic heix heim heis hevc hevx mif1 msf1 avif avis ";
	size_t i, end;
	char b[6];

	if (len < 12 || memcmp(d + 4, "ftyp", 4) != 0)
		return 0;
	end = be32(d);
	end = end < len ? end : len;
	for (i = 8; i + 4 <= end; i += i == 8 ? 8 : 4) {
		memcpy(b, d + i, 4);
		b[4] = ' ';
		b[5] = '\0';
		if (memchr(b, '\0', 4) == NULL && strstr(brands, b) != NULL)
			return 1;
	}
	return 0;
}
