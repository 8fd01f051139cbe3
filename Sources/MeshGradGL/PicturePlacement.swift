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
}
