import MeshGradCore

/// The mesh-math surface evaluated exactly at each pixel center, with no
/// tessellation: for every pixel, find `(patch, u, v)` with `S(u, v)` equal
/// to the pixel center by Newton's method (last patch wins, as painting
/// order says), then evaluate the Bézier color net in double precision.
/// Slow, and only for small test canvases: it is the yardstick the
/// renderers are held against.
public struct ExactReference {
    public let nets: PatchNets
    public let width: Int
    public let height: Int

    /// Each patch's control-net bounding box in pixels: the surface lies in
    /// the net's convex hull, so a point outside the box cannot be on it.
    let boxes: [(SIMD2<Double>, SIMD2<Double>)]

    public init(mesh: MeshGradient, width: Int, height: Int) {
        nets = PatchNets(mesh)
        self.width = width
        self.height = height
        let scale = SIMD2(Double(width), Double(height))
        boxes = nets.geometry.map { net in
            let points = net.points.map { $0 * scale }
            return (
                points.reduce(points[0]) { pointwiseMin($0, $1) }, points.reduce(points[0]) { pointwiseMax($0, $1) }
            )
        }
    }

    /// The straight color at pixel `(x, y)`, or nil where no patch covers
    /// the pixel center.
    public func color(x: Int, y: Int) -> SIMD4<Double>? {
        guard let (k, u, v) = locate(SIMD2(Double(x) + 0.5, Double(y) + 0.5)) else { return nil }
        return finishColor(nets.colors[k].evaluate(u: u, v: v), in: nets.colorSpace)
    }

    /// `(patch, u, v)` whose surface point is `p` (in pixels).
    public func locate(_ p: SIMD2<Double>) -> (Int, Double, Double)? {
        let scale = SIMD2(Double(width), Double(height))
        for k in (0..<nets.count).reversed() {
            let (low, high) = boxes[k]
            if p.x < low.x - 1e-6 || p.y < low.y - 1e-6 || p.x > high.x + 1e-6 || p.y > high.y + 1e-6 { continue }
            let net = nets.geometry[k]
            // Several starts, so that a strongly curved patch still converges.
            for start in [SIMD2(0.5, 0.5), SIMD2(0.1, 0.1), SIMD2(0.9, 0.1), SIMD2(0.1, 0.9), SIMD2(0.9, 0.9)] {
                var uv = start
                var converged = false
                for _ in 0..<40 {
                    let s = net.evaluate(u: uv.x, v: uv.y) * scale
                    let r = s - p
                    if (r * r).sum() < 1e-18 {
                        converged = true
                        break
                    }
                    let du = net.derivativeU(u: uv.x, v: uv.y) * scale
                    let dv = net.derivativeV(u: uv.x, v: uv.y) * scale
                    let det = du.x * dv.y - dv.x * du.y
                    guard abs(det) > 1e-12 else { break }
                    let step = SIMD2((r.x * dv.y - dv.x * r.y) / det, (du.x * r.y - r.x * du.y) / det)
                    uv -= step
                    uv = uv.clamped(lowerBound: SIMD2(-0.5, -0.5), upperBound: SIMD2(1.5, 1.5))
                }
                let eps = 1e-9
                if converged && uv.x >= -eps && uv.x <= 1 + eps && uv.y >= -eps && uv.y <= 1 + eps {
                    return (k, min(max(uv.x, 0), 1), min(max(uv.y, 0), 1))
                }
            }
        }
        return nil
    }
}
