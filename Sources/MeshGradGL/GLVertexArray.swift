@preconcurrency import CEpoxy

/// A vertex array object: which buffers feed which vertex attributes.
/// The core profile needs one bound for every draw, even attribute-less.
final class GLVertexArray {
    let name: GLuint
    private let lifetime = GLContextLifetime.active

    init() {
        var name: GLuint = 0
        epoxy_glGenVertexArrays(1, &name)
        self.name = name
    }

    func bind() { epoxy_glBindVertexArray(name) }

    deinit {
        guard GLContextLifetime.canDelete(lifetime) else { return }
        var name = self.name
        epoxy_glDeleteVertexArrays(1, &name)
    }
}
