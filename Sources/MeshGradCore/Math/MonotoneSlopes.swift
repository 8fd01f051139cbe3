/// The per-vertex color derivatives of `smoothsColors` (mesh-math §4b),
/// measured in grid steps, per channel.
///
/// `dx` and `dy` are centred differences limited so that a row or column of
/// monotone colors stays monotone (no overshoot, no halo); they are zero on
/// the border and at local extrema. `dxy` is the twist, zero on the border.
public struct ColorSlopes: Sendable {
    public var dx: [SIMD4<Double>]
    public var dy: [SIMD4<Double>]
    public var dxy: [SIMD4<Double>]

    /// Slopes for a `width × height` grid of (premultiplied) colors.
    public init(width: Int, height: Int, colors: [SIMD4<Double>]) {
        precondition(colors.count == width * height)
        func at(_ c: Int, _ r: Int) -> SIMD4<Double> { colors[r * width + c] }

        dx = []
        dy = []
        dxy = []
        for r in 0..<height {
            for c in 0..<width {
                dx.append(
                    c == 0 || c == width - 1
                        ? .zero : monotoneSlope(before: at(c - 1, r), at: at(c, r), after: at(c + 1, r)))
                dy.append(
                    r == 0 || r == height - 1
                        ? .zero : monotoneSlope(before: at(c, r - 1), at: at(c, r), after: at(c, r + 1)))
                let interior = c > 0 && c < width - 1 && r > 0 && r < height - 1
                dxy.append(
                    interior
                        ? (at(c + 1, r + 1) - at(c - 1, r + 1) - at(c + 1, r - 1) + at(c - 1, r - 1)) / 4
                        : .zero)
            }
        }
    }
}

/// The limited centred slope at an interior sample, per channel:
/// zero at a local extremum (`a·b ≤ 0`), else `(after - before) / 2` clamped
/// to `3·min(|a|, |b|)`, the Fritsch–Carlson bound that keeps a cubic
/// Hermite segment monotone.
@inlinable
public func monotoneSlope(
    before: SIMD4<Double>, at value: SIMD4<Double>, after: SIMD4<Double>
) -> SIMD4<Double> {
    let a = value - before
    let b = after - value
    var d = (after - before) / 2
    let limit = 3 * pointwiseMin(a.magnitudes, b.magnitudes)
    d = d.clamped(lowerBound: -limit, upperBound: limit)
    let extremum = a * b .<= 0
    return d.replacing(with: 0, where: extremum)
}

extension SIMD4 where Scalar == Double {
    @usableFromInline var magnitudes: SIMD4<Double> { SIMD4(abs(x), abs(y), abs(z), abs(w)) }
}
