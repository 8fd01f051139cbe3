// GLFW for the preview window. GL itself comes from epoxy, so GLFW must not
// include a GL header of its own.
#ifndef MESHGRAD_CGLFW_SHIM_H
#define MESHGRAD_CGLFW_SHIM_H

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#endif
