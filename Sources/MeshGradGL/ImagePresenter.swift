@preconcurrency import CEpoxy
import MeshGradCore

/// Shows a picture made elsewhere (the CPU renderer's) in the current
/// window: uploaded into a kept texture and blitted to the window's
/// bottom-left corner, where ``GLRenderer/present(_:dithers:)`` draws, so
/// that whatever moves the picture afterwards works the same. No shader:
/// on a CPU rasterizer the upload and the blit are two copies.
public final class ImagePresenter {
    /// The texture the picture is uploaded into and a framebuffer reading
    /// it, made again when the picture's size changes.
    private var target: (texture: GLTexture, framebuffer: GLFramebuffer, width: Int, height: Int)?

    public init() {}

    /// Uploads `image` and copies it to the window's bottom-left corner,
    /// its first row at the top (a window's first row is its bottom one, so
    /// the blit flips).
    public func present(_ image: RGBAImage<UInt8>) throws(GLError) {
        try present(image, blittingTo: (0, 0, image.width, image.height), filter: GLenum(GL_NEAREST))
    }

    /// Clears the window to the placement's backdrop and draws `image`
    /// into its rectangle: one blit from the uploaded texture, where
    /// drawing at the corner and moving the picture there (`CanvasBlit` in
    /// the editor) takes two more.
    public func present(_ image: RGBAImage<UInt8>, at placement: PicturePlacement) throws(GLError) {
        placement.clearWindow()
        try present(
            image, blittingTo: (placement.x, placement.glBottom, placement.width, placement.height),
            filter: placement.blitFilter(width: image.width, height: image.height))
    }

    /// Uploads `image` and blits it flipped to the window's rectangle
    /// `to` (GL's coordinates: `y` is the bottom row).
    private func present(
        _ image: RGBAImage<UInt8>, blittingTo to: (x: Int, y: Int, width: Int, height: Int), filter: GLenum
    ) throws(GLError) {
        let (texture, framebuffer) = try reserve(width: image.width, height: image.height)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        epoxy_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        image.components.withUnsafeBytes { bytes in
            epoxy_glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(image.width), GLsizei(image.height), GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        framebuffer.bind(GL_READ_FRAMEBUFFER)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        let (x0, y0) = (GLint(to.x), GLint(to.y))
        epoxy_glBlitFramebuffer(
            0, 0, GLint(image.width), GLint(image.height), x0, y0 + GLint(to.height), x0 + GLint(to.width), y0,
            GLbitfield(GL_COLOR_BUFFER_BIT), filter)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try checkGL("presenting a \(image.width)×\(image.height) picture")
    }

    /// The target for a `width × height` picture.
    private func reserve(width: Int, height: Int) throws(GLError) -> (GLTexture, GLFramebuffer) {
        if let target, target.width == width, target.height == height { return (target.texture, target.framebuffer) }
        let texture = try GLTexture.image(width: width, height: height, format: GL_RGBA8)
        let framebuffer = GLFramebuffer()
        framebuffer.attach(texture, at: 0)
        try framebuffer.finish(drawing: 1, what: "picture")
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        target = (texture, framebuffer, width, height)
        return (texture, framebuffer)
    }
}
