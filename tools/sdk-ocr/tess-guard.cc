/*
 * tess-guard.cc: C++ exceptions caught at Tesseract's boundary
 * (tess-guard.h).  The only C++ of sdk.
 */
#include <cstdio>
#include <exception>
#include <new>

#include "tess-guard.h"

int
tess_guard(void (*fn)(void *), void *arg, char *msg, size_t len)
{
	try {
		fn(arg);
		return 0;
	} catch (const std::bad_alloc &) {
		std::snprintf(msg, len, "out of memory");
		return TESS_GUARD_NOMEM;
	} catch (const std::exception &e) {
		std::snprintf(msg, len, "%s", e.what());
	} catch (...) {
		std::snprintf(msg, len, "unknown C++ exception");
	}
	return -1;
}
