// The GLFW functions meshgrad and ImGui's GLFW backend call, each passing
// its call to the library, which the first call opens. Without the library
// they return zero (`glfwInit` fails, which the window reports, asking
// `meshgrad_glfw_open` why).
#include "MeshGradGLLibraries.h"
#include "LibraryLoading.h"

#include <dlfcn.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

static MeshGradLibrary glfw = MESHGRAD_LIBRARY("libglfw.so.3");

static void open_glfw(void) { meshgrad_library_open(&glfw); }

int meshgrad_glfw_open(char *error, size_t size) { return meshgrad_library_report(&glfw, open_glfw, error, size); }

// The library's function `name`, found once (NULL without the library).
#define MESHGRAD_GLFW_FUNCTION(name)                                                                \
    static __typeof__(&name) function;                                                             \
    __typeof__(&name) found = __atomic_load_n(&function, __ATOMIC_ACQUIRE);                        \
    if (!found) {                                                                                  \
        void *handle = meshgrad_library_handle(&glfw, open_glfw);                                  \
        found = handle ? (__typeof__(&name))dlsym(handle, #name) : NULL;                           \
        __atomic_store_n(&function, found, __ATOMIC_RELEASE);                                      \
    }

#define MESHGRAD_GLFW_FORWARD(result, name, parameters, arguments)                                   \
    result name parameters {                                                                       \
        MESHGRAD_GLFW_FUNCTION(name)                                                               \
        return found ? found arguments : (result)0;                                                \
    }

#define MESHGRAD_GLFW_FORWARD_VOID(name, parameters, arguments)                                      \
    void name parameters {                                                                         \
        MESHGRAD_GLFW_FUNCTION(name)                                                               \
        if (found) found arguments;                                                                \
    }

MESHGRAD_GLFW_FORWARD(GLFWcursor*, glfwCreateStandardCursor, (int shape), (shape))
MESHGRAD_GLFW_FORWARD(GLFWwindow*, glfwCreateWindow, (int width, int height, const char* title, GLFWmonitor* monitor, GLFWwindow* share), (width, height, title, monitor, share))
MESHGRAD_GLFW_FORWARD_VOID(glfwDefaultWindowHints, (void), ())
MESHGRAD_GLFW_FORWARD_VOID(glfwDestroyCursor, (GLFWcursor* cursor), (cursor))
MESHGRAD_GLFW_FORWARD_VOID(glfwDestroyWindow, (GLFWwindow* window), (window))
MESHGRAD_GLFW_FORWARD(const char*, glfwGetClipboardString, (GLFWwindow* window), (window))
MESHGRAD_GLFW_FORWARD_VOID(glfwGetCursorPos, (GLFWwindow* window, double* xpos, double* ypos), (window, xpos, ypos))
MESHGRAD_GLFW_FORWARD_VOID(glfwGetFramebufferSize, (GLFWwindow* window, int* width, int* height), (window, width, height))
MESHGRAD_GLFW_FORWARD(int, glfwGetInputMode, (GLFWwindow* window, int mode), (window, mode))
MESHGRAD_GLFW_FORWARD(const float*, glfwGetJoystickAxes, (int jid, int* count), (jid, count))
MESHGRAD_GLFW_FORWARD(const unsigned char*, glfwGetJoystickButtons, (int jid, int* count), (jid, count))
MESHGRAD_GLFW_FORWARD(int, glfwGetKey, (GLFWwindow* window, int key), (window, key))
MESHGRAD_GLFW_FORWARD(int, glfwGetMouseButton, (GLFWwindow* window, int button), (window, button))
MESHGRAD_GLFW_FORWARD(GLFWmonitor*, glfwGetPrimaryMonitor, (void), ())
MESHGRAD_GLFW_FORWARD(double, glfwGetTime, (void), ())
MESHGRAD_GLFW_FORWARD(const GLFWvidmode*, glfwGetVideoMode, (GLFWmonitor* monitor), (monitor))
MESHGRAD_GLFW_FORWARD(int, glfwGetWindowAttrib, (GLFWwindow* window, int attrib), (window, attrib))
MESHGRAD_GLFW_FORWARD_VOID(glfwGetWindowSize, (GLFWwindow* window, int* width, int* height), (window, width, height))
MESHGRAD_GLFW_FORWARD(void*, glfwGetWindowUserPointer, (GLFWwindow* window), (window))
MESHGRAD_GLFW_FORWARD(int, glfwInit, (void), ())
MESHGRAD_GLFW_FORWARD_VOID(glfwMakeContextCurrent, (GLFWwindow* window), (window))
MESHGRAD_GLFW_FORWARD_VOID(glfwPollEvents, (void), ())
MESHGRAD_GLFW_FORWARD(GLFWcharfun, glfwSetCharCallback, (GLFWwindow* window, GLFWcharfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD_VOID(glfwSetClipboardString, (GLFWwindow* window, const char* string), (window, string))
MESHGRAD_GLFW_FORWARD_VOID(glfwSetCursor, (GLFWwindow* window, GLFWcursor* cursor), (window, cursor))
MESHGRAD_GLFW_FORWARD(GLFWcursorenterfun, glfwSetCursorEnterCallback, (GLFWwindow* window, GLFWcursorenterfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD_VOID(glfwSetCursorPos, (GLFWwindow* window, double xpos, double ypos), (window, xpos, ypos))
MESHGRAD_GLFW_FORWARD(GLFWcursorposfun, glfwSetCursorPosCallback, (GLFWwindow* window, GLFWcursorposfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD(GLFWdropfun, glfwSetDropCallback, (GLFWwindow* window, GLFWdropfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD(GLFWerrorfun, glfwSetErrorCallback, (GLFWerrorfun callback), (callback))
MESHGRAD_GLFW_FORWARD(GLFWframebuffersizefun, glfwSetFramebufferSizeCallback, (GLFWwindow* window, GLFWframebuffersizefun callback), (window, callback))
MESHGRAD_GLFW_FORWARD_VOID(glfwSetInputMode, (GLFWwindow* window, int mode, int value), (window, mode, value))
MESHGRAD_GLFW_FORWARD(GLFWkeyfun, glfwSetKeyCallback, (GLFWwindow* window, GLFWkeyfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD(GLFWmonitorfun, glfwSetMonitorCallback, (GLFWmonitorfun callback), (callback))
MESHGRAD_GLFW_FORWARD(GLFWmousebuttonfun, glfwSetMouseButtonCallback, (GLFWwindow* window, GLFWmousebuttonfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD(GLFWscrollfun, glfwSetScrollCallback, (GLFWwindow* window, GLFWscrollfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD(GLFWwindowclosefun, glfwSetWindowCloseCallback, (GLFWwindow* window, GLFWwindowclosefun callback), (window, callback))
MESHGRAD_GLFW_FORWARD(GLFWwindowfocusfun, glfwSetWindowFocusCallback, (GLFWwindow* window, GLFWwindowfocusfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD(GLFWwindowiconifyfun, glfwSetWindowIconifyCallback, (GLFWwindow* window, GLFWwindowiconifyfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD(GLFWwindowrefreshfun, glfwSetWindowRefreshCallback, (GLFWwindow* window, GLFWwindowrefreshfun callback), (window, callback))
MESHGRAD_GLFW_FORWARD_VOID(glfwSetWindowShouldClose, (GLFWwindow* window, int value), (window, value))
MESHGRAD_GLFW_FORWARD(GLFWwindowsizefun, glfwSetWindowSizeCallback, (GLFWwindow* window, GLFWwindowsizefun callback), (window, callback))
MESHGRAD_GLFW_FORWARD_VOID(glfwSetWindowTitle, (GLFWwindow* window, const char* title), (window, title))
MESHGRAD_GLFW_FORWARD_VOID(glfwSetWindowUserPointer, (GLFWwindow* window, void* pointer), (window, pointer))
MESHGRAD_GLFW_FORWARD_VOID(glfwSwapBuffers, (GLFWwindow* window), (window))
MESHGRAD_GLFW_FORWARD_VOID(glfwSwapInterval, (int interval), (interval))
MESHGRAD_GLFW_FORWARD_VOID(glfwWaitEventsTimeout, (double timeout), (timeout))
MESHGRAD_GLFW_FORWARD_VOID(glfwWindowHint, (int hint, int value), (hint, value))
MESHGRAD_GLFW_FORWARD(int, glfwWindowShouldClose, (GLFWwindow* window), (window))
