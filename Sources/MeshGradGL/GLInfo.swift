@preconcurrency import CEpoxy

/// What the current context is and what it can do: `meshgrad info` prints
/// it, and the renderer sizes its tiles by it.
public struct GLInfo: Sendable {
    public var vendor: String
    public var renderer: String
    public var version: String
    public var shadingLanguageVersion: String
    public var maxRenderbufferSize: Int
    public var maxTextureSize: Int
    public var maxViewportSize: (Int, Int)
    public var maxSamples: Int
    public var maxTextureBufferTexels: Int

    /// Reads the current context.
    public init() {
        vendor = glString(GL_VENDOR)
        renderer = glString(GL_RENDERER)
        version = glString(GL_VERSION)
        shadingLanguageVersion = glString(GL_SHADING_LANGUAGE_VERSION)
        maxRenderbufferSize = glInteger(GL_MAX_RENDERBUFFER_SIZE)
        maxTextureSize = glInteger(GL_MAX_TEXTURE_SIZE)
        var dims: [GLint] = [0, 0]
        epoxy_glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &dims)
        maxViewportSize = (Int(dims[0]), Int(dims[1]))
        maxSamples = glInteger(GL_MAX_SAMPLES)
        maxTextureBufferTexels = glInteger(GL_MAX_TEXTURE_BUFFER_SIZE)
    }

    /// Whether the "GPU" is a CPU rasterizer (Mesa's llvmpipe, softpipe).
    public var isSoftware: Bool {
        let name = renderer.lowercased()
        return name.contains("llvmpipe") || name.contains("softpipe") || name.contains("swrast")
    }

    /// The largest square a single pass renders at once.
    var maxTargetSide: Int {
        min(maxRenderbufferSize, maxTextureSize, maxViewportSize.0, maxViewportSize.1)
    }
}
