/// Handles for plain `points` (mesh-math §2): a Catmull-Rom tangent inside
/// the grid, a third of the way to the neighbour on the border. On a regular
/// grid this puts every handle at 1/3 and 2/3 of its edge, so the edges are
/// straight and the patches are exactly the grid cells.
public func inferredBezierPoints(
    width: Int, height: Int, positions: [SIMD2<Double>]
) -> [BezierPoint] {
    precondition(positions.count == width * height)
    func at(_ c: Int, _ r: Int) -> SIMD2<Double> { positions[r * width + c] }

    var result: [BezierPoint] = []
    result.reserveCapacity(positions.count)
    for r in 0..<height {
        for c in 0..<width {
            let p = at(c, r)
            var point = BezierPoint(position: p)
            // Along the row.
            if c > 0 && c < width - 1 {
                let t = (at(c + 1, r) - at(c - 1, r)) / 6
                point.trailing = p + t
                point.leading = p - t
            } else if c == 0 {
                point.trailing = p + (at(c + 1, r) - p) / 3
            } else {
                point.leading = p - (p - at(c - 1, r)) / 3
            }
            // Along the column.
            if r > 0 && r < height - 1 {
                let t = (at(c, r + 1) - at(c, r - 1)) / 6
                point.bottom = p + t
                point.top = p - t
            } else if r == 0 {
                point.bottom = p + (at(c, r + 1) - p) / 3
            } else {
                point.top = p - (p - at(c, r - 1)) / 3
            }
            result.append(point)
        }
    }
    return result
}

extension MeshGradient {
    /// Every vertex with its handles: explicit ones as given, inferred ones
    /// for plain points.
    public var bezierPoints: [BezierPoint] {
        switch locations {
        case .points(let p): inferredBezierPoints(width: width, height: height, positions: p)
        case .bezierPoints(let p): p
        }
    }
}
