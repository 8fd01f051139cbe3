// GLFW and libepoxy, opened when a window or a GL context is first made,
// not linked: loading them and the X11 libraries GLFW brings was about
// 2.4 ms of every meshgrad command's start-up (`meshgrad --version`:
// 7.2 -> 4.8 ms of CPU), though only the editor, `--backend gl` and a
// machine with a GPU use them.
//
// Swift and ImGui's GLFW backend call GLFW and epoxy by their usual names:
// this target defines those names (GLFWForwarders.c, EpoxyPointers.c).
// A GLFW or epoxy name used anywhere new must be added there; the link
// fails, naming it, until it is.
#ifndef MESHGRAD_GL_LIBRARIES_H
#define MESHGRAD_GL_LIBRARIES_H

#include <stddef.h>

/// Opens libepoxy and points every `epoxy_gl*` and `epoxy_egl*` name
/// meshgrad uses at it. Call before the first GL or EGL call (making a
/// context does); later calls return at once. 0, or -1 with the reason in
/// `error`.
int meshgrad_epoxy_open(char *error, size_t size);

/// Opens GLFW. The forwarders open it on their first call too; ask first
/// to report why it cannot be. 0, or -1 with the reason in `error`.
int meshgrad_glfw_open(char *error, size_t size);

#endif
