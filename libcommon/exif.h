/*
 * exif.h: the Orientation tag of an Exif block (a JPEG's APP1 segment),
 * read by a small TIFF parser that trusts no offset or count.
 */
#ifndef SDK_EXIF_H
#define SDK_EXIF_H

#include <stddef.h>

/*
 * The Orientation (tag 0x0112 of IFD0) of an APP1 segment's payload
 * (from "Exif\0\0" on, without the marker and its length): 1 to 8 as
 * Exif defines them (1 upright, 6 turned a quarter clockwise to be
 * shown...), or 0 when the payload is no Exif block, is malformed or
 * has no valid tag.
 */
int	 exif_orientation(const unsigned char *data, size_t len);

#endif
