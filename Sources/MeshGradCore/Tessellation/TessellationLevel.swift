/// Chooses the one subdivision level `N` of a mesh (mesh-math §6): 1…128,
/// the same for every patch so that neighbours share their edge vertices
/// and no crack can open. Any integer will do for that; the file rule takes
/// the smallest that its tolerances allow (the triangles grow as `N²`, so
/// rounding up to a power of two cost up to four times the triangles), the
/// preview's rule doubles.
///
/// Two tolerances decide. Geometry: the mesh's silhouette (its outer
/// border) may stray from the exact one by at most `geometricTolerance`
/// pixels. Color: inside, a deviation of the triangles from the surface is
/// seen only as the colors it shifts (each pixel evaluates the color at its
/// interpolated `(u, v)`), so its product with the color's change per pixel
/// must stay under `colorTolerance` (in 0…1 units; 0.5/255 by default),
/// and it never exceeds `interiorTolerance` however slowly the color
/// changes.
public struct TessellationLevel: Hashable, Sendable {
    public static let maximum = 128

    /// How far the silhouette may stray (pixels).
    public var geometricTolerance: Double = 0.25
    /// The most the triangles may stray from the surface inside the mesh
    /// (pixels), where the color rule would allow more: the color rule's
    /// change per pixel is an estimate, and this keeps a misjudged one
    /// within a pixel. Holding the inside to `geometricTolerance` instead
    /// cost a 1080p animation of the onboarding preset level 51 for 39
    /// (1.7 times the triangles) for no color the rule can see.
    public var interiorTolerance: Double = 1
    public var colorTolerance: Double = 0.5 / 255
    /// The color rule never asks for less than this deviation (pixels).
    /// Below 1/32 px the rule only matters where the color changes by more
    /// than 16 levels per pixel, which is an edge, not a gradient; without
    /// the floor, a dense mesh of small, contrasting cells would demand
    /// N = 128 and tens of millions of triangles for no visible gain.
    public var minimumTolerance: Double = 1.0 / 32
    /// Judge the inside by the color rule alone (no ``interiorTolerance``),
    /// on the deviation measured at the triangles' edge midpoints rather
    /// than bounded (the bound is often 4 to 8 times the truth, and each
    /// halving of it quadruples the triangles), and double the level until
    /// all holds. Never below level 4, where a few midpoints say too little
    /// about a whole patch. Off by default: files are drawn to the strict,
    /// proven rule.
    public var judgesInteriorByColor = false
    /// Let a patch whose patch-wide bound fails prove itself cell by cell
    /// (`CellBounds`, mesh-math §6b): the same tolerances, often a level or two lower.
    /// Off only to measure what the patch-wide rule alone would choose.
    public var judgesCells = true

    public init() {}

    /// For a live preview: the border within a pixel of the surface, and
    /// color within 4/255 of exact, which no one sees moving at 60 frames a
    /// second. A quarter of the triangles of the file rule (often fewer):
    /// on a CPU rasterizer like llvmpipe, each triangle's set-up bounds the
    /// frame rate as much as its pixels do.
    public static let preview: TessellationLevel = {
        var level = TessellationLevel()
        level.colorTolerance = 8.0 / 255
        level.minimumTolerance = 1.0 / 4
        level.judgesInteriorByColor = true
        return level
    }()

    /// The level for `nets` drawn on a `canvasWidth × canvasHeight` canvas.
    public func level(for nets: PatchNets, canvasWidth: Int, canvasHeight: Int) -> Int {
        let scale = SIMD2(Double(canvasWidth), Double(canvasHeight))
        if !judgesInteriorByColor { return provenLevel(for: nets, scale: scale) }
        var level = 4
        for k in 0..<nets.count {
            let colorRule = colorTolerance / max(colorChangePerPixel(nets, patch: k, scale: scale), 1e-12)
            let interior = max(colorRule, minimumTolerance)
            let border = borderFlatnessBound(nets, patch: k, scale: scale)
            while level < Self.maximum
                && (border / Double(level * level) > geometricTolerance
                    || measuredDeviation(nets.geometry[k], level: level, scale: scale) > interior)
            {
                level *= 2
            }
        }
        return level
    }

    /// What the file rule lets a patch or a cell stray (pixels) inside the
    /// mesh where its finished color changes by `change` per pixel: what
    /// the color rule allows, never less than ``minimumTolerance`` nor more
    /// than ``interiorTolerance``. (The silhouette is held apart, to
    /// ``geometricTolerance``: ``borderFlatnessBound(_:patch:scale:)``.)
    func allowedDeviation(colorChange change: Double) -> Double {
        min(interiorTolerance, max(colorTolerance / max(change, 1e-12), minimumTolerance))
    }

    /// The smallest `N ≤ cap` at which patch `k`'s part of the silhouette
    /// keeps within ``geometricTolerance`` (1 for an inner patch).
    func borderLevel(_ nets: PatchNets, patch k: Int, scale: SIMD2<Double>, cap: Int) -> Int {
        let bound = borderFlatnessBound(nets, patch: k, scale: scale)
        guard bound > geometricTolerance else { return 1 }
        let root = (bound / geometricTolerance).squareRoot()
        guard root < Double(cap) else { return cap }
        var n = max(1, Int(root.rounded(.up)))
        while n < cap && bound / Double(n * n) > geometricTolerance { n += 1 }
        return n
    }

    /// The strict rule's level: the smallest `N` at which every patch keeps
    /// within the tolerances, proven either by the patch-wide bound or,
    /// where that overstates, cell by cell (``CellBounds``, when
    /// ``judgesCells``). Each patch asks for its own smallest `N`; the mesh
    /// takes the largest, and every patch that the cells vouched for at a
    /// lower `N` is checked again at that one (the cell bound is not
    /// monotonic in `N`, the patch-wide bound is), `N` growing by one until
    /// all hold. Levels past the vertex cap
    /// (``Tessellation/largestLevel(patches:vertices:)``) are not searched:
    /// the tessellation could not use them.
    func provenLevel(for nets: PatchNets, scale: SIMD2<Double>) -> Int {
        let cap = Tessellation.largestLevel(patches: nets.count)
        let rule = ProvenLevelRule(nets: nets, scale: scale, tolerance: self)
        var level = 1
        for k in 0..<nets.count { level = max(level, rule.smallestLevel(patch: k, from: level, cap: cap)) }
        var settled = false
        while !settled && level < cap {
            settled = (0..<nets.count).allSatisfy { rule.holds(patch: $0, level: level) }
            if !settled { level += 1 }
        }
        return level
    }

    /// The largest distance, in pixels, between the surface and the
    /// tessellation of `net` at `level`, sampled where a cubic strays most
    /// from its chords: the midpoints of every triangle edge (cell sides and
    /// diagonals, as ``Tessellation`` cuts them), each compared with the
    /// middle of its chord. Includes the sliding of points along the
    /// surface, which moves colors as much as a bulge does.
    func measuredDeviation(_ net: GeometryNet, level n: Int, scale: SIMD2<Double>) -> Double {
        let side = n + 1
        var grid = [SIMD2<Double>]()
        grid.reserveCapacity(side * side)
        for j in 0...n {
            for i in 0...n { grid.append(tessellationPoint(net, i: i, j: j, level: n) * scale) }
        }
        let step = 1 / Double(n)
        var largest = 0.0
        func check(_ a: Int, _ b: Int, u: Double, v: Double) {
            let d = net.evaluate(u: u, v: v) * scale - (grid[a] + grid[b]) / 2
            largest = max(largest, (d * d).sum())
        }
        for j in 0...n {
            for i in 0...n {
                let a = j * side + i
                let u = Double(i) * step
                let v = Double(j) * step
                if i < n { check(a, a + 1, u: u + step / 2, v: v) }
                if j < n { check(a, a + side, u: u, v: v + step / 2) }
                // The diagonal b–c of cell (i, j): from (i+1, j) to (i, j+1).
                if i < n && j < n { check(a + 1, a + side, u: u + step / 2, v: v + step / 2) }
            }
        }
        return largest.squareRoot()
    }

    /// `e · N²` for the edges of patch `k` that lie on the mesh's outer
    /// border (0 for an inner patch): how far the silhouette strays from its
    /// polyline. A cubic edge strays at most `(1/8N²)·6·max|Δ²p|`, but only
    /// the part of `Δ²p` across the edge's chord moves the silhouette (the
    /// part along it only re-spaces the vertices, which the color rule
    /// covers): so a straight border costs nothing, however its points are
    /// spaced. Doubled (×√2 would do up to a quarter turn) for edges that
    /// bend away from their chord.
    func borderFlatnessBound(_ nets: PatchNets, patch k: Int, scale: SIMD2<Double>) -> Double {
        let net = nets.geometry[k]
        let row = k / nets.columns
        let column = k % nets.columns
        // u runs along a row of patches, v down a column.
        var edges: [[SIMD2<Double>]] = []
        if row == 0 { edges.append((0..<4).map { net[$0, 0] * scale }) }
        if row == nets.rows - 1 { edges.append((0..<4).map { net[$0, 3] * scale }) }
        if column == 0 { edges.append((0..<4).map { net[0, $0] * scale }) }
        if column == nets.columns - 1 { edges.append((0..<4).map { net[3, $0] * scale }) }
        var largest = 0.0
        for edge in edges {
            let chord = edge[3] - edge[0]
            let chordLength = (chord * chord).sum().squareRoot()
            for i in 0..<2 {
                let d = edge[i + 2] - 2 * edge[i + 1] + edge[i]
                let across: Double
                if chordLength > 1e-9 {
                    across = abs(d.x * chord.y - d.y * chord.x) / chordLength
                } else {
                    across = (d * d).sum().squareRoot()  // a closed edge: no chord to measure across
                }
                largest = max(largest, 2 * across)
            }
        }
        return 6 * largest / 8
    }

    /// `e · N²`: the largest distance between the bicubic surface and its
    /// `N × N` two-triangle tessellation, times `N²`.
    ///
    /// For linear interpolation on a grid of step `h = 1/N`, the error is at
    /// most `(h²/8)(M_uu + 2 M_uv + M_vv)` (Filip, Magedson and Markot 1986),
    /// and for a bicubic Bézier net `M_uu ≤ 6·max|Δ²ᵤp|`,
    /// `M_vv ≤ 6·max|Δ²ᵥp|`, `M_uv ≤ 9·max|ΔᵤΔᵥp|`.
    func flatnessBound(_ net: GeometryNet, scale: SIMD2<Double>) -> Double {
        func px(_ i: Int, _ j: Int) -> SIMD2<Double> { net[i, j] * scale }
        func length(_ p: SIMD2<Double>) -> Double { (p * p).sum().squareRoot() }
        var uu = 0.0
        var vv = 0.0
        var uv = 0.0
        for j in 0..<4 {
            for i in 0..<2 {
                uu = max(uu, length(px(i + 2, j) - 2 * px(i + 1, j) + px(i, j)))
                vv = max(vv, length(px(j, i + 2) - 2 * px(j, i + 1) + px(j, i)))
            }
        }
        for j in 0..<3 {
            for i in 0..<3 {
                uv = max(uv, length(px(i + 1, j + 1) - px(i + 1, j) - px(i, j + 1) + px(i, j)))
            }
        }
        return (6 * uu + 18 * uv + 6 * vv) / 8
    }

    /// An estimate of how fast the finished color changes per pixel inside
    /// patch `k`: the largest step of its color net (×3, the derivative of a
    /// cubic's Bernstein form) over the patch's shortest side in pixels.
    ///
    /// Perceptual nets are first finished to sRGB point by point, since their
    /// Lab steps say little about the output's steps.
    func colorChangePerPixel(_ nets: PatchNets, patch k: Int, scale: SIMD2<Double>) -> Double {
        let finished = nets.colors[k].points.map { finishColor($0, in: nets.colorSpace) }
        return MeshGradCore.colorChangePerPixel(finished, geometry: nets.geometry[k].points, scale: scale)
    }
}
