/*
 * decode.h: the JPEG and PNG decoders of image_decode() (decode.c), for
 * image.c alone.
 */
#ifndef SDK_DECODE_H
#define SDK_DECODE_H

#include <stddef.h>

#include "pixel.h"

/*
 * A JPEG shrunk by reduce (1, 2, 4 or 8) through libjpeg's scaled inverse
 * DCT; info gets the file's size and the reduction.  NULL with a message
 * in err on bad data.
 */
PIX	*decode_jpeg(const unsigned char *data, size_t len, int reduce,
	    struct image_info *info, char *err, size_t errlen);
/* A PNG at full size; NULL with a message in err on bad data. */
PIX	*decode_png(const unsigned char *data, size_t len, char *err,
	    size_t errlen);

#endif
