// libavif, for AVIF stills (10- and 12-bit, wide gamut and HDR).
//
// Opened when the first AVIF is made, not linked: libavif brings its AV1
// codecs and their libraries (two dozen shared objects on Debian), and
// loading those took about 7 ms of every meshgrad command's start-up,
// though few commands write an AVIF. The functions meshgrad calls are
// found by name in the library and typed by avif.h's own declarations
// (`MeshGradAVIF`).
#ifndef MESHGRAD_CAVIF_SHIM_H
#define MESHGRAD_CAVIF_SHIM_H

#include <avif/avif.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// The shared object of the libavif these headers describe: its name
// changes with its ABI (0.11 is libavif.so.15, every 1.x libavif.so.16).
// Another version is looked for under the development link's name.
#if AVIF_VERSION_MAJOR == 1
#define MESHGRAD_AVIF_LIBRARY "libavif.so.16"
#elif AVIF_VERSION_MAJOR == 0 && AVIF_VERSION_MINOR == 11
#define MESHGRAD_AVIF_LIBRARY "libavif.so.15"
#else
#define MESHGRAD_AVIF_LIBRARY "libavif.so"
#endif

typedef struct MeshGradAVIF {
    __typeof__(&avifVersion) version;
    __typeof__(&avifResultToString) resultToString;
    __typeof__(&avifImageCreate) imageCreate;
    __typeof__(&avifImageDestroy) imageDestroy;
    __typeof__(&avifRGBImageSetDefaults) rgbImageSetDefaults;
    __typeof__(&avifImageRGBToYUV) imageRGBToYUV;
    __typeof__(&avifEncoderCreate) encoderCreate;
    __typeof__(&avifEncoderDestroy) encoderDestroy;
    __typeof__(&avifEncoderWrite) encoderWrite;
    __typeof__(&avifRWDataFree) rwDataFree;
} MeshGradAVIF;

// Opens libavif and fills `api`: 0, or -1 with the reason in `error`.
// A library of another major version than the headers' (or, before 1.0,
// another minor version) is refused: its structures are laid out
// differently.
static inline int meshgrad_avif_open(MeshGradAVIF *api, char *error, size_t size) {
    void *library = dlopen(MESHGRAD_AVIF_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, size, "%s", dlerror());
        return -1;
    }
#define MESHGRAD_AVIF_FIND(field, name)                                                     \
    api->field = (__typeof__(api->field))dlsym(library, #name);                             \
    if (!api->field) {                                                                      \
        snprintf(error, size, "%s has no function %s", MESHGRAD_AVIF_LIBRARY, #name);       \
        return -1;                                                                          \
    }
    MESHGRAD_AVIF_FIND(version, avifVersion)
    MESHGRAD_AVIF_FIND(resultToString, avifResultToString)
    MESHGRAD_AVIF_FIND(imageCreate, avifImageCreate)
    MESHGRAD_AVIF_FIND(imageDestroy, avifImageDestroy)
    MESHGRAD_AVIF_FIND(rgbImageSetDefaults, avifRGBImageSetDefaults)
    MESHGRAD_AVIF_FIND(imageRGBToYUV, avifImageRGBToYUV)
    MESHGRAD_AVIF_FIND(encoderCreate, avifEncoderCreate)
    MESHGRAD_AVIF_FIND(encoderDestroy, avifEncoderDestroy)
    MESHGRAD_AVIF_FIND(encoderWrite, avifEncoderWrite)
    MESHGRAD_AVIF_FIND(rwDataFree, avifRWDataFree)
#undef MESHGRAD_AVIF_FIND
    const char *version = api->version();
    char *rest = NULL;
    long major = strtol(version, &rest, 10);
    long minor = (rest && *rest == '.') ? strtol(rest + 1, NULL, 10) : -1;
    if (major != AVIF_VERSION_MAJOR || (major == 0 && minor != AVIF_VERSION_MINOR)) {
        snprintf(error, size, "%s is libavif %s; meshgrad was built with %d.%d", MESHGRAD_AVIF_LIBRARY, version,
                 AVIF_VERSION_MAJOR, AVIF_VERSION_MINOR);
        return -1;
    }
    return 0;
}

#endif
