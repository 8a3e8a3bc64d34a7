/*
 * reporthtml.c: index.html, the report of a batch (report.h): a summary,
 * the files skipped, then the rows of the photos, failures first, with a
 * switch to show all, the failed or the solved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esc.h"
#include "report.h"
#include "util.h"

/*
 * The failures' statuses are listed in the summary in this order (as
 * the report has always listed them), any other after them.
 */
static const char *const status_order[] = {
	"multiple", "timeout", "unsolved", "unsolvable", "no-grid", "unsure",
	"invalid"
};
#define NORDER	(sizeof(status_order) / sizeof(status_order[0]))

static size_t
status_rank(const char *s)
{
	size_t i;

	for (i = 0; i < NORDER; i++)
		if (strcmp(s, status_order[i]) == 0)
			return i;
	return NORDER;
}

/* One more failure of status s. */
void
report_status(struct report *rp, const char *s)
{
	size_t i, j;

	for (i = 0; i < rp->nstatuses; i++)
		if (strcmp(rp->status[i], s) == 0) {
			rp->nstatus[i]++;
			return;
		}
	rp->status = sdk_xreallocarray(rp->status, i + 1, sizeof(*rp->status));
	rp->nstatus = sdk_xreallocarray(rp->nstatus, i + 1,
	    sizeof(*rp->nstatus));
	/* Kept in the summary's order. */
	for (j = i; j > 0 && status_rank(rp->status[j - 1]) > status_rank(s);
	    j--) {
		rp->status[j] = rp->status[j - 1];
		rp->nstatus[j] = rp->nstatus[j - 1];
	}
	rp->status[j] = sdk_xstrdup(s);
	rp->nstatus[j] = 1;
	rp->nstatuses++;
}

/*
 * Photo i's row of the page (from rows/NAME.html, rp->path) into the
 * part of its exit status; a row of its source alone if it has none.
 */
void
report_row_html(struct report *rp, size_t i, int ex)
{
	char *l = NULL;
	size_t cap = 0;
	FILE *fp;
	int any = 0;

	if (ex < 0)
		return;
	if ((fp = fopen(rp->path, "r")) != NULL) {
		while (getline(&l, &cap, fp) != -1) {
			fputs(l, rp->h[ex]);
			any = 1;
		}
		fclose(fp);
	}
	free(l);
	if (any)
		return;
	fprintf(rp->h[ex], "<tr class=\"%s\"><td colspan=\"8\">", ex == 0 ?
	    "ok" : ex == 1 ? "fail" : "err");
	esc_html(rp->h[ex], rp->src[i]);
	fputs("</td></tr>\n", rp->h[ex]);
}

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:1em 2em;"
    "color:#222;background:#fff}\n"
    "h1{font-size:1.3em;margin:.2em 0}\n"
    "p{margin:.3em 0}.about,.note{color:#555}\n"
    "table{border-collapse:collapse;margin-top:.5em}\n"
    "th,td{border-bottom:1px solid #ddd;padding:4px 8px;"
    "vertical-align:top;text-align:left}\n"
    "th{position:sticky;top:0;background:#f4f4f4;white-space:nowrap}\n"
    "td.t{padding:2px 4px;min-width:90px;text-align:center}\n"
    "img.t{object-fit:none;display:block;margin:auto;background:#eee}\n"
    "td.n{min-width:12em;max-width:22em;overflow-wrap:anywhere}\n"
    "td.m{max-width:24em}\n"
    "td.r{text-align:right;font-variant-numeric:tabular-nums}\n"
    "pre.g{margin:0;font:12px/1.15 ui-monospace,monospace}\n"
    ".s{padding:1px 6px;border-radius:3px;font-weight:600;"
    "white-space:nowrap;background:#d7f5dd;color:#105a20}\n"
    ".fail .s{background:#fdecc8;color:#7a4b00}\n"
    ".err .s{background:#fbd5d5;color:#8a1111}\n"
    "a.o{font-size:.85em;color:#555}\n"
    ".f label{margin:0 1em 0 .2em;cursor:pointer}\n"
    "#f-failed:checked~table tr.ok,#f-solved:checked~table tr.fail,"
    "#f-solved:checked~table tr.err{display:none}\n";

/*
 * Once the page is loaded: how many of its thumbnails could be shown (a
 * folder copied without thumbs/ shows them missing).
 */
static const char script[] =
    "addEventListener('load', function () {\n"
    "  var a = document.images, n = 0, e = document.getElementById('loaded');\n"
    "  for (var i = 0; i < a.length; i++)\n"
    "    if (a[i].complete && a[i].naturalWidth > 0) n++;\n"
    "  e.dataset.images = a.length;\n"
    "  e.dataset.loaded = n;\n"
    "  e.textContent = n == a.length ? a.length + ' thumbnails shown.' :\n"
    "    (a.length - n) + ' of ' + a.length + ' thumbnails missing' +\n"
    "    ' (is thumbs/ beside this page?).';\n"
    "});\n";

/* The summary: the counts, the note, what made it, the files skipped. */
static void
summary(FILE *fp, const struct report *rp)
{
	long c = rp->nex[0] + rp->nex[1] + rp->nex[2];
	size_t j;

	fprintf(fp, "<p class=\"sum\"><b>%ld photo%s</b>: <b>%ld solved</b>, "
	    "%ld failed on their merits", c, c == 1 ? "" : "s", rp->nex[0],
	    rp->nex[1]);
	for (j = 0; j < rp->nstatuses; j++) {
		fputs(j == 0 ? " (" : ", ", fp);
		esc_html(fp, rp->status[j]);
		fprintf(fp, " %ld%s", rp->nstatus[j],
		    j + 1 == rp->nstatuses ? ")" : "");
	}
	fprintf(fp, ", %ld could not be read", rp->nex[2]);
	if (rp->nskip)
		fprintf(fp, "; %zu file%s skipped", rp->nskip,
		    rp->nskip == 1 ? "" : "s");
	fprintf(fp, ".  %ld done in this run, %ld up to date.</p>\n",
	    (long)rp->ntodo - rp->notdone, c - (long)rp->ntodo + rp->notdone);
	if (*rp->note != '\0') {
		fputs("<p class=\"note\">", fp);
		esc_html(fp, rp->note);
		fputs("</p>\n", fp);
	}
	fputs("<p class=\"about\">", fp);
	esc_html(fp, rp->about);
	fputs("; ", fp);
	esc_html(fp, rp->when);
	fputs(".  The rows: <a href=\"results.csv\">results.csv</a>, "
	    "<a href=\"results.jsonl\">results.jsonl</a>.</p>\n", fp);
	if (rp->nskip == 0)
		return;
	fprintf(fp, "<details><summary>%zu file%s skipped</summary>\n<ul>\n",
	    rp->nskip, rp->nskip == 1 ? "" : "s");
	for (j = 0; j < rp->nskip; j++)
		fprintf(fp, "<li>%s</li>\n", rp->skipped[j]);
	fputs("</ul>\n</details>\n", fp);
}

/* RUN/index.html. */
int
report_page(struct report *rp)
{
	char *path = sdk_xmalloc(strlen(rp->out) + 12), buf[8192];
	size_t len;
	FILE *fp;
	int j, bad;

	stpcpy(stpcpy(path, rp->out), "/index.html");
	if ((fp = fopen(path, "w")) == NULL) {
		sdk_warn(path, "cannot write");
		free(path);
		return -1;
	}
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<title>sdk-batch: ", fp);
	esc_html(fp, rp->outdir);
	fprintf(fp, "</title>\n<meta name=\"viewport\" content=\"width="
	    "device-width\">\n<style>\n%s</style>\n</head>\n<body>\n"
	    "<h1>sdk-batch: ", style);
	esc_html(fp, rp->outdir);
	fputs("</h1>\n", fp);
	summary(fp, rp);
	fprintf(fp, "<div class=\"f\">Show:\n"
	    "<input type=\"radio\" name=\"f\" id=\"f-all\" checked>"
	    "<label for=\"f-all\">all (%ld)</label>\n"
	    "<input type=\"radio\" name=\"f\" id=\"f-failed\">"
	    "<label for=\"f-failed\">failed (%ld)</label>\n"
	    "<input type=\"radio\" name=\"f\" id=\"f-solved\">"
	    "<label for=\"f-solved\">solved (%ld)</label>\n"
	    "<table>\n<thead><tr><th>photo</th><th>answer</th><th>name</th>"
	    "<th>status</th><th>failed at, why</th><th>grid read</th>"
	    "<th>written by hand</th><th title=\"The programs run over "
	    "streams of photos: each stage's CPU time over a stream is "
	    "shared equally among its photos (sdk-batch -n 1 measures each "
	    "photo on its own)\">CPU s, mean of its stream</th></tr></thead>\n"
	    "<tbody>\n", rp->nex[0] + rp->nex[1] + rp->nex[2],
	    rp->nex[1] + rp->nex[2], rp->nex[0]);
	for (j = 2; j >= 0; j--) {
		rewind(rp->h[j]);
		while ((len = fread(buf, 1, sizeof(buf), rp->h[j])) > 0)
			fwrite(buf, 1, len, fp);
	}
	fprintf(fp, "</tbody>\n</table>\n</div>\n<p class=\"note\" "
	    "id=\"loaded\"></p>\n<script>\n%s</script>\n</body>\n</html>\n",
	    script);
	bad = esc_close(fp, path);
	free(path);
	return bad;
}
