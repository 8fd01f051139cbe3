/// Snapping a dragged point to the other points, as design tools do: each
/// coordinate within `tolerance` of another point's same coordinate takes
/// the nearest such, and says where, so that a guide can be drawn along it.
public struct PointSnap: Equatable, Sendable {
    /// The point after snapping.
    public var point: SIMD2<Double>
    /// The x of the vertical guide and the y of the horizontal one, where a
    /// coordinate snapped.
    public var guideX: Double?
    public var guideY: Double?

    /// `wanted` snapped to `others`, per axis within `tolerance` (canvas
    /// units per axis: a few screen pixels).
    public init(_ wanted: SIMD2<Double>, to others: [SIMD2<Double>], tolerance: SIMD2<Double>) {
        func nearest(_ axis: Int) -> Double? {
            var best: Double?
            for other in others where abs(other[axis] - wanted[axis]) <= tolerance[axis] {
                if best.map({ abs(other[axis] - wanted[axis]) < abs($0 - wanted[axis]) }) ?? true {
                    best = other[axis]
                }
            }
            return best
        }
        guideX = nearest(0)
        guideY = nearest(1)
        point = SIMD2(guideX ?? wanted.x, guideY ?? wanted.y)
    }
}
