/// A patch's color net rewritten in the power basis:
/// `color(u, v) = Σᵢ Σⱼ a[i][j] uⁱ vʲ`, coefficient `a[i][j]` at
/// `coefficients[j * 4 + i]`.
///
/// It is the same bicubic as the Bézier net (the change of basis is exact),
/// but it evaluates by Horner's rule in 15 multiply-adds instead of
/// building two Bernstein bases, and it composes with an affine `(u, v)`
/// into a plain polynomial along a pixel run (see `ColorRun`). Both
/// renderers evaluate this form; the GPU uploads these 16 coefficients
/// per patch.
public struct ColorPolynomial: Hashable, Sendable {
    public var coefficients: [SIMD4<Double>]

    /// The power-basis form of a Bézier color net.
    public init(_ net: ColorNet) {
        // Bernstein to power basis for a cubic: a = M · q with
        // M = [[1,0,0,0], [-3,3,0,0], [3,-6,3,0], [-1,3,-3,1]].
        let m: [[Double]] = [[1, 0, 0, 0], [-3, 3, 0, 0], [3, -6, 3, 0], [-1, 3, -3, 1]]
        var result = [SIMD4<Double>](repeating: .zero, count: 16)
        for j in 0..<4 {
            for i in 0..<4 {
                var sum = SIMD4<Double>()
                for l in 0..<4 {
                    for k in 0..<4 where m[i][k] != 0 && m[j][l] != 0 {
                        sum += (m[i][k] * m[j][l]) * net[k, l]
                    }
                }
                result[j * 4 + i] = sum
            }
        }
        coefficients = result
    }

    /// The polynomial at `(u, v)`, in double precision.
    public func evaluate(u: Double, v: Double) -> SIMD4<Double> {
        var result = SIMD4<Double>()
        for j in (0..<4).reversed() {
            var row = coefficients[j * 4 + 3]
            for i in (0..<3).reversed() { row = row * u + coefficients[j * 4 + i] }
            result = result * v + row
        }
        return result
    }
}
