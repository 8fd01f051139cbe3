#include "LibraryLoading.h"

#include <dlfcn.h>
#include <stdio.h>

void meshgrad_library_open(MeshGradLibrary *library) {
    // RTLD_LOCAL: nothing else in the process should bind to its names by
    // accident; meshgrad reaches them through dlsym alone.
    library->handle = dlopen(library->name, RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) snprintf(library->error, sizeof library->error, "%s", dlerror());
}

void *meshgrad_library_handle(MeshGradLibrary *library, void (*open)(void)) {
    pthread_once(&library->once, open);
    return library->handle;
}

int meshgrad_library_report(MeshGradLibrary *library, void (*open)(void), char *error, size_t size) {
    if (meshgrad_library_handle(library, open)) return 0;
    snprintf(error, size, "%s", library->error);
    return -1;
}
