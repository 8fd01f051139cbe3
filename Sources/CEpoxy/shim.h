// OpenGL and EGL through libepoxy, which resolves every entry point at run
// time (GL 3.3 core, extensions, EGL 1.5). Epoxy's names are macros, so Swift
// sees `epoxy_glDrawArrays`, `epoxy_eglInitialize`, ... Epoxy is not linked:
// MeshGradGLLibraries defines those names and opens it with the first context.
#ifndef MESHGRAD_CEPOXY_SHIM_H
#define MESHGRAD_CEPOXY_SHIM_H

#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <dlfcn.h>

/// Whether the EGL library can be loaded at all. Epoxy aborts the process
/// when it cannot find libEGL, so meshgrad asks first and reports a clear
/// error instead.
static inline int mg_egl_library_available(void) {
    void *handle = dlopen("libEGL.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!handle) handle = dlopen("libEGL.so", RTLD_LAZY | RTLD_LOCAL);
    if (!handle) return 0;
    dlclose(handle);
    return 1;
}

/// EGL_NO_CONTEXT, EGL_NO_SURFACE, EGL_NO_DISPLAY and EGL_DEFAULT_DISPLAY are
/// casts, which Swift does not import.
static inline EGLContext mg_egl_no_context(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface mg_egl_no_surface(void) { return EGL_NO_SURFACE; }
static inline EGLDisplay mg_egl_no_display(void) { return EGL_NO_DISPLAY; }
static inline EGLConfig mg_egl_no_config(void) { return (EGLConfig)0; }

#endif
