// Whether a tessellated patch folds over itself, and the key that decides
// which of its sheets covers a pixel there (mesh-math §7a). Twin of the
// `FOLDS` path of Shaders/mesh.frag, which writes the same key as depth.

extension Tessellation {
    /// Whether some patch folds over itself: its triangles, in the order of
    /// their `(u, v)` corners, do not all turn the same way on the canvas
    /// (a fold flips the ones beyond the fold line). Only then do the
    /// renderers compare depth keys; a mesh without a fold is painted in
    /// drawing order, which gives the same picture and costs nothing.
    public var hasFoldedPatch: Bool {
        let trianglesPerPatch = 2 * level * level
        guard trianglesPerPatch > 0 else { return false }
        var positive = false
        var negative = false
        for triangle in 0..<triangleCount {
            if triangle % trianglesPerPatch == 0 {
                positive = false
                negative = false
            }
            let a = vertices[Int(indices[3 * triangle])]
            let b = vertices[Int(indices[3 * triangle + 1])]
            let c = vertices[Int(indices[3 * triangle + 2])]
            let area =
                (Double(b.x) - Double(a.x)) * (Double(c.y) - Double(a.y))
                - (Double(b.y) - Double(a.y)) * (Double(c.x) - Double(a.x))
            if area > 0 { positive = true } else if area < 0 { negative = true }
            if positive && negative { return true }
        }
        return false
    }
}

/// The depth key of a point of patch `patch` at parameter `v` (clamped to
/// `0...1`), `scale` being ``RenderPlan/foldKeyScale``: patch-major, then
/// the larger `v`. The multiplication by a power of two is exact, and the
/// one rounding of the sum is the GPU's too.
@inline(__always)
func foldKey(patch: Int32, v: Float, scale: Float) -> Float {
    (Float(patch) + min(max(v, 0), 1)) * scale
}
