// libavif, for AVIF stills (10- and 12-bit, wide gamut and HDR).
#ifndef MESHGRAD_CAVIF_SHIM_H
#define MESHGRAD_CAVIF_SHIM_H

#include <avif/avif.h>

#endif
