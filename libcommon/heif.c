/*
 * heif.c: HEIF through libheif (heif.h).
 *
 * libheif decodes the primary image whole, transformations applied, to
 * interleaved 8-bit RGB; the PIX is filled from that, shrunk by box
 * averaging when asked, and libheif's image is released at once, so that
 * no more than the two are ever held.  libheif decodes HEVC (HEIC)
 * through libde265 and AV1 (AVIF) through libdav1d or libaom.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "heif.h"
#include "pnm.h"
#include "sdk.h"
#include "util.h"

const char *
heif_version(void)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "libheif %s", heif_get_version());
	return buf;
}

/* libheif's error as ours: 0, or -1 with a message in err. */
static int
heif_failed(struct heif_error e, char *err, size_t errlen)
{
	char msg[200];

	if (e.code == heif_error_Ok)
		return 0;
	if (e.subcode == heif_suberror_Security_limit_exceeded) {
		snprintf(err, errlen, "image too large (libheif: %s)",
		    e.message);
		return -1;
	}
	if (e.code == heif_error_Memory_allocation_error)
		sdk_nomem();
	if (e.subcode == heif_suberror_End_of_data) {
		snprintf(err, errlen, "truncated HEIF data");
		return -1;
	}
	/* libheif's messages start upper-case; ours do not. */
	snprintf(msg, sizeof(msg), "%s", e.message != NULL ? e.message : "");
	msg[0] = (char)tolower((unsigned char)msg[0]);
	snprintf(err, errlen, "%s HEIF data: %s",
	    e.code == heif_error_Unsupported_feature ||
	    e.code == heif_error_Unsupported_filetype ? "unsupported" : "bad",
	    msg);
	return -1;
}

/*
 * Interleaved RGB rows (w x h, stride bytes apart) into a PIX reduce
 * times smaller each way, each pixel the mean of its block (the blocks at
 * the right and bottom edges may be smaller).
 */
static PIX *
pix_from_rgb(const uint8_t *rgb, int stride, int w, int h, int reduce)
{
	int ow = (w + reduce - 1) / reduce, oh = (h + reduce - 1) / reduce;
	int x, y, ox, oy, k, n, bw;
	uint32_t *sum;
	l_uint32 *line;
	const uint8_t *s;
	PIX *pix;

	pix = sdk_need(pixCreate(ow, oh, 32));
	sum = sdk_xmalloc((size_t)ow * 3 * sizeof(*sum));
	for (oy = 0; oy < oh; oy++) {
		memset(sum, 0, (size_t)ow * 3 * sizeof(*sum));
		for (y = oy * reduce; y < h && y < (oy + 1) * reduce; y++) {
			s = rgb + (size_t)y * (size_t)stride;
			for (x = 0; x < w; x++, s += 3) {
				k = x / reduce * 3;
				sum[k] += s[0];
				sum[k + 1] += s[1];
				sum[k + 2] += s[2];
			}
		}
		n = (y - oy * reduce);
		line = pixGetData(pix) + (size_t)oy * pixGetWpl(pix);
		for (ox = 0; ox < ow; ox++) {
			bw = ox < ow - 1 ? reduce : w - ox * reduce;
			k = n * bw;
			line[ox] = (l_uint32)((sum[ox * 3] + k / 2) / k) <<
			    L_RED_SHIFT | (l_uint32)((sum[ox * 3 + 1] +
			    k / 2) / k) << L_GREEN_SHIFT |
			    (l_uint32)((sum[ox * 3 + 2] + k / 2) / k) <<
			    L_BLUE_SHIFT;
		}
	}
	free(sum);
	return pix;
}

/* The primary image, decoded: 0, or -1 with a message in err. */
static int
decode_primary(struct heif_context *ctx, struct heif_image **img, char *err,
    size_t errlen)
{
	struct heif_image_handle *h = NULL;
	struct heif_decoding_options *opt;
	struct heif_error e;
	int rc;

	e = heif_context_get_primary_image_handle(ctx, &h);
	if (heif_failed(e, err, errlen) < 0)
		return -1;
	/* The size as shown, rotation applied: checked before decoding. */
	if (pnm_check_size(heif_image_handle_get_width(h),
	    heif_image_handle_get_height(h), err, errlen) < 0) {
		heif_image_handle_release(h);
		return -1;
	}
	opt = sdk_need(heif_decoding_options_alloc());
	opt->convert_hdr_to_8bit = 1;
	opt->ignore_transformations = 0;
	e = heif_decode_image(h, img, heif_colorspace_RGB,
	    heif_chroma_interleaved_RGB, opt);
	heif_decoding_options_free(opt);
	heif_image_handle_release(h);
	rc = heif_failed(e, err, errlen);
	if (rc == 0 && *img == NULL) {
		snprintf(err, errlen, "bad HEIF data: no image decoded");
		rc = -1;
	}
	return rc;
}

PIX *
heif_decode(const unsigned char *data, size_t len, int reduce, int min_side,
    struct image_info *info, char *err, size_t errlen)
{
	struct heif_context *ctx;
	struct heif_image *img = NULL;
	const uint8_t *rgb;
	int stride, w, h;
	PIX *pix = NULL;

	ctx = sdk_need(heif_context_alloc());
	/* libheif's own limit, besides ours (it reads the sizes itself). */
	heif_context_set_maximum_image_size_limit(ctx, (int)SDK_MAX_SIDE + 1);
	if (heif_failed(heif_context_read_from_memory_without_copy(ctx, data,
	    len, NULL), err, errlen) < 0 ||
	    decode_primary(ctx, &img, err, errlen) < 0) {
		heif_context_free(ctx);
		return NULL;
	}
	w = heif_image_get_width(img, heif_channel_interleaved);
	h = heif_image_get_height(img, heif_channel_interleaved);
	rgb = heif_image_get_plane_readonly(img, heif_channel_interleaved,
	    &stride);
	if (rgb == NULL || w < 1 || h < 1 || stride < 3 * w)
		snprintf(err, errlen, "bad HEIF data: no RGB image decoded");
	else {
		if (reduce == 0)
			reduce = image_reduce_for(w, h, min_side);
		pix = pix_from_rgb(rgb, stride, w, h, reduce);
		info->width = w;
		info->height = h;
		info->reduce = reduce;
	}
	heif_image_release(img);
	heif_context_free(ctx);
	return pix;
}
