import Foundation
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradCore

/// mesh-math §6: the silhouette stays within a quarter pixel of the exact
/// one, the inside within a pixel and half a level of color, and
/// neighbouring patches share their edges bit for bit.
@Suite struct TessellationTests {
    static let meshes: [(String, MeshGradient)] =
        Presets.all.compactMap { p in p.document.animatedMesh.map { (p.name, $0.mesh) } }
        + TestMeshes.all.map { ($0.name, $0.mesh) }

    /// Inside the mesh, what a pixel shows against what the exact surface
    /// puts there: the triangles' point at `(u, v)` stays within a pixel of
    /// the surface's (``TessellationLevel/interiorTolerance``), and the
    /// color it is given differs from the exact surface's color at that
    /// pixel (found by a Newton step from `(u, v)`) by at most the color
    /// tolerance, except where the deviation is within the 1/32 px floor.
    @Test(arguments: meshes.map(\.0))
    func realDeviationAt4KShiftsColorsByUnderHalfALevel(name: String) {
        let mesh = Self.meshes.first { $0.0 == name }!.1
        let nets = PatchNets(mesh)
        let tessellation = Tessellation(nets, canvasWidth: 3840, canvasHeight: 2160)
        let rule = TessellationLevel()
        let scale = SIMD2(3840.0, 2160.0)
        let v = tessellation.vertices
        let triangles = tessellation.triangleCount
        // Every triangle of small meshes; an even sample of large ones.
        let step = max(1, triangles / 6000)
        var worstDeviation = 0.0
        var worstShift = 0.0
        for t in stride(from: 0, to: triangles, by: step) {
            let a = v[Int(tessellation.indices[t * 3])]
            let b = v[Int(tessellation.indices[t * 3 + 1])]
            let c = v[Int(tessellation.indices[t * 3 + 2])]
            let geometry = nets.geometry[Int(a.patch)]
            let colors = nets.colors[Int(a.patch)]
            for (wa, wb) in [(1.0 / 3, 1.0 / 3), (0.5, 0.5), (0.5, 0), (0, 0.5), (0.25, 0.25), (0.6, 0.2)] {
                let wc = 1 - wa - wb
                func mix(_ pa: Float, _ pb: Float, _ pc: Float) -> Double {
                    wa * Double(pa) + wb * Double(pb) + wc * Double(pc)
                }
                let (u, w) = (mix(a.u, b.u, c.u), mix(a.v, b.v, c.v))
                let position = SIMD2(mix(a.x, b.x, c.x), mix(a.y, b.y, c.y))
                let d = position - geometry.evaluate(u: u, v: w) * scale
                let deviation = (d * d).sum().squareRoot()
                worstDeviation = max(worstDeviation, deviation)
                guard deviation > rule.minimumTolerance else { continue }
                // The surface's (u', v') at `position`: S(u', v') ≈ S(u, v) + J·Δ.
                let su = geometry.derivativeU(u: u, v: w) * scale
                let sv = geometry.derivativeV(u: u, v: w) * scale
                let determinant = su.x * sv.y - su.y * sv.x
                guard abs(determinant) > 1e-9 else { continue }
                let du = (d.x * sv.y - d.y * sv.x) / determinant
                let dv = (su.x * d.y - su.y * d.x) / determinant
                let (u2, v2) = (min(max(u + du, 0), 1), min(max(w + dv, 0), 1))
                let shown: SIMD4<Double> = finishColor(colors.evaluate(u: u, v: w), in: nets.colorSpace)
                let exact: SIMD4<Double> = finishColor(colors.evaluate(u: u2, v: v2), in: nets.colorSpace)
                let shift = shown - exact
                worstShift = max(worstShift, shift.replacing(with: -shift, where: shift .< 0).max())
            }
        }
        #expect(
            worstDeviation <= rule.interiorTolerance,
            "\(name): deviation \(worstDeviation) px at level \(tessellation.level)")
        #expect(
            worstShift <= rule.colorTolerance,
            "\(name): color shift \(worstShift * 255)/255 at level \(tessellation.level)")
    }

    /// The silhouette: no point of the mesh's exact outer border lies more
    /// than a quarter pixel from the tessellation's border polyline
    /// (each segment's stretch of the curve, sampled densely, against the
    /// segment).
    @Test(arguments: meshes.map(\.0))
    func silhouetteAt4KIsWithinAQuarterPixel(name: String) {
        let mesh = Self.meshes.first { $0.0 == name }!.1
        let nets = PatchNets(mesh)
        let n = Tessellation(nets, canvasWidth: 3840, canvasHeight: 2160).level
        let scale = SIMD2(3840.0, 2160.0)
        var edges: [[SIMD2<Double>]] = []
        for k in 0..<nets.count {
            let net = nets.geometry[k]
            let (row, column) = (k / nets.columns, k % nets.columns)
            if row == 0 { edges.append((0..<4).map { net[$0, 0] * scale }) }
            if row == nets.rows - 1 { edges.append((0..<4).map { net[$0, 3] * scale }) }
            if column == 0 { edges.append((0..<4).map { net[0, $0] * scale }) }
            if column == nets.columns - 1 { edges.append((0..<4).map { net[3, $0] * scale }) }
        }
        var worst = 0.0
        for e in edges {
            func at(_ t: Double) -> SIMD2<Double> { cubicBezier(e[0], e[1], e[2], e[3], at: t) }
            for i in 0..<n {
                let (p, q) = (at(Double(i) / Double(n)), at(Double(i + 1) / Double(n)))
                for s in 1..<16 {
                    worst = max(worst, distance(at((Double(i) + Double(s) / 16) / Double(n)), toSegment: p, q))
                }
            }
        }
        #expect(worst <= TessellationLevel().geometricTolerance, "\(name): \(worst) px at level \(n)")
    }

    private func distance(_ x: SIMD2<Double>, toSegment p: SIMD2<Double>, _ q: SIMD2<Double>) -> Double {
        let pq = q - p
        let length2 = (pq * pq).sum()
        let t = length2 > 0 ? min(max(((x - p) * pq).sum() / length2, 0), 1) : 0
        let d = x - (p + t * pq)
        return (d * d).sum().squareRoot()
    }

    @Test(arguments: meshes.map(\.0))
    func sharedEdgesAreBitIdentical(name: String) {
        let mesh = Self.meshes.first { $0.0 == name }!.1
        let nets = PatchNets(mesh)
        let t = Tessellation(nets, canvasWidth: 1000, canvasHeight: 700)
        let n = t.level
        let side = n + 1
        func vertex(_ patch: Int, _ i: Int, _ j: Int) -> MeshVertex { t.vertices[patch * side * side + j * side + i] }
        for r in 0..<nets.rows {
            for c in 0..<nets.columns {
                let k = r * nets.columns + c
                if c + 1 < nets.columns {
                    for j in 0...n {
                        let left = vertex(k, n, j)
                        let right = vertex(k + 1, 0, j)
                        #expect(left.x.bitPattern == right.x.bitPattern && left.y.bitPattern == right.y.bitPattern)
                    }
                }
                if r + 1 < nets.rows {
                    for i in 0...n {
                        let top = vertex(k, i, n)
                        let bottom = vertex(k + nets.columns, i, 0)
                        #expect(top.x.bitPattern == bottom.x.bitPattern && top.y.bitPattern == bottom.y.bitPattern)
                    }
                }
            }
        }
    }

    @Test func levelGrowsWithTheCanvasAndCellsNeverAskForMore() {
        let nets = PatchNets(TestMeshes.warped)
        let small = TessellationLevel().level(for: nets, canvasWidth: 320, canvasHeight: 180)
        let large = TessellationLevel().level(for: nets, canvasWidth: 7680, canvasHeight: 4320)
        for level in [small, large] { #expect(level >= 1 && level <= TessellationLevel.maximum) }
        #expect(large > small)
        var patchWide = TessellationLevel()
        patchWide.judgesCells = false
        for (name, mesh) in TestMeshes.all.map({ ($0.name, $0.mesh) }) {
            for (w, h) in [(640, 360), (3840, 2160)] {
                let nets = PatchNets(mesh)
                let withCells = TessellationLevel().level(for: nets, canvasWidth: w, canvasHeight: h)
                let without = patchWide.level(for: nets, canvasWidth: w, canvasHeight: h)
                #expect(withCells <= without, "\(name) \(w)×\(h): \(withCells) > \(without)")
                // The chosen level is proven for every patch.
                let rule = ProvenLevelRule(
                    nets: nets, scale: SIMD2(Double(w), Double(h)), tolerance: TessellationLevel())
                if withCells < TessellationLevel.maximum {
                    #expect((0..<nets.count).allSatisfy { rule.holds(patch: $0, level: withCells) }, "\(name)")
                }
            }
        }
    }

    /// The cell bound is a bound: densely sampled, no point of a cell's
    /// surface lies farther from the cell's two triangles (at the same
    /// `(u, v)`) than ``deviationBound(_:)`` says.
    @Test func cellBoundIsNeverExceeded() {
        for mesh in TestMeshes.all.map(\.mesh) {
            let nets = PatchNets(mesh)
            let scale = SIMD2<Double>(1920, 1080)
            for n in [1, 3, 8] {
                let cells = CellBounds(level: n)
                var columns = [SIMD2<Double>](repeating: .zero, count: 16 * n)
                var cell = [SIMD2<Double>](repeating: .zero, count: 16)
                for net in nets.geometry {
                    let pixels = net.points.map { $0 * scale }
                    for i in 0..<n { restrictColumns(pixels, cells.restrictions[i], into: &columns, at: i * 16) }
                    for j in 0..<n {
                        for i in 0..<n {
                            restrictRows(columns, at: i * 16, cells.restrictions[j], into: &cell)
                            let bound = deviationBound(cell)
                            let exact = BezierNet(points: pixels)
                            let corner = { (a: Int, b: Int) in
                                exact.evaluate(u: Double(i + a) / Double(n), v: Double(j + b) / Double(n))
                            }
                            let (p00, p10, p01, p11) = (corner(0, 0), corner(1, 0), corner(0, 1), corner(1, 1))
                            for sv in 0...8 {
                                for su in 0...8 {
                                    let s = Double(su) / 8
                                    let t = Double(sv) / 8
                                    // The triangles split along p10–p01.
                                    let linear =
                                        s + t <= 1
                                        ? p00 + s * (p10 - p00) + t * (p01 - p00)
                                        : p11 + (1 - s) * (p01 - p11) + (1 - t) * (p10 - p11)
                                    let point = exact.evaluate(
                                        u: (Double(i) + s) / Double(n), v: (Double(j) + t) / Double(n))
                                    let d = point - linear
                                    #expect((d * d).sum().squareRoot() <= bound + 1e-9)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The worst cell ratio judged in strips of rows on all cores is the
    /// one pass's, cell after cell, to the bit (levels with and without
    /// strips, finishing as the level rule does).
    @Test func cellRatioInStripsIsOnePasssRatio() {
        let finish: @Sendable (SIMD4<Double>) -> SIMD4<Double> = {
            SIMD4<Double>(finishColor(SIMD4<Float>($0), in: .device))
        }
        for mesh in TestMeshes.all.map(\.mesh) {
            let nets = PatchNets(mesh)
            for n in [5, 16, 34, 57] {
                let cells = CellBounds(level: n)
                for (k, net) in nets.geometry.enumerated() {
                    let pixels = net.points.map { $0 * SIMD2<Double>(3840, 2160) }
                    let colors = nets.colors[k].points
                    let onePass = cells.worstRatio(
                        geometry: pixels, colors: colors, tolerance: TessellationLevel(), strips: 1, finish: finish)
                    for strips in [nil, 3, 8] {
                        let split = cells.worstRatio(
                            geometry: pixels, colors: colors, tolerance: TessellationLevel(), strips: strips,
                            finish: finish)
                        #expect(split.bitPattern == onePass.bitPattern, "level \(n), patch \(k), strips \(strips ?? 0)")
                    }
                }
            }
        }
    }

    @Test func layoutIsPatchMajorAndRowMajor() {
        let nets = PatchNets(TestMeshes.warped)
        let t = Tessellation(nets, canvasWidth: 200, canvasHeight: 100, level: 4)
        #expect(t.vertices.count == 4 * 25)
        #expect(t.indices.count == 4 * 6 * 16)
        #expect(MemoryLayout<MeshVertex>.stride == 20)
        // Triangles are listed patch by patch, and within a patch cell rows top to bottom.
        var lastPatch: UInt32 = 0
        var lastV: Float = -1
        for tri in 0..<t.triangleCount {
            let vertex = t.vertices[Int(t.indices[tri * 3])]
            #expect(vertex.patch >= lastPatch)
            if vertex.patch != lastPatch {
                lastPatch = vertex.patch
                lastV = -1
            }
            #expect(vertex.v >= lastV)
            lastV = vertex.v
        }
    }

    @Test func borderCrossingIsDetected() {
        let full = Tessellation(PatchNets(TestMeshes.warped), canvasWidth: 100, canvasHeight: 100)
        #expect(!full.outerBorderCrossesCanvas(columns: 2, rows: 2))
        let inset = Tessellation(PatchNets(TestMeshes.inset), canvasWidth: 100, canvasHeight: 100)
        #expect(inset.outerBorderCrossesCanvas(columns: 1, rows: 1))
    }
}
