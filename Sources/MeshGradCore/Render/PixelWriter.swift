/// How the CPU renderer stores a finished straight color: the output format
/// and its quantization. Generic so that the pixel loop is specialized per
/// format with no per-pixel branch on it.
public protocol PixelWriter: Sendable {
    associatedtype Component: ImageComponent
    /// Stores `color` (straight sRGB, alpha in 0…1) for pixel `x` of a row
    /// whose dither seed is `rowSeed`.
    func write(_ color: SIMD4<Float>, x: Int, rowSeed: UInt32, to pixel: UnsafeMutablePointer<Component>)
    /// Stores the eight pixels `x…x+7` of ``ColorLanes``, exactly as eight
    /// calls of ``write(_:x:rowSeed:to:)`` would, at `pixels`.
    func write8(_ colors: ColorLanes, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<Component>)
    /// The stored background: a flat fill, never dithered (it cannot band).
    func backgroundPixel(_ color: SIMD4<Float>) -> SIMD4<Component>
    /// The per-row value the renderers pass as `rowSeed`: the dither's
    /// row seed, or, for a writer with grain, the row itself (grain needs
    /// canvas coordinates; the writer then derives the dither seed).
    func rowSeed(y: Int) -> UInt32
    /// Whether ``write8(_:x:rowSeed:to:)`` works in lanes (no per-pixel
    /// stage such as grain): then the renderer also computes runs shorter
    /// than eight pixels as one group of lanes and keeps what it needs.
    var writesLanes: Bool { get }
    /// Components from one pixel to the next along a row (and a row is
    /// `width × pixelStride` of them): 4 where a pixel's components lie
    /// together, 1 where each lies in a plane of its own.
    static var pixelStride: Int { get }
    /// Stores a pixel of ``backgroundPixel(_:)`` at `pixel`.
    func storeBackground(_ pixel: SIMD4<Component>, to pixel: UnsafeMutablePointer<Component>)
    /// Stores the first `count` (fewer than 8) of the pixels `x…x+7` of
    /// ``ColorLanes`` at `pixels`, as ``write8(_:x:rowSeed:to:)`` would.
    func writePartial8(
        _ colors: ColorLanes, count: Int, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<Component>)
}

extension PixelWriter {
    @inline(__always)
    public func rowSeed(y: Int) -> UInt32 { ditherRowSeed(y: y) }

    @inline(__always)
    public var writesLanes: Bool { false }

    @inline(__always)
    public func write8(_ colors: ColorLanes, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<Component>) {
        for i in 0..<8 { write(colors[i], x: x + i, rowSeed: rowSeed, to: pixels + i * Self.pixelStride) }
    }

    @inline(__always)
    public static var pixelStride: Int { 4 }

    /// The eight pixels one ``write(_:x:rowSeed:to:)`` at a time (for
    /// grain), out of line: the lanes' `write8` that falls back on it
    /// then stays small enough to be inlined into the pixel loops, where
    /// as a call it took its eight pixels through memory.
    @inline(never)
    public func writeEach8(_ colors: ColorLanes, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<Component>) {
        for i in 0..<8 { write(colors[i], x: x + i, rowSeed: rowSeed, to: pixels + i * Self.pixelStride) }
    }

    @inline(__always)
    public func storeBackground(_ pixel: SIMD4<Component>, to target: UnsafeMutablePointer<Component>) {
        UnsafeMutableRawPointer(target).storeBytes(of: pixel, as: SIMD4<Component>.self)
    }

    /// Through eight pixels' room on the stack, then the first `count`
    /// copied: for interleaved pixels (``pixelStride`` 4).
    @inline(__always)
    public func writePartial8(
        _ colors: ColorLanes, count: Int, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<Component>
    ) {
        withUnsafeTemporaryAllocation(of: Component.self, capacity: 32) { lanes in
            write8(colors, x: x, rowSeed: rowSeed, to: lanes.baseAddress!)
            pixels.update(from: lanes.baseAddress!, count: count * 4)
        }
    }
}

/// 8-bit output, optionally dithered (mesh-math §8).
public struct RGBA8Writer: PixelWriter, @unchecked Sendable {
    public var dithers: Bool
    /// Grain over every content pixel, before the dither (mesh-math §8a).
    public var grain: GrainField?
    @usableFromInline let noiseTable: UnsafePointer<SIMD4<Float>>
    @usableFromInline let planarNoise: UnsafePointer<Float>

    public init(dithers: Bool, grain: GrainField? = nil) {
        self.dithers = dithers
        self.grain = grain.drawn
        noiseTable = DitherTable.storage
        planarNoise = DitherTable.planar
    }

    @inline(__always)
    public func rowSeed(y: Int) -> UInt32 { grain == nil ? ditherRowSeed(y: y) : UInt32(truncatingIfNeeded: y) }

    @inline(__always)
    public var writesLanes: Bool { grain == nil }

    @inline(__always)
    public func write(_ color: SIMD4<Float>, x: Int, rowSeed: UInt32, to pixel: UnsafeMutablePointer<UInt8>) {
        var color = color
        var seed = rowSeed
        if let grain {
            color = applyGrain(color, x: x, y: Int(rowSeed), field: grain)
            seed = ditherRowSeed(y: Int(rowSeed))
        }
        let noise = dithers ? ditherNoise(x: x, rowSeed: seed, table: noiseTable) : .zero
        UnsafeMutableRawPointer(pixel).storeBytes(of: quantize8(color, noise: noise), as: SIMD4<UInt8>.self)
    }

    @inline(always)
    public func write8(_ colors: ColorLanes, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<UInt8>) {
        guard grain == nil else { return writeEach8(colors, x: x, rowSeed: rowSeed, to: pixels) }
        let packed = quantize8Lanes(colors, x: x, rowSeed: rowSeed, table: dithers ? planarNoise : nil)
        UnsafeMutableRawPointer(pixels).storeBytes(of: packed, as: SIMD8<UInt32>.self)
    }

    public func backgroundPixel(_ color: SIMD4<Float>) -> SIMD4<UInt8> { quantize8(color, noise: .zero) }
}

/// What the 16-bit writers share: rounding, no dither, grain per pixel
/// (which needs the row itself as `rowSeed`), in whichever layout the
/// writer stores (``PixelWriter/storeBackground(_:to:)``).
public protocol Rounded16Writer: PixelWriter where Component == UInt16 {
    var grain: GrainField? { get }
}

extension Rounded16Writer {
    /// The row itself: only grain uses it (16-bit output is not dithered).
    @inline(__always)
    public func rowSeed(y: Int) -> UInt32 { UInt32(truncatingIfNeeded: y) }

    @inline(__always)
    public var writesLanes: Bool { grain == nil }

    @inline(__always)
    public func write(_ color: SIMD4<Float>, x: Int, rowSeed: UInt32, to pixel: UnsafeMutablePointer<UInt16>) {
        let grained = grain.map { applyGrain(color, x: x, y: Int(rowSeed), field: $0) } ?? color
        storeBackground(quantize16(grained), to: pixel)
    }

    public func backgroundPixel(_ color: SIMD4<Float>) -> SIMD4<UInt16> { quantize16(color) }
}

/// 16-bit output, rounded.
public struct RGBA16Writer: Rounded16Writer {
    public var grain: GrainField?

    public init(grain: GrainField? = nil) {
        self.grain = grain.drawn
    }

    @inline(always)
    public func write8(_ colors: ColorLanes, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<UInt16>) {
        guard grain == nil else { return writeEach8(colors, x: x, rowSeed: rowSeed, to: pixels) }
        UnsafeMutableRawPointer(pixels).storeBytes(of: quantize16Lanes(colors), as: SIMD16<UInt32>.self)
    }
}

/// Single-precision output, unquantized (clamped to 0…1).
public struct RGBAFloatWriter: PixelWriter {
    public var grain: GrainField?

    public init(grain: GrainField? = nil) {
        self.grain = grain.drawn
    }

    /// The row itself: only grain uses it.
    @inline(__always)
    public func rowSeed(y: Int) -> UInt32 { UInt32(truncatingIfNeeded: y) }

    @inline(__always)
    public func write(_ color: SIMD4<Float>, x: Int, rowSeed: UInt32, to pixel: UnsafeMutablePointer<Float>) {
        let color = grain.map { applyGrain(color, x: x, y: Int(rowSeed), field: $0) } ?? color
        UnsafeMutableRawPointer(pixel).storeBytes(
            of: SIMD4(clamp(color.x, 0, 1), clamp(color.y, 0, 1), clamp(color.z, 0, 1), clamp(color.w, 0, 1)),
            as: SIMD4<Float>.self)
    }

    public func backgroundPixel(_ color: SIMD4<Float>) -> SIMD4<Float> {
        color.clamped(lowerBound: .zero, upperBound: .one)
    }
}

/// 16-bit output in three planes, green, blue and red (ffmpeg's `gbrp16le`
/// order), alpha dropped: the frames a video encoder converts to YUV,
/// written where the encoder reads them instead of as RGBA pixels split
/// into planes afterwards (that split and the interleaving before it were
/// a tenth of a 1080p export's rendering). The same rounding as
/// ``RGBA16Writer``; `pixel` addresses a pixel's green sample, blue and
/// red lie `planeStride` and `2 × planeStride` further.
public struct PlanarGBR16Writer: Rounded16Writer {
    public var grain: GrainField?
    public let planeStride: Int

    public init(planeStride: Int, grain: GrainField? = nil) {
        self.planeStride = planeStride
        self.grain = grain.drawn
    }

    @inline(__always)
    public static var pixelStride: Int { 1 }

    @inline(always)
    public func write8(_ colors: ColorLanes, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<UInt16>) {
        guard grain == nil else { return writeEach8(colors, x: x, rowSeed: rowSeed, to: pixels) }
        let (g, b, r) = quantize16Planes(colors)
        UnsafeMutableRawPointer(pixels).storeBytes(of: g, as: SIMD8<UInt16>.self)
        UnsafeMutableRawPointer(pixels + planeStride).storeBytes(of: b, as: SIMD8<UInt16>.self)
        UnsafeMutableRawPointer(pixels + 2 * planeStride).storeBytes(of: r, as: SIMD8<UInt16>.self)
    }

    @inline(__always)
    public func writePartial8(
        _ colors: ColorLanes, count: Int, x: Int, rowSeed: UInt32, to pixels: UnsafeMutablePointer<UInt16>
    ) {
        let (g, b, r) = quantize16Planes(colors)
        for i in 0..<count {
            pixels[i] = g[i]
            pixels[planeStride + i] = b[i]
            pixels[2 * planeStride + i] = r[i]
        }
    }

    @inline(__always)
    public func storeBackground(_ pixel: SIMD4<UInt16>, to target: UnsafeMutablePointer<UInt16>) {
        target[0] = pixel.y
        target[planeStride] = pixel.z
        target[2 * planeStride] = pixel.x
    }
}
