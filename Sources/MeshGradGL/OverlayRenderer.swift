@preconcurrency import CEpoxy

/// Draws flat-colored 2D shapes over the window: the preview's vertex
/// markers, mesh edges and handles. Shapes are built on the CPU as
/// triangles in framebuffer pixels (y down) and drawn in one call.
public final class OverlayRenderer {
    /// Interleaved position (x, y) and straight color (r, g, b, a).
    public struct Vertex {
        public var x, y: Float
        public var r, g, b, a: Float
        public init(x: Float, y: Float, color: SIMD4<Float>) {
            self.x = x
            self.y = y
            (r, g, b, a) = (color.x, color.y, color.z, color.w)
        }
    }

    let program: GLProgram
    let buffer = GLBuffer(target: GL_ARRAY_BUFFER)
    let vertexArray = GLVertexArray()
    public private(set) var triangles: [Vertex] = []

    public init() throws(GLError) {
        program = try GLProgram(
            name: "overlay", vertex: EmbeddedShaders.overlayVert, fragment: EmbeddedShaders.overlayFrag)
        vertexArray.bind()
        buffer.bind()
        let stride = GLsizei(MemoryLayout<Vertex>.stride)
        epoxy_glEnableVertexAttribArray(0)
        epoxy_glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        epoxy_glEnableVertexAttribArray(1)
        epoxy_glVertexAttribPointer(
            1, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 8))
        epoxy_glBindVertexArray(0)
    }

    public func clear() { triangles.removeAll(keepingCapacity: true) }

    /// A filled axis-aligned square centered on a point.
    public func square(at p: SIMD2<Float>, size: Float, color: SIMD4<Float>) {
        let h = size / 2
        quad(p + SIMD2(-h, -h), p + SIMD2(h, -h), p + SIMD2(h, h), p + SIMD2(-h, h), color: color)
    }

    /// A line segment `width` pixels thick.
    public func line(from a: SIMD2<Float>, to b: SIMD2<Float>, width: Float, color: SIMD4<Float>) {
        let d = b - a
        let length = (d * d).sum().squareRoot()
        guard length > 0, length.isFinite else { return }
        let normal = SIMD2(-d.y, d.x) / length * (width / 2)
        quad(a + normal, b + normal, b - normal, a - normal, color: color)
    }

    func quad(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ c: SIMD2<Float>, _ d: SIMD2<Float>, color: SIMD4<Float>) {
        for p in [a, b, c, a, c, d] { triangles.append(Vertex(x: p.x, y: p.y, color: color)) }
    }

    /// Draws what was added since `clear()` over the current framebuffer.
    public func draw(framebufferWidth: Int, framebufferHeight: Int) throws(GLError) {
        guard !triangles.isEmpty else { return }
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glViewport(0, 0, GLsizei(framebufferWidth), GLsizei(framebufferHeight))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        defer { epoxy_glDisable(GLenum(GL_BLEND)) }
        program.use()
        program.set("framebufferSize", Float(framebufferWidth), Float(framebufferHeight))
        vertexArray.bind()
        try buffer.upload(triangles, usage: GL_STREAM_DRAW)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(triangles.count))
        try checkGL("drawing the overlay")
    }
}
