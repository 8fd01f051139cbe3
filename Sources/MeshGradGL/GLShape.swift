import MeshGradCore

extension GLSceneRenderer {
    /// Sets `shape.glsl`'s uniforms for a layer's shape (the twin of
    /// `shapeColor` in Sources/MeshGradCore/Scene/Shape.swift), or turns it
    /// off for a layer without one.
    func setShape(_ shape: ShapePlan?, in program: GLProgram) {
        program.set("hasShape", shape == nil ? 0 : 1)
        guard let shape else { return }
        program.set("shapeCenter", shape.center.x, shape.center.y)
        program.set("shapeHalfSize", shape.halfSize.x, shape.halfSize.y)
        program.set("shapeRadius", shape.radius)
        program.set("strokeWidth", shape.strokeWidth)
        program.set("strokeColor", shape.strokeColor)
    }
}
