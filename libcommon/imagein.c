/*
 * imagein.c: images from operands (imagein.h): a stream of PNM records
 * read record by record, or one image file read whole, its first bytes
 * probed before the rest is read.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imagein.h"
#include "keys.h"
#include "pnm.h"
#include "probe.h"
#include "util.h"

/*
 * Read a whole image file from fp (a pipe too), probing its first bytes
 * before reading on: what is no image, or says it is too large, is
 * refused before the rest is read.  Returns 1 with *data (the caller
 * frees it) and *len, 0 for an empty stream, -1 with a message in err.
 */
static int
read_file(FILE *fp, unsigned char **datap, size_t *lenp, char *err,
    size_t errlen)
{
	unsigned char *data;
	size_t len = 0, cap = IMAGE_PROBE_BYTES, n;
	struct probe p;

	*datap = NULL;
	*lenp = 0;
	data = sdk_xmalloc(cap);
	while (len < cap && (n = fread(data + len, 1, cap - len, fp)) > 0)
		len += n;
	if (len == 0 && !ferror(fp)) {
		free(data);
		return 0;
	}
	if (!ferror(fp) && probe_image(data, len, len < cap, &p, err,
	    errlen) == PROBE_BAD) {
		free(data);
		return -1;
	}
	while (len == cap && cap <= IMAGE_MAX_FILE) {
		/* Never more than one byte past the limit. */
		cap = cap * 2 > IMAGE_MAX_FILE + 1 ? IMAGE_MAX_FILE + 1 :
		    cap * 2;
		data = sdk_xrealloc(data, cap);
		while (len < cap && (n = fread(data + len, 1, cap - len,
		    fp)) > 0)
			len += n;
	}
	if (ferror(fp) || len > IMAGE_MAX_FILE) {
		snprintf(err, errlen, "%s", ferror(fp) ? strerror(errno) :
		    "file too large");
		free(data);
		return -1;
	}
	*datap = data;
	*lenp = len;
	return 1;
}

int
image_in_read(FILE *fp, PIX **pix, char *err, size_t errlen)
{
	unsigned char *data;
	size_t len;
	int rc;

	*pix = NULL;
	if ((rc = read_file(fp, &data, &len, err, errlen)) <= 0)
		return rc;
	*pix = image_decode(data, len, err, errlen);
	free(data);
	return *pix != NULL ? 1 : -1;
}

/* ------------------------------------------------------------ operands */

struct image_in {
	FILE	*fp;
	struct pnm_reader *pnm;	/* PNM stream, or NULL for one image */
	int	 done;
	int	 empty;		/* a named file of no bytes */
	int	 min_side;	/* image_in_reduce() */
	unsigned char *data;	/* the file, kept for image_in_again() */
	size_t	 len;
	struct image_info info;	/* how the last image was decoded */
	char	 err[256];
};

static int
is_regular(FILE *fp)
{
	struct stat st;

	return fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode);
}

struct image_in *
image_in_open(const char *name)
{
	struct image_in *in;
	FILE *fp;
	int c;

	if ((fp = sdk_open_input(name)) == NULL)
		return NULL;
	in = sdk_xcalloc(1, sizeof(*in));
	in->fp = fp;
	/* One byte of look-ahead tells a PNM stream from an image file. */
	c = getc(fp);
	if (c != EOF)
		ungetc(c, fp);
	if (c == 'P')
		in->pnm = pnm_reader_new(fp);
	/*
	 * Empty standard input, or an empty pipe, is a stream of no
	 * records; but a photo file named on the command line that holds
	 * nothing is a mistake (a failed copy or download), not a photo
	 * without a grid: say so rather than print nothing.
	 */
	if (c == EOF && !ferror(fp) && fp != stdin)
		in->empty = is_regular(fp);
	return in;
}

void
image_in_reduce(struct image_in *in, int min_side)
{
	in->min_side = min_side;
}

int
image_in_next(struct image_in *in, PIX **pixp, struct meta *meta)
{
	int rc;

	*pixp = NULL;
	meta_clear(meta);
	if (in->pnm != NULL) {
		rc = image_pnm_next(in->pnm, pixp, meta);
		if (rc < 0)
			snprintf(in->err, sizeof(in->err), "%s",
			    pnm_reader_error(in->pnm));
		if (rc == 1) {
			in->info.width = pixGetWidth(*pixp);
			in->info.height = pixGetHeight(*pixp);
			in->info.reduce = 1;
			in->info.scales = 0;
		}
		return rc;
	}
	if (in->done)
		return 0;
	in->done = 1;
	if (in->empty) {
		snprintf(in->err, sizeof(in->err), "empty file");
		return -1;
	}
	/* Empty input: no records. */
	if ((rc = read_file(in->fp, &in->data, &in->len, in->err,
	    sizeof(in->err))) <= 0)
		return rc;
	*pixp = image_decode_reduced(in->data, in->len, in->min_side,
	    &in->info, in->err, sizeof(in->err));
	if (in->min_side <= 0) {
		/* Nobody will ask again: do not hold the file. */
		free(in->data);
		in->data = NULL;
	}
	return *pixp != NULL ? 1 : -1;
}

const struct image_info *
image_in_info(const struct image_in *in)
{
	return &in->info;
}

PIX *
image_in_again(struct image_in *in, int reduce, struct image_info *info)
{
	if (in->data == NULL)
		return NULL;
	return image_decode_at(in->data, in->len, reduce, info, in->err,
	    sizeof(in->err));
}

const char *
image_in_error(const struct image_in *in)
{
	return in->err;
}

void
image_in_close(struct image_in *in)
{
	if (in == NULL)
		return;
	pnm_reader_free(in->pnm);
	free(in->data);
	sdk_close_input(in->fp);
	free(in);
}

/*
 * The loop of image_in_each() and image_in_each_reduced(): fn, or fn_in
 * given the operand's image_in too.
 */
static int
each(const char *name, FILE *out, int min_side,
    int (*fn)(FILE *, PIX *, struct meta *, const char *),
    int (*fn_in)(FILE *, struct image_in *, PIX *, struct meta *,
    const char *))
{
	struct image_in *in;
	struct meta meta;
	PIX *pix;
	int rc, status = SDK_EXIT_OK;

	if ((in = image_in_open(name)) == NULL)
		return SDK_EXIT_ERROR;
	image_in_reduce(in, min_side);
	meta_init(&meta);
	sdk_set_input(name);
	while ((rc = image_in_next(in, &pix, &meta)) == 1) {
		if (meta_get(&meta, SDK_KEY_SOURCE) != NULL)
			sdk_set_input(meta_get(&meta, SDK_KEY_SOURCE));
		status = sdk_status_fold(status, fn_in != NULL ?
		    fn_in(out, in, pix, &meta, name) :
		    fn(out, pix, &meta, name));
		pixDestroy(&pix);
		if (ferror(out))
			break;
	}
	if (rc < 0) {
		sdk_warnx(name, "%s", image_in_error(in));
		status = SDK_EXIT_ERROR;
	}
	sdk_set_input(NULL);
	meta_free(&meta);
	image_in_close(in);
	return status;
}

int
image_in_each(const char *name, FILE *out,
    int (*fn)(FILE *, PIX *, struct meta *, const char *))
{
	return each(name, out, 0, fn, NULL);
}

int
image_in_each_reduced(const char *name, FILE *out, int min_side,
    int (*fn)(FILE *, struct image_in *, PIX *, struct meta *,
    const char *))
{
	return each(name, out, min_side, NULL, fn);
}
