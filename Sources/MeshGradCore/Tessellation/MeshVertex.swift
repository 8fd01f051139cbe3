/// One vertex of the tessellated mesh, laid out exactly as the GPU renderer
/// uploads it (20 bytes, no padding): canvas position in pixels, the patch
/// parameters `(u, v)` and the patch index.
///
/// Color is not a vertex attribute: every pixel evaluates its own color from
/// `(patch, u, v)` (mesh-math §6), so the tessellation only has to be fine
/// enough for the *geometry*.
@frozen
public struct MeshVertex: Hashable, Sendable {
    /// Canvas position in pixels, `(0, 0)` at the top-left corner, y down.
    public var x: Float
    public var y: Float
    /// Patch parameters in `0...1`: `u` along the row, `v` down the column.
    public var u: Float
    public var v: Float
    /// Row-major patch index: `r * (width - 1) + c`.
    public var patch: UInt32

    public init(x: Float, y: Float, u: Float, v: Float, patch: UInt32) {
        self.x = x
        self.y = y
        self.u = u
        self.v = v
        self.patch = patch
    }

    /// Byte offsets for the GPU's vertex attribute pointers.
    public static let positionOffset = 0
    public static let parameterOffset = 8
    public static let patchOffset = 16
}
