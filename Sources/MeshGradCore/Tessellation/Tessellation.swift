/// The mesh as triangles (mesh-math §6): every patch cut into the same
/// `N × N` grid in `(u, v)`, each cell two triangles. This is the buffer the
/// GPU renderer uploads unchanged and the CPU reference rasterizes.
///
/// Patch `k` owns vertices `k·(N+1)² ..< (k+1)·(N+1)²` (row-major in
/// `(v, u)`) and indices `k·6N² ..< (k+1)·6N²`. Cells are listed row-major in
/// `(v, u)`, patches row-major: drawing the indices in order paints later
/// patches (and later cells of a folded patch) over earlier ones, as the
/// painting rule of mesh-math §3 asks (a folded patch: §7a).
public struct Tessellation: Sendable {
    /// Subdivisions per patch side.
    public var level: Int
    public var vertices: [MeshVertex]
    /// Three indices per triangle, into `vertices`.
    public var indices: [UInt32]
    public var canvasWidth: Int
    public var canvasHeight: Int

    public var triangleCount: Int { indices.count / 3 }

    /// The most vertices one tessellation holds (about 90 MB with its
    /// indices): a mesh of many patches drawn very large (a 256 × 256 mesh
    /// on a layer a thousand canvases wide) is cut more coarsely rather than
    /// exhausting memory. Ordinary meshes are far below it.
    public static let maximumVertices = 2_000_000

    /// The largest power-of-two level whose vertices for `patches` patches
    /// stay within `vertices` (at least 1).
    public static func largestLevel(patches: Int, vertices: Int = maximumVertices) -> Int {
        var level = TessellationLevel.maximum
        while level > 1 && (level + 1) * (level + 1) * max(patches, 1) > vertices { level /= 2 }
        return level
    }

    /// Tessellates `nets` for a canvas, at `level` or, by default, the level
    /// that ``TessellationLevel`` chooses.
    /// `maximumVertices` caps the level (a scene shares
    /// ``maximumVertices`` among its meshes).
    public init(
        _ nets: PatchNets, canvasWidth: Int, canvasHeight: Int, level: Int? = nil,
        maximumVertices: Int = Self.maximumVertices
    ) {
        let requested =
            level ?? TessellationLevel().level(for: nets, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let n = min(requested, Self.largestLevel(patches: nets.count, vertices: maximumVertices))
        precondition(n >= 1 && n <= TessellationLevel.maximum && n & (n - 1) == 0, "level must be a power of two")
        self.level = n
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight

        let side = n + 1
        let scale = SIMD2(Double(canvasWidth), Double(canvasHeight))
        vertices = []
        vertices.reserveCapacity(nets.count * side * side)
        indices = []
        indices.reserveCapacity(nets.count * 6 * n * n)

        for (k, net) in nets.geometry.enumerated() {
            let base = UInt32(vertices.count)
            for j in 0...n {
                for i in 0...n {
                    let p = tessellationPoint(net, i: i, j: j, level: n) * scale
                    vertices.append(
                        MeshVertex(
                            x: Float(p.x), y: Float(p.y),
                            u: Float(i) / Float(n), v: Float(j) / Float(n), patch: UInt32(k)))
                }
            }
            for j in 0..<n {
                for i in 0..<n {
                    let a = base + UInt32(j * side + i)
                    let b = a + 1
                    let c = a + UInt32(side)
                    let d = c + 1
                    indices += [a, b, c, b, d, c]
                }
            }
        }
    }
}

/// The position of grid point `(i, j)` of an `N × N` patch grid.
///
/// Points on the patch's border are evaluated from that edge curve alone,
/// and the edge's control points are shared with the neighbour, so both
/// patches get bit-identical positions for their common vertices: no crack.
func tessellationPoint(_ net: GeometryNet, i: Int, j: Int, level n: Int) -> SIMD2<Double> {
    let u = Double(i) / Double(n)
    let v = Double(j) / Double(n)
    if j == 0 || j == n {
        let row = j == 0 ? 0 : 3
        return cubicBezier(net[0, row], net[1, row], net[2, row], net[3, row], at: u)
    }
    if i == 0 || i == n {
        let column = i == 0 ? 0 : 3
        return cubicBezier(net[column, 0], net[column, 1], net[column, 2], net[column, 3], at: v)
    }
    return net.evaluate(u: u, v: v)
}

extension Tessellation {
    /// Whether the mesh's outer border passes through the inside of the
    /// canvas, where it needs anti-aliasing against the background. A border
    /// lying on or outside the canvas edge needs none, which is the common
    /// full-bleed wallpaper: both renderers then skip the extra samples.
    public func outerBorderCrossesCanvas(columns: Int, rows: Int) -> Bool {
        let border = outerBorder(columns: columns, rows: rows)
        let w = Double(canvasWidth)
        let h = Double(canvasHeight)
        for k in 0..<border.count
        where segmentEntersOpenRectangle(border[k], border[(k + 1) % border.count], width: w, height: h) {
            return true
        }
        return false
    }

    /// The mesh's outer border as tessellated, in canvas pixels: a closed
    /// polygon running clockwise on screen from the top-left corner.
    public func outerBorder(columns: Int, rows: Int) -> [SIMD2<Double>] {
        let n = level
        let side = n + 1
        func vertex(patch: Int, i: Int, j: Int) -> SIMD2<Double> {
            let v = vertices[patch * side * side + j * side + i]
            return SIMD2(Double(v.x), Double(v.y))
        }
        var border: [SIMD2<Double>] = []
        for c in 0..<columns {  // top, left to right
            for i in 0..<n { border.append(vertex(patch: c, i: i, j: 0)) }
        }
        for r in 0..<rows {  // right, top to bottom
            for j in 0..<n { border.append(vertex(patch: r * columns + columns - 1, i: n, j: j)) }
        }
        for c in (0..<columns).reversed() {  // bottom, right to left
            for i in (1...n).reversed() { border.append(vertex(patch: (rows - 1) * columns + c, i: i, j: n)) }
        }
        for r in (0..<rows).reversed() {  // left, bottom to top
            for j in (1...n).reversed() { border.append(vertex(patch: r * columns, i: 0, j: j)) }
        }
        return border
    }
}

/// Whether some point of segment `ab` lies strictly inside `(0, w) × (0, h)`
/// (Liang–Barsky with open bounds): a segment along the canvas edge does not.
func segmentEntersOpenRectangle(_ a: SIMD2<Double>, _ b: SIMD2<Double>, width w: Double, height h: Double) -> Bool {
    var t0 = 0.0
    var t1 = 1.0
    let d = b - a
    // Each bound: p·t < q must hold (strictly) for the point at t.
    for (p, q) in [(-d.x, a.x), (d.x, w - a.x), (-d.y, a.y), (d.y, h - a.y)] {
        if p == 0 {
            if q <= 0 { return false }
        } else {
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
        }
    }
    return t0 < t1
}
