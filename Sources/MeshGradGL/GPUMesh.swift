@preconcurrency import CEpoxy
import MeshGradCore

/// A `RenderPlan` uploaded to the GPU: the tessellation's vertex and
/// index buffers exactly as Swift built them, a vertex array describing
/// `MeshVertex`, and the color polynomials in a buffer texture (16
/// RGBA32F texels per patch, which scales to meshes of thousands of
/// patches). Animation replaces only the vertex buffer.
public final class GPUMesh {
    let vertexBuffer = GLBuffer(target: GL_ARRAY_BUFFER)
    let indexBuffer = GLBuffer(target: GL_ELEMENT_ARRAY_BUFFER)
    let vertexArray = GLVertexArray()
    let polynomialBuffer = GLBuffer(target: GL_TEXTURE_BUFFER)
    let polynomialTexture: GLTexture
    private(set) var indexCount: Int
    /// The plan this mesh was uploaded from, minus nothing: the renderer
    /// reads its canvas size, color space, background and anti-aliasing.
    public private(set) var plan: RenderPlan

    init(_ plan: RenderPlan, info: GLInfo) throws(GLError) {
        guard plan.colorPolynomials.count <= info.maxTextureBufferTexels else {
            throw .limitExceeded(
                "the mesh has \(plan.colorPolynomials.count / 16) patches; this driver holds at most \(info.maxTextureBufferTexels / 16)"
            )
        }
        self.plan = plan
        indexCount = plan.tessellation.indices.count
        vertexArray.bind()
        try vertexBuffer.upload(plan.tessellation.vertices)
        try indexBuffer.upload(plan.tessellation.indices)
        let stride = GLsizei(MemoryLayout<MeshVertex>.stride)
        func offset(_ bytes: Int) -> UnsafeRawPointer? { UnsafeRawPointer(bitPattern: bytes) }
        epoxy_glEnableVertexAttribArray(0)
        epoxy_glVertexAttribPointer(
            0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, offset(MeshVertex.positionOffset))
        epoxy_glEnableVertexAttribArray(1)
        epoxy_glVertexAttribPointer(
            1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, offset(MeshVertex.parameterOffset))
        epoxy_glEnableVertexAttribArray(2)
        epoxy_glVertexAttribIPointer(2, 1, GLenum(GL_UNSIGNED_INT), stride, offset(MeshVertex.patchOffset))
        epoxy_glBindVertexArray(0)
        try polynomialBuffer.upload(plan.colorPolynomials)
        polynomialTexture = try GLTexture.buffer(polynomialBuffer)
        try checkGL("uploading the mesh")
    }

    /// Replaces the vertices (same count: an animation frame of the same
    /// mesh) and the color polynomials, keeping the index buffer.
    public func update(_ plan: RenderPlan) throws(GLError) {
        precondition(plan.tessellation.indices.count == indexCount, "update needs the same tessellation layout")
        try vertexBuffer.upload(plan.tessellation.vertices, usage: GL_DYNAMIC_DRAW)
        if plan.colorPolynomials != self.plan.colorPolynomials {
            try polynomialBuffer.upload(plan.colorPolynomials, usage: GL_DYNAMIC_DRAW)
        }
        self.plan = plan
    }
}
