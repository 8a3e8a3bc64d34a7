/*
 * crc32.h: CRC-32 as zlib, gzip and PNG compute it (reflected polynomial
 * 0xedb88320, initial and final XOR 0xffffffff): the checksum of the data
 * files built into the programs, sdk-ocr's models (doc/models.md) and
 * sdk-render's font (doc/font.md), checked by their readers and written
 * by their makers in lab/.  libc only.
 */
#ifndef SDK_CRC32_H
#define SDK_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* The CRC-32 of p[n]. */
uint32_t crc32_sum(const unsigned char *p, size_t n);

#endif
