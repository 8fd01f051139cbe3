// libdeflate for Swift: the benchmark's reference for fast whole-buffer
// deflate, measured beside meshgrad's own PNG encoder on the same bytes.
#ifndef MESHGRAD_CDEFLATE_SHIM_H
#define MESHGRAD_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
