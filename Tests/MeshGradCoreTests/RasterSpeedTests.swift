import Foundation
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradCore

/// The faster paths of the CPU renderer and the tessellation give
/// exactly what the direct ones give: the division-free spans, the
/// tight row lists, and the tessellation from a cached grid.
@Suite struct RasterSpeedTests {
    /// The span as it was computed before, by exact integer division.
    static func spanByDivision(
        _ t: RasterTriangle, row y: Int, sampleX sx: Int64, sampleY sy: Int64, width: Int
    ) -> ClosedRange<Int>? {
        let py = Int64(y) * RasterTriangle.subpixels + sy
        var lo: Int64 = 0
        var hi = Int64(width - 1)
        func clip(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64, _ tie: Bool) {
            let dy = by - ay
            let alpha = -dy * RasterTriangle.subpixels
            let beta = (bx - ax) * (py - ay) - dy * (sx - ax)
            if alpha > 0 {
                lo = max(lo, tie ? -floorDiv(beta, alpha) : floorDiv(-beta, alpha) + 1)
            } else if alpha < 0 {
                hi = min(hi, tie ? floorDiv(beta, -alpha) : -floorDiv(-beta, -alpha) - 1)
            } else if beta < 0 || (beta == 0 && !tie) {
                hi = -1
            }
        }
        clip(t.x0, t.y0, t.x1, t.y1, t.tie01)
        clip(t.x1, t.y1, t.x2, t.y2, t.tie12)
        clip(t.x2, t.y2, t.x0, t.y0, t.tie20)
        return lo <= hi ? Int(lo)...Int(hi) : nil
    }

    /// A random vertex coordinate for a canvas side of `extent` pixels: a
    /// pixel center, far out, on a 1/256 step, past the guard band, or any.
    static func randomCoordinate(_ extent: Int, _ generator: inout SplitMix64) -> Float {
        switch generator.next() % 5 {
        case 0: return Float(generator.next() % UInt64(extent)) + 0.5  // a pixel center
        case 1: return Float(Int(generator.next() % 4000) - 2000)  // far out
        case 2: return Float(Int(generator.next() % UInt64(extent * 256))) / 256  // 1/256 steps
        case 3: return Float(Int(generator.next() % 3_000_000) - 1_500_000)  // past the guard band
        default: return Float(generator.next() % UInt64(extent * 1000)) / 1000
        }
    }

    /// Random triangles, small and huge, on and off the canvas, with
    /// vertices on pixel centers and sample points (ties), far outside
    /// (the guard band) and on 1/256 steps: every row's span, at every
    /// sample point, equals the division's, and no row outside the
    /// triangle's row range has one.
    @Test func spansEqualExactDivisionAndRowRangesHoldThem() {
        var generator = SplitMix64(seed: 15)
        let width = 97
        let height = 61
        func coordinate(_ extent: Int) -> Float { Self.randomCoordinate(extent, &generator) }
        let samples: [(Int64, Int64)] = [(128, 128)] + CPURenderer.samplePositions.map { ($0.x, $0.y) }
        var checked = 0
        var mismatches: [String] = []
        var outsideRows = 0
        for _ in 0..<4000 {
            let vertices = (0..<3).map { _ in
                MeshVertex(x: coordinate(width), y: coordinate(height), u: 0, v: 0, patch: 0)
            }
            guard let t = RasterTriangle(vertices[0], vertices[1], vertices[2]) else { continue }
            let centerRows = t.rows(sampleY: 128...128)
            let sampleRows = t.rows(sampleY: 32...224)
            for y in -2..<(height + 2) {
                for (sx, sy) in samples {
                    let expected = Self.spanByDivision(t, row: y, sampleX: sx, sampleY: sy, width: width)
                    let span = t.span(row: y, sampleX: sx, sampleY: sy, width: width)
                    if span != expected && mismatches.count < 5 {
                        mismatches.append(
                            "\(vertices) row \(y) sample (\(sx), \(sy)): \(String(describing: span)), expected \(String(describing: expected))"
                        )
                    }
                    if expected != nil {
                        if sampleRows?.contains(y) != true { outsideRows += 1 }
                        if sy == 128 && centerRows?.contains(y) != true { outsideRows += 1 }
                    }
                    checked += 1
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(outsideRows == 0)
        #expect(checked > 1_000_000)
    }

    /// The row lists' center spans, stepped row by row from a triangle's
    /// first listed row (``CenterSpanWalk``), are the exact division's on
    /// every row, for the random triangles above (pixel centers on edges,
    /// 1/256 steps, the guard band) and from a first row in the middle of a
    /// triangle (a prepared band that starts inside it).
    @Test func walkedSpansEqualExactDivision() {
        var generator = SplitMix64(seed: 16)
        let width = 97
        let height = 61
        func coordinate(_ extent: Int) -> Float { Self.randomCoordinate(extent, &generator) }
        var rows = 0
        var nonEmpty = 0
        var mismatches: [String] = []
        for _ in 0..<6000 {
            let vertices = (0..<3).map { _ in
                MeshVertex(x: coordinate(width), y: coordinate(height), u: 0, v: 0, patch: 0)
            }
            guard let t = RasterTriangle(vertices[0], vertices[1], vertices[2]),
                let range = t.rows(sampleY: 128...128)
            else { continue }
            let first = max(range.lowerBound, -3)
            let last = min(range.upperBound, height + 3)
            guard first <= last else { continue }
            for start in Set([first, (first + last) / 2]) {
                var walk = CenterSpanWalk(t, row: start, width: width)
                for y in start...last {
                    let walked = walk.next()
                    let expected = Self.spanByDivision(t, row: y, sampleX: 128, sampleY: 128, width: width)
                    let asRange = walked.start < walked.end ? Int(walked.start)...Int(walked.end - 1) : nil
                    if asRange != expected && mismatches.count < 5 {
                        mismatches.append(
                            "\(vertices) from row \(start), row \(y): \(walked), expected \(String(describing: expected))"
                        )
                    }
                    rows += 1
                    if expected != nil { nonEmpty += 1 }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(rows > 100_000 && nonEmpty > 20_000, "\(rows) rows, \(nonEmpty) with pixels")
    }

    /// The row lists built in several chunks on every core are those built
    /// in one, entry for entry (the triangles keep their drawing order on
    /// every row); and each list band's spans, walked when the band is
    /// drawn, list the same triangles in the same order on every row, each
    /// with its own span there.
    @Test func rowListsInChunksAreTheSerialOnes() {
        var plan = RenderPlan(
            mesh: Presets.named("onboarding")!.document.animatedMesh!.mesh(at: 0.3), width: 1280, height: 720,
            tessellationLevel: 48)
        plan.antialiasesBorder = false
        let setup = RasterSetup(plan: plan, rows: 30..<700)
        #expect(setup.triangles.count > 16_384)
        let serial = RasterRowLists(ranges: setup.rowRanges, rows: 30..<700, chunks: 1)
        for chunks in [2, 7, 16] {
            let parallel = RasterRowLists(ranges: setup.rowRanges, rows: 30..<700, chunks: chunks)
            #expect(parallel.start == serial.start && parallel.triangles == serial.triangles)
        }
        var checked = 0
        let bandSpans = BandSpans()
        for row in 30..<700 {
            if !bandSpans.rows.contains(row) { Self.fillBand(bandSpans, setup, row: row) }
            let listed = Array(bandSpans.listed(row: row))
            let expected = Array(serial.triangles[Int(serial.start[row - 30])..<Int(serial.start[row - 29])])
            #expect(listed.map(\.triangle) == expected, "row \(row)")
            for entry in listed {
                let span = setup.triangles[Int(entry.triangle)].span(row: row, sampleX: 128, sampleY: 128, width: 1280)
                if (entry.start < entry.end ? Int(entry.start)...Int(entry.end - 1) : nil) != span {
                    Issue.record(
                        "row \(row) triangle \(entry.triangle): \(entry), expected \(String(describing: span))")
                    return
                }
                checked += 1
            }
        }
        #expect(checked > 100_000)
    }

    /// Fills `spans` with the list band holding row `y`, as the renderer does.
    static func fillBand(_ spans: BandSpans, _ setup: RasterSetup, row y: Int) {
        let band = (y - setup.rows.lowerBound) / RasterSetup.listBandHeight
        let first = setup.rows.lowerBound + band * RasterSetup.listBandHeight
        spans.fill(setup, band: band, rows: first..<min(first + RasterSetup.listBandHeight, setup.rows.upperBound))
    }

    /// The triangle each pixel's center shows on row `y`, as the
    /// pixel-by-pixel coverage writes it (-1 for none).
    static func coveredRow(_ setup: RasterSetup, y: Int, scratch: RowScratch) -> [Int32] {
        setup.cover(row: y, listed: setup.listedTriangles(row: y), triangles: setup.triangles, scratch: scratch)
        return Array(UnsafeBufferPointer(start: scratch.centerTriangle, count: setup.plan.width))
    }

    /// Where a row's center spans do not overlap, their sorted list is the
    /// pixel-by-pixel coverage (the spans path and the scan give every
    /// pixel the same triangle, so the same bits); the meshes of every
    /// preset and test mesh, at sizes where runs are long and short, take
    /// the spans path on at least most rows.
    @Test func sortedSpansAreTheCoverage() {
        var spanRows = 0
        var rows = 0
        for (name, mesh) in Self.meshes {
            for (w, h) in [(97, 61), (640, 360)] {
                var plan = RenderPlan(mesh: mesh, width: w, height: h)
                plan.antialiasesBorder = false
                plan.folds = false
                let setup = RasterSetup(plan: plan, rows: 0..<h)
                let scratch = RowScratch(width: w, folds: false, antialias: false)
                defer { scratch.deallocate() }
                let bandSpans = BandSpans()
                for y in 0..<h {
                    rows += 1
                    let covered = Self.coveredRow(setup, y: y, scratch: scratch)
                    if !bandSpans.rows.contains(y) { Self.fillBand(bandSpans, setup, row: y) }
                    guard let spans = bandSpans.sorted(row: y) else { continue }
                    spanRows += 1
                    var fromSpans = [Int32](repeating: -1, count: w)
                    var last: Int32 = 0
                    for span in spans {
                        #expect(span.start >= last && span.end > span.start)
                        last = span.end
                        for x in Int(span.start)..<Int(span.end) { fromSpans[x] = span.triangle }
                    }
                    #expect(fromSpans == covered, "\(name) \(w)x\(h) row \(y)")
                }
            }
        }
        #expect(spanRows * 10 > rows * 9, "\(spanRows) of \(rows) rows by spans")
    }

    /// Two triangles whose center spans overlap on a row: no span list (the
    /// pixel-by-pixel coverage decides, later over earlier), and the render
    /// shows the later triangle where both cover.
    @Test func overlappingSpansFallBackToDrawingOrder() {
        var plan = RenderPlan(mesh: TestMeshes.inset, width: 40, height: 20)
        plan.antialiasesBorder = false
        plan.folds = false
        let a = [
            MeshVertex(x: 0, y: 0, u: 0, v: 0, patch: 0), MeshVertex(x: 30, y: 0, u: 1, v: 0, patch: 0),
            MeshVertex(x: 0, y: 20, u: 0, v: 1, patch: 0),
        ]
        let b = [
            MeshVertex(x: 10, y: 0, u: 1, v: 1, patch: 0), MeshVertex(x: 40, y: 0, u: 1, v: 1, patch: 0),
            MeshVertex(x: 40, y: 20, u: 1, v: 1, patch: 0),
        ]
        plan.tessellation.vertices = a + b
        plan.tessellation.indices = [0, 1, 2, 3, 4, 5]
        let setup = RasterSetup(plan: plan, rows: 0..<20)
        let scratch = RowScratch(width: 40, folds: false, antialias: false)
        defer { scratch.deallocate() }
        let bandSpans = BandSpans()
        Self.fillBand(bandSpans, setup, row: 2)
        #expect(bandSpans.sorted(row: 2) == nil)
        let covered = Self.coveredRow(setup, y: 2, scratch: scratch)
        #expect(covered[15] == 1 && covered[5] == 0)
        let image = CPURenderer(threadCount: 1).render8(plan, dithers: false)
        #expect(image[15, 2] == image[35, 2] && image[5, 2] != image[35, 2])
    }

    static let meshes: [(String, MeshGradient)] =
        Presets.all.compactMap { p in p.document.animatedMesh.map { (p.name, $0.mesh(at: 0.7)) } }
        + TestMeshes.all.map { ($0.name, $0.mesh) }

    /// Every vertex as `tessellationPoint` computes it, from the cache or
    /// not; the cache hands the next frame the same index array (shared,
    /// not copied) and a new one only for another level or patch count.
    @Test func cachedTessellationIsTheDirectOne() {
        let cache = TessellationCache()
        for (name, mesh) in Self.meshes {
            let nets = PatchNets(mesh)
            for level in [1, 4, 32] {
                let cached = Tessellation(nets, canvasWidth: 333, canvasHeight: 217, level: level, cache: cache)
                let again = Tessellation(nets, canvasWidth: 333, canvasHeight: 217, level: level, cache: cache)
                #expect(cached.level == level)
                let side = level + 1
                var same = true
                for k in 0..<nets.count {
                    for j in 0...level {
                        for i in 0...level {
                            let p = tessellationPoint(nets.geometry[k], i: i, j: j, level: level) * SIMD2(333, 217)
                            let expected = MeshVertex(
                                x: Float(p.x), y: Float(p.y), u: Float(i) / Float(level),
                                v: Float(j) / Float(level), patch: UInt32(k))
                            same = same && cached.vertices[k * side * side + j * side + i] == expected
                        }
                    }
                }
                #expect(same, "\(name) at level \(level)")
                #expect(cached.indices == Tessellation.directIndices(patches: nets.count, level: level))
                let shared = cached.indices.withUnsafeBufferPointer { a in
                    again.indices.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
                }
                #expect(shared, "\(name): the second frame's indices are the first's")
            }
        }
    }

    /// The level is remembered only for the very same mesh, canvas and
    /// tolerance.
    @Test func cachedLevelFollowsTheMesh() {
        let cache = TessellationCache()
        let tolerance = TessellationLevel()
        for (name, mesh) in Self.meshes {
            let nets = PatchNets(mesh)
            for (w, h) in [(640, 360), (3840, 2160)] {
                let expected = tolerance.level(for: nets, canvasWidth: w, canvasHeight: h)
                #expect(cache.level(for: nets, canvasWidth: w, canvasHeight: h, tolerance: tolerance) == expected)
                #expect(cache.level(for: nets, canvasWidth: w, canvasHeight: h, tolerance: tolerance) == expected)
                #expect(
                    cache.level(for: nets, canvasWidth: w, canvasHeight: h, tolerance: .preview)
                        == TessellationLevel.preview.level(for: nets, canvasWidth: w, canvasHeight: h), "\(name)")
            }
        }
    }
}

extension Tessellation {
    /// The indices as the tessellation listed them before the grid: cells
    /// row-major, two triangles each.
    static func directIndices(patches: Int, level n: Int) -> [UInt32] {
        var indices: [UInt32] = []
        let side = n + 1
        for k in 0..<patches {
            let base = UInt32(k * side * side)
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
        return indices
    }
}
