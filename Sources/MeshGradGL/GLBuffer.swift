@preconcurrency import CEpoxy

/// A GL buffer object (vertices, indices, texture-buffer storage, pixel
/// readback), deleted with its owner. Like every wrapper here it must be
/// used, and released, while its context is current.
final class GLBuffer {
    let name: GLuint
    private let lifetime = GLContextLifetime.active
    let target: GLenum
    private(set) var byteCount = 0

    init(target: Int32) {
        var name: GLuint = 0
        epoxy_glGenBuffers(1, &name)
        self.name = name
        self.target = GLenum(target)
    }

    func bind() { epoxy_glBindBuffer(target, name) }

    /// Replaces the whole contents (reallocating when the size changes).
    func upload<T>(_ elements: [T], usage: Int32 = GL_STATIC_DRAW) throws(GLError) {
        bind()
        let bytes = elements.count * MemoryLayout<T>.stride
        elements.withUnsafeBytes { raw in
            if bytes == byteCount {
                epoxy_glBufferSubData(target, 0, bytes, raw.baseAddress)
            } else {
                epoxy_glBufferData(target, bytes, raw.baseAddress, GLenum(usage))
            }
        }
        byteCount = bytes
        try checkGL("uploading \(bytes) bytes to a buffer")
    }

    /// Allocates `bytes` of storage without contents.
    func allocate(bytes: Int, usage: Int32) throws(GLError) {
        bind()
        epoxy_glBufferData(target, bytes, nil, GLenum(usage))
        byteCount = bytes
        try checkGL("allocating \(bytes) bytes of buffer storage")
    }

    deinit {
        guard GLContextLifetime.canDelete(lifetime) else { return }
        var name = self.name
        epoxy_glDeleteBuffers(1, &name)
    }
}
