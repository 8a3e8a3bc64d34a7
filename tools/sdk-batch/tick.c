/*
 * tick.c: sdk-batch-rows tick FINAL TOTAL STARTED PLEN NSAID NMSGS RUN,
 * sdk-batch's progress on a terminal, drawn every half second.  The
 * failures done since the last tick, each on a line of its own (the
 * progress line cleared first), then the progress line drawn again: the
 * photos solved, failed and left of TOTAL, the rate since STARTED (seconds
 * since the epoch) and the time to go.  A worker writes a photo's message
 * on its line of RUN/progress ("INDEX EXIT MESSAGE"), so that the count
 * and the messages shown always agree; its other messages (a move that
 * failed) are in RUN/messages.  PLEN is the length of the progress line
 * on the screen, NSAID and NMSGS the lines of the two files shown so far;
 * their new values go to standard output, "PLEN NSAID NMSGS".  FINAL 1:
 * no progress line, the cursor left at the start of a clean line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rows.h"
#include "util.h"
#include "work.h"

struct tick {
	long	 plen;		/* the progress line's length on screen */
	long	 lines;		/* lines of progress */
	long	 ok, bad;	/* photos solved and failed */
};

/* A message above the progress line, which it clears. */
static void
tick_say(struct tick *t, const char *m)
{
	if (t->plen > 0)
		fprintf(stderr, "\r%*s\r", (int)t->plen, "");
	t->plen = 0;
	fprintf(stderr, "%s\n", m);
}

/*
 * The lines of RUN/progress: "INDEX EXIT[ MESSAGE]"; the messages of the
 * lines after the first nsaid shown.
 */
static void
tick_progress(struct tick *t, const char *path, long nsaid)
{
	struct argv lines = { 0 };
	const char *l, *m;
	size_t i;

	lines_read_all(&lines, path);
	for (i = 0; i < lines.n; i++) {
		l = lines.v[i] + strspn(lines.v[i], " \t");
		m = l + strcspn(l, " \t");
		m += strspn(m, " \t");
		if (strtol(m, NULL, 10) == 0 && *m == '0')
			t->ok++;
		else
			t->bad++;
		m += strcspn(m, " \t");
		if ((long)i >= nsaid && m[strspn(m, " \t")] != '\0')
			tick_say(t, m + 1);
	}
	t->lines = (long)lines.n;
	argv_free(&lines);
}

/* The progress line, drawn over the last; its length. */
static long
tick_line(const struct tick *t, long total, double started)
{
	struct timespec now;
	double dt, rate;
	char togo[64], *l;
	long len;

	clock_gettime(CLOCK_REALTIME, &now);
	dt = (double)now.tv_sec + (double)now.tv_nsec / 1e9 - started;
	rate = dt > 0 ? (double)t->lines / dt : 0;
	if (t->lines > 0 && rate > 0)
		snprintf(togo, sizeof(togo), "%.1f/s, %lds to go", rate,
		    (long)((double)(total - t->lines) / rate + 0.5));
	else
		snprintf(togo, sizeof(togo), "starting");
	l = str_printf("sdk-batch: %ld solved, %ld failed, %ld left of %ld "
	    "photos (%s)", t->ok, t->bad, total - t->lines, total, togo);
	len = (long)strlen(l);
	fprintf(stderr, "\r%s%*s", l, (int)(t->plen > len ? t->plen - len : 0),
	    "");
	free(l);
	return len;
}

int
tick_main(char *const *arg)
{
	struct tick t = { 0 };
	struct argv msgs = { 0 };
	static char buf[BUFSIZ];
	char *path;
	long total, nsaid, nmsgs;
	size_t i;
	int final;

	final = strcmp(arg[0], "1") == 0;
	total = strtol(arg[1], NULL, 10);
	t.plen = strtol(arg[3], NULL, 10);
	nsaid = strtol(arg[4], NULL, 10);
	nmsgs = strtol(arg[5], NULL, 10);
	/* What the terminal is sent at once, as one write. */
	setvbuf(stderr, buf, _IOFBF, sizeof(buf));
	path = str_printf("%s/progress", arg[6]);
	tick_progress(&t, path, nsaid);
	free(path);
	path = str_printf("%s/messages", arg[6]);
	lines_read_all(&msgs, path);
	free(path);
	for (i = (size_t)(nmsgs > 0 ? nmsgs : 0); i < msgs.n; i++)
		tick_say(&t, msgs.v[i]);
	if (final) {
		if (t.plen > 0)
			fprintf(stderr, "\r%*s\r", (int)t.plen, "");
		t.plen = 0;
	} else
		t.plen = tick_line(&t, total, strtod(arg[2], NULL));
	fflush(stderr);
	printf("%ld %ld %zu\n", t.plen, t.lines, msgs.n);
	argv_free(&msgs);
	return 0;
}
