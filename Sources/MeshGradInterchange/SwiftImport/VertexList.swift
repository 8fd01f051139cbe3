import MeshGradCore

/// The points a `locations:` argument evaluates to: each vertex's
/// coordinates at rest (as first given) and as finally computed, which may
/// move with a cosine of time.
struct VertexList {
    struct Coordinate {
        var rest: Double
        var current: Term
    }

    var x: [Coordinate]
    var y: [Coordinate]
    /// Vertices in the order their motion was first written, so that
    /// the waves come out in the author's order.
    var movedOrder: [Int] = []

    init(_ points: [(Term, Term)]) {
        x = points.map { Coordinate(rest: $0.0.constant, current: $0.0) }
        y = points.map { Coordinate(rest: $0.1.constant, current: $0.1) }
        movedOrder = points.indices.filter { points[$0].0.cosine != nil || points[$0].1.cosine != nil }
    }

    var count: Int { x.count }

    mutating func assign(_ vertex: Int, axis: String?, _ value: (Term, Term)) {
        if axis != "y" { x[vertex].current = value.0 }
        if axis != "x" { y[vertex].current = value.1 }
        if !movedOrder.contains(vertex) { movedOrder.append(vertex) }
    }

    /// The positions at rest and the waves that move them. A coordinate
    /// assigned a constant simply moves there.
    func positionsAndWaves() -> ([SIMD2<Double>], [VertexWaves]) {
        func resolve(_ c: Coordinate) -> (Double, Wave?) {
            guard let cosine = c.current.cosine else { return (c.current.constant, nil) }
            let base = c.current.constant
            let wave = Wave(
                base: base == c.rest ? nil : base, amplitude: cosine.amplitude, frequency: cosine.frequency,
                phase: cosine.phase)
            return (c.rest, wave)
        }
        var positions: [SIMD2<Double>] = []
        var waves: [Int: VertexWaves] = [:]
        for i in 0..<count {
            let (px, wx) = resolve(x[i])
            let (py, wy) = resolve(y[i])
            positions.append(SIMD2(px, py))
            if wx != nil || wy != nil { waves[i] = VertexWaves(vertex: i, x: wx, y: wy) }
        }
        let ordered =
            movedOrder.compactMap { waves[$0] }
            + waves.keys.sorted().filter { !movedOrder.contains($0) }.map { waves[$0]! }
        return (positions, ordered)
    }
}
