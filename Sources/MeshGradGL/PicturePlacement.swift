@preconcurrency import CEpoxy

/// Where a picture goes in a window: a rectangle in framebuffer pixels
/// (origin top-left, y down; GL's own rows count from the bottom), and the
/// color the rest of the window is cleared to. The picture is scaled to the
/// rectangle, pixel for pixel where their sizes match.
public struct PicturePlacement: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// The window's framebuffer height, which turns `y` into GL's rows.
    public var framebufferHeight: Int
    public var backdrop: SIMD4<Float>

    public init(x: Int, y: Int, width: Int, height: Int, framebufferHeight: Int, backdrop: SIMD4<Float>) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.framebufferHeight = framebufferHeight
        self.backdrop = backdrop
    }

    /// The rectangle's bottom row as GL counts rows.
    public var glBottom: Int { framebufferHeight - y - height }

    /// Clears the whole window (the default framebuffer) to the backdrop.
    public func clearWindow() {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glClearColor(backdrop.x, backdrop.y, backdrop.z, backdrop.w)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// The blit filter for a `width × height` picture: nearest where it
    /// fills the rectangle pixel for pixel, linear where it is scaled.
    public func blitFilter(width: Int, height: Int) -> GLenum {
        GLenum(self.width == width && self.height == height ? GL_NEAREST : GL_LINEAR)
    }
}
