// libwebp's simple encoding API (Debian: libwebp-dev).
#include <webp/encode.h>
