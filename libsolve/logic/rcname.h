/*
 * logic/rcname.h: a cell's name, "r3c4", in libsolve's steps and
 * messages: written here alone (text_cell, pencil.c's messages), as
 * libcommon's cellname.c writes it for the programs (libsolve links no
 * libcommon).  Inline: no symbol of the library.
 */
#ifndef LOGIC_RCNAME_H
#define LOGIC_RCNAME_H

#include <stdio.h>

#define RC_NAME_MAX	5	/* "r9c9" and its NUL */

/* Cell 0-80 named in buf; returns buf, for a printf. */
static inline char *
rc_name(char buf[RC_NAME_MAX], int c)
{
	unsigned u = (unsigned)c;

	snprintf(buf, RC_NAME_MAX, "r%uc%u", u / 9 % 9 + 1, u % 9 + 1);
	return buf;
}

#endif
