@preconcurrency import CEpoxy

/// A multisampled render target that is only ever resolved, never sampled.
final class GLRenderbuffer {
    let name: GLuint
    private let lifetime = GLContextLifetime.active

    init(width: Int, height: Int, format: Int32, samples: Int) throws(GLError) {
        var name: GLuint = 0
        epoxy_glGenRenderbuffers(1, &name)
        self.name = name
        epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), name)
        epoxy_glRenderbufferStorageMultisample(
            GLenum(GL_RENDERBUFFER), GLsizei(samples), GLenum(format), GLsizei(width), GLsizei(height))
        try checkGL("allocating a \(width)×\(height) render buffer with \(samples) samples")
    }

    deinit {
        guard GLContextLifetime.canDelete(lifetime) else { return }
        var name = self.name
        epoxy_glDeleteRenderbuffers(1, &name)
    }
}
