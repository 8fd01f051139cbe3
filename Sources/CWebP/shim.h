// libwebp's simple encoding API and its animation encoder (libwebpmux)
// (Debian: libwebp-dev).
#include <webp/encode.h>
#include <webp/mux.h>
