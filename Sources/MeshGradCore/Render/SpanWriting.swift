// The color pass's pixel loops: a row's pixels of one triangle (a color
// run) or of one patch (a span of short runs, from their own `(u, v)`)
// evaluated, finished and stored eight at a time.
//
// Each loop is compiled once per case of the constants it branches on
// (``LaneCase``: whether the patch is opaque, the color space), each copy
// a function of its own, and what it calls per group of eight pixels is
// `@inline(always)`. As one function holding every case, the loop grew
// past the size the optimizer inlines into (`@inline(__always)` is only a
// hint to it): the unaligned loads of `(u, v)`, `min`, the writer's
// `write8` and the `(u, v)` fill were left as calls in every group, with
// the eight pixels' colors passed through memory (a fifth of a 1080p
// animation frame's CPU time).

/// The constants a pixel loop is compiled for (see the file's comment).
protocol LaneCase {
    /// Every alpha is exactly 1 (``opaqueAlpha(_:)``).
    static var opaque: Bool { get }
    static var space: ColorSpace { get }
}

enum OpaqueDevice: LaneCase {
    static var opaque: Bool { true }
    static var space: ColorSpace { .device }
}

enum OpaquePerceptual: LaneCase {
    static var opaque: Bool { true }
    static var space: ColorSpace { .perceptual }
}

enum TranslucentDevice: LaneCase {
    static var opaque: Bool { false }
    static var space: ColorSpace { .device }
}

enum TranslucentPerceptual: LaneCase {
    static var opaque: Bool { false }
    static var space: ColorSpace { .perceptual }
}

/// What a pixel loop writes to: a row of the output, its writer and dither
/// seed, and, where the border is anti-aliased, the row's sample masks and
/// the background the partly covered pixels blend over.
struct RowTarget<W: PixelWriter> {
    let row: UnsafeMutablePointer<W.Component>
    let rowSeed: UInt32
    let writer: W
    let coverage: UnsafePointer<UInt8>?
    let background: SIMD4<Float>

    /// Stores a finished color at pixel `px`, blended over the background
    /// where the pixel is partly covered.
    @inline(__always)
    func write(_ color: SIMD4<Float>, x px: Int) {
        var c = color
        if let coverage, coverage[px] != 0b1111 { c = blend(c, coverage: coverage[px], over: background) }
        writer.write(c, x: px, rowSeed: rowSeed, to: row + px * W.pixelStride)
    }

    /// Writes `pixels` eight at a time from `source.lanes(first)`, the
    /// colors of pixels `first…first+7`: the last group flush with the end
    /// (the pixels it shares with the group before come out the same). A
    /// group with a partly covered pixel, and a run shorter than 8 that the
    /// writer cannot store from lanes, go through `source.onePixel(_:)`.
    /// Not inlined: each case's copy is a function of its own (see the
    /// file's comment).
    @inline(never)
    func writeGroups<S: LaneSource>(_ pixels: Range<Int>, from source: S) {
        let end = pixels.upperBound
        guard pixels.count >= 8 else {
            if writer.writesLanes && (coverage.map { allCovered($0, pixels) } ?? true) {
                writer.writePartial8(
                    source.lanes(pixels.lowerBound), count: pixels.count, x: pixels.lowerBound, rowSeed: rowSeed,
                    to: row + pixels.lowerBound * W.pixelStride)
            } else {
                for px in pixels { write(source.onePixel(px), x: px) }
            }
            return
        }
        var group = pixels.lowerBound
        while group < end {
            let first = group < end - 8 ? group : end - 8
            group = first + 8
            if let coverage, !fullyCovered8(coverage + first) {
                for px in first..<first + 8 { write(source.onePixel(px), x: px) }
            } else {
                writer.write8(source.lanes(first), x: first, rowSeed: rowSeed, to: row + first * W.pixelStride)
            }
        }
    }
}

/// Where a pixel loop's colors come from: eight pixels in lanes, or one.
/// A protocol, not closures, so that the loop's specialization calls the
/// source's methods directly and inlines them.
protocol LaneSource {
    /// The finished colors of pixels `first…first+7`.
    func lanes(_ first: Int) -> ColorLanes
    /// The finished color of pixel `px`, exactly lane `px - first` of
    /// ``lanes(_:)``.
    func onePixel(_ px: Int) -> SIMD4<Float>
}

/// A color run's pixels (``ColorRun``), run `start` its first, in one case.
struct RunLanes<C: LaneCase>: LaneSource {
    let run: ColorRun
    let start: Int

    @inline(always)
    func lanes(_ first: Int) -> ColorLanes {
        finishColor8(run.at8(Float(first - start), opaque: C.opaque), in: C.space, opaque: C.opaque)
    }

    @inline(always)
    func onePixel(_ px: Int) -> SIMD4<Float> { finishColor(run.at(Float(px - start)), in: C.space) }
}

/// A span's pixels of one patch from their own `(u, v)`, in one case:
/// the patch's coefficients as they are and as vectors
/// (``ColorSplats/patch(_:)``), and the row's `(u, v)` buffers.
struct SpanLanes<C: LaneCase>: LaneSource {
    let poly: UnsafePointer<SIMD4<Float>>
    let splats: UnsafePointer<CoefficientLanes>
    let u: UnsafePointer<Float>
    let v: UnsafePointer<Float>

    @inline(always)
    func lanes(_ first: Int) -> ColorLanes {
        let u = loadLanes(u + first)
        let v = loadLanes(v + first)
        return finishColor8(
            evaluateColorPolynomial8(splats, u: u, v: v, opaque: C.opaque), in: C.space, opaque: C.opaque)
    }

    @inline(always)
    func onePixel(_ px: Int) -> SIMD4<Float> {
        finishColor(evaluateColorPolynomial(poly, u: u[px], v: v[px]), in: C.space)
    }
}

extension RasterSetup {
    /// Writes the pixels of one triangle on one row from its color run
    /// (``RowTarget/writeGroups(_:from:)``).
    @inline(never)
    func writeRun<W: PixelWriter>(_ run: ColorRun, opaque: Bool, pixels: Range<Int>, to target: RowTarget<W>) {
        let start = pixels.lowerBound
        switch (opaque, plan.colorSpace) {
        case (true, .device): target.writeGroups(pixels, from: RunLanes<OpaqueDevice>(run: run, start: start))
        case (true, .perceptual): target.writeGroups(pixels, from: RunLanes<OpaquePerceptual>(run: run, start: start))
        case (false, .device): target.writeGroups(pixels, from: RunLanes<TranslucentDevice>(run: run, start: start))
        case (false, .perceptual):
            target.writeGroups(pixels, from: RunLanes<TranslucentPerceptual>(run: run, start: start))
        }
    }

    /// Writes pixels `pixels` of one patch on one row from their own
    /// `(u, v)` (`u[x]`, `v[x]`, already clamped): ``evaluateColorPolynomial(_:u:v:)``
    /// eight pixels at a time (from the patch's `splats`), grouped as in
    /// ``writeRun(_:opaque:pixels:to:)``.
    @inline(never)
    func writeSpan<W: PixelWriter>(
        _ poly: UnsafePointer<SIMD4<Float>>, splats: UnsafePointer<CoefficientLanes>, opaque: Bool, pixels: Range<Int>,
        u: UnsafePointer<Float>, v: UnsafePointer<Float>, to target: RowTarget<W>
    ) {
        switch (opaque, plan.colorSpace) {
        case (true, .device):
            target.writeGroups(pixels, from: SpanLanes<OpaqueDevice>(poly: poly, splats: splats, u: u, v: v))
        case (true, .perceptual):
            target.writeGroups(pixels, from: SpanLanes<OpaquePerceptual>(poly: poly, splats: splats, u: u, v: v))
        case (false, .device):
            target.writeGroups(pixels, from: SpanLanes<TranslucentDevice>(poly: poly, splats: splats, u: u, v: v))
        case (false, .perceptual):
            target.writeGroups(pixels, from: SpanLanes<TranslucentPerceptual>(poly: poly, splats: splats, u: u, v: v))
        }
    }
}

/// `u[x] = min(max(u0 + du·s, 0), 1)` for the pixels `x` of a short run,
/// `s` pixels after its first (and the same for `v`), eight lanes at a
/// time: each lane does the scalar expression's operations, `max` and
/// `min` as the standard library's (`0 >= a ? 0 : a`, `1 < m ? 1 : m`),
/// so the same bits. The last group writes up to 7 lanes past the run,
/// into the next run's pixels (written after it) or the buffers' 8 spare
/// lanes; a branch per pixel for the clamps was a tenth of the render.
@inline(always)
func fillParameters(
    u: UnsafeMutablePointer<Float>, v: UnsafeMutablePointer<Float>, pixels: Range<Int>, u0: Float, du: Float,
    v0: Float, dv: Float
) {
    let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
    // In halves of four lanes, which compile to far fewer instructions
    // (see `clampLanes`).
    @_transparent func clamped(_ a: SIMD4<Float>) -> SIMD4<Float> {
        let low = a.replacing(with: 0, where: SIMD4<Float>.zero .>= a)
        return low.replacing(with: 1, where: SIMD4<Float>.one .< low)
    }
    @_transparent func clamped(_ a: SIMD8<Float>) -> SIMD8<Float> {
        #if MESHGRAD_AVX2
            let low = a.replacing(with: 0, where: SIMD8<Float>.zero .>= a)
            return low.replacing(with: 1, where: SIMD8<Float>.one .< low)
        #else
            let a = halves(a)
            return joined(clamped(a.low), clamped(a.high))
        #endif
    }
    var px = pixels.lowerBound
    while px < pixels.upperBound {
        let s = SIMD8<Float>(repeating: Float(px - pixels.lowerBound)) + lanes
        UnsafeMutableRawPointer(u + px).storeBytes(of: clamped(u0 + du * s), as: SIMD8<Float>.self)
        UnsafeMutableRawPointer(v + px).storeBytes(of: clamped(v0 + dv * s), as: SIMD8<Float>.self)
        px += 8
    }
}

/// Whether every pixel of `pixels` has all four samples covered.
@inline(__always)
func allCovered(_ masks: UnsafePointer<UInt8>, _ pixels: Range<Int>) -> Bool {
    for px in pixels where masks[px] != 0b1111 { return false }
    return true
}

/// Whether all of the eight sample masks at `masks` have all four samples.
@inline(__always)
func fullyCovered8(_ masks: UnsafePointer<UInt8>) -> Bool {
    UnsafeRawPointer(masks).loadUnaligned(as: UInt64.self) == 0x0F0F_0F0F_0F0F_0F0F
}
