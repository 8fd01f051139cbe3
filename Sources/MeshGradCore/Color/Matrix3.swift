/// A 3×3 matrix of doubles (rows), for color conversions.
public struct Matrix3: Equatable, Sendable {
    public var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    public init(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) { rows = (r0, r1, r2) }

    public static func == (a: Matrix3, b: Matrix3) -> Bool {
        a.rows.0 == b.rows.0 && a.rows.1 == b.rows.1 && a.rows.2 == b.rows.2
    }

    /// `m(v)`: the matrix times a column vector. (A method, not `*`: one
    /// more public overload of `*` slows the type-checking of every
    /// arithmetic expression that imports this module.)
    public func callAsFunction(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows.0 * v).sum(), (rows.1 * v).sum(), (rows.2 * v).sum())
    }

    public var transposed: Matrix3 {
        Matrix3(
            SIMD3(rows.0.x, rows.1.x, rows.2.x), SIMD3(rows.0.y, rows.1.y, rows.2.y),
            SIMD3(rows.0.z, rows.1.z, rows.2.z))
    }

    /// `self · b`.
    public func times(_ b: Matrix3) -> Matrix3 {
        let c = b.transposed
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((r * c.rows.0).sum(), (r * c.rows.1).sum(), (r * c.rows.2).sum())
        }
        return Matrix3(row(rows.0), row(rows.1), row(rows.2))
    }

    /// By the adjugate over the determinant.
    public var inverse: Matrix3 {
        let (a, b, c) = rows
        let r0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
        let r1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
        let r2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
        let determinant = a.x * r0.x + a.y * r1.x + a.z * r2.x
        return Matrix3(r0 / determinant, r1 / determinant, r2 / determinant)
    }

    /// The matrix from linear RGB with these primaries to XYZ, white
    /// mapping to Y = 1 (the "normalised primary matrix" of SMPTE RP 177).
    public static func rgbToXYZ(primaries: [SIMD2<Double>], white: SIMD2<Double>) -> Matrix3 {
        func xyz(_ c: SIMD2<Double>) -> SIMD3<Double> { SIMD3(c.x / c.y, 1, (1 - c.x - c.y) / c.y) }
        let (r, g, b) = (xyz(primaries[0]), xyz(primaries[1]), xyz(primaries[2]))
        let columns = Matrix3(r, g, b).transposed
        let scale = columns.inverse(xyz(white))
        return Matrix3(r * scale.x, g * scale.y, b * scale.z).transposed
    }
}
