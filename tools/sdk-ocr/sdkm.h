/*
 * sdkm.h: sdk-ocr's model files (models/NAME.sdkm, doc/models.md): groups
 * of two-layer networks, each group's networks of one shape, their
 * weights float32 little-endian, with a version, the shapes, the length
 * and a CRC-32 to refuse a wrong or damaged file.  Read by sdk-ocr
 * (models.c), written by the trainers.
 */
#ifndef SDK_OCR_SDKM_H
#define SDK_OCR_SDKM_H

#include <stddef.h>
#include <stdint.h>

#define SDKM_MAGIC	"SDKM"
#define SDKM_VERSION	1
#define SDKM_HEADER	24	/* magic, version, groups, about, length, CRC */
#define SDKM_MAX_GROUPS	8
#define SDKM_MAX_ABOUT	1024	/* bytes of the line saying how it was made */
#define SDKM_MAX_COUNT	64	/* networks in a group */
#define SDKM_MAX_DIM	4096	/* inputs, hidden units or outputs */

/*
 * A group: count networks of in inputs, hid hidden units and out outputs,
 * each laid out as struct mlp lays out its weights: w1[hid][in], b1[hid],
 * w2[out][hid], b2[out], the networks one after the other in w.
 */
struct sdkm_group {
	int	 count, in, hid, out;
	float	*w;
};

/* Floats of one network of that shape. */
size_t	 sdkm_net_floats(int in, int hid, int out);

/*
 * Check the model file in buf[len] and take its networks: the file must
 * hold nwant groups of the shapes of want[] (in, hid, out), with between
 * 1 and want[i].count networks each.  On success got[i] receives each
 * group, its weights malloc'd (in host order), *about the malloc'd line
 * saying how the models were made, and 0 is returned.  Otherwise -1, with
 * why in err (the file is too short, not a model file, of another format
 * version, truncated, damaged, or of other shapes).
 */
int	 sdkm_parse(const unsigned char *buf, size_t len,
	    const struct sdkm_group *want, int nwant, struct sdkm_group *got,
	    char **about, char *err, size_t errsz);

/*
 * Write n groups and the line about them to path, whole (path.tmp, then
 * renamed).  0, or -1 with a message on stderr.
 */
int	 sdkm_write(const char *path, const char *about,
	    const struct sdkm_group *, int n);

#endif
