/*
 * exif.c: the Orientation tag of an Exif block (exif.h).  Exif is a TIFF
 * file after "Exif\0\0": a byte-order mark ("II" little-endian, "MM"
 * big-endian), 42, the offset of IFD0, and there a count of 12-byte
 * entries (tag, type, count, value or offset).  Every offset and count
 * is checked against the block's length before it is followed.
 */
#include <string.h>

#include "exif.h"

#define TAG_ORIENTATION	0x0112
#define TYPE_SHORT	3

static unsigned long
get16(const unsigned char *p, int big)
{
	return big ? (unsigned long)p[0] << 8 | p[1] :
	    (unsigned long)p[1] << 8 | p[0];
}

static unsigned long
get32(const unsigned char *p, int big)
{
	return big ? get16(p, 1) << 16 | get16(p + 2, 1) :
	    get16(p + 2, 0) << 16 | get16(p, 0);
}

int
exif_orientation(const unsigned char *data, size_t len)
{
	const unsigned char *t, *e;
	unsigned long off, n, i, v;
	size_t tlen;
	int big;

	if (data == NULL || len < 6 + 8 || memcmp(data, "Exif\0\0", 6) != 0)
		return 0;
	t = data + 6;
	tlen = len - 6;
	if (memcmp(t, "II", 2) == 0)
		big = 0;
	else if (memcmp(t, "MM", 2) == 0)
		big = 1;
	else
		return 0;
	if (get16(t + 2, big) != 42)
		return 0;
	off = get32(t + 4, big);
	if (off < 8 || off > tlen || tlen - off < 2)
		return 0;
	n = get16(t + off, big);
	if (n > (tlen - off - 2) / 12)
		return 0;
	for (i = 0; i < n; i++) {
		e = t + off + 2 + 12 * i;
		if (get16(e, big) != TAG_ORIENTATION)
			continue;
		if (get16(e + 2, big) != TYPE_SHORT || get32(e + 4, big) != 1)
			return 0;
		/* a SHORT sits in the first two bytes of the value field */
		v = get16(e + 8, big);
		return v >= 1 && v <= 8 ? (int)v : 0;
	}
	return 0;
}
