@preconcurrency import CEpoxy
import MeshGradGL

/// Moves the picture the GL renderers drew at the window's bottom-left
/// corner (they always draw at the framebuffer's origin) to where the
/// canvas view puts it, scaled: one blit into a kept renderbuffer and one
/// back, no shader. Used only while the panels show (with a margin round
/// the canvas and zoom) and the picture is GL's: a picture drawn on the CPU
/// is blitted into place from its upload (`ImagePresenter`), and hidden
/// panels draw the picture directly, pixel for pixel.
final class CanvasBlit {
    private var framebuffer: GLuint = 0
    private var renderbuffer: GLuint = 0
    private var size = (width: 0, height: 0)

    init() {
        epoxy_glGenFramebuffers(1, &framebuffer)
        epoxy_glGenRenderbuffers(1, &renderbuffer)
    }

    deinit {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        epoxy_glDeleteRenderbuffers(1, &renderbuffer)
    }

    private func reserve(width: Int, height: Int) {
        guard width > size.width || height > size.height else { return }
        size = (max(width, size.width), max(height, size.height))
        epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        epoxy_glRenderbufferStorage(
            GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Takes the `width × height` picture at the window's bottom-left,
    /// clears the window to the placement's backdrop, and draws the picture
    /// into its rectangle.
    func move(width: Int, height: Int, to placement: PicturePlacement) {
        reserve(width: width, height: height)
        let w = GLint(width)
        let h = GLint(height)
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
        epoxy_glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        placement.clearWindow()
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        let x0 = GLint(placement.x)
        let y0 = GLint(placement.glBottom)
        epoxy_glBlitFramebuffer(
            0, 0, w, h, x0, y0, x0 + GLint(placement.width), y0 + GLint(placement.height),
            GLbitfield(GL_COLOR_BUFFER_BIT), placement.blitFilter(width: width, height: height))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
