// GLFW for the preview window. GL itself comes from epoxy, so GLFW must not
// include a GL header of its own. GLFW is not linked: MeshGradGLLibraries
// defines the functions meshgrad calls and opens it with the first window.
#ifndef MESHGRAD_CGLFW_SHIM_H
#define MESHGRAD_CGLFW_SHIM_H

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#endif
