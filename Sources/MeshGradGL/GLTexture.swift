@preconcurrency import CEpoxy

/// A GL texture: a 2D image (render target, resolve target) or a buffer
/// texture (a view of a buffer object as an array of texels).
final class GLTexture {
    let name: GLuint
    private let lifetime = GLContextLifetime.active
    let target: GLenum

    init(target: Int32) {
        var name: GLuint = 0
        epoxy_glGenTextures(1, &name)
        self.name = name
        self.target = GLenum(target)
    }

    /// A 2D texture of `format` (e.g. GL_RGBA32F) with nearest filtering:
    /// the passes read it texel by texel with texelFetch.
    static func image(width: Int, height: Int, format: Int32) throws(GLError) -> GLTexture {
        let texture = GLTexture(target: GL_TEXTURE_2D)
        epoxy_glBindTexture(texture.target, texture.name)
        epoxy_glTexParameteri(texture.target, GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        epoxy_glTexParameteri(texture.target, GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        epoxy_glTexStorage2D(texture.target, 1, GLenum(format), GLsizei(width), GLsizei(height))
        try checkGL("allocating a \(width)×\(height) texture")
        return texture
    }

    /// A buffer texture over `buffer`, read as RGBA32F texels.
    static func buffer(_ buffer: GLBuffer) throws(GLError) -> GLTexture {
        let texture = GLTexture(target: GL_TEXTURE_BUFFER)
        epoxy_glBindTexture(texture.target, texture.name)
        epoxy_glTexBuffer(texture.target, GLenum(GL_RGBA32F), buffer.name)
        try checkGL("creating a buffer texture")
        return texture
    }

    /// Binds to texture unit `unit`.
    func bind(unit: Int) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(target, name)
    }

    deinit {
        guard GLContextLifetime.canDelete(lifetime) else { return }
        var name = self.name
        epoxy_glDeleteTextures(1, &name)
    }
}
