/*
 * tess-guard.h: the boundary between C and Tesseract's C++.  Tesseract's
 * C API lets exceptions through (its capi.cpp catches none): a
 * std::bad_alloc under a memory limit would unwind into C and end
 * sdk-ocr with abort().  classifier-tess.c makes every call into
 * Tesseract inside tess_guard(), which catches them.
 */
#ifndef SDK_OCR_TESS_GUARD_H
#define SDK_OCR_TESS_GUARD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TESS_GUARD_NOMEM	(-2)

/*
 * Run fn(arg), catching any C++ exception that leaves it.  Returns 0;
 * TESS_GUARD_NOMEM on std::bad_alloc; -1 on any other exception, its
 * what() in msg.  fn and the C code it calls must let exceptions pass
 * (compiled with -fexceptions).
 */
int	 tess_guard(void (*fn)(void *), void *arg, char *msg, size_t len);

#ifdef __cplusplus
}
#endif

#endif
