// glibc's malloc tuning (mallopt) for Swift: Glibc's module does not
// export <malloc.h>. The constants are macros of plain integers, which
// Swift imports as they are.
#ifndef MESHGRAD_CMALLOC_SHIM_H
#define MESHGRAD_CMALLOC_SHIM_H

#include <malloc.h>

#endif
