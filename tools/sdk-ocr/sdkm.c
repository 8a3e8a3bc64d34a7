/*
 * sdkm.c: reading and writing model files (sdkm.h, doc/models.md).  The
 * numbers are read and written a byte at a time, little-endian whatever
 * the host, into memory of the host's own alignment: the bytes may sit
 * anywhere (an .incbin'd blob, a read file).
 */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"
#include "sdkm.h"

/* The weights are IEEE 754 binary32: so must a float be. */
_Static_assert(sizeof(float) == sizeof(uint32_t) && FLT_MANT_DIG == 24 &&
    FLT_MAX_EXP == 128, "float is not IEEE 754 binary32");

size_t
sdkm_net_floats(int in, int hid, int out)
{
	return (size_t)hid * (size_t)in + (size_t)hid + (size_t)out *
	    (size_t)hid + (size_t)out;
}

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

/* A little-endian host takes the floats as they are. */
static int
little_endian(void)
{
	const uint32_t one = 1;
	unsigned char b;

	memcpy(&b, &one, 1);
	return b == 1;
}

static size_t
pad4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

/* The groups' table (16 bytes each) checked against want; -1 with err. */
static int
check_groups(const unsigned char *t, const struct sdkm_group *want,
    int n, struct sdkm_group *got, size_t *nfloats, char *err, size_t errsz)
{
	uint32_t v[4];
	int	 g, k;

	*nfloats = 0;
	for (g = 0; g < n; g++) {
		for (k = 0; k < 4; k++)
			v[k] = get32(t + 16 * g + 4 * k);
		if (v[1] != (uint32_t)want[g].in ||
		    v[2] != (uint32_t)want[g].hid ||
		    v[3] != (uint32_t)want[g].out) {
			snprintf(err, errsz, "group %d: networks %lu-%lu-%lu, "
			    "not the %d-%d-%d this program reads", g + 1,
			    (unsigned long)v[1], (unsigned long)v[2],
			    (unsigned long)v[3], want[g].in, want[g].hid,
			    want[g].out);
			return -1;
		}
		if (v[0] < 1 || v[0] > (uint32_t)want[g].count) {
			snprintf(err, errsz, "group %d: %lu networks, not 1 to "
			    "%d", g + 1, (unsigned long)v[0], want[g].count);
			return -1;
		}
		got[g] = want[g];
		got[g].count = (int)v[0];
		got[g].w = NULL;
		*nfloats += (size_t)got[g].count * sdkm_net_floats(got[g].in,
		    got[g].hid, got[g].out);
	}
	return 0;
}

/* The header and what it says of the whole; -1 with err. */
static int
check_header(const unsigned char *buf, size_t len, int nwant, char *err,
    size_t errsz)
{
	uint32_t v;

	if (len < SDKM_HEADER) {
		snprintf(err, errsz, "%zu bytes: too short for a model file",
		    len);
		return -1;
	}
	if (memcmp(buf, SDKM_MAGIC, 4) != 0) {
		snprintf(err, errsz, "not a model file (no %s magic)",
		    SDKM_MAGIC);
		return -1;
	}
	if ((v = get32(buf + 4)) != SDKM_VERSION) {
		snprintf(err, errsz, "model format version %lu, not %d",
		    (unsigned long)v, SDKM_VERSION);
		return -1;
	}
	if ((v = get32(buf + 16)) != len - SDKM_HEADER) {
		snprintf(err, errsz, "%zu bytes where the header says %lu: "
		    "truncated or damaged", len, (unsigned long)v +
		    SDKM_HEADER);
		return -1;
	}
	if ((v = crc32_sum(buf + SDKM_HEADER, len - SDKM_HEADER)) !=
	    get32(buf + 20)) {
		snprintf(err, errsz, "CRC-32 %08lx where the header says "
		    "%08lx: damaged", (unsigned long)v,
		    (unsigned long)get32(buf + 20));
		return -1;
	}
	if ((v = get32(buf + 8)) != (uint32_t)nwant) {
		snprintf(err, errsz, "groups of networks: %lu, not the %d this "
		    "program reads", (unsigned long)v, nwant);
		return -1;
	}
	if ((v = get32(buf + 12)) > SDKM_MAX_ABOUT) {
		snprintf(err, errsz, "a description of %lu bytes (at most %d)",
		    (unsigned long)v, SDKM_MAX_ABOUT);
		return -1;
	}
	return 0;
}

int
sdkm_parse(const unsigned char *buf, size_t len,
    const struct sdkm_group *want, int nwant, struct sdkm_group *got,
    char **about, char *err, size_t errsz)
{
	const unsigned char *p;
	size_t	 nabout, nfloats, i, n;
	uint32_t u;
	int	 g;

	if (check_header(buf, len, nwant, err, errsz) != 0)
		return -1;
	nabout = get32(buf + 12);
	p = buf + SDKM_HEADER;
	if (len - SDKM_HEADER < 16 * (size_t)nwant) {
		snprintf(err, errsz, "too short for its table of groups");
		return -1;
	}
	if (check_groups(p, want, nwant, got, &nfloats, err, errsz) != 0)
		return -1;
	if (16 * (size_t)nwant + pad4(nabout) + 4 * nfloats !=
	    len - SDKM_HEADER) {
		snprintf(err, errsz, "its shapes do not add up to its length");
		return -1;
	}
	p += 16 * nwant;
	if ((*about = malloc(nabout + 1)) == NULL)
		goto nomem;
	memcpy(*about, p, nabout);
	(*about)[nabout] = '\0';
	p += pad4(nabout);
	for (g = 0; g < nwant; g++) {
		n = (size_t)got[g].count * sdkm_net_floats(got[g].in,
		    got[g].hid, got[g].out);
		if ((got[g].w = malloc(n * sizeof(float))) == NULL)
			goto nomem;
		if (little_endian()) {
			memcpy(got[g].w, p, n * sizeof(float));
			p += n * sizeof(float);
			continue;
		}
		for (i = 0; i < n; i++, p += 4) {
			u = get32(p);
			memcpy(&got[g].w[i], &u, sizeof(u));
		}
	}
	return 0;
nomem:
	snprintf(err, errsz, "out of memory");
	for (g = 0; g < nwant; g++)
		free(got[g].w);
	free(*about);
	*about = NULL;
	return -1;
}

/* The payload after the header: the groups' table, about, the weights. */
static unsigned char *
payload(const char *about, const struct sdkm_group *grp, int n, size_t *len)
{
	unsigned char *buf, *p;
	size_t	 nabout = strlen(about), nfloats = 0, i, m;
	uint32_t u;
	int	 g;

	for (g = 0; g < n; g++)
		nfloats += (size_t)grp[g].count * sdkm_net_floats(grp[g].in,
		    grp[g].hid, grp[g].out);
	*len = 16 * (size_t)n + pad4(nabout) + 4 * nfloats;
	if ((p = buf = calloc(1, *len)) == NULL)
		return NULL;
	for (g = 0; g < n; g++, p += 16) {
		put32(p, (uint32_t)grp[g].count);
		put32(p + 4, (uint32_t)grp[g].in);
		put32(p + 8, (uint32_t)grp[g].hid);
		put32(p + 12, (uint32_t)grp[g].out);
	}
	memcpy(p, about, nabout);
	p += pad4(nabout);
	for (g = 0; g < n; g++) {
		m = (size_t)grp[g].count * sdkm_net_floats(grp[g].in,
		    grp[g].hid, grp[g].out);
		for (i = 0; i < m; i++, p += 4) {
			memcpy(&u, &grp[g].w[i], sizeof(u));
			put32(p, u);
		}
	}
	return buf;
}

int
sdkm_write(const char *path, const char *about, const struct sdkm_group *grp,
    int n)
{
	unsigned char head[SDKM_HEADER], *body;
	char	 tmp[4096];
	size_t	 len;
	FILE	*fp;
	int	 ok;

	if (n < 1 || n > SDKM_MAX_GROUPS || strlen(about) > SDKM_MAX_ABOUT) {
		fprintf(stderr, "%s: %d groups or a description of %zu bytes: "
		    "not a model file\n", path, n, strlen(about));
		return -1;
	}
	if ((body = payload(about, grp, n, &len)) == NULL) {
		perror(path);
		return -1;
	}
	memcpy(head, SDKM_MAGIC, 4);
	put32(head + 4, SDKM_VERSION);
	put32(head + 8, (uint32_t)n);
	put32(head + 12, (uint32_t)strlen(about));
	put32(head + 16, (uint32_t)len);
	put32(head + 20, crc32_sum(body, len));
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if ((fp = fopen(tmp, "wb")) == NULL) {
		perror(tmp);
		free(body);
		return -1;
	}
	ok = fwrite(head, 1, sizeof(head), fp) == sizeof(head) &&
	    fwrite(body, 1, len, fp) == len;
	free(body);
	if (fclose(fp) != 0 || !ok || rename(tmp, path) != 0) {
		perror(path);
		remove(tmp);
		return -1;
	}
	return 0;
}
