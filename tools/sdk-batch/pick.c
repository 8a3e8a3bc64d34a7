/*
 * pick.c: sdk-batch-rows pick W: the solved records of W/s.txt (sdk-solve's
 * records of a share) for sdk-render.  Writes W/solved.txt and
 * W/solvedj.txt (the records to draw as PNG and as JPEG), W/solved.src and
 * W/solved.dir (a line a solved record, in order: its sdk-source, as the
 * line files write names, and the folder its picture goes to, pN for the
 * Nth record of solved.txt, jN of solvedj.txt), and for the report's
 * thumbnails W/thumbs.txt and W/thumbs.want: for each record a record with
 * only its sdk-source and sdk-size and no digits (the photo's thumbnail),
 * followed by the record itself when it is solved (the answer's), so that
 * sdk-render decodes each photo once for both; thumbs.want has a line a
 * record of thumbs.txt: "t N" (the photo of the Nth record) or "a K" (the
 * Kth solved record).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "esc.h"
#include "grid.h"
#include "keys.h"
#include "meta.h"
#include "rows.h"
#include "util.h"

enum { SOLVED, SOLVEDJ, SRC, DIR_, THUMBS, WANT, NFILES };
static const char *const file_name[NFILES] = {
	"solved.txt", "solvedj.txt", "solved.src", "solved.dir", "thumbs.txt",
	"thumbs.want"
};

/* Does s end in one of the suffixes, any case? */
static int
suffix(const char *s, const char *const *suf)
{
	size_t n = strlen(s), k;

	for (; *suf != NULL; suf++) {
		k = strlen(*suf);
		if (n >= k && strcasecmp(s + n - k, *suf) == 0)
			return 1;
	}
	return 0;
}

/*
 * Is the answer to photo f a JPEG (-p auto): is f a phone's photo, JPEG or
 * HEIF (HEIC, AVIF), by its suffix, or else by its first bytes?  Anything
 * else (PNG, a scan, a frame) is answered in PNG.
 */
static int
is_jpeg(const char *f)
{
	static const char *const yes[] = { ".jpg", ".jpeg", ".heic", ".heif",
	    ".avif", NULL };
	static const char *const no[] = { ".png", ".ppm", ".pgm", ".pbm",
	    ".pnm", ".tif", ".tiff", ".bmp", ".gif", ".webp", NULL };
	static const char *const brands[] = { "heic", "heix", "heim", "heis",
	    "hevc", "hevx", "mif1", "msf1", "avif", "avis", NULL };
	unsigned char b[12] = { 0 };
	const char *const *br;
	FILE *fp;

	if (suffix(f, yes))
		return 1;
	if (suffix(f, no) || (fp = fopen(f, "rb")) == NULL)
		return 0;
	(void)fread(b, 1, sizeof(b), fp);
	fclose(fp);
	if (b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff)
		return 1;
	if (memcmp(b + 4, "ftyp", 4) != 0)
		return 0;
	for (br = brands; *br != NULL; br++)
		if (memcmp(b + 8, *br, 4) == 0)
			return 1;
	return 0;
}

/* The record with only its source and size, no digits. */
static void
write_blank(FILE *fp, const struct grid *g)
{
	struct grid blank;
	size_t i;

	grid_init(&blank);
	for (i = 0; i < g->meta.n; i++)
		if ((strcmp(g->meta.v[i].key, SDK_KEY_SOURCE) == 0 ||
		    strcmp(g->meta.v[i].key, SDK_KEY_SIZE) == 0) &&
		    *g->meta.v[i].value != '\0')
			meta_append(&blank.meta, g->meta.v[i].key,
			    g->meta.v[i].value);
	grid_write(fp, &blank, GRID_FORMAT_LINE);
	grid_free(&blank);
}

/* A record of W/s.txt: its thumbnails, and its picture when solved. */
static void
pick_record(FILE **fp, const struct grid *g, const char *picture,
    long nrec, long *ns, long *nj, long *np)
{
	const char *src = meta_get(&g->meta, SDK_KEY_SOURCE);
	size_t i;
	int solved = 0, jpeg;

	for (i = 0; i < g->meta.n; i++)
		if (strcmp(g->meta.v[i].key, SDK_KEY_STATUS) == 0 &&
		    strcmp(g->meta.v[i].value, "solved") == 0)
			solved = 1;
	for (i = 0; i < g->meta.n; i++)
		if (strcmp(g->meta.v[i].key, SDK_KEY_SOURCE) == 0)
			src = g->meta.v[i].value;
	write_blank(fp[THUMBS], g);
	fprintf(fp[WANT], "t %ld\n", nrec);
	if (!solved)
		return;
	grid_write(fp[THUMBS], g, GRID_FORMAT_LINE);
	fprintf(fp[WANT], "a %ld\n", ++*ns);
	src = src != NULL ? src : "";
	esc_line(fp[SRC], src);
	putc('\n', fp[SRC]);
	jpeg = strcmp(picture, "jpeg") == 0 ||
	    (*picture == '\0' && is_jpeg(src));
	grid_write(fp[jpeg ? SOLVEDJ : SOLVED], g, GRID_FORMAT_LINE);
	fprintf(fp[DIR_], "%c%ld\n", jpeg ? 'j' : 'p', jpeg ? ++*nj : ++*np);
}

int
pick_main(const char *w, const char *picture)
{
	char *path = rows_path(w, "/s.txt", "");
	FILE *in, *fp[NFILES] = { NULL };
	struct grid_reader *rd;
	struct grid g;
	long nrec = 0, ns = 0, nj = 0, np = 0;
	int i, st = 0;

	if ((in = fopen(path, "r")) == NULL) {
		sdk_warn(path, "cannot open");
		free(path);
		return 2;
	}
	for (i = 0; i < NFILES; i++) {
		free(path);
		path = rows_path(w, "/", file_name[i]);
		if ((fp[i] = fopen(path, "w")) == NULL) {
			sdk_warn(path, "cannot write");
			st = 2;
			break;
		}
	}
	rd = grid_reader_new(in);
	grid_init(&g);
	while (st == 0 && grid_read(rd, &g) == 1)
		pick_record(fp, &g, picture, ++nrec, &ns, &nj, &np);
	grid_free(&g);
	grid_reader_free(rd);
	fclose(in);
	for (i = 0; i < NFILES && fp[i] != NULL; i++)
		if ((ferror(fp[i]) | fclose(fp[i])) != 0 && st == 0) {
			sdk_warn(file_name[i], "cannot write");
			st = 2;
		}
	free(path);
	return st;
}
