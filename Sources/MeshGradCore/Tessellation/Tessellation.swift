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

    /// The largest level (at most ``TessellationLevel/maximum``) whose
    /// vertices for `patches` patches stay within `vertices` (at least 1).
    public static func largestLevel(patches: Int, vertices: Int = maximumVertices) -> Int {
        let side = (Double(vertices) / Double(max(patches, 1))).squareRoot().rounded(.down)
        var level = max(1, min(TessellationLevel.maximum, Int(side) - 1))
        while level > 1 && (level + 1) * (level + 1) * max(patches, 1) > vertices { level -= 1 }
        return level
    }

    /// Tessellates `nets` for a canvas, at `level` or, by default, the level
    /// that ``TessellationLevel`` chooses.
    /// `maximumVertices` caps the level (a scene shares
    /// ``maximumVertices`` among its meshes). `cache` keeps the parts that
    /// do not depend on the positions (``TessellationGrid``) for the next
    /// frame.
    public init(
        _ nets: PatchNets, canvasWidth: Int, canvasHeight: Int, level: Int? = nil,
        maximumVertices: Int = Self.maximumVertices, cache: TessellationCache? = nil
    ) {
        let requested =
            level ?? TessellationLevel().level(for: nets, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let n = min(requested, Self.largestLevel(patches: nets.count, vertices: maximumVertices))
        precondition(n >= 1 && n <= TessellationLevel.maximum, "level must be in 1...\(TessellationLevel.maximum)")
        self.level = n
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        let grid = cache?.grid(patches: nets.count, level: n) ?? TessellationGrid(patches: nets.count, level: n)
        indices = grid.indices
        vertices = Self.vertices(
            nets, grid: grid, scale: SIMD2(Double(canvasWidth), Double(canvasHeight)))
    }

    /// Every patch's `(N+1)²` grid points on the canvas, bit for bit
    /// ``tessellationPoint(_:i:j:level:)`` at each, from the grid's
    /// precomputed weights.
    static func vertices(_ nets: PatchNets, grid: TessellationGrid, scale: SIMD2<Double>) -> [MeshVertex] {
        let n = grid.level
        let side = n + 1
        let count = nets.count * side * side
        return [MeshVertex](unsafeUninitializedCapacity: count) { buffer, initialized in
            grid.basis.withUnsafeBufferPointer { basis in
                grid.parameters.withUnsafeBufferPointer { parameters in
                    for (k, net) in nets.geometry.enumerated() {
                        let out = buffer.baseAddress! + k * side * side
                        let p = net.points
                        for j in 0...n {
                            for i in 0...n {
                                let point = gridPoint(p, i: i, j: j, level: n, basis: basis) * scale
                                (out + j * side + i).initialize(
                                    to: MeshVertex(
                                        x: Float(point.x), y: Float(point.y), u: parameters[i], v: parameters[j],
                                        patch: UInt32(k)))
                            }
                        }
                    }
                }
            }
            initialized = count
        }
    }
}

/// ``tessellationPoint(_:i:j:level:)`` with the Bernstein weights looked
/// up rather than computed: the same operations in the same order, so the
/// same bits.
@inline(__always)
func gridPoint(
    _ p: [SIMD2<Double>], i: Int, j: Int, level n: Int, basis: UnsafeBufferPointer<SIMD4<Double>>
) -> SIMD2<Double> {
    if j == 0 || j == n {
        let row = j == 0 ? 0 : 12
        let b = basis[i]
        return b[0] * p[row] + b[1] * p[row + 1] + b[2] * p[row + 2] + b[3] * p[row + 3]
    }
    if i == 0 || i == n {
        let column = i == 0 ? 0 : 3
        let b = basis[j]
        return b[0] * p[column] + b[1] * p[4 + column] + b[2] * p[8 + column] + b[3] * p[12 + column]
    }
    // BezierNet.evaluate(u:v:)'s sums, term by term.
    let bu = basis[i]
    let bv = basis[j]
    var result = SIMD2<Double>()
    for r in 0..<4 {
        var row = SIMD2<Double>()
        for c in 0..<4 { row += bu[c] * p[r * 4 + c] }
        result += bv[r] * row
    }
    return result
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
