/*
 * test-exif.c: the Orientation of Exif blocks made here byte by byte
 * (exif.c): both byte orders, the tag among others, and blocks cut
 * short, with offsets and counts pointing outside, wrong types, values
 * out of range, and every truncation of a good block.
 */
#include <stdio.h>
#include <string.h>

#include "exif.h"
#include "tap.h"

static unsigned char buf[256];

static void
put16(unsigned char *p, unsigned long v, int big)
{
	p[big ? 0 : 1] = (unsigned char)(v >> 8);
	p[big ? 1 : 0] = (unsigned char)v;
}

static void
put32(unsigned char *p, unsigned long v, int big)
{
	put16(p + (big ? 0 : 2), v >> 16, big);
	put16(p + (big ? 2 : 0), v & 0xffff, big);
}

/*
 * An Exif block with IFD0 at 8 holding n entries, the last the
 * Orientation (type, count, value); the others tags 0x010f up.  Returns
 * its length.
 */
static size_t
block(int big, int n, unsigned long type, unsigned long count,
    unsigned long value)
{
	unsigned char *t = buf + 6, *e;
	int i;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, "Exif\0\0", 6);
	memcpy(t, big ? "MM" : "II", 2);
	put16(t + 2, 42, big);
	put32(t + 4, 8, big);
	put16(t + 8, (unsigned long)n, big);
	for (i = 0; i < n; i++) {
		e = t + 10 + 12 * i;
		put16(e, i == n - 1 ? 0x0112 : 0x010f + (unsigned long)i,
		    big);
		put16(e + 2, i == n - 1 ? type : 2, big);
		put32(e + 4, i == n - 1 ? count : 4, big);
		if (i == n - 1)
			put16(e + 8, value, big);
		else
			memcpy(e + 8, "abc", 4);
	}
	put32(t + 10 + 12 * n, 0, big);
	return 6 + 10 + 12 * (size_t)n + 4;
}

int
main(void)
{
	size_t len, k;
	int big, v, bad;

	for (big = 0; big <= 1; big++)
		for (v = 1; v <= 8; v++) {
			len = block(big, 3, 3, 1, (unsigned long)v);
			is_int(exif_orientation(buf, len), v, "%s, "
			    "orientation %d", big ? "MM" : "II", v);
		}
	len = block(0, 1, 3, 1, 6);
	is_int(exif_orientation(buf, len), 6, "the tag alone");
	is_int(exif_orientation(buf, len - 4), 6, "no next-IFD offset");
	bad = 0;
	for (k = 0; k < len - 4; k++)
		bad += exif_orientation(buf, k) != 0;
	is_int(bad, 0, "every cut before the value: none");
	len = block(0, 2, 3, 1, 0);
	is_int(exif_orientation(buf, len), 0, "value 0");
	len = block(1, 2, 3, 1, 9);
	is_int(exif_orientation(buf, len), 0, "value 9");
	len = block(0, 2, 4, 1, 6);
	is_int(exif_orientation(buf, len), 0, "type LONG");
	len = block(0, 2, 3, 2, 6);
	is_int(exif_orientation(buf, len), 0, "count 2");
	len = block(0, 2, 3, 1, 6);
	put16(buf + 6 + 8, 0xffff, 0);
	is_int(exif_orientation(buf, len), 0, "entry count past the end");
	block(0, 2, 3, 1, 6);
	put32(buf + 6 + 4, 0xfffffff0UL, 0);
	is_int(exif_orientation(buf, len), 0, "IFD0 offset past the end");
	put32(buf + 6 + 4, 4, 0);
	is_int(exif_orientation(buf, len), 0, "IFD0 offset in the header");
	block(0, 2, 3, 1, 6);
	put32(buf + 6 + 4, (unsigned long)(len - 6 - 1), 0);
	is_int(exif_orientation(buf, len), 0, "IFD0 one byte from the end");
	block(0, 2, 3, 1, 6);
	buf[0] = 'e';
	is_int(exif_orientation(buf, len), 0, "not Exif");
	block(0, 2, 3, 1, 6);
	memcpy(buf + 6, "IM", 2);
	is_int(exif_orientation(buf, len), 0, "no byte order");
	block(1, 2, 3, 1, 6);
	put16(buf + 6 + 2, 43, 1);
	is_int(exif_orientation(buf, len), 0, "not 42");
	len = block(0, 2, 3, 1, 6);
	put16(buf + 6 + 10 + 12, 0x0110, 0);
	is_int(exif_orientation(buf, len), 0, "no orientation tag");
	is_int(exif_orientation(NULL, 0), 0, "nothing");
	return tap_done();
}
