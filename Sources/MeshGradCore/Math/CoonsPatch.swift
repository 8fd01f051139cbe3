/// The geometry of patch `(c, r)` (mesh-math §3): the Coons patch of its four
/// cubic edges, written as the bicubic Bézier net that equals it exactly.
///
/// The boundary points are the edges' own control points, so two patches
/// that share an edge share those control points bit for bit.
public func coonsPatchNet(
    a: BezierPoint, b: BezierPoint, c: BezierPoint, d: BezierPoint
) -> GeometryNet {
    let top = [a.position, a.trailing, b.leading, b.position]
    let bottom = [c.position, c.trailing, d.leading, d.position]
    let left = [a.position, a.bottom, c.top, c.position]
    let right = [b.position, b.bottom, d.top, d.position]

    var net = GeometryNet(points: Array(repeating: .zero, count: 16))
    for i in 0..<4 {
        net[i, 0] = top[i]
        net[i, 3] = bottom[i]
    }
    for j in 0..<4 {
        net[0, j] = left[j]
        net[3, j] = right[j]
    }
    for j in 1...2 {
        for i in 1...2 {
            let s = Double(i) / 3
            let t = Double(j) / 3
            let bilinear =
                (1 - s) * (1 - t) * a.position + s * (1 - t) * b.position
                + (1 - s) * t * c.position + s * t * d.position
            net[i, j] =
                (1 - t) * top[i] + t * bottom[i] + (1 - s) * left[j] + s * right[j] - bilinear
        }
    }
    return net
}
