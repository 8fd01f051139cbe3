// The epoxy names meshgrad calls, as this binary's own variables: epoxy's
// headers declare each as a pointer to a function, which epoxy resolves on
// its first call. Opening epoxy copies its pointers here; calls then go
// through epoxy's own resolution, as they would had it been linked.
#include "MeshGradGLLibraries.h"
#include "LibraryLoading.h"

#include <dlfcn.h>
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stdio.h>

// Every epoxy name the Swift code uses, in order.
#define MESHGRAD_EPOXY_NAMES(X) \
    X(epoxy_eglBindAPI) \
    X(epoxy_eglChooseConfig) \
    X(epoxy_eglCreateContext) \
    X(epoxy_eglDestroyContext) \
    X(epoxy_eglGetError) \
    X(epoxy_eglGetPlatformDisplayEXT) \
    X(epoxy_eglInitialize) \
    X(epoxy_eglMakeCurrent) \
    X(epoxy_eglQueryDeviceStringEXT) \
    X(epoxy_eglQueryDevicesEXT) \
    X(epoxy_eglQueryString) \
    X(epoxy_glActiveTexture) \
    X(epoxy_glAttachShader) \
    X(epoxy_glBeginQuery) \
    X(epoxy_glBindBuffer) \
    X(epoxy_glBindFramebuffer) \
    X(epoxy_glBindRenderbuffer) \
    X(epoxy_glBindTexture) \
    X(epoxy_glBindVertexArray) \
    X(epoxy_glBlendFunc) \
    X(epoxy_glBlitFramebuffer) \
    X(epoxy_glBufferData) \
    X(epoxy_glBufferSubData) \
    X(epoxy_glCheckFramebufferStatus) \
    X(epoxy_glClear) \
    X(epoxy_glClearBufferfv) \
    X(epoxy_glClearColor) \
    X(epoxy_glCompileShader) \
    X(epoxy_glCopyTexSubImage2D) \
    X(epoxy_glCreateProgram) \
    X(epoxy_glCreateShader) \
    X(epoxy_glDeleteBuffers) \
    X(epoxy_glDeleteFramebuffers) \
    X(epoxy_glDeleteProgram) \
    X(epoxy_glDeleteQueries) \
    X(epoxy_glDeleteRenderbuffers) \
    X(epoxy_glDeleteShader) \
    X(epoxy_glDeleteTextures) \
    X(epoxy_glDeleteVertexArrays) \
    X(epoxy_glDepthFunc) \
    X(epoxy_glDisable) \
    X(epoxy_glDrawArrays) \
    X(epoxy_glDrawBuffers) \
    X(epoxy_glDrawElements) \
    X(epoxy_glEnable) \
    X(epoxy_glEnableVertexAttribArray) \
    X(epoxy_glEndQuery) \
    X(epoxy_glFinish) \
    X(epoxy_glFramebufferRenderbuffer) \
    X(epoxy_glFramebufferTexture2D) \
    X(epoxy_glGenBuffers) \
    X(epoxy_glGenFramebuffers) \
    X(epoxy_glGenQueries) \
    X(epoxy_glGenRenderbuffers) \
    X(epoxy_glGenTextures) \
    X(epoxy_glGenVertexArrays) \
    X(epoxy_glGenerateMipmap) \
    X(epoxy_glGetError) \
    X(epoxy_glGetIntegerv) \
    X(epoxy_glGetProgramInfoLog) \
    X(epoxy_glGetProgramiv) \
    X(epoxy_glGetQueryObjectui64v) \
    X(epoxy_glGetShaderInfoLog) \
    X(epoxy_glGetShaderiv) \
    X(epoxy_glGetString) \
    X(epoxy_glGetUniformLocation) \
    X(epoxy_glLinkProgram) \
    X(epoxy_glMapBufferRange) \
    X(epoxy_glPixelStorei) \
    X(epoxy_glReadBuffer) \
    X(epoxy_glReadPixels) \
    X(epoxy_glRenderbufferStorage) \
    X(epoxy_glRenderbufferStorageMultisample) \
    X(epoxy_glShaderSource) \
    X(epoxy_glTexBuffer) \
    X(epoxy_glTexImage2D) \
    X(epoxy_glTexParameteri) \
    X(epoxy_glTexStorage2D) \
    X(epoxy_glTexSubImage2D) \
    X(epoxy_glUniform1f) \
    X(epoxy_glUniform1fv) \
    X(epoxy_glUniform1i) \
    X(epoxy_glUniform1ui) \
    X(epoxy_glUniform2f) \
    X(epoxy_glUniform2i) \
    X(epoxy_glUniform4f) \
    X(epoxy_glUniform4fv) \
    X(epoxy_glUniform4i) \
    X(epoxy_glUnmapBuffer) \
    X(epoxy_glUseProgram) \
    X(epoxy_glVertexAttribIPointer) \
    X(epoxy_glVertexAttribPointer) \
    X(epoxy_glViewport) \

#define MESHGRAD_EPOXY_DEFINE(symbol) __typeof__(symbol) symbol;
MESHGRAD_EPOXY_NAMES(MESHGRAD_EPOXY_DEFINE)

static MeshGradLibrary epoxy = MESHGRAD_LIBRARY("libepoxy.so.0");

// A name epoxy lacks (an epoxy older than the headers) leaves every
// pointer unset and the library reported as missing.
static void open_epoxy(void) {
    meshgrad_library_open(&epoxy);
    if (!epoxy.handle) return;
#define MESHGRAD_EPOXY_POINT(symbol)                                                             \
    {                                                                                            \
        __typeof__(symbol) *pointer = (__typeof__(symbol) *)dlsym(epoxy.handle, #symbol);        \
        if (!pointer) {                                                                          \
            snprintf(epoxy.error, sizeof epoxy.error, "%s has no %s", epoxy.name, #symbol);      \
            epoxy.handle = NULL;                                                                 \
            return;                                                                              \
        }                                                                                        \
        symbol = *pointer;                                                                       \
    }
    MESHGRAD_EPOXY_NAMES(MESHGRAD_EPOXY_POINT)
#undef MESHGRAD_EPOXY_POINT
}

int meshgrad_epoxy_open(char *error, size_t size) {
    return meshgrad_library_report(&epoxy, open_epoxy, error, size);
}
