/*
 * jmarker.c: a photo's markers kept, counted and capped (jmarker.h).
 */
#include <string.h>

#include "jpeg.h"
#include "jmarker.h"

#include <jerror.h>

/* The next byte of the photo; a suspending source is an error. */
static unsigned int
next_byte(j_decompress_ptr c)
{
	struct jpeg_source_mgr *src = c->src;

	if (src->bytes_in_buffer == 0 && !(*src->fill_input_buffer)(c))
		ERREXIT(c, JERR_CANT_SUSPEND);
	src->bytes_in_buffer--;
	return GETJOCTET(*src->next_input_byte++);
}

/*
 * What libjpeg's own processors learn from a JFIF (APP0) or Adobe
 * (APP14) marker, which tell how the colours are coded: taking the
 * markers over, we must learn it too, from their first bytes.
 */
static void
examine(j_decompress_ptr c, int code, const JOCTET *d, unsigned int len)
{
	if (code == JPEG_APP0 && len >= 14 && memcmp(d, "JFIF", 5) == 0) {
		c->saw_JFIF_marker = TRUE;
		c->JFIF_major_version = d[5];
		c->JFIF_minor_version = d[6];
		c->density_unit = d[7];
		c->X_density = (UINT16)(d[8] << 8 | d[9]);
		c->Y_density = (UINT16)(d[10] << 8 | d[11]);
	} else if (code == JPEG_APP0 + 14 && len >= 12 &&
	    memcmp(d, "Adobe", 5) == 0) {
		c->saw_Adobe_marker = TRUE;
		c->Adobe_transform = d[11];
	}
}

/* libjpeg's processor of an APPn or COM marker: kept or skipped. */
static boolean
on_marker(j_decompress_ptr c)
{
	struct jmarkers *mk = ((struct jpeg_fail *)(void *)c->err)->markers;
	struct jmarker *m;
	JOCTET head[14], *data;
	unsigned int len, i, nhead;

	len = next_byte(c) << 8;
	len |= next_byte(c);
	if (len < 2)
		ERREXIT(c, JERR_BAD_LENGTH);
	len -= 2;
	nhead = len < sizeof(head) ? len : sizeof(head);
	for (i = 0; i < nhead; i++)
		head[i] = (JOCTET)next_byte(c);
	examine(c, c->unread_marker, head, nhead);
	/* An empty marker says nothing: not one of the JMARKER_MAX. */
	if (mk->n == JMARKER_MAX || len == 0) {
		mk->skipped++;
		if (len > nhead)
			(*c->src->skip_input_data)(c, (long)(len - nhead));
		return TRUE;
	}
	data = (*c->mem->alloc_large)((j_common_ptr)c, JPOOL_IMAGE,
	    len > 0 ? len : 1);
	memcpy(data, head, nhead);
	for (i = nhead; i < len; i++)
		data[i] = (JOCTET)next_byte(c);
	m = &mk->m[mk->n++];
	m->code = c->unread_marker;
	m->data = data;
	m->len = len;
	return TRUE;
}

void
jmarker_keep(j_decompress_ptr c, struct jmarkers *mk, int all)
{
	int m;

	memset(mk, 0, sizeof(*mk));
	mk->all = all;
	((struct jpeg_fail *)(void *)c->err)->markers = mk;
	if (all)
		jpeg_set_marker_processor(c, JPEG_COM, on_marker);
	for (m = 0; m < 16; m++)
		if (all || m == 1)
			jpeg_set_marker_processor(c, JPEG_APP0 + m,
			    on_marker);
}
