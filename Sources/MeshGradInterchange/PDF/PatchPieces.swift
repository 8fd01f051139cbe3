import MeshGradCore

/// A piece of one patch, cut so that PDF can draw it: its geometry as a
/// tensor-product Bézier net (exact: a piece of a bicubic net is one), and
/// the color at its four corners, between which PDF interpolates
/// bilinearly in the piece's own (u, v).
struct PatchPiece {
    var geometry: GeometryNet
    /// Straight sRGB and alpha at (u, v) = (0, 0), (1, 0), (0, 1), (1, 1).
    var corners: [SIMD4<Double>]
    /// Where in its patch the piece lies, for checks.
    var patch: Int
    var u: ClosedRange<Double>
    var v: ClosedRange<Double>
}

/// Cuts every patch into pieces until PDF's bilinear color between the
/// corners is within `tolerance` (on the 0…1 scale; one 8-bit level is
/// 1/255) of the smooth color, checked on a 5 × 5 grid per piece, in
/// straight color and in the color over any backdrop (premultiplied).
struct PatchPieces {
    var pieces: [PatchPiece] = []
    /// The most halvings of a patch side (2⁷ = 128 pieces a side).
    static let maximumDepth = 7

    init(_ nets: PatchNets, tolerance: Double = 0.75 / 255) {
        for k in 0..<nets.count {
            let color = nets.colors[k]
            let space = nets.colorSpace
            cut(nets.geometry[k], patch: k, u: 0...1, v: 0...1, depth: 0, tolerance: tolerance) { u, v in
                finishColor(color.evaluate(u: u, v: v), in: space)
            }
        }
    }

    private mutating func cut(
        _ net: GeometryNet, patch: Int, u: ClosedRange<Double>, v: ClosedRange<Double>, depth: Int, tolerance: Double,
        color: (Double, Double) -> SIMD4<Double>
    ) {
        let corners = [
            color(u.lowerBound, v.lowerBound), color(u.upperBound, v.lowerBound), color(u.lowerBound, v.upperBound),
            color(u.upperBound, v.upperBound),
        ]
        if depth >= Self.maximumDepth
            || bilinearError(corners, u: u, v: v, color: color) <= tolerance
        {
            pieces.append(PatchPiece(geometry: subnet(net, u: u, v: v), corners: corners, patch: patch, u: u, v: v))
            return
        }
        let um = (u.lowerBound + u.upperBound) / 2
        let vm = (v.lowerBound + v.upperBound) / 2
        for vs in [v.lowerBound...vm, vm...v.upperBound] {
            for us in [u.lowerBound...um, um...u.upperBound] {
                cut(net, patch: patch, u: us, v: vs, depth: depth + 1, tolerance: tolerance, color: color)
            }
        }
    }

    private func bilinearError(
        _ corners: [SIMD4<Double>], u: ClosedRange<Double>, v: ClosedRange<Double>,
        color: (Double, Double) -> SIMD4<Double>
    ) -> Double {
        var worst = 0.0
        for j in 0...4 {
            for i in 0...4 {
                let s = Double(i) / 4
                let t = Double(j) / 4
                let mixed =
                    (1 - t) * ((1 - s) * corners[0] + s * corners[1]) + t * ((1 - s) * corners[2] + s * corners[3])
                let alpha =
                    (1 - t) * ((1 - s) * corners[0].w + s * corners[1].w)
                    + t * ((1 - s) * corners[2].w + s * corners[3].w)
                let truth = color(
                    u.lowerBound + s * (u.upperBound - u.lowerBound), v.lowerBound + t * (v.upperBound - v.lowerBound))
                let straight = (0..<3).map { abs(mixed[$0] - truth[$0]) }.max()!
                let over = (0..<3).map { abs(mixed[$0] * alpha - truth[$0] * truth.w) }.max()!
                // Straight color only matters where something shows.
                worst = max(worst, over, abs(alpha - truth.w), straight * truth.w)
            }
        }
        return worst
    }
}

/// The part of a bicubic net over `[u] × [v]`, as a net of its own.
func subnet(_ net: GeometryNet, u: ClosedRange<Double>, v: ClosedRange<Double>) -> GeometryNet {
    var result = net
    for j in 0..<4 {
        let row = subcurve((0..<4).map { net[$0, j] }, u.lowerBound, u.upperBound)
        for i in 0..<4 { result[i, j] = row[i] }
    }
    for i in 0..<4 {
        let column = subcurve((0..<4).map { result[i, $0] }, v.lowerBound, v.upperBound)
        for j in 0..<4 { result[i, j] = column[j] }
    }
    return result
}

/// The control points of a cubic Bézier's part over `[a, b]`, by two
/// de Casteljau splits.
func subcurve(_ p: [SIMD2<Double>], _ a: Double, _ b: Double) -> [SIMD2<Double>] {
    let left = split(p, at: b).0
    guard b > 0 else { return [p[0], p[0], p[0], p[0]] }
    return split(left, at: a / b).1
}

private func split(_ p: [SIMD2<Double>], at t: Double) -> ([SIMD2<Double>], [SIMD2<Double>]) {
    func mix(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> { a + (b - a) * t }
    let p01 = mix(p[0], p[1]), p12 = mix(p[1], p[2]), p23 = mix(p[2], p[3])
    let p012 = mix(p01, p12), p123 = mix(p12, p23)
    let mid = mix(p012, p123)
    return ([p[0], p01, p012, mid], [mid, p123, p23, p[3]])
}
