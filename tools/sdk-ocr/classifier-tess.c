/*
 * classifier-tess.c: Tesseract as an sdk-ocr engine, through its C API.
 *
 * The model is loaded once per process.  The digits of a grid are read
 * in one call: each digit's crop, contrast-stretched to black on white
 * and scaled to one height, is laid side by side in a strip read as a
 * single line with only 1-9 allowed; each symbol found is given to the
 * slot its box falls in.  A slot that got nothing, or more than one
 * symbol, is read again alone as a single character, then once more
 * with a thicker stroke.  Choices from the result iterator become the
 * probabilities of the other digits.
 *
 * Every call into Tesseract runs under tess_guard() (tess-guard.h): a
 * C++ exception ends sdk-ocr with a message, std::bad_alloc as "out of
 * memory" like every failed allocation, never with abort().
 *
 * libtesseract is opened (dlopen) when this engine starts, not linked:
 * it brings 57 libraries (curl, OpenSSL, ICU, ...) that every start of
 * sdk-ocr would load and relocate, 11 to 26 ms of CPU, though the
 * built-in classifier reads by default.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tesseract/capi.h>

#include "classifier.h"
#include "tess-guard.h"
#include "util.h"

#define SLOT_H		40	/* digit height in the strip, pixels */
#define SLOT_W		64	/* width given to each digit */
#define PAD		16

static TessBaseAPI *api;

#define TESS_LIB	"libtesseract.so.5"
#define TESS_FUNCS(X) \
	X(TessBaseAPIClear) X(TessBaseAPICreate) X(TessBaseAPIDelete) \
	X(TessBaseAPIEnd) X(TessBaseAPIGetIterator) X(TessBaseAPIInit2) \
	X(TessBaseAPIRecognize) X(TessBaseAPISetImage2) \
	X(TessBaseAPISetPageSegMode) X(TessBaseAPISetSourceResolution) \
	X(TessBaseAPISetVariable) X(TessChoiceIteratorDelete) \
	X(TessChoiceIteratorGetUTF8Text) X(TessChoiceIteratorNext) \
	X(TessDeleteText) X(TessPageIteratorBoundingBox) \
	X(TessResultIteratorConfidence) X(TessResultIteratorDelete) \
	X(TessResultIteratorGetChoiceIterator) \
	X(TessResultIteratorGetPageIteratorConst) \
	X(TessResultIteratorGetUTF8Text) X(TessResultIteratorNext) \
	X(TessVersion)

/* libtesseract's functions, named as its C API names them. */
static struct {
#define TESS_MEMBER(f)	__typeof__(&f) f;
	TESS_FUNCS(TESS_MEMBER)
#undef TESS_MEMBER
} lt;

/* Open libtesseract once.  0, or -1 with why in *why (dlerror's words). */
static int
tess_load(const char **why)
{
	static int state;	/* 0: not tried, 1: loaded, -1: failed */
	static char msg[200];
#define TESS_NAME(f)	#f,
#define TESS_DEST(f)	&lt.f,
	static const char *const names[] = { TESS_FUNCS(TESS_NAME) };
	void *const dest[] = { TESS_FUNCS(TESS_DEST) };
#undef TESS_NAME
#undef TESS_DEST

	if (state == 0)
		state = sdk_dlload(TESS_LIB, names, dest, sizeof(names) /
		    sizeof(names[0]), msg, sizeof(msg)) == 0 ? 1 : -1;
	*why = msg;
	return state > 0 ? 0 : -1;
}

static int
open_api(void)
{
	if ((api = lt.TessBaseAPICreate()) == NULL)
		return -1;
	lt.TessBaseAPISetVariable(api, "debug_file", "/dev/null");
	if (lt.TessBaseAPIInit2(api, NULL, "eng", OEM_LSTM_ONLY) != 0) {
		lt.TessBaseAPIDelete(api);
		api = NULL;
		return -1;
	}
	lt.TessBaseAPISetVariable(api, "debug_file", "/dev/null");
	lt.TessBaseAPISetVariable(api, "tessedit_char_whitelist", "123456789");
	lt.TessBaseAPISetVariable(api, "load_system_dawg", "0");
	lt.TessBaseAPISetVariable(api, "load_freq_dawg", "0");
	lt.TessBaseAPISetVariable(api, "classify_bln_numeric_mode", "1");
	lt.TessBaseAPISetVariable(api, "lstm_choice_mode", "2");
	return 0;
}

static void
close_api(void)
{
	if (api != NULL) {
		lt.TessBaseAPIEnd(api);
		lt.TessBaseAPIDelete(api);
		api = NULL;
	}
}

static const char *
tess_version(void)
{
	static char buf[64];
	const char *why;

	if (tess_load(&why) != 0)
		return "tesseract (not installed)";
	snprintf(buf, sizeof(buf), "tesseract-%s", lt.TessVersion());
	return buf;
}

/*
 * The digit of a cell, black on white, SLOT_H pixels tall, from the
 * normalised ink of the cell plus its grey box.
 */
static PIX *
digit_crop(PIX *grey, const struct cell *cl, int bolder)
{
	BOX	*box;
	PIX	*clip, *scaled, *out;
	l_int32	 lo, hi, w, h, x, y, wpl;
	l_uint32 *d, val;
	float	 f;
	int	 m = 2;

	box = boxCreate(cl->bx - m, cl->by - m, cl->bw + 2 * m,
	    cl->bh + 2 * m);
	clip = pixClipRectangle(grey, box, NULL);
	boxDestroy(&box);
	if (clip == NULL)
		return NULL;
	f = (float)SLOT_H / (cl->bh + 2 * m);
	scaled = sdk_need(pixScaleGrayLI(clip, f, f));
	pixDestroy(&clip);
	/* Stretch: the darkest 5 % is ink, the lightest 30 % paper. */
	if (pixGetRankValue(scaled, 1, 0.05f, &val) != 0)
		sdk_nomem();
	lo = (l_int32)val;
	if (pixGetRankValue(scaled, 1, 0.70f, &val) != 0)
		sdk_nomem();
	hi = (l_int32)val;
	if (hi - lo < 16)
		hi = lo + 16;
	w = pixGetWidth(scaled);
	h = pixGetHeight(scaled);
	d = pixGetData(scaled);
	wpl = pixGetWpl(scaled);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			int	 v = GET_DATA_BYTE(d + y * wpl, x);

			v = (v - lo) * 255 / (hi - lo);
			SET_DATA_BYTE(d + y * wpl, x, v < 0 ? 0 :
			    v > 255 ? 255 : v);
		}
	if (bolder) {
		out = sdk_need(pixErodeGray(scaled, 3, 3));
		pixDestroy(&scaled);
		scaled = out;
	}
	return scaled;
}

/* Fill prob[] from the symbol at the iterator. */
static void
symbol_prob(TessResultIterator *it, float prob[9])
{
	TessChoiceIterator *ci;
	char	*t;
	float	 c, rest = 1;
	int	 i, d;

	for (i = 0; i < 9; i++)
		prob[i] = 0;
	t = lt.TessResultIteratorGetUTF8Text(it, RIL_SYMBOL);
	c = lt.TessResultIteratorConfidence(it, RIL_SYMBOL) / 100.0f;
	if (t == NULL)
		return;
	d = t[0] - '0';
	lt.TessDeleteText(t);
	if (d < 1 || d > 9)
		return;
	c = c < 0.05f ? 0.05f : c > 0.995f ? 0.995f : c;
	prob[d - 1] = c;
	rest = 1 - c;
	/* Other choices share what is left, in order. */
	ci = lt.TessResultIteratorGetChoiceIterator(it);
	if (ci != NULL) {
		do {
			const char *s = lt.TessChoiceIteratorGetUTF8Text(ci);
			int	 k;

			if (s == NULL)
				continue;
			k = s[0] - '0';
			if (k < 1 || k > 9 || k == d || s[1] != '\0')
				continue;
			prob[k - 1] = rest * 0.6f;
			rest -= prob[k - 1];
		} while (lt.TessChoiceIteratorNext(ci));
		lt.TessChoiceIteratorDelete(ci);
	}
	/* The rest spreads evenly: Tesseract said nothing about them. */
	for (i = 0; i < 9; i++)
		prob[i] += rest / 9;
}

/* Read one crop alone as a single character.  Returns 0 if a digit. */
static int
read_single(PIX *crop, float prob[9])
{
	PIX	*page;
	TessResultIterator *it;
	int	 i, ok = -1;

	page = sdk_need(pixAddBorderGeneral(crop, PAD, PAD, PAD, PAD, 255));
	lt.TessBaseAPISetPageSegMode(api, PSM_SINGLE_CHAR);
	lt.TessBaseAPISetImage2(api, page);
	lt.TessBaseAPISetSourceResolution(api, 300);
	if (lt.TessBaseAPIRecognize(api, NULL) == 0 &&
	    (it = lt.TessBaseAPIGetIterator(api)) != NULL) {
		symbol_prob(it, prob);
		for (i = 0; i < 9; i++)
			if (prob[i] > 0.3f)
				ok = 0;
		lt.TessResultIteratorDelete(it);
	}
	lt.TessBaseAPIClear(api);
	pixDestroy(&page);
	return ok;
}

static int
read_cells(PIX *grey, const struct cell *cell, float prob[81][9])
{
	PIX	*crop[81], *strip;
	int	 slot[81], nslot = 0, hits[81], i, k, d;
	TessResultIterator *it;

	for (i = 0; i < 81; i++) {
		crop[i] = NULL;
		if (!cell[i].present && !cell[i].weak)
			continue;
		crop[i] = digit_crop(grey, &cell[i], 0);
		if (crop[i] != NULL)
			slot[nslot++] = i;
	}
	if (nslot == 0)
		return 0;
	strip = sdk_need(pixCreate(2 * PAD + nslot * SLOT_W, SLOT_H + 2 * PAD,
	    8));
	pixSetAll(strip);
	for (k = 0; k < nslot; k++) {
		PIX	*c = crop[slot[k]];
		int	 w = pixGetWidth(c), x;

		x = PAD + k * SLOT_W + (SLOT_W - w) / 2;
		pixRasterop(strip, x, PAD, w, pixGetHeight(c), PIX_SRC, c,
		    0, 0);
		hits[k] = 0;
	}
	lt.TessBaseAPISetPageSegMode(api, PSM_SINGLE_LINE);
	lt.TessBaseAPISetImage2(api, strip);
	lt.TessBaseAPISetSourceResolution(api, 300);
	if (lt.TessBaseAPIRecognize(api, NULL) == 0 &&
	    (it = lt.TessBaseAPIGetIterator(api)) != NULL) {
		do {
			int	 l, t, r, b;

			if (!lt.TessPageIteratorBoundingBox(
			    lt.TessResultIteratorGetPageIteratorConst(it),
			    RIL_SYMBOL, &l, &t, &r, &b))
				continue;
			k = ((l + r) / 2 - PAD) / SLOT_W;
			if (k < 0 || k >= nslot)
				continue;
			if (hits[k]++ == 0)
				symbol_prob(it, prob[slot[k]]);
		} while (lt.TessResultIteratorNext(it, RIL_SYMBOL));
		lt.TessResultIteratorDelete(it);
	}
	lt.TessBaseAPIClear(api);
	pixDestroy(&strip);
	/* Retries: nothing, or two symbols, in a slot. */
	for (k = 0; k < nslot; k++) {
		i = slot[k];
		if (hits[k] == 1)
			continue;
		if (read_single(crop[i], prob[i]) == 0)
			continue;
		pixDestroy(&crop[i]);
		crop[i] = digit_crop(grey, &cell[i], 1);
		if (crop[i] != NULL && read_single(crop[i], prob[i]) == 0)
			continue;
		/* Nothing at all: no preference. */
		for (d = 0; d < 9; d++)
			prob[i][d] = 1.0f / 9;
	}
	for (i = 0; i < 81; i++)
		pixDestroy(&crop[i]);
	return 0;
}

/* ---------------------------------------- the calls, under tess_guard() */

struct call {
	PIX		*grey;
	const struct cell *cell;
	float		(*prob)[9];
	int		 rc;
};

static void
call_open(void *arg)
{
	struct call *c = arg;

	c->rc = open_api();
}

static void
call_read(void *arg)
{
	struct call *c = arg;

	c->rc = read_cells(c->grey, c->cell, c->prob);
}

static void
call_close(void *arg)
{
	(void)arg;
	close_api();
}

/* fn under the guard; an exception ends the program, named. */
static int
guarded(void (*fn)(void *), struct call *c)
{
	char msg[256];

	switch (tess_guard(fn, c, msg, sizeof(msg))) {
	case 0:
		return c->rc;
	case TESS_GUARD_NOMEM:
		sdk_nomem();
	default:
		sdk_errx(SDK_EXIT_ERROR, sdk_input(), "tesseract failed: %s",
		    msg);
	}
}

static int
tess_open(void)
{
	struct call c = { NULL, NULL, NULL, 0 };
	const char *why;
	int rc;

	/* Before any input: say what was being loaded. */
	sdk_set_input("tesseract");
	if (tess_load(&why) != 0) {
		sdk_warnx("tesseract", "cannot load: %s", why);
		sdk_set_input(NULL);
		return -1;
	}
	rc = guarded(call_open, &c);
	sdk_set_input(NULL);
	return rc;
}

static int
tess_read(PIX *grey, const struct cell *cell, float prob[81][9])
{
	struct call c = { grey, cell, prob, 0 };

	return guarded(call_read, &c);
}

static void
tess_close(void)
{
	struct call c = { NULL, NULL, NULL, 0 };

	(void)guarded(call_close, &c);
}

const struct classifier classifier_tesseract = {
	"tesseract", tess_open, tess_read, tess_close, tess_version
};
