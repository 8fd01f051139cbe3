import Dispatch
import Foundation

/// The CPU reference renderer: rasterizes the plan's triangles by the rule
/// of mesh-math §7 and evaluates every pixel's color from its own
/// `(patch, u, v)` (§4), then quantizes (§8). It is the judge of the GPU
/// renderer and the fallback where no GPU exists, so it is also built for
/// speed: row bands run on every core, and pixels go eight at a time
/// through the polynomial, the finish and the quantization (``ColorLanes``):
/// a triangle's run along its color run's degree-6 polynomial, adjoining
/// short runs of one patch by Horner's rule on their own `(u, v)`. Every
/// lane computes what the one-pixel path computes, bit for bit.
///
/// Where the mesh border crosses the canvas, it is anti-aliased as 4× MSAA
/// would do it: coverage from four sample points per pixel (the standard
/// 4× pattern), color from the pixel center, blended with the background in
/// premultiplied space.
public struct CPURenderer: Sendable {
    /// Threads to spread row bands over.
    public var threadCount: Int

    public init(threadCount: Int = ActiveProcessors.count) {
        self.threadCount = max(1, threadCount)
    }

    /// The standard 4× sample positions, in 1/256 pixel, y down.
    static let samplePositions: [(x: Int64, y: Int64)] = [(96, 32), (224, 96), (32, 160), (160, 224)]

    /// Renders the whole canvas as 8-bit RGBA, dithered unless told not to.
    public func render8(_ plan: RenderPlan, dithers: Bool = true) -> RGBAImage<UInt8> {
        render(plan, writer: RGBA8Writer(dithers: dithers, grain: plan.grain))
    }

    /// Renders the whole canvas as 16-bit RGBA.
    public func render16(_ plan: RenderPlan) -> RGBAImage<UInt16> {
        render(plan, writer: RGBA16Writer(grain: plan.grain))
    }

    /// Renders the whole canvas as single-precision RGBA.
    public func renderFloat(_ plan: RenderPlan) -> RGBAImage<Float> {
        render(plan, writer: RGBAFloatWriter(grain: plan.grain))
    }

    public func render<W: PixelWriter>(_ plan: RenderPlan, writer: W) -> RGBAImage<W.Component> {
        // Every pixel is written, so the array is not zeroed first (that
        // would be one more pass over all of its memory, for nothing).
        let count = plan.width * plan.height * 4
        let components = [W.Component](unsafeUninitializedCapacity: count) { buffer, initialized in
            render(plan, writer: writer, rows: 0..<plan.height, into: buffer.baseAddress!)
            initialized = count
        }
        return RGBAImage(width: plan.width, height: plan.height, components: components)
    }

    /// Renders canvas rows `rows` into `output` (`rows.count` rows of
    /// `plan.width × 4` components, first row first). Rendering a canvas in
    /// several row ranges gives the same pixels as rendering it at once.
    public func render<W: PixelWriter>(
        _ plan: RenderPlan, writer: W, rows: Range<Int>, into output: UnsafeMutablePointer<W.Component>
    ) {
        render(PreparedRaster(plan: plan, rows: rows), writer: writer, rows: rows, into: output)
    }

    /// Rows of a prepared canvas as 8-bit RGBA. Callers in other modules
    /// should use this and ``render16(_:rows:into:)`` rather than the
    /// generic entry: they would get its unspecialized body, with a witness
    /// call per pixel, several times slower than these.
    public func render8(
        _ prepared: PreparedRaster, dithers: Bool, rows: Range<Int>, into output: UnsafeMutablePointer<UInt8>
    ) {
        render(prepared, writer: RGBA8Writer(dithers: dithers, grain: prepared.plan.grain), rows: rows, into: output)
    }

    /// Rows of a prepared canvas as 16-bit RGBA (see ``render8(_:dithers:rows:into:)``).
    public func render16(_ prepared: PreparedRaster, rows: Range<Int>, into output: UnsafeMutablePointer<UInt16>) {
        render(prepared, writer: RGBA16Writer(grain: prepared.plan.grain), rows: rows, into: output)
    }

    /// Rows of a prepared canvas as 16-bit green, blue and red planes,
    /// alpha dropped (``PlanarGBR16Writer``): row `y` of `rows` goes to
    /// `planes + (y - rows.lowerBound) × width` in the green plane, blue
    /// and red `planeStride` and `2 × planeStride` samples further.
    public func renderPlanarGBR16(
        _ prepared: PreparedRaster, rows: Range<Int>, into planes: UnsafeMutablePointer<UInt16>, planeStride: Int
    ) {
        render(
            prepared, writer: PlanarGBR16Writer(planeStride: planeStride, grain: prepared.plan.grain), rows: rows,
            into: planes)
    }

    /// The whole canvas as 16-bit planes (see ``renderPlanarGBR16(_:rows:into:planeStride:)``).
    public func renderPlanarGBR16(_ plan: RenderPlan) -> PlanarGBR16Image {
        let pixels = plan.width * plan.height
        let samples = [UInt16](unsafeUninitializedCapacity: 3 * pixels) { buffer, initialized in
            renderPlanarGBR16(
                PreparedRaster(plan: plan), rows: 0..<plan.height, into: buffer.baseAddress!, planeStride: pixels)
            initialized = 3 * pixels
        }
        return PlanarGBR16Image(width: plan.width, height: plan.height, samples: samples)
    }

    /// Renders rows of a prepared canvas (see ``PreparedRaster``): the way
    /// to stream a large canvas band by band without setting up its
    /// triangles again for every band.
    public func render<W: PixelWriter>(
        _ prepared: PreparedRaster, writer: W, rows: Range<Int>, into output: UnsafeMutablePointer<W.Component>
    ) {
        let setup = prepared.setup
        precondition(rows.lowerBound >= setup.rows.lowerBound && rows.upperBound <= setup.rows.upperBound)
        // On one thread, the rows at once: each list band met is walked
        // once, with one set of row buffers.
        if threadCount == 1 {
            setup.renderBand(rows: rows, writer: writer, output: output)
            return
        }
        // Pieces of work are the setup's list bands, so that each band's
        // spans are walked once, by one thread, or halves of them, nested,
        // where that leaves fewer than four pieces a thread (a 4K PNG's
        // bands of 135 rows: 16-row halves). Pieces across list bands
        // walked parts of them again: 3 % more instructions for a 4K PNG.
        var height = RasterSetup.listBandHeight
        while height > 4 && rows.count / height < threadCount * 4 { height /= 2 }
        let origin = setup.rows.lowerBound
        let firstBand = (rows.lowerBound - origin) / height
        let bandCount = (rows.upperBound - 1 - origin) / height - firstBand + 1
        let out = SendablePointer(output)
        let width = setup.plan.width
        let work = { @Sendable [height] (band: Int) in
            let first = max(rows.lowerBound, origin + (firstBand + band) * height)
            let last = min(rows.upperBound, origin + (firstBand + band + 1) * height)
            setup.renderBand(
                rows: first..<last, writer: writer,
                output: out.pointer + (first - rows.lowerBound) * width * W.pixelStride)
        }
        if bandCount == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: bandCount, execute: work)
        }
    }
}

/// A plan's triangles set up for the CPU rasterizer once, with each row's
/// triangle list, for rendering its rows in any number of calls.
public struct PreparedRaster: Sendable {
    let setup: RasterSetup

    /// Prepares rows `rows` of `plan` (all of them by default).
    public init(plan: RenderPlan, rows: Range<Int>? = nil) {
        setup = RasterSetup(plan: plan, rows: rows ?? 0..<plan.height)
    }

    public var plan: RenderPlan { setup.plan }

    /// Whether every pixel's center is covered by some triangle: then, with
    /// opaque colors, the picture is opaque whatever the background (the
    /// common full-bleed wallpaper with SwiftUI's clear default background).
    public var coversEveryPixel: Bool {
        let width = setup.plan.width
        var covered = [Bool](repeating: false, count: width)
        for y in setup.rows {
            for x in 0..<width { covered[x] = false }
            var count = 0
            for k in setup.listedTriangles(row: y) {
                guard let span = setup.triangles[Int(k)].span(row: y, sampleX: 128, sampleY: 128, width: width)
                else { continue }
                for x in span where !covered[x] {
                    covered[x] = true
                    count += 1
                }
            }
            if count < width { return false }
        }
        return true
    }
}

/// A pointer handed to concurrent bands that write disjoint rows.
struct SendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}

/// The per-render state shared by all bands: triangles set up once, and
/// for every row the triangles that touch it, in drawing order (so a row
/// looks only at its own triangles, however many the mesh has).
final class RasterSetup: @unchecked Sendable {
    let plan: RenderPlan
    /// The tessellation's triangles set up, in a block of ``triangleMemory``.
    let triangles: UnsafeBufferPointer<RasterTriangle>
    /// Memory the kernel may back with huge pages (``PageBlocks``): a 4K
    /// onboarding's 20,808 triangles fill 1.6 MB, some 400 small pages
    /// faulted in one at a time otherwise; an animation's next frame takes
    /// the region this one gives back.
    private let triangleMemory: PageBlocks
    /// Row `y`'s triangles are `rowTriangles[rowStart[y - rows.lowerBound] ..< rowStart[y - rows.lowerBound + 1]]`
    /// (both empty where the spans path is taken: see ``bandTriangles``).
    let rowStart: [Int32]
    let rowTriangles: [Int32]
    /// Where the spans path is taken (no anti-aliasing, no folds), the
    /// triangles of each list band of ``listBandHeight`` rows (from
    /// `rows.lowerBound`), in drawing order: band `b`'s are
    /// `bandTriangles[bandStart[b] ..< bandStart[b + 1]]`. Each band's
    /// rows' spans are walked when it is drawn (``BandSpans``).
    let bandStart: [Int32]
    let bandTriangles: [Int32]
    /// Each triangle's first and last listed row (first > last: none).
    let rowRanges: [SIMD2<Int32>]
    /// Rows per list band: a power of two, since a render's pieces of work
    /// are list bands or nested halves of them.
    static let listBandHeight = 32
    let rows: Range<Int>
    let colorPolynomials: [SIMD4<Float>]
    /// Patch `k`'s alpha polynomial is the constant 1 (``opaqueAlpha(_:)``).
    let opaquePatches: UnsafeMutablePointer<Bool>
    /// ``colorPolynomials`` as vectors for the eight-lane evaluation.
    let colorSplats: ColorSplats

    init(plan: RenderPlan, rows: Range<Int>) {
        self.plan = plan
        self.rows = rows
        colorPolynomials = plan.colorPolynomials
        let patchCount = plan.colorPolynomials.count / 16
        let opaque = UnsafeMutablePointer<Bool>.allocate(capacity: max(1, patchCount))
        plan.colorPolynomials.withUnsafeBufferPointer { polys in
            for k in 0..<patchCount { opaque[k] = opaqueAlpha(polys.baseAddress! + 16 * k) }
        }
        opaquePatches = opaque
        colorSplats = ColorSplats(plan.colorPolynomials)

        // A triangle is listed only on the rows where one of the sample
        // points the render tests (the center, or all four with
        // anti-aliasing) can fall inside it.
        let sampleY: ClosedRange<Int64> =
            plan.antialiasesBorder
            ? CPURenderer.samplePositions.map(\.y).min()!...CPURenderer.samplePositions.map(\.y).max()! : 128...128
        let triangleCount = plan.tessellation.indices.count / 3
        triangleMemory = PageBlocks(
            blockBytes: max(1, triangleCount) * MemoryLayout<RasterTriangle>.stride, blocksPerRegion: 1)
        let slots = triangleMemory.take().bindMemory(to: RasterTriangle.self, capacity: max(1, triangleCount))
        rowRanges = Self.setUpTriangles(plan.tessellation, sampleY: sampleY, rows: rows, into: slots)
        triangles = UnsafeBufferPointer(start: slots, count: triangleCount)
        if plan.takesSpansPath {
            let height = Self.listBandHeight
            let first = Int32(rows.lowerBound)
            let bandRanges = rowRanges.map { r in
                r.x <= r.y ? SIMD2((r.x - first) / Int32(height), (r.y - first) / Int32(height)) : SIMD2(1, 0)
            }
            let bands = RasterRowLists(
                ranges: bandRanges, rows: 0..<max(1, (rows.count + height - 1) / height))
            (bandStart, bandTriangles) = (bands.start, bands.triangles)
            (rowStart, rowTriangles) = ([], [])
        } else {
            let lists = RasterRowLists(ranges: rowRanges, rows: rows)
            (rowStart, rowTriangles) = (lists.start, lists.triangles)
            (bandStart, bandTriangles) = ([], [])
        }
    }

    /// The tessellation's triangles set up in chunks on every core, each
    /// into its own slot (triangle `k` of the tessellation is entry `k`,
    /// so nothing is joined or copied afterwards), each with the rows of
    /// `rows` it is listed on (`first > last` for none: a triangle of zero
    /// area keeps its slot as ``RasterTriangle/empty`` and is listed on no
    /// row). The rows are found while the triangle is at hand: the row
    /// lists then read 8 bytes a triangle instead of striding through all
    /// of them twice.
    static func setUpTriangles(
        _ tessellation: Tessellation, sampleY: ClosedRange<Int64>, rows: Range<Int>,
        into triangles: UnsafeMutablePointer<RasterTriangle>
    ) -> [SIMD2<Int32>] {
        let triangleCount = tessellation.indices.count / 3
        let chunkCount = triangleCount < 16_384 ? 1 : min(16, 4 * ActiveProcessors.count)
        let chunkSize = (triangleCount + chunkCount - 1) / max(1, chunkCount)
        return [SIMD2<Int32>](unsafeUninitializedCapacity: triangleCount) { rangeSlots, rangeCount in
            let out = SetUpSlots(
                triangles: SendablePointer(triangles), ranges: SendablePointer(orDangling(rangeSlots.baseAddress)))
            RasterRowLists.perChunk(chunkCount) { chunk in
                let first = min(chunk * chunkSize, triangleCount)
                let last = min(first + chunkSize, triangleCount)
                setUpChunk(tessellation, triangles: first..<last, sampleY: sampleY, rows: rows, into: out)
            }
            rangeCount = triangleCount
        }
    }

    /// Where ``setUpChunk(_:triangles:sampleY:rows:into:)`` puts triangle
    /// `k`: its set-up and its row range, each at `k`.
    struct SetUpSlots: Sendable {
        let triangles: SendablePointer<RasterTriangle>
        let ranges: SendablePointer<SIMD2<Int32>>
    }

    /// Triangles `triangles` of the tessellation set up into their slots.
    static func setUpChunk(
        _ tessellation: Tessellation, triangles: Range<Int>, sampleY: ClosedRange<Int64>, rows: Range<Int>,
        into slots: SetUpSlots
    ) {
        let firstRow = rows.lowerBound
        let lastRow = rows.upperBound - 1
        let (output, ranges) = (slots.triangles.pointer, slots.ranges.pointer)
        tessellation.vertices.withUnsafeBufferPointer { v in
            tessellation.indices.withUnsafeBufferPointer { i in
                for triangle in triangles {
                    let index = triangle * 3
                    guard let t = RasterTriangle(v[Int(i[index])], v[Int(i[index + 1])], v[Int(i[index + 2])]) else {
                        (output + triangle).initialize(to: .empty)
                        (ranges + triangle).initialize(to: SIMD2(1, 0))
                        continue
                    }
                    (output + triangle).initialize(to: t)
                    let r = t.rows(sampleY: sampleY)
                    (ranges + triangle).initialize(
                        to: r.map { SIMD2(Int32(max($0.lowerBound, firstRow)), Int32(min($0.upperBound, lastRow))) }
                            ?? SIMD2(1, 0))
                }
            }
        }
    }

    deinit {
        triangleMemory.give(UnsafeMutableRawPointer(mutating: triangles.baseAddress!))
        opaquePatches.deallocate()
        colorSplats.deallocate()
    }

    func renderBand<W: PixelWriter>(rows band: Range<Int>, writer: W, output: UnsafeMutablePointer<W.Component>) {
        let width = plan.width
        let scratch = RowScratch(width: width, folds: plan.folds, antialias: plan.antialiasesBorder)
        defer { scratch.deallocate() }
        // Without anti-aliasing or folds a pixel's color is its center's
        // triangle's, so a row whose center spans do not overlap is those
        // spans in x order: no per-pixel triangle ids to write and scan
        // (they were a quarter of the rasterizer's time).
        let bySpans = plan.takesSpansPath
        let bandSpans = bySpans ? BandSpans() : nil
        colorPolynomials.withUnsafeBufferPointer { polys in
            for y in band {
                var shader = RowShader(
                    setup: self, row: output + (y - band.lowerBound) * width * W.pixelStride, y: y,
                    writer: writer, triangles: triangles, polys: polys.baseAddress!,
                    scratch: scratch)
                if let bandSpans {
                    if !bandSpans.rows.contains(y) {
                        let listBand = (y - rows.lowerBound) / Self.listBandHeight
                        let end = rows.lowerBound + (listBand + 1) * Self.listBandHeight
                        bandSpans.fill(self, band: listBand, rows: y..<min(end, band.upperBound))
                    }
                    if let spans = bandSpans.sorted(row: y) {
                        shader.shadeSpans(spans, shading: bandSpans.shading)
                    } else {
                        cover(
                            row: y, listed: bandSpans.listed(row: y).lazy.map(\.triangle),
                            triangles: triangles, scratch: scratch)
                        shader.shadeCoveredRow()
                    }
                } else {
                    cover(row: y, triangles: triangles, scratch: scratch)
                    shader.shadeCoveredRow()
                }
                shader.flushSpan()
            }
        }
    }

    /// List band `b`'s entries in ``bandTriangles``.
    @inline(__always)
    func bandList(_ b: Int) -> Range<Int> {
        Int(bandStart[b])..<Int(bandStart[b + 1])
    }

    /// Row `y`'s triangles in drawing order, from whichever lists the
    /// setup keeps.
    func listedTriangles(row y: Int) -> [Int32] {
        guard plan.takesSpansPath else { return Array(rowTriangles[rowList(y)]) }
        let band = bandList((y - rows.lowerBound) / Self.listBandHeight)
        return bandTriangles[band].filter { k in rowRanges[Int(k)].x <= y && y <= rowRanges[Int(k)].y }
    }

    /// Where row `y`'s triangles are in ``rowTriangles``.
    @inline(__always)
    func rowList(_ y: Int) -> Range<Int> {
        Int(rowStart[y - rows.lowerBound])..<Int(rowStart[y - rows.lowerBound + 1])
    }

    /// Row `y`'s coverage pixel by pixel into `scratch`: each pixel's
    /// center triangle (-1 for none; later triangles overwrite earlier
    /// ones), and with anti-aliasing its sample mask and a sample's
    /// triangle.
    func cover(row y: Int, triangles: UnsafeBufferPointer<RasterTriangle>, scratch: RowScratch) {
        cover(row: y, listed: rowList(y).lazy.map { self.rowTriangles[$0] }, triangles: triangles, scratch: scratch)
    }

    /// ``cover(row:triangles:scratch:)`` for the triangles `listed`, row
    /// `y`'s in drawing order (folds find their own).
    func cover<Listed: Sequence<Int32>>(
        row y: Int, listed: Listed, triangles: UnsafeBufferPointer<RasterTriangle>, scratch: RowScratch
    ) {
        let width = plan.width
        let antialias = plan.antialiasesBorder
        let folds = plan.folds
        let centerTriangle = scratch.centerTriangle
        let sampleMask = scratch.sampleMask
        let sampleTriangle = scratch.sampleTriangle
        centerTriangle.update(repeating: -1, count: width)
        if antialias {
            sampleTriangle.update(repeating: -1, count: width)
            sampleMask.update(repeating: 0, count: width)
        }
        if folds {
            coverByFoldKey(
                row: y, triangles: triangles, centerTriangle: centerTriangle,
                sampleTriangles: scratch.sampleTriangles, sampleMask: sampleMask, centerKey: scratch.centerKey,
                sampleKeys: scratch.sampleKeys, antialias: antialias)
            return
        }
        for k in listed {
            let t = triangles[Int(k)]
            if let s = t.span(row: y, sampleX: 128, sampleY: 128, width: width) {
                (centerTriangle + s.lowerBound).update(repeating: k, count: s.count)
            }
            guard antialias else { continue }
            for (bit, sample) in CPURenderer.samplePositions.enumerated() {
                guard let s = t.span(row: y, sampleX: sample.x, sampleY: sample.y, width: width) else {
                    continue
                }
                for x in s {
                    sampleMask[x] |= UInt8(1 << bit)
                    sampleTriangle[x] = k
                }
            }
        }
    }

    /// The finished color of triangle `t` at a point, `(u, v)` clamped to
    /// the patch (the point may lie just outside the triangle).
    @inline(__always)
    func shade(
        _ t: RasterTriangle, polys: UnsafePointer<SIMD4<Float>>, x: Float, y: Float, space: ColorSpace
    ) -> SIMD4<Float> {
        let dx = x - t.originX
        let dy = y - t.originY
        let u = min(max(t.u0 + t.uPerX * dx + t.uPerY * dy, 0), 1)
        let v = min(max(t.v0 + t.vPerX * dx + t.vPerY * dy, 0), 1)
        return finishColor(evaluateColorPolynomial(polys + Int(t.patch) * 16, u: u, v: v), in: space)
    }
}
