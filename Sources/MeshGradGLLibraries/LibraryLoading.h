// Opening a shared library once, from any thread, and keeping the reason
// when it cannot be.
#ifndef MESHGRAD_LIBRARY_LOADING_H
#define MESHGRAD_LIBRARY_LOADING_H

#include <pthread.h>
#include <stddef.h>

typedef struct MeshGradLibrary {
    const char *name;
    pthread_once_t once;
    void *handle;
    char error[512];
} MeshGradLibrary;

#define MESHGRAD_LIBRARY(soname) {soname, PTHREAD_ONCE_INIT, NULL, {0}}

/// The library's handle, opening it the first time: NULL when it cannot be
/// opened (`library->error` says why).
void *meshgrad_library_handle(MeshGradLibrary *library, void (*open)(void));

/// Opens `library` (the body of its `pthread_once` routine).
void meshgrad_library_open(MeshGradLibrary *library);

/// 0, or -1 with the library's error copied into `error`.
int meshgrad_library_report(MeshGradLibrary *library, void (*open)(void), char *error, size_t size);

#endif
