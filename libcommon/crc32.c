/*
 * crc32.c: CRC-32 (crc32.h).
 */
#include <stddef.h>
#include <stdint.h>

#include "crc32.h"

/*
 * Eight bytes a step ("slicing-by-8", t[k][b]: the CRC of byte b followed
 * by k zero bytes): sdk-ocr checks its 1.1 MB of models each time it
 * starts, 3 ms a byte at a time here and under 1 ms so.
 */
uint32_t
crc32_sum(const unsigned char *p, size_t n)
{
	static uint32_t t[8][256];
	uint32_t c;
	size_t	 i;
	int	 k;

	if (t[0][1] == 0) {
		for (i = 0; i < 256; i++) {
			c = (uint32_t)i;
			for (k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			t[0][i] = c;
		}
		for (i = 0; i < 256; i++)
			for (k = 1; k < 8; k++)
				t[k][i] = t[0][t[k - 1][i] & 0xff] ^
				    t[k - 1][i] >> 8;
	}
	c = 0xffffffffu;
	for (; n >= 8; p += 8, n -= 8) {
		c ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 |
		    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		c = t[7][c & 0xff] ^ t[6][c >> 8 & 0xff] ^
		    t[5][c >> 16 & 0xff] ^ t[4][c >> 24] ^ t[3][p[4]] ^
		    t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
	}
	for (; n > 0; p++, n--)
		c = t[0][(c ^ *p) & 0xff] ^ c >> 8;
	return c ^ 0xffffffffu;
}
