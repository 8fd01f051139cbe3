// The CPU rasterizer's color pass over one row: runs of pixels that show
// one triangle (or none) turned into stored pixels, whichever way the row's
// coverage was found (`RasterSetup.cover(row:triangles:scratch:)` pixel by
// pixel, or its sorted center spans).

/// One triangle's pixels on a row: `start..<end`, centers inside it; the
/// triangle, and where its ``TriangleShading`` is in its band's copy
/// (``BandSpans/shading``).
struct CenterSpan {
    var start: Int32
    var end: Int32
    var triangle: Int32
    var shading: Int32
}

/// The per-band buffers of the rasterizer, allocated once for all of a
/// band's rows.
struct RowScratch {
    let centerTriangle: UnsafeMutablePointer<Int32>
    let sampleTriangle: UnsafeMutablePointer<Int32>
    let sampleMask: UnsafeMutablePointer<UInt8>
    /// A row's `(u, v)` for its short runs. Eight spare lanes past the row:
    /// a short span's lanes read them (and drop what they give), so they
    /// hold zeros, never garbage.
    let rowU: UnsafeMutablePointer<Float>
    let rowV: UnsafeMutablePointer<Float>
    let centerKey: UnsafeMutablePointer<Float>
    let sampleKeys: UnsafeMutablePointer<Float>
    let sampleTriangles: UnsafeMutablePointer<Int32>
    init(width: Int, folds: Bool, antialias: Bool) {
        centerTriangle = .allocate(capacity: width)
        sampleTriangle = .allocate(capacity: width)
        sampleMask = .allocate(capacity: width)
        rowU = .allocate(capacity: width + 8)
        rowV = .allocate(capacity: width + 8)
        rowU.initialize(repeating: 0, count: width + 8)
        rowV.initialize(repeating: 0, count: width + 8)
        centerKey = .allocate(capacity: folds ? width : 0)
        sampleKeys = .allocate(capacity: folds && antialias ? 4 * width : 0)
        sampleTriangles = .allocate(capacity: folds && antialias ? 4 * width : 0)
    }

    func deallocate() {
        for pointer in [centerTriangle, sampleTriangle, sampleTriangles] { pointer.deallocate() }
        for pointer in [rowU, rowV, centerKey, sampleKeys] { pointer.deallocate() }
        sampleMask.deallocate()
    }
}

/// The color pass over one row: each run of pixels with one center
/// triangle is written from its color run when long
/// (``RasterSetup/writeRun(_:opaque:pixels:to:)``),
/// or joins the pending span of short runs of its patch, written eight
/// pixels at a time from their own `(u, v)` when the patch changes or a
/// gap comes (``flushSpan()``).
struct RowShader<W: PixelWriter> {
    let setup: RasterSetup
    let row: UnsafeMutablePointer<W.Component>
    let writer: W
    let triangles: UnsafeBufferPointer<RasterTriangle>
    let polys: UnsafePointer<SIMD4<Float>>
    let scratch: RowScratch
    let width: Int
    let rowSeed: UInt32
    let centerY: Float
    let antialias: Bool
    let space: ColorSpace
    let background: SIMD4<Float>
    let backgroundPixel: SIMD4<W.Component>
    /// The pending span of short runs: pixels `spanStart..<spanEnd`, one patch.
    var spanStart = 0
    var spanEnd = 0
    var spanPatch: Int32 = -1

    @inline(__always)
    init(
        setup: RasterSetup, row: UnsafeMutablePointer<W.Component>, y: Int, writer: W,
        triangles: UnsafeBufferPointer<RasterTriangle>,
        polys: UnsafePointer<SIMD4<Float>>, scratch: RowScratch
    ) {
        let plan = setup.plan
        (self.setup, self.row, self.writer, self.triangles) = (setup, row, writer, triangles)
        (self.polys, self.scratch, width) = (polys, scratch, plan.width)
        rowSeed = writer.rowSeed(y: y)
        centerY = Float(y) + 0.5
        antialias = plan.antialiasesBorder
        space = plan.colorSpace
        let b = plan.backgroundVector
        background = SIMD4(b.x * b.w, b.y * b.w, b.z * b.w, b.w)
        backgroundPixel = writer.backgroundPixel(b)
    }

    /// The row from its sorted, disjoint center spans; the pixels between
    /// them show the background.
    @inline(__always)
    mutating func shadeSpans(
        _ spans: UnsafeMutableBufferPointer<CenterSpan>, shading bandShading: UnsafePointer<TriangleShading>
    ) {
        var x = 0
        for span in spans {
            let start = Int(span.start)
            if start > x { shadeUncovered(x..<start) }
            shadeTriangle(bandShading[Int(span.shading)], start..<Int(span.end))
            x = Int(span.end)
        }
        if x < width { shadeUncovered(x..<width) }
    }

    /// The row from ``RowScratch/centerTriangle``, one run of equal
    /// center triangles at a time.
    @inline(__always)
    mutating func shadeCoveredRow() {
        let centerTriangle = scratch.centerTriangle
        var x = 0
        while x < width {
            let k = centerTriangle[x]
            var end = x + 1
            while end < width && centerTriangle[end] == k { end += 1 }
            if k < 0 {
                shadeUncovered(x..<end, mixed: k == RasterSetup.mixedSamples)
            } else {
                shadeTriangle(TriangleShading(triangles[Int(k)]), x..<end)
            }
            x = end
        }
    }

    /// Pixels whose center no triangle covers: a fold's mixed samples, an
    /// anti-aliased border pixel, or the background.
    @inline(__always)
    func shadeUncovered(_ pixels: Range<Int>, mixed: Bool = false) {
        let sampleMask = scratch.sampleMask
        for px in pixels {
            if mixed {
                let c = setup.resolveSamples(
                    x: px, sampleTriangles: scratch.sampleTriangles, triangles: triangles, polys: polys,
                    centerY: centerY, background: background)
                writer.write(c, x: px, rowSeed: rowSeed, to: row + px * W.pixelStride)
            } else if antialias && sampleMask[px] != 0 {
                let t = triangles[Int(scratch.sampleTriangle[px])]
                var c = setup.shade(t, polys: polys, x: Float(px) + 0.5, y: centerY, space: space)
                c = blend(c, coverage: sampleMask[px], over: background)
                writer.write(c, x: px, rowSeed: rowSeed, to: row + px * W.pixelStride)
            } else {
                writer.storeBackground(backgroundPixel, to: row + px * W.pixelStride)
            }
        }
    }

    /// Pixels whose center triangle `k` covers: `(u, v)` from the triangle's
    /// planes at the run's first pixel, stepped along the row.
    @inline(always)
    mutating func shadeTriangle(_ t: TriangleShading, _ pixels: Range<Int>) {
        let dx = Float(pixels.lowerBound) + 0.5 - t.originX
        let dy = centerY - t.originY
        let u0 = t.u0 + t.uPerX * dx + t.uPerY * dy
        let v0 = t.v0 + t.vPerX * dx + t.vPerY * dy
        if pixels.count >= ColorRun.minimumLength {
            setup.writeRun(
                ColorRun(polys + Int(t.patch) * 16, u0: u0, du: t.uPerX, v0: v0, dv: t.vPerX),
                opaque: setup.opaquePatches[Int(t.patch)], pixels: pixels, to: target)
            return
        }
        // A short run: (u, v) pixel by pixel into the row's buffers,
        // evaluated with the adjoining short runs of the same patch, eight
        // pixels at a time.
        if spanEnd != pixels.lowerBound || spanPatch != t.patch {
            flushSpan()
            spanStart = pixels.lowerBound
            spanPatch = t.patch
        }
        fillParameters(
            u: scratch.rowU, v: scratch.rowV, pixels: pixels, u0: u0, du: t.uPerX, v0: v0, dv: t.vPerX)
        spanEnd = pixels.upperBound
    }

    /// Writes the pending span of short runs.
    @inline(always)
    mutating func flushSpan() {
        guard spanEnd > spanStart else { return }
        setup.writeSpan(
            polys + Int(spanPatch) * 16, splats: setup.colorSplats.patch(Int(spanPatch)),
            opaque: setup.opaquePatches[Int(spanPatch)], pixels: spanStart..<spanEnd,
            u: scratch.rowU, v: scratch.rowV, to: target)
        spanStart = spanEnd
    }

    /// The row's sample masks where the border is anti-aliased.
    var coverage: UnsafePointer<UInt8>? { antialias ? UnsafePointer(scratch.sampleMask) : nil }

    /// What the pixel loops write to.
    var target: RowTarget<W> {
        RowTarget(row: row, rowSeed: rowSeed, writer: writer, coverage: coverage, background: background)
    }
}
