/*
 * jerr.c: libjpeg's errors as a message and a long jump (jerr.h).
 */
#include <stdio.h>

#include "image.h"
#include "jerr.h"

#include <jerror.h>

static void
on_error(j_common_ptr c)
{
	struct jerr *e = (struct jerr *)(void *)c->err;
	char msg[JMSG_LENGTH_MAX];

	(*c->err->format_message)(c, msg);
	if (c->err->msg_code == JERR_OUT_OF_MEMORY)
		snprintf(e->buf, e->len, "out of memory");
	else
		snprintf(e->buf, e->len, "jpeg: %s", msg);
	longjmp(e->jmp, 1);
}

static void
on_message(j_common_ptr c)
{
	(void)c;
}

struct jpeg_error_mgr *
jerr_init(struct jerr *e, char *err, size_t errlen)
{
	jpeg_std_error(&e->pub);
	e->pub.error_exit = on_error;
	e->pub.output_message = on_message;
	e->markers = NULL;
	e->buf = err;
	e->len = errlen;
	return &e->pub;
}

static void
on_progress(j_common_ptr c)
{
	j_decompress_ptr d = (j_decompress_ptr)(void *)c;
	struct jerr *e = (struct jerr *)(void *)c->err;

	if (c->is_decompressor && d->input_scan_number > IMAGE_MAX_SCANS) {
		snprintf(e->buf, e->len, "jpeg: more than %d scans",
		    IMAGE_MAX_SCANS);
		longjmp(e->jmp, 1);
	}
}

void
jerr_limit_scans(j_decompress_ptr c, struct jpeg_progress_mgr *pm)
{
	pm->progress_monitor = on_progress;
	c->progress = pm;
}
