/*
 * heif-guard.h: the boundary between C and libheif's C++.  libheif's C
 * API lets some exceptions through (std::bad_alloc from inside its
 * decoders and its image planes, under a memory limit): unwinding into C
 * they would end the program with abort().  heif.c makes its calls into
 * libheif inside heif_guard(), which catches them, as sdk-ocr's
 * tess_guard() does for Tesseract.  Allocations in every thread (libde265
 * decodes in one of its own) end in sdk_nomem() instead, through
 * operator new's handler, which heif_guard() sets.
 */
#ifndef SDK_HEIF_GUARD_H
#define SDK_HEIF_GUARD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HEIF_GUARD_NOMEM	(-2)

/*
 * Run fn(arg), catching any C++ exception that leaves it.  Returns 0;
 * HEIF_GUARD_NOMEM on std::bad_alloc; -1 on any other exception, its
 * what() in msg.  fn and the C code it calls must let exceptions pass
 * (compiled with -fexceptions), and hold in arg whatever must be
 * released when it is cut short.
 */
int	 heif_guard(void (*fn)(void *), void *arg, char *msg, size_t len);

#ifdef __cplusplus
}
#endif

#endif
