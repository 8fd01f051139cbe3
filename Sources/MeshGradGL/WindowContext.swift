@preconcurrency import CEpoxy
import CGLFW
import Foundation

/// A resizable window with an OpenGL 3.3 core context, through GLFW: the
/// preview's second kind of context. ``GLRenderer`` draws into it exactly
/// as into a headless one (``GLRenderer/present(_:dithers:)``).
///
/// GLFW must be used from the main thread; so must this.
public final class WindowContext {
    /// The GLFW window (`GLFWwindow *`).
    public let handle: OpaquePointer
    let lifetime = GLContextLifetime()
    private var title: String

    /// Opens a window of `width × height` screen units with vsync on, and
    /// makes its context current.
    public init(title: String, width: Int, height: Int, visible: Bool = true) throws(GLError) {
        try GLLibraries.openGLFW()
        try GLLibraries.openEpoxy()
        glfwSetErrorCallback { _, description in
            WindowContext.lastError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        guard glfwInit() == GLFW_TRUE else {
            throw .contextUnavailable(
                reason: "no window system: \(WindowContext.lastError ?? "GLFW could not start") (is DISPLAY set?)")
        }
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
        // The renderer draws colors only: a depth and stencil buffer would
        // be memory a software rasterizer keeps for nothing.
        glfwWindowHint(GLFW_DEPTH_BITS, 0)
        glfwWindowHint(GLFW_STENCIL_BITS, 0)
        guard let window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            throw .contextUnavailable(reason: "no OpenGL 3.3 window: \(WindowContext.lastError ?? "unknown reason")")
        }
        handle = window
        self.title = title
        glfwMakeContextCurrent(window)
        glfwSwapInterval(1)
        GLContextLifetime.makeCurrent(lifetime)
    }

    nonisolated(unsafe) static var lastError: String?

    public func makeCurrent() {
        glfwMakeContextCurrent(handle)
        GLContextLifetime.makeCurrent(lifetime)
    }

    /// The drawable size in pixels (larger than the window on HiDPI).
    public var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        glfwGetFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window's size in screen units, the units of cursor positions.
    public var windowSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        glfwGetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    public var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    /// Sets the title when it changed: each call is a round of X requests.
    public func setTitle(_ title: String) {
        guard title != self.title else { return }
        self.title = title
        glfwSetWindowTitle(handle, title)
    }

    public func swapBuffers() { glfwSwapBuffers(handle) }

    public func setClipboard(_ text: String) { glfwSetClipboardString(handle, text) }
    /// The system clipboard's text, if it holds text.
    public var clipboard: String? { glfwGetClipboardString(handle).map { String(cString: $0) } }

    /// The window's pixels as drawn last (before the swap), top row first.
    public func readPixels() throws(GLError) -> (width: Int, height: Int, rgba: [UInt8]) {
        let (w, h) = framebufferSize
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        epoxy_glReadBuffer(GLenum(GL_BACK))
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        epoxy_glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        try checkGL("reading the window")
        // The window's first row is its bottom one.
        var flipped = [UInt8](repeating: 0, count: pixels.count)
        let row = w * 4
        for y in 0..<h {
            flipped[(h - 1 - y) * row..<(h - y) * row] = pixels[y * row..<(y + 1) * row]
        }
        return (w, h, flipped)
    }

    deinit {
        lifetime.end()
        glfwDestroyWindow(handle)
    }
}
