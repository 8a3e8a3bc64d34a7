/*
 * heif-guard.cc: C++ exceptions caught at libheif's boundary
 * (heif-guard.h).
 */
#include <cstdio>
#include <exception>
#include <new>

#include "heif-guard.h"

extern "C" [[noreturn]] void sdk_nomem(void);	/* util.h */

/*
 * operator new's handler when malloc fails: "out of memory", as every
 * failed allocation of sdk.  An exception would not do for libde265: it
 * decodes in a worker thread of its own, where a std::bad_alloc has no
 * catch to reach and ends the program in std::terminate() (sdk-detect on
 * samples/started1.heic under ulimit -v 56250).
 */
static void
nomem(void)
{
	sdk_nomem();
}

int
heif_guard(void (*fn)(void *), void *arg, char *msg, size_t len)
{
	std::set_new_handler(nomem);
	try {
		fn(arg);
		return 0;
	} catch (const std::bad_alloc &) {
		std::snprintf(msg, len, "out of memory");
		return HEIF_GUARD_NOMEM;
	} catch (const std::exception &e) {
		std::snprintf(msg, len, "%s", e.what());
	} catch (...) {
		std::snprintf(msg, len, "unknown C++ exception");
	}
	return -1;
}
