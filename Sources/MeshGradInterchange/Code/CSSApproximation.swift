import Foundation
import MeshGradCore

/// The best CSS can do for a mesh gradient: a `radial-gradient` at every
/// vertex and every patch's middle (an ellipse around it, its color
/// fading to transparent, first listed on top) over a base color. With the ellipses' sizes fixed, the
/// composite is linear in the colors, so they are fitted by least squares
/// to meshgrad's own render; the ellipse size (a multiple of the grid
/// spacing) is the best of a few tried. The fit's error is measured the
/// same way, by evaluating the CSS here as a browser would.
///
/// A mesh with colors beyond sRGB is fitted to its render in Display P3
/// (or BT.2020, `WideColor`) and written with `color(display-p3 …)`
/// stops, each gradient interpolating `in display-p3`, so that the fit's
/// linear model holds in that space.
public struct CSSApproximation: Sendable {
    public struct Layer: Sendable {
        public var center: SIMD2<Double>
        public var radii: SIMD2<Double>
        public var color: SIMD3<Double>
    }

    public var layers: [Layer]
    public var base: SIMD3<Double>
    /// The space the colors are in: sRGB, or the mesh's wider gamut.
    public var gamut = ColorGamut.sRGB
    /// Against the render (composited on white), in 8-bit levels.
    public var meanError: Double
    public var p99Error: Int
    public var maximumError: Int
    public var measuredWidth: Int
    public var measuredHeight: Int

    /// Fits `mesh` as rendered at `width × height` (a smaller copy is
    /// enough: the CSS scales with the box).
    public init(_ mesh: MeshGradient, width: Int = 192, height: Int = 128) {
        let gamut = ColorGamut.narrowest(holdingAll: mesh.colors + [mesh.background])
        let target =
            gamut == .sRGB
            ? CSSApproximation.target(mesh, width: width, height: height)
            : CSSApproximation.wideTarget(mesh, gamut: gamut, width: width, height: height)
        let spacing = SIMD2(1 / Double(mesh.width - 1), 1 / Double(mesh.height - 1))
        // A layer at every vertex and at every patch's middle.
        let nets = PatchNets(mesh)
        let centers = mesh.locations.positions + nets.geometry.map { $0.evaluate(u: 0.5, v: 0.5) }
        var best: CSSApproximation?
        for scale in [0.6, 0.8, 1.0, 1.3, 1.7] {
            let candidate = CSSApproximation(
                fitting: target, width: width, height: height, centers: centers,
                radii: spacing * scale)
            if best == nil || candidate.meanError < best!.meanError { best = candidate }
        }
        self = best!
        self.gamut = gamut
    }

    private init(
        fitting target: [SIMD3<Double>], width: Int, height: Int, centers: [SIMD2<Double>], radii: SIMD2<Double>
    ) {
        let layerCount = centers.count
        let unknowns = layerCount + 1
        // Each pixel's weights: layer k's contribution is c_k · a_k · Π(above) (1 − a_j).
        var normal = [Double](repeating: 0, count: unknowns * unknowns)
        var rhs = [SIMD3<Double>](repeating: .zero, count: unknowns)
        var weights = [Double](repeating: 0, count: unknowns)
        for y in 0..<height {
            for x in 0..<width {
                let p = SIMD2((Double(x) + 0.5) / Double(width), (Double(y) + 0.5) / Double(height))
                CSSApproximation.weights(at: p, centers: centers, radii: radii, into: &weights)
                let t = target[y * width + x]
                for i in 0..<unknowns where weights[i] != 0 {
                    rhs[i] += weights[i] * t
                    for j in 0..<unknowns where weights[j] != 0 { normal[i * unknowns + j] += weights[i] * weights[j] }
                }
            }
        }
        for i in 0..<unknowns { normal[i * unknowns + i] += 1e-6 }  // keeps unseen layers defined
        let solution = solveSymmetric(normal, rhs, size: unknowns).map {
            $0.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
        }
        layers = (0..<layerCount).map { Layer(center: centers[$0], radii: radii, color: solution[$0]) }
        base = solution[layerCount]
        measuredWidth = width
        measuredHeight = height
        (meanError, p99Error, maximumError) = (0, 0, 0)
        measure(against: target)
    }

    /// What the CSS paints at `p` (unit square), as a browser composites it.
    public func color(at p: SIMD2<Double>) -> SIMD3<Double> {
        var weights = [Double](repeating: 0, count: layers.count + 1)
        CSSApproximation.weights(
            at: p, centers: layers.map(\.center), radii: layers.first?.radii ?? .one, into: &weights)
        var result = weights[layers.count] * base
        for (k, layer) in layers.enumerated() { result += weights[k] * layer.color }
        return result
    }

    private mutating func measure(against target: [SIMD3<Double>]) {
        var histogram = [Int](repeating: 0, count: 256)
        var sum = 0
        for y in 0..<measuredHeight {
            for x in 0..<measuredWidth {
                let p = SIMD2((Double(x) + 0.5) / Double(measuredWidth), (Double(y) + 0.5) / Double(measuredHeight))
                let d = color(at: p) - target[y * measuredWidth + x]
                let level = Int((max(abs(d.x), abs(d.y), abs(d.z)) * 255).rounded())
                histogram[min(level, 255)] += 1
                sum += level
                maximumError = max(maximumError, level)
            }
        }
        let count = measuredWidth * measuredHeight
        meanError = Double(sum) / Double(count)
        var cumulative = 0
        for level in 0..<256 {
            cumulative += histogram[level]
            if Double(cumulative) >= 0.99 * Double(count) {
                p99Error = level
                break
            }
        }
    }

    /// Straight alpha of layer k at p: 1 at the center, 0 at the ellipse
    /// (stops `color 0%, transparent 100%`, premultiplied interpolation).
    static func weights(
        at p: SIMD2<Double>, centers: [SIMD2<Double>], radii: SIMD2<Double>, into weights: inout [Double]
    ) {
        var remaining = 1.0
        for (k, c) in centers.enumerated() {
            let d = (p - c) / radii
            let alpha = max(0, 1 - (d * d).sum().squareRoot())
            weights[k] = alpha * remaining
            remaining *= 1 - alpha
        }
        weights[centers.count] = remaining
    }

    /// The render, on white, as straight sRGB in 0…1.
    static func target(_ mesh: MeshGradient, width: Int, height: Int) -> [SIMD3<Double>] {
        let image = CPURenderer().render8(RenderPlan(mesh: mesh, width: width, height: height), dithers: false)
        return (0..<(width * height)).map { p in
            let a = Double(image.components[p * 4 + 3]) / 255
            let rgb = SIMD3(
                Double(image.components[p * 4]), Double(image.components[p * 4 + 1]),
                Double(image.components[p * 4 + 2]))
            return rgb / 255 * a + SIMD3(repeating: 1 - a)
        }
    }

    /// The render in `gamut` (its encoded values), on white.
    static func wideTarget(_ mesh: MeshGradient, gamut: ColorGamut, width: Int, height: Int) -> [SIMD3<Double>] {
        let wide = WideColor(colors: mesh.colors + [mesh.background], space: mesh.colorSpace, gamut: gamut)
        let image = CPURenderer().render16(RenderPlan(mesh: wide.rendered(mesh), width: width, height: height))
        return (0..<(width * height)).map { p in
            let c = image.components[(p * 4)..<(p * 4 + 4)].map { Double($0) / 65535 }
            return wide.output(SIMD3(c[0], c[1], c[2])) * c[3] + SIMD3(repeating: 1 - c[3])
        }
    }

    /// The CSS: a rule for `selector` with the layers and base, and the
    /// measured error in a comment.
    public func css(selector: String = ".mesh-gradient") -> String {
        func percent(_ v: Double) -> String { pdfNumber((v * 1000).rounded() / 10) + "%" }
        let space = gamut == .displayP3 ? "display-p3" : "rec2020"
        func rgb(_ c: SIMD3<Double>, alpha: Bool = false) -> String {
            guard gamut == .sRGB else {
                let values = [c.x, c.y, c.z].map { pdfNumber(($0 * 10000).rounded() / 10000) }
                return "color(\(space) \(values.joined(separator: " "))\(alpha ? " / 0" : ""))"
            }
            let bytes = [c.x, c.y, c.z].map { Int(($0 * 255).rounded()) }
            return "rgb(\(bytes[0]) \(bytes[1]) \(bytes[2])\(alpha ? " / 0" : ""))"
        }
        let interpolation = gamut == .sRGB ? "" : " in \(space)"
        var lines = [
            "/* meshgrad: a CSS approximation of a mesh gradient (CSS has no mesh gradients): radial-gradients at",
            "   the vertices and patch middles over a base color, fitted by least squares to meshgrad's render.",
            "   Measured against that render at \(measuredWidth)×\(measuredHeight) (on white), in 8-bit levels:",
            "   mean \(String(format: "%.1f", meanError)), 99th percentile \(p99Error), max \(maximumError). */",
            "\(selector) {",
            "  background-color: \(rgb(base));",
            "  background-image:",
        ]
        let gradients = layers.map { layer in
            "    radial-gradient(ellipse \(percent(layer.radii.x)) \(percent(layer.radii.y)) at \(percent(layer.center.x)) \(percent(layer.center.y))\(interpolation), \(rgb(layer.color)) 0%, \(rgb(layer.color, alpha: true)) 100%)"
        }
        lines.append(gradients.joined(separator: ",\n") + ";")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Solves `A x = b` for a symmetric positive definite `A` (Cholesky),
/// three right-hand sides at once.
func solveSymmetric(_ a: [Double], _ b: [SIMD3<Double>], size n: Int) -> [SIMD3<Double>] {
    var l = [Double](repeating: 0, count: n * n)
    for i in 0..<n {
        for j in 0...i {
            var sum = a[i * n + j]
            for k in 0..<j { sum -= l[i * n + k] * l[j * n + k] }
            l[i * n + j] = i == j ? max(sum, 1e-12).squareRoot() : sum / l[j * n + j]
        }
    }
    var y = [SIMD3<Double>](repeating: .zero, count: n)
    for i in 0..<n {
        var sum = b[i]
        for k in 0..<i { sum -= l[i * n + k] * y[k] }
        y[i] = sum / l[i * n + i]
    }
    var x = [SIMD3<Double>](repeating: .zero, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
        var sum = y[i]
        for k in (i + 1)..<n { sum -= l[k * n + i] * x[k] }
        x[i] = sum / l[i * n + i]
    }
    return x
}
