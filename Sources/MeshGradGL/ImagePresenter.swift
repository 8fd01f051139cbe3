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

    /// Uploads `image` and copies it to the window, its first row at the
    /// top (a window's first row is its bottom one, so the blit flips).
    public func present(_ image: RGBAImage<UInt8>) throws(GLError) {
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
        let w = GLint(image.width)
        let h = GLint(image.height)
        epoxy_glBlitFramebuffer(0, 0, w, h, 0, h, w, 0, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
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
