/*
 * judge.c: a started puzzle's entries judged against the solution of
 * its givens (judge.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "ownhand.h"
#include "repair.h"
#include "util.h"

/*
 * An entry's doubt: handwritten entries are read far less surely than
 * print.  An entry whose solution's digit is at least 1/ENTRY_DOUBT_ODDS
 * as likely as its reading is read in doubt: a misreading that may be
 * made elsewhere on the page too, and no word on the repair's rival
 * (bench/README.md, "Doubt").  Naming it a mistake asks far more
 * (mistake_odds()).
 */
#define ENTRY_DOUBT_ODDS	100	/* an entry's reading as the solution */
#define INK_DOUBT		0.3	/* an entry whose cell is this likely
					   empty (against its digit) */
#define ENTRY_SOL_MIN		0.05	/* an entry in doubt is taken as the
					   solution's digit only when that
					   reading is at least this likely */
#define ENTRY_SURE_P		0.5	/* an entry read surely: its digit
					   likelier than all the others
					   together */
/*
 * A mistake is named only when the digit read is twice as likely as all
 * the others together.  Right pen entries in scripts the models never
 * learnt were read as another digit at 0.50 to 0.66, with the solution's
 * far less likely still (made pen pages: Kristi's 5 read 3 at 0.56, the
 * 5 at 10^-7): at ENTRY_SURE_P, a right entry was accused in 7 of some
 * 860 photos of the pen seeds, plantings and kubiesa sets, at this in 3,
 * for 4 of 382 mistakes named fewer, left to check (bench/README.md,
 * "A mistake named only when read twice as surely").
 */
#define NAME_SURE_P		(2.0 / 3)
#define ENTRY_KNOWN_P		0.9	/* an entry read as the solution's
					   digit this surely is the person's
					   hand (ownhand.h) */
#define OWN_ODDS_MIN		10	/* the own hand names a mistake the
					   classifiers read at least this
					   surely, never a near tie */

/*
 * The odds a mistake's reading must have over the solution's digit.  On
 * hands its models learnt, the reader is as sure as it is right, and odds
 * of 30 to 100 named most real mistakes and few right entries.  On hands
 * they never saw it is not: the wicht-mixed photos read by models trained
 * without their puzzles (lab/ocr/started-cv.sh) had right entries read as
 * another digit at odds of 40 to a billion, 21 of 101 photos accused at
 * those odds.  MISTAKE_ODDS was chosen there and on every set no model
 * learnt (kubiesa/val, the made pen pages, the planted photos): of the
 * odds that leave fewest photos wrong, it accuses right entries least
 * (held out: in 7 photos of 192 instead of 36, for 97 of 127 planted
 * mistakes named instead of 112; bench/README.md, "Odds for hands never
 * seen").  A mistake read at lower odds is a cell to check.  A 1 and a 7
 * are the reader's commonest confusion by far (a quarter of all its
 * misreadings of handwriting on every development set, against one
 * mistake in forty): between them, ODDS_1_7 times more is asked.
 */
#define MISTAKE_ODDS		1000
#define ODDS_1_7		10

/*
 * People seldom write a wrong digit: on the made pen pages, a twentieth
 * of the entries planted wrong, at most 6 of 44 entries read against the
 * solution.  When more than MANY_SHARE of a page's entries, and MANY_MIN
 * at least, read as another digit than the solution's (the solution's
 * under 1/ENTRY_DOUBT_ODDS as likely, named or not), after a repair that
 * changed given readings, the repair is what is wrong likelier than the
 * person: a proper puzzle of misread givens (wicht-mixed made small,
 * image196: 11 of 44, and a solution wrong in 23 cells).  The mended
 * givens are then doubted, and sdk-solve does not answer.
 */
#define MANY_SHARE		0.2
#define MANY_MIN		4

/*
 * Whether cell i's digit is ink, not as good as empty: the empty cell
 * under INK_DOUBT as likely as the digit read (else the entry is faint).
 */
static int
entry_inked(const struct reading_set *r, int i)
{
	return reading_p(r, i, 0) < INK_DOUBT * r->rd[i][0].p;
}

/*
 * How the reader misreads this person's hand.  A person's mistakes are
 * scattered, one digit here, another there; a reader's are systematic: a
 * 1 written with a long flag reads as a 7 wherever the person wrote it.
 * misread[s][v] counts the entries (not faint) that read v where the
 * solution has s, in doubt (the solution's digit at least
 * 1/ENTRY_DOUBT_ODDS as likely: read_in_doubt).  Another entry of the
 * same s read as v is then no mistake to name, however surely: it is the
 * same misreading (on the made pen-filled newspapers and every set with
 * truth, 18 of 34 right entries accused were such, and 3 of 262
 * mistakes named).
 */
static int
read_in_doubt(const struct reading_set *r, int i, int sol)
{
	int	 v = r->rd[i][0].v;
	double	 pv = r->rd[i][0].p;

	return r->hand[i] && v != 0 && v != sol && entry_inked(r, i) &&
	    reading_p(r, i, sol) * ENTRY_DOUBT_ODDS >= pv;
}

/*
 * The odds asked of entry i, read v where the solution has s.  A digit
 * typed on a screen and taken for print (typed_kinds, inkkinds.h) is read
 * as print, and the printed digits' engine is as sure as it is right: of
 * the printed givens read right, none has a proper alternative even 1/13
 * as likely (read.c).  But it averages its readings of the crop moved by
 * a pixel, fainter and bolder, and one of seven seeing another digit
 * leaves that digit at a thousandth: a typed 5 read 0.997 with the
 * solution's 6 at 0.0013 (make-web.py's seed 66, web-060) fell short of
 * a hand's MISTAKE_ODDS.  It is asked ENTRY_DOUBT_ODDS, the odds of an
 * entry read in doubt.
 */
static double
mistake_odds(const struct reading_set *r, int i, int v, int s)
{
	if (r->typed[i])
		return ENTRY_DOUBT_ODDS;
	return (v == 1 && s == 7) || (v == 7 && s == 1) ?
	    MISTAKE_ODDS * ODDS_1_7 : MISTAKE_ODDS;
}

/*
 * Whether the printed digits' engine reads font entry i as v too.  An
 * app's entry the shapes took for a hand's is read by the handwriting's
 * networks, which can misread a font: a tablet's bold 3 read as a 7 at
 * 0.86, the 3 at 10^-4 (tab 78 screen 36).  The print engine can misread
 * it too, a 9 in the app's selection frame read as a 1 (web 72 page 59);
 * both reading the same wrong digit is a typed mistake.  (A cell the
 * engine did not read has no likeliest digit.)
 */
static int
print_agrees(const struct reading_set *r, int i, int v)
{
	int	 d, best = 0;

	for (d = 1; d < 9; d++)
		if (r->pprint[i][d] > r->pprint[i][best])
			best = d;
	return r->pprint[i][best] > 0 && best + 1 == v;
}

/*
 * Whether entry i, read v, is typed in the page's own font: a printed
 * given v drawn again (own_hand_copies, with the givens for the hand,
 * learnt into print once: *learnt), and the print engine reads v too.
 * An app may draw the person's digits in the givens' ink: then
 * typed_kinds cannot tell them, the shapes call them a hand's, and a typed
 * wrong 8 (the print engine's 1.0, the handwriting's 0.99 with the
 * solution's 6 at 0.009) fell short of a hand's odds and was only a cell
 * to check (photos of screens 105 picture 35).  Not only on a screen's
 * square (screen_cells): a photo of a screen is none.  A hand's 1, a
 * stroke, may be as like a printed 1 as a tenth of the givens are like
 * their twins, so only as like as half of them counts (own_hand_copies).
 */
static int
in_page_font(const struct reading_set *r, struct own_hand *print,
    int *learnt, int i, int v)
{
	unsigned char ref[81];
	int	 j;

	if (!print_agrees(r, i, v))
		return 0;
	if (!(*learnt)++) {
		for (j = 0; j < 81; j++)
			ref[j] = r->hand[j] ? 0 : r->given[j];
		own_hand_learn(print, r->cell, ref);
	}
	return own_hand_copies(print, i, v);
}

/*
 * The entries' word on the repair's rival (read.h).  Two readings of the
 * givens made proper puzzles with different solutions, and the repair took
 * the likelier by the classifiers' odds alone; but people write the
 * solution's digits, so where the two solutions differ each entry speaks
 * for one of them: its reading's likelihood of either digit, at least
 * 1/ENTRY_DOUBT_ODDS (a wrong digit, or a hand the reader cannot tell,
 * says nothing).  When the entries favour the rival by more than the
 * classifiers favoured the repair, the givens where the rival's solution
 * differs are doubted, and sdk-solve does not answer: a made pen page
 * whose blurred printed 7 read as a 9 (0.24 likely, the 7 0.006) took the
 * row's printed 9 for the person's, and was solved wrongly in 7 cells,
 * every one of its 12 entries against that solution (bench/README.md,
 * "The entries against the repair's rival").  Returns how many givens.
 */
static int
doubt_rival(struct reading_set *r, const unsigned char sol[81])
{
	double	 favour = 0, least = 1.0 / ENTRY_DOUBT_ODDS;
	int	 i, n = 0;

	if (r->rival_cost == HUGE_VAL)
		return 0;
	for (i = 0; i < 81; i++)
		if (r->hand[i] && r->rd[i][0].v != 0 && sol[i] != r->rival[i])
			favour += log(fmax(reading_p(r, i, r->rival[i]),
			    least)) - log(fmax(reading_p(r, i, sol[i]), least));
	if (favour <= r->rival_cost)
		return 0;
	for (i = 0; i < 81; i++)
		if (r->given[i] != 0 && r->rival[i] != r->given[i]) {
			doubt_set(r, i, r->given[i], r->rival[i]);
			n++;
		}
	return n;
}

/* The givens a repair changed from another digit, doubted. */
static void
doubt_mended(struct reading_set *r)
{
	int	 i;

	for (i = 0; i < 81; i++)
		if (r->given[i] != 0 && r->mended[i] > 1 &&
		    r->mended[i] - 1 != r->given[i])
			doubt_set(r, i, r->given[i], r->mended[i] - 1);
}

static void
misread_elsewhere(const struct reading_set *r, const unsigned char sol[81],
    unsigned char misread[10][10])
{
	int	 i;

	memset(misread, 0, 10 * 10);
	for (i = 0; i < 81; i++)
		if (read_in_doubt(r, i, sol[i]))
			misread[sol[i]][r->rd[i][0].v]++;
}

/*
 * A page whose only handwritten digit reads unsurely (no likelier than all
 * its other readings together, ENTRY_SURE_P, once judged) is a printed
 * page, and that digit grain, a stain or a printed digit's ghost: it is
 * no entry, and not in doubt (on the photos taken in little light, 4
 * such marks, 0.09 to 0.30 likely, were read as entries where nothing
 * is written; every real lone entry of the sets with truth read at 0.70
 * or more, kubiesa/train 02_19 and 03_02).  A page with other entries
 * keeps a doubtful one: people write many.
 */
static void
lone_entry(struct reading_set *r)
{
	int	 i, lone = -1;

	for (i = 0; i < 81; i++)
		if (r->hand[i] && r->rd[i][0].v != 0) {
			if (lone >= 0)
				return;
			lone = i;
		}
	if (lone < 0 || r->rd[lone][0].p >= ENTRY_SURE_P)
		return;
	r->hand[lone] = 0;
	if (r->doubt.alt[lone]) {
		r->doubt.alt[lone] = 0;
		r->doubt.read[lone] = 0;
		r->doubt.n--;
	}
}

/*
 * Whether a page's handwriting is the grain of a dim photo, not writing:
 * its entries, two or more, read no likelier than their other readings
 * together, the typical one (the median, below ENTRY_SURE_P), and at most
 * a third of them as the solution's digit (three times chance).  People
 * write the solution's digits far more often than not, and a hand the
 * reader knows reads surely; grain blobs read weakly as any digit (on the
 * dim photos made from printed pages, 10 pages of 2 to 9 such "entries",
 * their median 0.19 to 0.42, at most a third the solution's but one page
 * of two marks).  A hand the reader cannot read is kept by the second
 * test: the two typed entries of a photo of a game (0.32 and 0.33, read
 * so before sdk-warp drew a screen's tints again from the colour) were
 * the solution's digits, and a pen page in a script the reader misreads
 * (median 0.504) had 15 of 32 read as the solution's.  The lone entry is
 * lone_entry()'s.  The entries are dropped before they are judged.
 */
static int
grain_not_writing(const struct reading_set *r, const unsigned char sol[81])
{
	double	 p[81];
	int	 i, n = 0, agree = 0;

	for (i = 0; i < 81; i++)
		if (r->hand[i] && r->rd[i][0].v != 0) {
			p[n++] = r->rd[i][0].p;
			agree += r->rd[i][0].v == sol[i];
		}
	if (n < 2 || 3 * agree > n)
		return 0;
	qsort(p, (size_t)n, sizeof(p[0]), sdk_cmp_double);
	/* The median; of an even count, the mean of the middle two. */
	return (p[(n - 1) / 2] + p[n / 2]) / 2 < ENTRY_SURE_P;
}

/*
 * Whether more than MANY_SHARE of the entries, and MANY_MIN at least, read
 * (not faintly) as another digit than the solution's: a hand the reader
 * misreads all over the page, not a person's few mistakes.  The own hand
 * is learnt from the entries read as the solution's, and such a page's
 * are few and its misreadings many: it named a right 8 read as a 3 (odds
 * of 63) on a page where 10 entries read against the solution, 9 of them
 * left unsure (pen seed 46 page 34).
 */
static int
hand_misread_often(const struct reading_set *r,
    const unsigned char solution[81])
{
	int	 i, entries = 0, against = 0;

	for (i = 0; i < 81; i++) {
		int	 v = r->rd[i][0].v;

		if (!r->hand[i] || v == 0)
			continue;
		entries++;
		against += v != solution[i] && entry_inked(r, i);
	}
	return against >= MANY_MIN && against > MANY_SHARE * entries;
}

/*
 * Judge each entry of a proper puzzle against the solution of its givens.
 * People seldom write a wrong digit, so an entry is read as the likelier
 * in view of the solution, but a real mistake must never be read away
 * silently: the judgement is shown.
 *  - It reads as the solution's digit: a right entry, unless its cell is
 *    likelier empty than written, when it is left out: the answer writes
 *    the same digit there, and no shadow is counted as the person's.
 *  - It reads as another digit, and its cell is as good as empty (faint:
 *    INK_DOUBT as likely empty as that digit): unsure, left out of the
 *    entries, no digit read: the answer draws the solution's digit
 *    there, ringed.  But when all the digits together are far likelier
 *    than the empty cell, and the solution's digit at least
 *    ENTRY_SOL_MIN likely, the ink is a digit the reader hesitates
 *    over: taken as below.
 *  - It reads as another digit, and the solution's digit is at least
 *    1/mistake_odds() as likely: unsure, the digit read kept in
 *    r->doubt; the entry is taken as the solution's digit when that
 *    reading is at least ENTRY_SOL_MIN likely, else left out (a stroke
 *    that is no digit at all, a line's remains, a screen's cursor, read
 *    as a 1: it must not become the person's right entry).
 *  - It reads as another digit, surely, but another entry whose solution
 *    is the same digit reads as the same other digit, in doubt
 *    (misread_elsewhere): unsure as above.
 *  - It reads as another digit, but not twice as likely as all the
 *    others together (NAME_SURE_P): unsure as above; what was written is
 *    not known well enough to call it wrong.
 *  - It is typed on a screen, read by the handwriting's networks, and
 *    the print engine reads another digit (print_agrees): unsure as above.
 *  - Otherwise: an entry as written, a mistake for sdk-solve to name.
 * Where the person's hand is known (ownhand.h: the entries read surely as
 * the solution's digits tell the digits apart) and not misread all over
 * the page (hand_misread_often), an entry of neither faint ink nor a
 * misreading made elsewhere, nor typed on a screen (an app's
 * font is no hand: its digits are all alike, and one on a tint was far
 * from them all, a typed mistake left unsure: web 75 page 4), is judged
 * by it too: one clearly
 * like the person's own v is a mistake named however the classifiers
 * doubt, as long as they read v OWN_ODDS_MIN times likelier than the
 * solution's digit (on the development sets and the held-out halves, of
 * the entries the own hand named below that, 5 were right entries, 4 of
 * them in photos made 320 pixels wide, and 3 real mistakes); one clearly
 * like their own solution's digit, or far from every v of theirs, is
 * unsure however surely it reads as v.
 * The unsure cells go in r->doubt, with the solution's digit.
 */
void
judge_entries(struct reading_set *r)
{
	static struct own_hand own, print;
	unsigned char solution[81], misread[10][10], known[81];
	int	 i, learnt = 0, printed = 0, entries = 0, against = 0, often;

	if (!repair_solution(r->given, solution))
		return;
	/* Entries are not judged against a solution in doubt. */
	if (doubt_rival(r, solution) > 0)
		return;
	if (grain_not_writing(r, solution)) {
		for (i = 0; i < 81; i++)
			r->hand[i] = 0;
		return;
	}
	misread_elsewhere(r, solution, misread);
	often = hand_misread_often(r, solution);
	for (i = 0; i < 81; i++)
		known[i] = r->hand[i] && r->rd[i][0].v == solution[i] &&
		    r->rd[i][0].p >= ENTRY_KNOWN_P && entry_inked(r, i) ?
		    solution[i] : 0;
	for (i = 0; i < 81; i++) {
		int	 v = r->rd[i][0].v, sol = solution[i];
		double	 pv = r->rd[i][0].p, p0 = reading_p(r, i, 0);
		int	 faint, named, says, keep;

		if (!r->hand[i] || v == 0)
			continue;
		entries++;
		faint = !entry_inked(r, i);
		if (v == sol) {
			/* Likelier empty than written: the answer's digit. */
			if (p0 >= pv)
				r->hand[i] = 0;
			continue;
		}
		named = !faint &&
		    misread[sol][v] == read_in_doubt(r, i, sol);
		if (named) {
			if (!learnt++)
				own_hand_learn(&own, r->cell, known);
			says = r->font[i] || often ? 0 :
			    own_hand_says(&own, i, v, sol);
			named = (says > 0 && reading_p(r, i, sol) *
			    OWN_ODDS_MIN <= pv) || (says == 0 &&
			    reading_p(r, i, sol) * mistake_odds(r, i, v, sol)
			    < pv && pv >= NAME_SURE_P);
			if (r->font[i] && !r->typed[i] &&
			    !print_agrees(r, i, v))
				named = 0;
			/* Typed in the givens' font: print's odds. */
			if (!named && !r->typed[i] &&
			    in_page_font(r, &print, &printed, i, v))
				named = r->pprint[i][sol - 1] *
				    ENTRY_DOUBT_ODDS < r->pprint[i][v - 1];
		}
		if (named || (!faint &&
		    reading_p(r, i, sol) * ENTRY_DOUBT_ODDS < pv))
			against++;
		if (named)
			continue;
		/*
		 * Whether a digit is there at all is all the digits'
		 * likelihood against the empty cell's: a faint digit the
		 * reader hesitates over, v or the solution's, shares it out.
		 */
		keep = reading_p(r, i, sol) >= ENTRY_SOL_MIN &&
		    (!faint || p0 < INK_DOUBT * (1 - p0));
		doubt_set(r, i, faint && !keep ? 0 : v, sol);
		if (keep)
			make_best(r, i, sol);
		else
			r->hand[i] = 0;
	}
	if (against >= MANY_MIN && against > MANY_SHARE * entries)
		doubt_mended(r);
	lone_entry(r);
}
