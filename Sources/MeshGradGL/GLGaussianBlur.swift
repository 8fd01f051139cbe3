@preconcurrency import CEpoxy
import Dispatch
import MeshGradCore

/// The GPU twin of `GaussianBlur`: a separable Gaussian blur of a
/// premultiplied RGBA32F texture, rows then columns, through an
/// intermediate texture. `Shaders/blur.frag` convolves with the same
/// `GaussianKernel` weights as the CPU, uploaded as a buffer texture (so
/// any σ fits, where a uniform array would cap the radius), and treats the
/// outside as transparent, as the CPU does.
///
/// Needs a current context (a ``HeadlessContext`` or a window's) and, like
/// every GL object here, is bound to it. Draws with blending off and leaves
/// it off; changes the viewport, the bound framebuffer, the program and the
/// textures on units 0 and 1.
public final class GLGaussianBlur {
    let program: GLProgram
    let weightBuffer = GLBuffer(target: GL_TEXTURE_BUFFER)
    let weightTexture: GLTexture
    let emptyVertexArray = GLVertexArray()
    private var uploadedKernel: GaussianKernel?

    /// Wait for the GPU around the two passes of each blur and record their
    /// wall time in ``lastPassSeconds`` (benchmarks).
    public var measuresPasses = false
    /// The two passes of the last blur, in seconds, when ``measuresPasses``
    /// is on.
    public private(set) var lastPassSeconds = 0.0
    /// The row pass's output, kept for the next blur of the same size.
    private var intermediate: (width: Int, height: Int, texture: GLTexture, framebuffer: GLFramebuffer)?

    /// Compiles the blur shader.
    public init() throws(GLError) {
        program = try GLProgram(name: "blur", vertex: EmbeddedShaders.finishVert, fragment: EmbeddedShaders.blurFrag)
        try weightBuffer.upload([Float(1)])
        weightTexture = try GLTexture.buffer(weightBuffer, format: GL_R32F)
    }

    /// Blurs `source`, a `width × height` RGBA32F texture of premultiplied
    /// colors, into `destination`, a texture of the same size and format.
    /// Source and destination may not be the same texture.
    func blur(
        _ source: GLTexture, into destination: GLTexture, width: Int, height: Int, kernel: GaussianKernel
    ) throws(GLError) {
        precondition(source !== destination, "the blur cannot read and write one texture")
        if uploadedKernel != kernel {
            try weightBuffer.upload(kernel.weights)
            uploadedKernel = kernel
        }
        let between = try intermediateTarget(width: width, height: height)
        let output = GLFramebuffer()
        output.attach(destination, at: 0)
        try output.finish(drawing: 1, what: "blur output")

        if measuresPasses { epoxy_glFinish() }
        let start = DispatchTime.now()
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
        program.use()
        program.set("sourceImage", 0)
        program.set("gaussianWeights", 1)
        program.set("kernelRadius", kernel.radius)
        weightTexture.bind(unit: 1)
        emptyVertexArray.bind()

        between.framebuffer.bind()
        program.set("direction", 1, 0)
        source.bind(unit: 0)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        try checkGL("blurring along rows")

        output.bind()
        program.set("direction", 0, 1)
        between.texture.bind(unit: 0)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        try checkGL("blurring along columns")
        if measuresPasses {
            epoxy_glFinish()
            lastPassSeconds = start.secondsElapsed
        }
    }

    /// The image blurred on the GPU: uploaded, blurred by `blur(_:into:width:height:kernel:)`
    /// and read back. Its components must be premultiplied, as for
    /// `GaussianBlur/blurred(premultiplied:)`, whose result this matches
    /// within float rounding.
    public func blurred(
        premultiplied image: RGBAImage<Float>, kernel: GaussianKernel
    ) throws(GLError)
        -> RGBAImage<Float>
    {
        let (width, height) = (image.width, image.height)
        guard width > 0, height > 0 else { return image }
        let source = try GLTexture.image(width: width, height: height, format: GL_RGBA32F)
        try source.upload(rgbaFloat: image.components, width: width, height: height)
        let destination = try GLTexture.image(width: width, height: height, format: GL_RGBA32F)
        try blur(source, into: destination, width: width, height: height, kernel: kernel)

        let readback = GLFramebuffer()
        readback.attach(destination, at: 0)
        try readback.finish(drawing: 1, what: "blur readback")
        readback.bind(GL_READ_FRAMEBUFFER)
        epoxy_glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0))
        epoxy_glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        var components = [Float](repeating: 0, count: width * height * 4)
        components.withUnsafeMutableBytes { bytes in
            epoxy_glReadPixels(
                0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_FLOAT), bytes.baseAddress)
        }
        try checkGL("reading back the blurred image")
        return RGBAImage(width: width, height: height, components: components)
    }

    private func intermediateTarget(
        width: Int, height: Int
    ) throws(GLError) -> (
        texture: GLTexture, framebuffer: GLFramebuffer
    ) {
        if let intermediate, intermediate.width == width, intermediate.height == height {
            return (intermediate.texture, intermediate.framebuffer)
        }
        intermediate = nil  // free the old image first
        let (texture, framebuffer) = try GLFramebuffer.floatImage(
            width: width, height: height, what: "blur intermediate")
        intermediate = (width, height, texture, framebuffer)
        return (texture, framebuffer)
    }
}
