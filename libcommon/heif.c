/*
 * heif.c: HEIF through libheif (heif.h).
 *
 * libheif decodes the primary image whole, transformations applied, as
 * the 8-bit YCbCr planes it holds (interleaved RGB for what is converted
 * otherwise); the PIX is filled from them, shrunk by block means when
 * asked, and libheif's image is released at once, so that no more than
 * the two are ever held.  libheif decodes HEVC (HEIC) through libde265
 * and AV1 (AVIF) through libdav1d or libaom.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "heif.h"
#include "heif-guard.h"
#include "pnm.h"
#include "sdk.h"
#include "util.h"

/*
 * libheif is opened when the first HEIF photo comes (dlopen), not linked:
 * it brings libde265, libx265, libaom, libdav1d and libnuma, six libraries
 * that every start of every program would load and relocate (about 4 ms
 * of CPU and 3 MB a start, measured with sdk-warp --version), for the few
 * photos that are HEIF.  lh holds its functions, named as libheif's.
 */
#define HEIF_LIB	"libheif.so.1"
#define HEIF_API(X) \
	X(heif_get_version) X(heif_context_alloc) X(heif_context_free) \
	X(heif_context_get_primary_image_handle) \
	X(heif_context_read_from_memory_without_copy) \
	X(heif_context_set_maximum_image_size_limit) X(heif_decode_image) \
	X(heif_decoding_options_alloc) X(heif_decoding_options_free) \
	X(heif_image_get_bits_per_pixel_range) \
	X(heif_image_get_chroma_format) X(heif_image_get_colorspace) \
	X(heif_image_get_height) X(heif_image_get_plane_readonly) \
	X(heif_image_get_width) X(heif_image_handle_get_height) \
	X(heif_image_handle_get_nclx_color_profile) \
	X(heif_image_handle_get_width) X(heif_image_handle_release) \
	X(heif_image_release) X(heif_nclx_color_profile_free)

static struct {
#define HEIF_MEMBER(f)	__typeof__(&f) f;
	HEIF_API(HEIF_MEMBER)
#undef HEIF_MEMBER
} lh;

/* Open libheif once.  0, or -1 with a message in err. */
static int
heif_load(char *err, size_t errlen)
{
	static int state;	/* 0: not tried, 1: loaded, -1: missing */
	static char why[160];
#define HEIF_NAME(f)	#f,
#define HEIF_DEST(f)	&lh.f,
	static const char *const names[] = { HEIF_API(HEIF_NAME) };
	void *const dest[] = { HEIF_API(HEIF_DEST) };
#undef HEIF_NAME
#undef HEIF_DEST

	if (state == 0)
		state = sdk_dlload(HEIF_LIB, names, dest, sizeof(names) /
		    sizeof(names[0]), why, sizeof(why)) == 0 ? 1 : -1;
	/* dlerror() names the library, and why: not installed, no memory. */
	if (state < 0)
		snprintf(err, errlen, "cannot read HEIF: %s", why);
	return state > 0 ? 0 : -1;
}

const char *
heif_version(void)
{
	static char buf[64];
	char err[128];

	if (heif_load(err, sizeof(err)) != 0)
		return "libheif (not installed)";
	snprintf(buf, sizeof(buf), "libheif %s", lh.heif_get_version());
	return buf;
}

/*
 * libheif's error as ours: 0, or -1 with a message in err.  errno must
 * have been cleared before the call that returned e.
 */
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
	/*
	 * A failed allocation deep in a decoder (libde265's, libheif's
	 * colour conversion) comes back as "Unspecified" or "Unsupported
	 * color conversion", not as libheif's memory error: errno, cleared
	 * before the call, tells it.
	 */
	if (e.code == heif_error_Memory_allocation_error || errno == ENOMEM)
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

/* How YCbCr is turned into RGB (H.273's matrix_coefficients). */
struct ycc {
	double	 kr, kb;	/* luma weights of red and blue */
	int	 full;		/* full range, or 16-235 and 16-240 */
};

/*
 * The primary image, decoded in the colour space asked (undefined: as it
 * is coded), and how its YCbCr is turned into RGB: the nclx colour
 * profile's matrix, else BT.601 full range, as libheif assumes; kr 0 if
 * the matrix is one we leave to libheif.  0, or -1 with a message in err.
 */
static int
decode_primary(struct heif_context *ctx, enum heif_colorspace cs,
    enum heif_chroma chroma, struct heif_image **img, struct ycc *ycc,
    char *err, size_t errlen)
{
	struct heif_image_handle *h = NULL;
	struct heif_decoding_options *opt;
	struct heif_color_profile_nclx *nclx = NULL;
	struct heif_error e;
	int rc;

	errno = 0;
	e = lh.heif_context_get_primary_image_handle(ctx, &h);
	if (heif_failed(e, err, errlen) < 0)
		return -1;
	/* The size as shown, rotation applied: checked before decoding. */
	if (pnm_check_size(lh.heif_image_handle_get_width(h),
	    lh.heif_image_handle_get_height(h), err, errlen) < 0) {
		lh.heif_image_handle_release(h);
		return -1;
	}
	ycc->kr = 0.299;
	ycc->kb = 0.114;
	ycc->full = 1;
	if (lh.heif_image_handle_get_nclx_color_profile(h, &nclx).code ==
	    heif_error_Ok && nclx != NULL) {
		ycc->full = nclx->full_range_flag != 0;
		switch ((int)nclx->matrix_coefficients) {
		case 1:
			ycc->kr = 0.2126;
			ycc->kb = 0.0722;
			break;
		case 2: case 5: case 6:
			break;
		case 9: case 10:
			ycc->kr = 0.2627;
			ycc->kb = 0.0593;
			break;
		default:
			ycc->kr = 0;
		}
		lh.heif_nclx_color_profile_free(nclx);
	}
	opt = sdk_need(lh.heif_decoding_options_alloc());
	opt->convert_hdr_to_8bit = 1;
	opt->ignore_transformations = 0;
	/* Corrupt data is an error, not a concealed picture (as for JPEG). */
	opt->strict_decoding = 1;
	errno = 0;
	e = lh.heif_decode_image(h, img, cs, chroma, opt);
	lh.heif_decoding_options_free(opt);
	lh.heif_image_handle_release(h);
	rc = heif_failed(e, err, errlen);
	if (rc == 0 && *img == NULL) {
		snprintf(err, errlen, "bad HEIF data: no image decoded");
		rc = -1;
	}
	return rc;
}

/* The image's 8-bit YCbCr planes, if it has them (1), and their layout. */
static int
ycc_planes(const struct heif_image *img, const uint8_t *p[3], int stride[3],
    int *sx, int *sy)
{
	static const enum heif_channel chan[3] = { heif_channel_Y,
	    heif_channel_Cb, heif_channel_Cr };
	int c;

	if (lh.heif_image_get_colorspace(img) != heif_colorspace_YCbCr)
		return 0;
	switch (lh.heif_image_get_chroma_format(img)) {
	case heif_chroma_420:
		*sx = *sy = 1;
		break;
	case heif_chroma_422:
		*sx = 1;
		*sy = 0;
		break;
	case heif_chroma_444:
		*sx = *sy = 0;
		break;
	default:
		return 0;
	}
	for (c = 0; c < 3; c++) {
		if (lh.heif_image_get_bits_per_pixel_range(img, chan[c]) != 8 ||
		    (p[c] = lh.heif_image_get_plane_readonly(img, chan[c],
		    &stride[c])) == NULL)
			return 0;
	}
	return 1;
}

static inline l_uint32
clamp8(double v)
{
	return v <= 0 ? 0 : v >= 255 ? 255 : (l_uint32)(v + 0.5);
}

/* A block's means (Y, Cb, Cr, or R, G, B when m is NULL) as a pixel. */
static l_uint32
block_rgb(const uint32_t sum[3], int k, const struct ycc *m)
{
	double y, cb, cr, ys, cs, kg;

	if (m == NULL)
		return image_rgb_pack((int)clamp8((double)sum[0] / k),
		    (int)clamp8((double)sum[1] / k),
		    (int)clamp8((double)sum[2] / k));
	ys = m->full ? 1 : 255.0 / 219;
	cs = m->full ? 1 : 255.0 / 224;
	kg = 1 - m->kr - m->kb;
	y = ((double)sum[0] / k - (m->full ? 0 : 16)) * ys;
	cb = ((double)sum[1] / k - 128) * cs;
	cr = ((double)sum[2] / k - 128) * cs;
	return image_rgb_pack((int)clamp8(y + 2 * (1 - m->kr) * cr),
	    (int)clamp8(y - (2 * m->kb * (1 - m->kb) * cb + 2 * m->kr *
	    (1 - m->kr) * cr) / kg),
	    (int)clamp8(y + 2 * (1 - m->kb) * cb));
}

/*
 * Three planes of samples, step bytes apart (3 for interleaved RGB), the
 * first w x h, the other two shifted by sx, sy (chroma: each pixel takes
 * its sample as libheif does), into an RGB PIX reduce times smaller: the
 * means of each plane over a block (the blocks at the right and bottom
 * edges may be smaller), turned into RGB as m says (NULL: they are R, G
 * and B).  YCbCr to RGB being affine, that is the mean of the block's RGB
 * but for clipping.
 */
static PIX *
pix_from_planes(const uint8_t *p[3], const int stride[3], int step, int sx,
    int sy, int w, int h, int reduce, const struct ycc *m)
{
	int ow = (w + reduce - 1) / reduce, oh = (h + reduce - 1) / reduce;
	int x, y, ox, oy, n, k, cx;
	uint32_t *sum;
	const uint8_t *py, *pb, *pr;
	l_uint32 *line;
	PIX *pix;

	pix = sdk_need(pixCreate(ow, oh, 32));
	sum = sdk_xmalloc((size_t)ow * 3 * sizeof(*sum));
	for (oy = 0; oy < oh; oy++) {
		memset(sum, 0, (size_t)ow * 3 * sizeof(*sum));
		for (y = oy * reduce; y < h && y < (oy + 1) * reduce; y++) {
			py = p[0] + (size_t)y * (size_t)stride[0];
			pb = p[1] + (size_t)(y >> sy) * (size_t)stride[1];
			pr = p[2] + (size_t)(y >> sy) * (size_t)stride[2];
			for (x = 0; x < w; x++) {
				k = x / reduce * 3;
				cx = (x >> sx) * step;
				sum[k] += py[x * step];
				sum[k + 1] += pb[cx];
				sum[k + 2] += pr[cx];
			}
		}
		n = y - oy * reduce;
		line = pixGetData(pix) + (size_t)oy * pixGetWpl(pix);
		for (ox = 0; ox < ow; ox++)
			line[ox] = block_rgb(sum + ox * 3, n * (ox < ow - 1 ?
			    reduce : w - ox * reduce), m);
	}
	free(sum);
	return pix;
}

/* One decoding, run under heif_guard(): what to decode, what it made. */
struct job {
	const unsigned char *data;
	size_t		 len;
	int		 reduce, min_side;
	struct image_info *info;
	char		*err;
	size_t		 errlen;
	struct heif_context *ctx;	/* released by heif_decode() */
	struct heif_image *img;		/* released by heif_decode() */
	PIX		*pix;		/* the result, or NULL */
};

/*
 * The image as 8-bit YCbCr 4:2:0, as phones and heif-enc code it (libheif
 * then hands over the decoded planes unconverted; a 4:4:4 image has its
 * chroma halved), converted here: no RGB copy of the whole image besides
 * the PIX.  Anything else (10-bit, a matrix we do not know): decoded again
 * to RGB by libheif.
 */
static void
decode_job(void *arg)
{
	struct job *j = arg;
	struct ycc ycc;
	const uint8_t *p[3];
	int stride[3], sx, sy = 0, w, h, reduce = j->reduce;

	j->ctx = sdk_need(lh.heif_context_alloc());
	/* libheif's own limit, besides ours (it reads the sizes itself). */
	lh.heif_context_set_maximum_image_size_limit(j->ctx,
	    (int)SDK_MAX_SIDE + 1);
	errno = 0;
	if (heif_failed(lh.heif_context_read_from_memory_without_copy(j->ctx,
	    j->data, j->len, NULL), j->err, j->errlen) < 0 ||
	    decode_primary(j->ctx, heif_colorspace_YCbCr, heif_chroma_420,
	    &j->img, &ycc, j->err, j->errlen) < 0)
		return;
	if (ycc.kr == 0 || !ycc_planes(j->img, p, stride, &sx, &sy)) {
		lh.heif_image_release(j->img);
		j->img = NULL;
		if (decode_primary(j->ctx, heif_colorspace_RGB,
		    heif_chroma_interleaved_RGB, &j->img, &ycc, j->err,
		    j->errlen) < 0)
			return;
		p[0] = lh.heif_image_get_plane_readonly(j->img,
		    heif_channel_interleaved, &stride[0]);
		p[1] = p[0] != NULL ? p[0] + 1 : NULL;
		p[2] = p[0] != NULL ? p[0] + 2 : NULL;
		stride[1] = stride[2] = stride[0];
		sx = -1;
	}
	w = lh.heif_image_get_width(j->img, sx < 0 ?
	    heif_channel_interleaved : heif_channel_Y);
	h = lh.heif_image_get_height(j->img, sx < 0 ?
	    heif_channel_interleaved : heif_channel_Y);
	if (p[0] == NULL || w < 1 || h < 1 || (sx < 0 && stride[0] < 3 * w)) {
		snprintf(j->err, j->errlen, "bad HEIF data: no image decoded");
		return;
	}
	if (reduce == 0)
		reduce = image_reduce_for(w, h, j->min_side);
	j->pix = sx < 0 ? pix_from_planes(p, stride, 3, 0, 0, w, h, reduce,
	    NULL) : pix_from_planes(p, stride, 1, sx, sy, w, h, reduce, &ycc);
	j->info->width = w;
	j->info->height = h;
	j->info->reduce = reduce;
}

/*
 * Every call into libheif runs under heif_guard(): a C++ exception that
 * libheif lets through ends in a message, std::bad_alloc in "out of
 * memory" like every failed allocation, never in abort().
 */
PIX *
heif_decode(const unsigned char *data, size_t len, int reduce, int min_side,
    struct image_info *info, char *err, size_t errlen)
{
	struct job j = { .data = data, .len = len, .reduce = reduce,
	    .min_side = min_side, .info = info, .err = err, .errlen = errlen };
	char msg[200];

	if (heif_load(err, errlen) != 0)
		return NULL;
	switch (heif_guard(decode_job, &j, msg, sizeof(msg))) {
	case 0:
		break;
	case HEIF_GUARD_NOMEM:
		sdk_nomem();
	default:
		snprintf(err, errlen, "bad HEIF data: %s", msg);
		pixDestroy(&j.pix);
	}
	if (j.img != NULL)
		lh.heif_image_release(j.img);
	if (j.ctx != NULL)
		lh.heif_context_free(j.ctx);
	return j.pix;
}
