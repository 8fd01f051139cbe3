// zlib for Swift. deflateInit2 is a macro (it passes zlib's version and the
// size of z_stream, so that a mismatched library fails loudly), which Swift
// cannot call; this wraps it.
#ifndef MESHGRAD_CZLIB_SHIM_H
#define MESHGRAD_CZLIB_SHIM_H

#include <zlib.h>

/// Starts a raw deflate stream (no zlib header or trailer: the PNG encoder
/// writes those itself around independently compressed pieces) with a 32 KiB
/// window and the largest symbol buffer (memLevel 9, fewer and so cheaper
/// blocks). Returns Z_OK on success.
static inline int mg_deflate_init_raw(z_stream *stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 9, strategy);
}

#endif
