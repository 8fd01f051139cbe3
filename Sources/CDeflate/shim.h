// libdeflate for Swift: the PNG encoder's checksums (CRC-32 and Adler-32),
// and the benchmark's reference for fast whole-buffer deflate.
#ifndef MESHGRAD_CDEFLATE_SHIM_H
#define MESHGRAD_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
