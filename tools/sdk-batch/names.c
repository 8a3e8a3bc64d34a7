/*
 * names.c: sdk-batch-rows names: which files of a batch are photos, and
 * the name of each photo's outputs.  ITEMS is what sdk-batch gathered,
 * each item ended by a NUL byte and led by a letter:
 *   D OPERAND, R ROOT, P PHYSICAL   a folder named as operand, the path
 *                                   find walked it by and its physical path
 *   B.FOLDER   a folder holding .sdk-batch: the results of a batch
 *   E.PATH     a regular file in the folder
 *   LYPATH     a link, Y what find's %Y says of what it leads to: f a
 *              regular file (taken), d a folder, N nothing, L a loop, p
 *              a FIFO, s a socket, c or b a device
 *   OYPATH     anything else, Y find's %y: p a FIFO, s a socket, c or b a
 *              device
 *   F PATH     a file named as operand (always taken)
 * Writes LIST, a line a photo, "SOURCE<tab>NAME<tab>ABSOLUTE" (as the line
 * files write names), and SKIPPED, "PATH<tab>WHY" a file skipped; names
 * the files skipped on stderr (but with -q); prints "PHOTOS SKIPPED".
 * What neither a photo nor a folder is, is named for what it is and
 * never opened: a FIFO or /dev/zero would be read for ever.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "esc.h"
#include "rows.h"
#include "strset.h"
#include "util.h"

#define S0(s)	((s) != NULL ? (s) : "")

struct cand {
	char	*path, *rel, *abs;
	int	 take;		/* named as operand: taken whatever it holds */
};

struct names {
	const char *cwd, *outabs;
	int	 quiet;
	FILE	*skp;
	struct strset ours, listed, seen;
	struct cand *c;
	size_t	 nc, nskip;
	/* The folder being walked. */
	char	*given, *root, *phys, **bf;
	size_t	 nbf;
};

/* An absolute path without "//", "." or ".." parts: f from folder d. */
static char *
abspath(const char *f, const char *d)
{
	char *s = *f == '/' ? sdk_xstrdup(f) : rows_path(d, "/", f);
	char *r = sdk_xmalloc(strlen(s) + 2), *o = r, *p, *save;

	*o = '\0';
	for (p = strtok_r(s, "/", &save); p != NULL;
	    p = strtok_r(NULL, "/", &save)) {
		if (strcmp(p, ".") == 0)
			continue;
		if (strcmp(p, "..") == 0) {
			if ((o = strrchr(r, '/')) == NULL)
				o = r;
			*o = '\0';
			continue;
		}
		o = stpcpy(stpcpy(r + strlen(r), "/"), p);
	}
	if (*r == '\0')
		strcpy(r, "/");
	free(s);
	return r;
}

/* The outputs listed in DIR/.sdk-batch/outputs: never photos. */
static void
outputs(struct names *nm, const char *d)
{
	char *f, *line = NULL, *p, *a;
	size_t cap = 0;
	ssize_t len;
	FILE *fp;

	if (!strset_add(&nm->listed, d))
		return;
	f = rows_path(d, "/.sdk-batch/outputs", "");
	if ((fp = fopen(f, "r")) != NULL) {
		while ((len = getline(&line, &cap, fp)) != -1) {
			if (len > 0 && line[len - 1] == '\n')
				line[len - 1] = '\0';
			p = rows_path(d, "/", esc_dec(line));
			a = abspath(p, "/");
			strset_add(&nm->ours, a);
			free(a);
			free(p);
		}
		fclose(fp);
	}
	free(line);
	free(f);
}

static void
skip(struct names *nm, const char *p, const char *why)
{
	char *s;

	nm->nskip++;
	esc_line(nm->skp, p);
	fprintf(nm->skp, "\t%s\n", why);
	if (!nm->quiet) {
		s = esc_shown(p);
		fprintf(stderr, "sdk-batch: %s: %s; skipped\n", s, why);
		free(s);
	}
}

/* A candidate: the file p, rel its path below the folder named. */
static void
add(struct names *nm, const char *p, const char *rel, char *a, int take)
{
	if (!strset_add(&nm->seen, p)) {
		free(a);
		return;
	}
	nm->c = sdk_xreallocarray(nm->c, nm->nc + 1, sizeof(*nm->c));
	nm->c[nm->nc++] = (struct cand){ sdk_xstrdup(p), sdk_xstrdup(rel), a,
	    take };
}

/* Why a link (l) or another file (o) of kind y is skipped. */
static const char *
why_skipped(int t, int y)
{
	if (t == 'L')
		return y == 'd' ? "a link to a folder, not followed" :
		    y == 'N' ? "a broken link" : y == 'L' ? "a link that loops" :
		    y == 'p' ? "a link to a FIFO" : y == 's' ?
		    "a link to a socket" : y == 'c' || y == 'b' ?
		    "a link to a device" : "a link that cannot be followed";
	return y == 'p' ? "a FIFO" : y == 's' ? "a socket" :
	    y == 'c' || y == 'b' ? "a device" : "not a regular file";
}

/* A file found below the folder named: E, L or O. */
static void
found(struct names *nm, int t, const char *v, const char *why)
{
	size_t i, len;
	const char *rest, *rel;
	char *p, *a, *q;

	for (i = 0; i < nm->nbf; i++) {
		len = strlen(nm->bf[i]);
		if (strncmp(v, nm->bf[i], len) == 0 && v[len] == '/')
			return;
	}
	rest = strlen(v) >= strlen(S0(nm->root)) ? v + strlen(S0(nm->root)) :
	    "";
	p = rows_path(S0(nm->given), rest, "");
	for (rel = rest; *rel == '/'; rel++)
		;
	q = *S0(nm->phys) != '\0' ? rows_path(nm->phys, "/", rel) :
	    sdk_xstrdup(p);
	a = abspath(q, nm->cwd);
	free(q);
	if (strset_has(&nm->ours, a))
		free(a);
	else if (t == 'L' || t == 'O') {
		skip(nm, p, why);
		free(a);
	} else
		add(nm, p, rel, a, 0);
	free(p);
}

/* A file named as operand: taken, unless it is an output of ours. */
static void
operand(struct names *nm, const char *v)
{
	char *a = abspath(v, nm->cwd);
	const char *rel = strrchr(v, '/') != NULL ? strrchr(v, '/') + 1 : v;

	if (strset_has(&nm->ours, a)) {
		skip(nm, v, "an output of this batch");
		free(a);
	} else
		add(nm, v, rel, a, 1);
}

static void
set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = sdk_xstrdup(v);
}

/* An item of ITEMS. */
static void
item(struct names *nm, char *s)
{
	int t = *s, y = 0;
	const char *v = s + 1, *why = NULL;

	if (t == '\0')
		return;
	if (strchr("BELO", t) != NULL && *v != '\0')
		y = *v++;
	if (t == 'L' && y == 'f')
		t = 'E';
	else if (t == 'L' || t == 'O')
		why = why_skipped(t, y);
	if (t == 'D')
		set_str(&nm->given, v);
	else if (t == 'R') {
		set_str(&nm->root, v);
		while (nm->nbf > 0)
			free(nm->bf[--nm->nbf]);
	} else if (t == 'P') {
		set_str(&nm->phys, v);
		if (*v != '\0')
			outputs(nm, v);
	} else if (t == 'B') {
		if (strcmp(v, S0(nm->root)) != 0 && *v != '\0') {
			nm->bf = sdk_xreallocarray(nm->bf, nm->nbf + 1,
			    sizeof(*nm->bf));
			nm->bf[nm->nbf++] = sdk_xstrdup(v);
		}
	} else if (t == 'F')
		operand(nm, v);
	else
		found(nm, t, v, why);
}

/*
 * Is f an image, by its suffix or else by its first bytes?  They are read
 * as the awk this replaces read them: up to four records, each ended by a
 * newline or a NUL, joined by '#', until 12 bytes are had, so that neither
 * a text nor a binary file is read whole.
 */
static int
is_image(const char *f)
{
	static const char *const suf[] = { "jpg", "jpeg", "png", "ppm", "pgm",
	    "pbm", "pnm", "tif", "tiff", "bmp", "gif", "webp", "heic", "heif",
	    "avif", NULL };
	static const char *const brands[] = { "heic", "heix", "heim", "heis",
	    "hevc", "hevx", "mif1", "msf1", "avif", "avis", NULL };
	const char *const *x, *dot = strrchr(f, '.');
	unsigned char s[13] = { 0 };
	size_t len = 0;
	int c, n = 0, in = 0;
	FILE *fp;

	for (x = suf; dot != NULL && *x != NULL; x++)
		if (strcasecmp(dot + 1, *x) == 0 && strchr(dot, '/') == NULL)
			return 1;
	if ((fp = fopen(f, "rb")) == NULL)
		return 0;
	while ((c = getc(fp)) != EOF) {
		if (!in && n > 0 && len < 12)
			s[len++] = '#';
		in = 1;
		if (c == '\n' || c == '\0') {
			in = 0;
			if (++n == 4 || len >= 12)
				break;
		} else if (len < 12)
			s[len++] = (unsigned char)c;
	}
	n += in;
	fclose(fp);
	if (n == 0)
		return 0;
	if (memcmp(s, "\377\330\377", 3) == 0 ||
	    memcmp(s, "\211PNG\r", 5) == 0 ||
	    (s[0] == 'P' && s[1] >= '4' && s[1] <= '6' &&
	    (s[2] == '\0' || strchr(" \t\r#", s[2]) != NULL)) ||
	    memcmp(s, "II*#", 4) == 0 || memcmp(s, "MM#*", 4) == 0 ||
	    memcmp(s, "BM", 2) == 0 || memcmp(s, "GIF8", 4) == 0 ||
	    (memcmp(s, "RIFF", 4) == 0 && memcmp(s + 8, "WEBP", 4) == 0))
		return 1;
	if (memcmp(s + 4, "ftyp", 4) != 0)
		return 0;
	for (x = brands; *x != NULL; x++)
		if (memcmp(s + 8, *x, 4) == 0)
			return 1;
	return 0;
}

/* May m name a photo's outputs: not yet used, none of them a photo? */
static int
taken(const struct names *nm, const struct strset *used,
    const struct strset *inabs, const char *m)
{
	static const char *const ext[] = { ".png", ".jpg", ".grid",
	    ".solution" };
	char *p, *a;
	int i, t = strset_has(used, m);

	for (i = 0; !t && i < 4; i++) {
		p = rows_path(nm->outabs, "/", m);
		a = rows_path(p, ext[i], "");
		free(p);
		p = abspath(a, "/");
		t = strset_has(inabs, p);
		free(p);
		free(a);
	}
	return t;
}

/*
 * One name a photo: its path below the folder named without the suffix;
 * on a clash with another photo's or with a photo itself the suffix is
 * kept ("a" and "a.png"), then ~2, ~3... is added.
 */
static char *
name_of(const struct names *nm, const struct strset *used,
    const struct strset *inabs, const char *rel)
{
	char *m = sdk_xstrdup(rel), *dot = strrchr(m, '.'), *b, num[24];
	int c;

	if (dot != NULL && strchr(dot, '/') == NULL)
		*dot = '\0';
	if (*m == '\0' || taken(nm, used, inabs, m)) {
		free(m);
		m = sdk_xstrdup(rel);
	}
	b = sdk_xstrdup(m);
	for (c = 2; taken(nm, used, inabs, m); c++) {
		free(m);
		snprintf(num, sizeof(num), "~%d", c);
		m = rows_path(b, num, "");
	}
	free(b);
	return m;
}

/* The photos among the candidates, named, into LIST. */
static long
photos(struct names *nm, FILE *lst)
{
	struct strset used = { NULL, 0, 0 }, inabs = { NULL, 0, 0 };
	size_t i, n = 0;
	char *m;

	for (i = 0; i < nm->nc; i++) {
		if (!nm->c[i].take && !is_image(nm->c[i].path)) {
			skip(nm, nm->c[i].path, "not a photo");
			nm->c[i].take = -1;
			continue;
		}
		strset_add(&inabs, nm->c[i].abs);
	}
	for (i = 0; i < nm->nc; i++) {
		if (nm->c[i].take < 0)
			continue;
		m = name_of(nm, &used, &inabs, nm->c[i].rel);
		strset_add(&used, m);
		esc_line(lst, nm->c[i].path);
		putc('\t', lst);
		esc_line(lst, m);
		putc('\t', lst);
		esc_line(lst, nm->c[i].abs);
		putc('\n', lst);
		free(m);
		n++;
	}
	strset_free(&used);
	strset_free(&inabs);
	return (long)n;
}

static void
names_free(struct names *nm)
{
	size_t i;

	for (i = 0; i < nm->nc; i++) {
		free(nm->c[i].path);
		free(nm->c[i].rel);
		free(nm->c[i].abs);
	}
	for (i = 0; i < nm->nbf; i++)
		free(nm->bf[i]);
	free(nm->c);
	free(nm->bf);
	free(nm->given);
	free(nm->root);
	free(nm->phys);
	strset_free(&nm->ours);
	strset_free(&nm->listed);
	strset_free(&nm->seen);
}

int
names_main(const char *cwd, const char *outabs, int quiet,
    char *const *files)
{
	struct names nm;
	FILE *items, *lst;
	char *it = NULL, *out;
	size_t cap = 0;
	long n;
	int st = 0;

	memset(&nm, 0, sizeof(nm));
	nm.cwd = cwd;
	nm.quiet = quiet;
	out = abspath(outabs, cwd);
	nm.outabs = out;
	items = fopen(files[0], "r");
	lst = fopen(files[1], "w");
	nm.skp = fopen(files[2], "w");
	if (items == NULL || lst == NULL || nm.skp == NULL) {
		sdk_warn(NULL, "cannot open the lists of names");
		if (items != NULL)
			fclose(items);
		if (lst != NULL)
			fclose(lst);
		if (nm.skp != NULL)
			fclose(nm.skp);
		free(out);
		return 2;
	}
	outputs(&nm, out);
	while (getdelim(&it, &cap, '\0', items) != -1)
		item(&nm, it);
	free(it);
	fclose(items);
	n = photos(&nm, lst);
	if ((ferror(lst) | fclose(lst) | ferror(nm.skp) | fclose(nm.skp)) != 0)
		st = 2;
	printf("%ld %zu\n", n, nm.nskip);
	names_free(&nm);
	free(out);
	return st;
}
