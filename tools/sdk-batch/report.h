/*
 * report.h: sdk-batch-rows report (report.c reads the rows, reporthtml.c
 * writes index.html).
 */
#ifndef SDK_BATCH_REPORT_H
#define SDK_BATCH_REPORT_H

#include <stdio.h>

struct report {
	/* From the command line. */
	const char *rows, *out, *outabs, *outdir, *note, *when, *about;
	int	 quiet, stopped, gc;
	/* Read. */
	char	**src, **name;	/* LIST: each photo's source and name */
	size_t	 n;
	char	*todo, *done;	/* run now, done now: a byte a photo */
	size_t	 ntodo;
	char	**skipped;	/* "PATH: WHY" in HTML */
	size_t	 nskip;
	char	**out_list, **ref;
	size_t	 nout, nref;
	/* Counted. */
	int	 worst, lost;
	long	 nex[3], notdone;
	char	**status;	/* the statuses of the failures (exit 1) */
	long	*nstatus;
	size_t	 nstatuses;
	/* Written. */
	FILE	*jsonl, *csv, *said, *h[3];
	char	*path;		/* the row file being read */
};

int	 report_main(struct report *, char *const *files);
void	 report_status(struct report *, const char *);
void	 report_row_html(struct report *, size_t i, int ex);
int	 report_page(struct report *);

#endif
