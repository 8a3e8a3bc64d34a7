/*
 * sdk-detect: find the Sudoku grid in photos.
 *
 * Reads photos (JPEG, PNG, PNM streams, whatever Leptonica reads) and
 * writes each as an image record carrying sdk-source, sdk-size and
 * sdk-quad, the grid's corners.  A photo without a grid still flows on,
 * marked "sdk-status no-grid", so that batch output stays aligned.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "find.h"
#include "image.h"
#include "outfile.h"
#include "util.h"

enum format { FORMAT_PNM, FORMAT_TEXT, FORMAT_JSON };

static enum format format = FORMAT_PNM;
static int quiet, verbose;

static void __attribute__((noreturn))
usage(int status)
{
	FILE *fp = status == 0 ? stdout : stderr;

	fprintf(fp, "usage: sdk-detect [-jqv] [-f pnm|text] [-o FILE] "
	    "[FILE ...]\n");
	if (status == 0)
		fprintf(fp, "\n"
		    "Find the Sudoku grid in each photo; write the photo as "
		    "a PNM record with\nits corners (sdk-quad), size "
		    "(sdk-size) and name (sdk-source).\n\n"
		    "  -f pnm     image records (default)\n"
		    "  -f text    one line per photo: x1 y1 ... x4 y4 "
		    "SOURCE, or no-grid SOURCE\n"
		    "  -j         JSON Lines, one object per photo\n"
		    "  -o FILE    write to FILE (atomically)\n"
		    "  -q         no message about photos without a grid\n"
		    "  -v         one line per photo on stderr\n"
		    "  -h, --help     this help\n"
		    "  -V, --version  version\n");
	exit(status);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Write one record in the chosen format. */
static int
emit(FILE *out, PIX *pix, struct meta *meta, const char *source, int found,
    const struct quad *q, double seconds)
{
	char buf[256];
	struct pnm img;
	int rc, i;

	switch (format) {
	case FORMAT_TEXT:
		if (found) {
			quad_format(q, buf, sizeof(buf));
			fprintf(out, "%s %s\n", buf, source);
		} else {
			fprintf(out, "no-grid %s\n", source);
		}
		break;
	case FORMAT_JSON:
		fputs("{\"source\":", out);
		sdk_json_string(out, source);
		fprintf(out, ",\"status\":\"%s\",\"size\":[%d,%d]",
		    found ? "found" : "no-grid", pixGetWidth(pix),
		    pixGetHeight(pix));
		if (found) {
			fputs(",\"quad\":[", out);
			for (i = 0; i < 4; i++)
				fprintf(out, "%s[%.1f,%.1f]", i ? "," : "",
				    q->p[i].x, q->p[i].y);
			fputc(']', out);
		}
		fprintf(out, ",\"microseconds\":%.0f}\n", seconds * 1e6);
		break;
	case FORMAT_PNM:
		pnm_init(&img);
		meta_copy(&img.meta, meta);
		rc = image_to_pnm(pix, &img);
		if (rc == 0)
			rc = pnm_write(out, &img);
		pnm_free(&img);
		if (rc != 0)
			return -1;
		break;
	}
	return ferror(out) ? -1 : 0;
}

/* Find the grid in one photo and write its record.  Returns the status. */
static int
process_one(FILE *out, PIX *pix, struct meta *meta, const char *operand)
{
	struct find_info info;
	struct quad q;
	const char *source;
	char buf[256];
	double t0 = now();
	int found;

	if (meta_get(meta, "sdk-source") == NULL)
		meta_set(meta, "sdk-source", operand);
	source = meta_get(meta, "sdk-source");
	found = find_grid(pix, &q, &info) == 0;
	if (meta_get(meta, "sdk-size") == NULL)
		meta_setf(meta, "sdk-size", "%d %d", pixGetWidth(pix),
		    pixGetHeight(pix));
	if (found) {
		quad_format(&q, buf, sizeof(buf));
		meta_set(meta, "sdk-quad", buf);
		meta_del(meta, "sdk-status");
	} else {
		meta_del(meta, "sdk-quad");
		meta_set(meta, "sdk-status", "no-grid");
		if (!quiet)
			sdk_warnx(source, "no grid found");
	}
	if (verbose)
		sdk_warnx(source, "%s, score %.2f, %d candidates, %.1f ms",
		    found ? "grid found" : "no grid", info.score,
		    info.candidates, (now() - t0) * 1e3);
	if (emit(out, pix, meta, source, found, &q, now() - t0) != 0)
		return SDK_EXIT_ERROR;
	return found ? SDK_EXIT_OK : SDK_EXIT_FAIL;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct outfile out;
	const char *outpath = NULL;
	char *stdin_only[] = { (char *)(uintptr_t)"-", NULL };
	char **operands;
	int c, i, status = SDK_EXIT_OK;

	sdk_setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "f:hjo:qvV", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case 'f':
			if (strcmp(optarg, "pnm") == 0)
				format = FORMAT_PNM;
			else if (strcmp(optarg, "text") == 0)
				format = FORMAT_TEXT;
			else {
				sdk_warnx(NULL, "unknown format: %s", optarg);
				usage(SDK_EXIT_ERROR);
			}
			break;
		case 'h':
			usage(SDK_EXIT_OK);
			break;
		case 'j':
			format = FORMAT_JSON;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 'V':
			image_init();
			sdk_print_version(image_versions());
			return SDK_EXIT_OK;
		default:
			usage(SDK_EXIT_ERROR);
		}
	}
	operands = optind < argc ? argv + optind : stdin_only;
	image_init();
	if (format == FORMAT_PNM && outpath == NULL && sdk_isatty(stdout))
		sdk_errx(SDK_EXIT_ERROR, NULL, "will not write images to a "
		    "terminal (use -o FILE, a pipe, or -f text)");
	if (outfile_open(&out, outpath) != 0)
		return SDK_EXIT_ERROR;
	for (i = 0; operands[i] != NULL; i++)
		status = sdk_status_fold(status,
		    image_in_each(operands[i], out.fp, process_one));
	/* A file that cannot be whole is not written at all. */
	if (out.path != NULL && status == SDK_EXIT_ERROR)
		outfile_abort(&out);
	else if (out.path != NULL && outfile_commit(&out) != 0)
		status = SDK_EXIT_ERROR;
	return sdk_status_fold(status, sdk_close_stdout());
}
