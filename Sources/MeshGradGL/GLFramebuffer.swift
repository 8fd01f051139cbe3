@preconcurrency import CEpoxy

/// A framebuffer object with its color attachments. It keeps the textures
/// or render buffers it draws into alive as long as itself.
final class GLFramebuffer {
    let name: GLuint
    private let lifetime = GLContextLifetime.active
    private var attachments: [AnyObject] = []

    init() {
        var name: GLuint = 0
        epoxy_glGenFramebuffers(1, &name)
        self.name = name
    }

    func bind(_ target: Int32 = GL_FRAMEBUFFER) { epoxy_glBindFramebuffer(GLenum(target), name) }

    func attach(_ texture: GLTexture, at index: Int) {
        bind()
        epoxy_glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0 + Int32(index)), texture.target, texture.name, 0)
        attachments.append(texture)
    }

    func attach(_ renderbuffer: GLRenderbuffer, at index: Int) {
        bind()
        epoxy_glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0 + Int32(index)), GLenum(GL_RENDERBUFFER),
            renderbuffer.name)
        attachments.append(renderbuffer)
    }

    /// Attaches a depth buffer (for the fold rule, mesh-math §7a).
    func attachDepth(_ renderbuffer: GLRenderbuffer) {
        bind()
        epoxy_glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), renderbuffer.name)
        attachments.append(renderbuffer)
    }

    /// Draws into the first `count` attachments and checks completeness.
    func finish(drawing count: Int, what: String) throws(GLError) {
        bind()
        let buffers = (0..<count).map { GLenum(GL_COLOR_ATTACHMENT0 + Int32($0)) }
        epoxy_glDrawBuffers(GLsizei(count), buffers)
        let status = UInt32(epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)))
        guard status == UInt32(GL_FRAMEBUFFER_COMPLETE) else {
            throw .incompleteFramebuffer(what: what, status: status)
        }
        try checkGL("setting up the \(what) framebuffer")
    }

    deinit {
        guard GLContextLifetime.canDelete(lifetime) else { return }
        var name = self.name
        epoxy_glDeleteFramebuffers(1, &name)
    }

    /// A `width × height` RGBA32F texture and a framebuffer that draws into
    /// it: the scratch image of a blur or a scene's canvas.
    static func floatImage(
        width: Int, height: Int, what: String
    ) throws(GLError) -> (texture: GLTexture, framebuffer: GLFramebuffer) {
        let texture = try GLTexture.image(width: width, height: height, format: GL_RGBA32F)
        let framebuffer = GLFramebuffer()
        framebuffer.attach(texture, at: 0)
        try framebuffer.finish(drawing: 1, what: what)
        return (texture, framebuffer)
    }
}
