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

    /// A buffer texture over `buffer`, read as texels of `format`
    /// (RGBA32F: four floats; R32F: one).
    static func buffer(_ buffer: GLBuffer, format: Int32 = GL_RGBA32F) throws(GLError) -> GLTexture {
        let texture = GLTexture(target: GL_TEXTURE_BUFFER)
        epoxy_glBindTexture(texture.target, texture.name)
        epoxy_glTexBuffer(texture.target, GLenum(format), buffer.name)
        try checkGL("creating a buffer texture")
        return texture
    }

    /// Replaces the contents of a 2D RGBA32F texture with `components`
    /// (`width × height × 4` floats, the first row at texture row 0).
    func upload(rgbaFloat components: [Float], width: Int, height: Int) throws(GLError) {
        try upload(components, channels: GL_RGBA, count: 4, width: width, height: height, what: "image")
    }

    /// Replaces the contents of a 2D single-channel float texture (R32F)
    /// with `values` (`width × height` floats, the first row at row 0).
    func upload(redFloat values: [Float], width: Int, height: Int) throws(GLError) {
        try upload(values, channels: GL_RED, count: 1, width: width, height: height, what: "mask")
    }

    private func upload(
        _ values: [Float], channels: Int32, count: Int, width: Int, height: Int, what: String
    ) throws(GLError) {
        precondition(target == GLenum(GL_TEXTURE_2D) && values.count == width * height * count)
        epoxy_glBindTexture(target, name)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        epoxy_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        values.withUnsafeBytes { bytes in
            epoxy_glTexSubImage2D(
                target, 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(channels), GLenum(GL_FLOAT), bytes.baseAddress)
        }
        try checkGL("uploading a \(width)×\(height) \(what)")
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
