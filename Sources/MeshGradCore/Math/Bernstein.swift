/// The cubic Bernstein basis `[(1-t)³, 3t(1-t)², 3t²(1-t), t³]`, the weights
/// of a cubic Bézier's four control points at parameter `t`.

@inlinable
public func bernstein(_ t: Double) -> SIMD4<Double> {
    let s = 1 - t
    return SIMD4(s * s * s, 3 * t * s * s, 3 * t * t * s, t * t * t)
}

/// A point on the cubic Bézier `[p0, p1, p2, p3]` at `t`.
@inlinable
public func cubicBezier(
    _ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
    at t: Double
) -> SIMD2<Double> {
    let b = bernstein(t)
    return b[0] * p0 + b[1] * p1 + b[2] * p2 + b[3] * p3
}
