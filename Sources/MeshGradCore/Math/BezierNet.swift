/// A bicubic Bézier net: 4 × 4 control points `p[i][j]`, `i` along `u`,
/// `j` along `v`, stored at `points[j * 4 + i]`.
///
/// Geometry nets hold `SIMD2<Double>` positions; color nets hold
/// `SIMD4<Double>` premultiplied colors. Both evaluate the same way:
/// `S(u, v) = Σᵢ Σⱼ Bᵢ(u) Bⱼ(v) p[i][j]`.
public struct BezierNet<Point: SIMD>: Hashable, Sendable
where Point.Scalar == Double, Point: Hashable & Sendable {
    public var points: [Point]

    public init(points: [Point]) {
        precondition(points.count == 16)
        self.points = points
    }

    public subscript(i: Int, j: Int) -> Point {
        get { points[j * 4 + i] }
        set { points[j * 4 + i] = newValue }
    }

    /// The surface at `(u, v)`.
    public func evaluate(u: Double, v: Double) -> Point {
        let bu = bernstein(u)
        let bv = bernstein(v)
        var result = Point()
        for j in 0..<4 {
            var row = Point()
            for i in 0..<4 { row += bu[i] * points[j * 4 + i] }
            result += bv[j] * row
        }
        return result
    }

    /// ∂S/∂u at `(u, v)`: the derivative of the Bernstein form, a net of
    /// 3 × 4 differences.
    public func derivativeU(u: Double, v: Double) -> Point {
        let s = 1 - u
        let du = SIMD3(s * s, 2 * u * s, u * u) * 3
        let bv = bernstein(v)
        var result = Point()
        for j in 0..<4 {
            for i in 0..<3 {
                let difference: Point = points[j * 4 + i + 1] - points[j * 4 + i]
                let weight: Double = du[i] * bv[j]
                result += weight * difference
            }
        }
        return result
    }

    /// ∂S/∂v at `(u, v)`.
    public func derivativeV(u: Double, v: Double) -> Point {
        let s = 1 - v
        let dv = SIMD3(s * s, 2 * v * s, v * v) * 3
        let bu = bernstein(u)
        var result = Point()
        for j in 0..<3 {
            for i in 0..<4 {
                let difference: Point = points[(j + 1) * 4 + i] - points[j * 4 + i]
                let weight: Double = bu[i] * dv[j]
                result += weight * difference
            }
        }
        return result
    }
}

/// A patch's geometry: positions in the unit square.
public typealias GeometryNet = BezierNet<SIMD2<Double>>
/// A patch's color: premultiplied colors in the interpolation space.
public typealias ColorNet = BezierNet<SIMD4<Double>>
