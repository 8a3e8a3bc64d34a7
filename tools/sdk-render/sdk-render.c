/*
 * sdk-render: draw grid records as pictures: a clean grid image (PNM or
 * PNG), the digits written onto the original photo in its perspective,
 * or a boxed grid for the terminal.  Many records make many images: a
 * PNM frame stream, or one file each with an -o template.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "draw.h"
#include "font.h"
#include "geom.h"
#include "grid.h"
#include "handwriting.h"
#include "imagein.h"
#include "jpegout.h"
#include "jpegpatch.h"
#include "json.h"
#include "keys.h"
#include "options.h"
#include "outfile.h"
#include "photo.h"
#include "pngout.h"
#include "sdk.h"
#include "template.h"
#include "text.h"
#include "util.h"

static struct options opt;

/* The output shared by every record (stdout, or -o without a template). */
static struct outfile single;
static long nrecords;		/* records seen so far */
static long nsingle;		/* records written to single */
static int tmpl_failed;		/* a template's file not written */
static int colour;		/* ANSI colour in text output */
static unsigned char prev[GRID_CELLS];	/* the previous record's cells */
static int have_prev;

/* A photo made this small (or smaller) by --thumbnail is kept: 3 MB */
#define THUMB_KEEP_PIXELS	(1024UL * 1024)

/*
 * The last photo decoded, kept until a record is drawn on it (the next
 * record of the same photo decodes it again: one copy of the pixels);
 * made to fit --thumbnail, kept for the records of the same photo that
 * follow.
 */
static struct {
	char		*name;
	struct picture	 pic;
} photo;

static void
help(FILE *fp)
{
	fprintf(fp, "\nDraw grid records: a clean grid image (default), the "
	    "digits on the photo,\nor a boxed grid for the terminal.\n\n"
	    "  -c, --changes      mark the cells that changed since the "
	    "previous record\n"
	    "  -f, --format=FORMAT\n"
	    "                     pnm (default), png, jpeg or text\n"
	    "  -o, --output=FILE  write to FILE; %%s is the record's source "
	    "base name,\n"
	    "                     %%n its number (%%4n: 0001), %%%% a %%\n"
	    "  -m, --margin=PIXELS\n"
	    "                     margin around the clean grid (default: "
	    "side/32)\n"
	    "  -s, --size=PIXELS  side of the clean grid image (default %d)\n"
	    "  -Q, --quality=QUALITY\n"
	    "                     JPEG quality, 1 to 100 (default %d)\n"
	    "  --onto[=PHOTO]     draw the filled digits onto PHOTO, or onto "
	    "the photo\n"
	    "                     named by the record's sdk-source\n"
	    "  --thumbnail=WxH    with --onto: the photo made to fit WxH\n"
	    "  --color=WHEN       colour text output: auto (on a terminal, "
	    "unless\n"
	    "                     NO_COLOR is set or TERM=dumb), always, "
	    "never\n"
	    "  -j, --json         JSON Lines on stdout, one object a record "
	    "(needs -o)\n"
	    "  -q, --quiet        no messages about unsolved records\n"
	    "  -v, --verbose      say what was written\n"
	    CLI_HELP_END GRID_OPERAND_HELP, SIDE_DEFAULT, JPEGOUT_QUALITY);
}

static const char *
versions(void)
{
	static char v[256];

	image_init();
	snprintf(v, sizeof(v), "%s, %s", image_versions(), pngout_version());
	return v;
}

static const struct cli_program program = {
	"sdk-render",
	"usage: sdk-render [-cjqv] [-f pnm|png|jpeg|text] [-m PIXELS] "
	"[-o FILE]\n"
	"                  [-Q QUALITY] [-s PIXELS] [--onto[=PHOTO]] "
	"[--thumbnail=WxH]\n"
	"                  [--color=WHEN]\n"
	"                  [FILE ...]\n",
	help, versions
};

/* Banner text for a record status that is not "solved". */
static const char *
status_banner(const char *st)
{
	static char buf[64];
	size_t i;

	if (strcmp(st, "unsolvable") == 0)
		return "UNSOLVABLE";
	if (strcmp(st, "invalid") == 0)
		return "INVALID PUZZLE";
	if (strcmp(st, "timeout") == 0)
		return "TIMED OUT";
	if (strcmp(st, "no-grid") == 0)
		return "NO GRID FOUND";
	if (strcmp(st, "multiple") == 0)
		return "MULTIPLE SOLUTIONS";
	if (strcmp(st, "unsure") == 0)
		return "UNSURE READING";
	if (strcmp(st, "incomplete") == 0)
		return "NOT SOLVED";
	for (i = 0; st[i] != '\0' && i + 1 < sizeof(buf); i++)
		buf[i] = st[i] >= 'a' && st[i] <= 'z' ? st[i] - 'a' + 'A' :
		    st[i];
	buf[i] = '\0';
	return buf;
}

/*
 * Build the board of a record: which digits are givens (from
 * sdk-puzzle), which filled, which written by hand (sdk-entries) and
 * whether right, and the banner.  *failed is set when the
 * record is not a solved grid.  Returns 0, or 2 on malformed metadata.
 */
static int
board_make(const struct grid *g, const char *src, struct board *b,
    const char **status, int *failed)
{
	unsigned char given[GRID_CELLS];
	const char *pz, *st, *cf;
	char err[128];
	int i, full = 1;

	pz = meta_get(&g->meta, SDK_KEY_PUZZLE);
	if (pz != NULL && grid_parse_line(pz, given) != 0) {
		sdk_warnx(src, "line %ld: malformed sdk-puzzle", g->line);
		return SDK_EXIT_ERROR;
	}
	cf = meta_get(&g->meta, SDK_KEY_CONF);
	if (cf != NULL && (strlen(cf) != GRID_CELLS ||
	    strspn(cf, "0123456789") != GRID_CELLS)) {
		sdk_warnx(src, "line %ld: malformed sdk-conf", g->line);
		return SDK_EXIT_ERROR;
	}
	for (i = 0; i < GRID_CELLS; i++) {
		b->doubt[i] = cf != NULL && cf[i] - '0' <= CONF_DOUBT;
		b->digit[i] = g->cell[i];
		if (pz != NULL && given[i] != 0 && given[i] != g->cell[i]) {
			sdk_warnx(src, "line %ld: sdk-puzzle disagrees with "
			    "the grid at row %d column %d", g->line,
			    i / 9 + 1, i % 9 + 1);
			return SDK_EXIT_ERROR;
		}
		b->mark[i] = opt.changes && have_prev && prev[i] != g->cell[i];
		if (g->cell[i] == 0) {
			b->kind[i] = CELL_EMPTY;
			full = 0;
		} else if (pz == NULL || given[i] != 0)
			b->kind[i] = CELL_GIVEN;
		else
			b->kind[i] = CELL_FILLED;
	}
	if (entries_apply(b, meta_get(&g->meta, SDK_KEY_ENTRIES),
	    meta_get(&g->meta, SDK_KEY_MISTAKES), err, sizeof(err)) != 0 ||
	    doubts_apply(b, meta_get(&g->meta, SDK_KEY_UNSURE), err,
	    sizeof(err)) != 0 ||
	    pencil_apply(b, meta_get(&g->meta, SDK_KEY_PENCIL), err,
	    sizeof(err)) != 0 ||
	    pencil_mistakes_apply(b, meta_get(&g->meta,
	    SDK_KEY_PENCIL_MISTAKES), err, sizeof(err)) != 0) {
		sdk_warnx(src, "line %ld: %s", g->line, err);
		return SDK_EXIT_ERROR;
	}
	memcpy(prev, g->cell, sizeof(prev));
	have_prev = 1;
	st = meta_get(&g->meta, SDK_KEY_STATUS);
	if (st != NULL && (st[0] == '\0' || strcmp(st, "solved") == 0) &&
	    !full)
		st = "incomplete";
	*status = st;
	*failed = st != NULL && strcmp(st, "solved") != 0 && st[0] != '\0';
	b->banner = *failed ? status_banner(st) : NULL;
	return 0;
}

/* Does the JPEG answer go through jpegpatch (sdk-render(1))? */
static int
patch_path(void)
{
	return opt.fmt == FMT_JPEG && opt.onto != ONTO_NONE &&
	    !opt.quality_set && opt.fitw == 0;
}

/* A photo that cannot be read, said. */
static void
photo_error(const char *name, const char *err)
{
	/* "cannot open photo: ...", "out of memory" say it all */
	if (strncmp(err, "cannot open", 11) == 0 ||
	    strcmp(err, "out of memory") == 0)
		sdk_warnx(name, "%s", err);
	else
		sdk_warnx(name, "photo: %s", err);
}

/* Decode a photo into photo.pic, unless it is the one held. */
static int
photo_load(const char *name)
{
	char err[256];

	if (photo.name != NULL && strcmp(photo.name, name) == 0)
		return 0;
	free(photo.name);
	photo.name = NULL;
	free(photo.pic.px);
	sdk_set_input(name);
	if (photo_decode_fit(name, opt.fitw, opt.fith, &photo.pic, err,
	    sizeof(err)) != 0) {
		photo_error(name, err);
		return -1;
	}
	photo.name = sdk_xstrdup(name);
	return 0;
}

/*
 * --onto=PHOTO is read before any record: decoded, or for the JPEG
 * answers jpegpatch writes only its header read.
 */
static int
photo_check(const char *name)
{
	struct jpegpatch *jp;
	char err[256];
	int rc;

	if (!patch_path())
		return photo_load(name);
	if ((rc = jpegpatch_open(name, &jp, err, sizeof(err))) < 0) {
		photo_error(name, err);
		return -1;
	}
	jpegpatch_close(jp);
	return rc == 0 ? photo_load(name) : 0;
}

/*
 * The grid-to-photo homography of a record, the quad scaled from
 * sdk-size (else the file's size fw x fh) to the picture's size pw x ph.
 * Returns 1 with h set, 0 if the record has no quad, 2 if it is
 * malformed, -1 (said) if no grid can be drawn through it (quad_check).
 */
static int
record_homography(const struct grid *g, const char *src, int pw, int ph,
    int fw, int fh, double h[9])
{
	static const struct point sq[4] = { { 0, 0 }, { 9, 0 }, { 9, 9 },
	    { 0, 9 } };
	const char *qs, *ss, *why;
	struct quad q;
	double sw, sh, w;
	char *end;
	int i;

	if ((qs = meta_get(&g->meta, SDK_KEY_QUAD)) == NULL)
		return 0;
	if (quad_parse(qs, &q) != 0) {
		sdk_warnx(src, "line %ld: malformed sdk-quad", g->line);
		return SDK_EXIT_ERROR;
	}
	if ((ss = meta_get(&g->meta, SDK_KEY_SIZE)) != NULL) {
		errno = 0;
		sw = strtod(ss, &end);
		sh = strtod(end, &end);
		if (errno != 0 || !(sw >= 1 && sh >= 1)) {
			sdk_warnx(src, "line %ld: malformed sdk-size", g->line);
			return SDK_EXIT_ERROR;
		}
	} else {
		sw = fw;
		sh = fh;
	}
	for (i = 0; i < 4; i++) {
		q.p[i].x *= pw / sw;
		q.p[i].y *= ph / sh;
	}
	/*
	 * sdk-warp's rule too (quad_check): the record's own failure, not
	 * the stream's.  Convex, the grid crosses no horizon.
	 */
	if ((why = quad_check(&q, pw, ph)) == NULL &&
	    homography_solve(sq, q.p, h) != 0)
		why = "degenerate";
	for (i = 0; why == NULL && i < 4; i++) {
		w = h[6] * sq[i].x + h[7] * sq[i].y + h[8];
		if (!(w > 0))
			why = "degenerate";
	}
	if (why == NULL)
		return 1;
	sdk_warnx(src, "line %ld: %s sdk-quad", g->line, why);
	return -1;
}

/* The photo a record is drawn onto, or NULL (said). */
static const char *
photo_name(const struct grid *g, const char *src)
{
	const char *name;

	if (opt.onto == ONTO_PHOTO)
		return opt.photo;
	name = meta_get(&g->meta, SDK_KEY_SOURCE);
	if (name == NULL || strcmp(name, "-") == 0 || name[0] == '\0') {
		sdk_warnx(src, "line %ld: no photo to draw onto: the record "
		    "names none in sdk-source (use --onto=PHOTO)", g->line);
		return NULL;
	}
	return name;
}

/* A record's quad missing where digits are to be drawn: said. */
static int
no_quad(const struct grid *g, const char *src)
{
	sdk_warnx(src, "line %ld: no sdk-quad: cannot place the digits on "
	    "the photo", g->line);
	return SDK_EXIT_ERROR;
}

/* An output error of fp, said once. */
static int
write_failed(FILE *fp, const char *name, const char *err)
{
	if (ferror(fp)) {
		if (fp != stdout)
			sdk_warn(name, "write error");
	} else
		sdk_warnx(name, "%s", err);
	return SDK_EXIT_ERROR;
}

/*
 * A JPEG answer on a JPEG photo, patched in the DCT domain
 * (jpegpatch.h).  Returns 0 or 2, or -1 when the pixel path must do it:
 * the photo is no patchable JPEG, or a failed record has no quad (its
 * banner goes across the whole picture).
 */
static int
emit_patched(FILE *fp, const char *name, const struct grid *g,
    const char *src, const struct board *b)
{
	struct jpegpatch *jp;
	const char *pname;
	char err[256];
	double h[9];
	int rc, w, ht;

	if ((pname = photo_name(g, src)) == NULL)
		return SDK_EXIT_ERROR;
	if ((rc = jpegpatch_open(pname, &jp, err, sizeof(err))) <= 0) {
		if (rc < 0)
			photo_error(pname, err);
		return rc < 0 ? SDK_EXIT_ERROR : -1;
	}
	jpegpatch_size(jp, &w, &ht);
	rc = record_homography(g, src, w, ht, w, ht, h);
	if (rc < 0)
		rc = SDK_EXIT_FAIL;	/* the record is not drawn */
	else if (rc == 1 && jpegpatch_write(jp, fp, h, b, &g->meta, err,
	    sizeof(err)) != 0)
		rc = write_failed(fp, name, err);
	else if (rc == 1)
		rc = 0;
	else if (rc == 0)
		rc = b->banner == NULL && board_draws(b) ? no_quad(g, src) : -1;
	jpegpatch_close(jp);
	return rc;
}

/*
 * Draw the picture of a record into pic (pixels allocated here, or the
 * photo's taken over).
 */
static int
render_image(const struct grid *g, const char *src, const struct board *b,
    struct picture *pic)
{
	struct canvas cv;
	const char *name;
	double h[9];
	int rc;

	if (opt.onto == ONTO_NONE) {
		*pic = (struct picture){ .w = (int)opt.side,
		    .h = (int)opt.side, .orient = 1 };
		pic->px = sdk_xmalloc((size_t)opt.side * opt.side * 3);
		cv = (struct canvas){ pic->px, pic->w, pic->h, NULL };
		draw_grid(&cv, (int)opt.side, (int)opt.margin, b);
		return 0;
	}
	if ((name = photo_name(g, src)) == NULL)
		return SDK_EXIT_ERROR;
	if (photo_load(name) != 0)
		return SDK_EXIT_ERROR;
	rc = record_homography(g, src, photo.pic.w, photo.pic.h, photo.pic.fw,
	    photo.pic.fh, h);
	if (rc == SDK_EXIT_ERROR || rc < 0)
		return rc < 0 ? SDK_EXIT_FAIL : rc;
	if (rc == 0 && b->banner == NULL && board_draws(b))
		return no_quad(g, src);
	*pic = photo.pic;
	if (opt.fitw > 0 && (size_t)pic->w * pic->h <= THUMB_KEEP_PIXELS) {
		/*
		 * A thumbnail is small: drawn on a copy, the photo held for
		 * the next record of the same photo (sdk-batch's report asks
		 * for the photo's and then the answer's).
		 */
		pic->px = sdk_xmalloc((size_t)pic->w * pic->h * 3);
		memcpy(pic->px, photo.pic.px, (size_t)pic->w * pic->h * 3);
	} else {
		/* drawn where it lies: the photo held is used up */
		photo.pic.px = NULL;
		free(photo.name);
		photo.name = NULL;
	}
	cv = (struct canvas){ pic->px, pic->w, pic->h, NULL };
	draw_onto(&cv, rc == 1 ? h : NULL, b);
	return 0;
}

/* Write one record's output to fp.  Returns 0 or 2. */
static int
emit(FILE *fp, const char *name, const struct grid *g, const char *src,
    const struct board *b, const char *status)
{
	struct picture pic;
	char err[256];
	int rc = 0;

	if (opt.fmt == FMT_TEXT) {
		if (nsingle > 0 && !opt.tmpl)
			fputc('\n', fp);
		text_render(fp, g, b, status, colour);
		return 0;
	}
	if (patch_path() && (rc = emit_patched(fp, name, g, src, b)) >= 0)
		return rc;
	if ((rc = render_image(g, src, b, &pic)) != 0)
		return rc;
	if (opt.fmt == FMT_PNG || opt.fmt == FMT_JPEG) {
		if ((opt.fmt == FMT_PNG ? pngout_write(fp, &pic, &g->meta, err,
		    sizeof(err)) : jpegout_write(fp, &pic, (int)opt.quality,
		    &g->meta, err, sizeof(err))) != 0)
			rc = write_failed(fp, name, err);
	} else if (picture_write_ppm(fp, &pic, &g->meta) != 0) {
		/* sdk_close_stdout() reports standard output */
		if (fp != stdout)
			sdk_warn(name, "write error");
		rc = SDK_EXIT_ERROR;
	}
	free(pic.px);
	return rc;
}

static void
json_record(const char *src, const char *status, const char *out, int rc)
{
	struct json j;

	json_begin(&j, stdout);
	json_long(&j, "record", nrecords);
	json_str(&j, "source", src);
	json_str(&j, "status", rc == SDK_EXIT_ERROR ? "error" :
	    status != NULL ? status : "unknown");
	if (out != NULL && rc != SDK_EXIT_ERROR)
		json_str(&j, "output", out);
	json_end(&j);
}

/* Render one record.  Returns its status: 0, 1 (not solved) or 2. */
static int
process_one(struct grid *g, const char *input)
{
	struct board b;
	struct outfile of;
	const char *src, *status = NULL;
	char *name = NULL;
	int rc, failed;

	nrecords++;
	src = meta_get(&g->meta, SDK_KEY_SOURCE);
	if (src == NULL)
		src = input;
	if ((rc = board_make(g, src, &b, &status, &failed)) != 0)
		goto done;
	if (opt.tmpl) {
		name = template_expand(opt.out, meta_get(&g->meta,
		    SDK_KEY_SOURCE), nrecords);
		if (outfile_open(&of, name) != 0) {
			rc = SDK_EXIT_ERROR;
			tmpl_failed = 1;
			goto done;
		}
		if ((rc = emit(of.fp, name, g, src, &b, status)) != 0) {
			tmpl_failed = ferror(of.fp);
			outfile_abort(&of);
		} else if (outfile_commit(&of) != 0) {
			rc = SDK_EXIT_ERROR;
			tmpl_failed = 1;
		}
	} else {
		if ((opt.fmt == FMT_PNG || opt.fmt == FMT_JPEG) &&
		    opt.out != NULL && nsingle > 0) {
			sdk_warnx(opt.out, "one %s file cannot hold several "
			    "records: put %%n or %%s in the name",
			    opt.fmt == FMT_PNG ? "PNG" : "JPEG");
			rc = SDK_EXIT_ERROR;
			goto done;
		}
		rc = emit(single.fp, opt.out != NULL ? opt.out : "<stdout>",
		    g, src, &b, status);
		if (rc == 0)
			nsingle++;
	}
	if (rc == 0 && opt.verbose)
		sdk_warnx(src, "record %ld: %s -> %s", nrecords,
		    status != NULL ? status : "drawn",
		    name != NULL ? name : opt.out != NULL ? opt.out :
		    "<stdout>");
	if (rc == 0 && failed) {
		rc = SDK_EXIT_FAIL;
		if (!opt.quiet)
			sdk_warnx(src, "not solved: %s", status);
	}
done:
	if (opt.json)
		json_record(src, status, name != NULL ? name : opt.out, rc);
	free(name);
	return rc;
}

/*
 * grid_each(): an output that cannot be written ends the run, a
 * template's file too (a full disk: one message, not one a record).
 */
static int
output_failed(int rc)
{
	return rc == SDK_EXIT_ERROR && (opt.tmpl ? tmpl_failed :
	    ferror(single.fp));
}

int
main(int argc, char *argv[])
{
	char *const *file;
	int status = SDK_EXIT_OK;

	cli_init(&program);
	image_init();
	options_parse(argc, argv, &opt);
	colour = opt.color == COLOR_ALWAYS || (opt.color == COLOR_AUTO &&
	    opt.out == NULL && cli_colour(stdout));
	/* The font is read and checked before any output; text needs none. */
	if (opt.fmt != FMT_TEXT)
		font_load();
	/* A named photo is read once, before any record. */
	if (opt.onto == ONTO_PHOTO && photo_check(opt.photo) != 0)
		return SDK_EXIT_ERROR;
	if (!opt.tmpl && outfile_open(&single, opt.out) != 0)
		return SDK_EXIT_ERROR;
	for (file = opt.files; *file != NULL; file++)
		status = sdk_status_fold(status, grid_each(*file, process_one,
		    output_failed));
	free(photo.name);
	free(photo.pic.px);
	/* With a template, each record's file was committed on its own. */
	return cli_finish(opt.tmpl ? NULL : &single, status);
}
