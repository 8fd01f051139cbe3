/// A mesh vertex with explicit Bézier handles, as SwiftUI's
/// `MeshGradient.BezierPoint`. Handles are absolute positions in the same
/// unit space as `position`.
///
/// `leading` points toward column `c - 1`, `trailing` toward `c + 1`, `top`
/// toward row `r - 1`, `bottom` toward row `r + 1`. A border vertex ignores
/// the handles that point out of the grid.
public struct BezierPoint: Hashable, Sendable {
    public var position: SIMD2<Double>
    public var leading: SIMD2<Double>
    public var top: SIMD2<Double>
    public var trailing: SIMD2<Double>
    public var bottom: SIMD2<Double>

    public init(
        position: SIMD2<Double>, leading: SIMD2<Double>, top: SIMD2<Double>,
        trailing: SIMD2<Double>, bottom: SIMD2<Double>
    ) {
        self.position = position
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    /// A vertex whose handles all sit on the vertex itself.
    public init(position: SIMD2<Double>) {
        self.init(
            position: position, leading: position, top: position, trailing: position,
            bottom: position)
    }

    /// Every coordinate of the point and its handles, for finiteness checks.
    var allCoordinates: [Double] {
        [position, leading, top, trailing, bottom].flatMap { [$0.x, $0.y] }
    }
}
