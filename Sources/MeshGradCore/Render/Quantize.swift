// From a straight color in 0…1 to stored integers (mesh-math §8).
//
// Twin of `hash32()`, `ditherNoise()` and `quantize8()` in
// Shaders/quantize.glsl. Integer hashing wraps modulo 2³² identically in Swift
// and GLSL 3.30, and every float operation below is exact (dyadic values
// with at most 17 significant bits), so both sides draw the same noise.

/// A 32-bit integer hash with good avalanche ("lowbias32", Chris Wellons).
@inlinable @inline(__always)
public func hash32(_ value: UInt32) -> UInt32 {
    var x = value
    x ^= x >> 16
    x &*= 0x7feb_352d
    x ^= x >> 15
    x &*= 0x846c_a68b
    x ^= x >> 16
    return x
}

/// ``hash32(_:)`` on four lanes at once.
@inlinable @inline(__always)
public func hash32(_ value: SIMD4<UInt32>) -> SIMD4<UInt32> {
    var x = value
    x ^= x &>> 16
    x &*= 0x7feb_352d
    x ^= x &>> 15
    x &*= 0x846c_a68b
    x ^= x &>> 16
    return x
}

/// The per-row part of a pixel's dither seed, hoisted out of the pixel loop.
@inlinable @inline(__always)
public func ditherRowSeed(y: Int) -> UInt32 {
    hash32(UInt32(truncatingIfNeeded: y))
}

/// Triangular noise in `(-1, 1)` for each channel of pixel `x` of the row
/// whose seed is `rowSeed` (mesh-math §8).
///
/// The row's seed picks where the row starts in a table of
/// ``DitherTable/size`` noise vectors, and the row's pixels take the
/// entries after it in turn: entry `(x + rowSeed) mod 4096`. Each entry's
/// four channels are `r1 + r2 - 1` with `r1`, `r2` the two 16-bit halves of
/// an integer hash of (entry, channel), so neighbours along a row have
/// independent noise, and rows, starting at hashed places, are independent
/// of each other. Eight neighbouring pixels read eight consecutive entries
/// (``DitherTable/planar``): four vector loads, where a hash per pixel and a
/// gather of its entry were a tenth of the CPU renderer's time. Triangular
/// noise of this width makes the quantization error's mean and variance
/// independent of the signal: no bands, no signal-shaped noise.
@inlinable @inline(__always)
public func ditherNoise(
    x: Int, rowSeed: UInt32, table: UnsafePointer<SIMD4<Float>> = DitherTable.storage
) -> SIMD4<Float> {
    table[DitherTable.index(x: x, rowSeed: rowSeed)]
}

/// The noise vectors `ditherNoise(x:rowSeed:)` picks from. The GPU
/// computes the same entries from the same hashes (`ditherNoise()` in
/// Shaders/quantize.glsl), so both renderers add identical noise.
public enum DitherTable {
    public static let size = 4096
    public static let mask = UInt32(size - 1)
    /// Channel `c`'s entries start at `planar + c·planarStride`: the table
    /// and its first 7 entries again, so that eight consecutive entries
    /// from any index are one contiguous load.
    public static let planarStride = size + 8

    /// The entry pixel `x` of the row with seed `rowSeed` takes.
    @inlinable @inline(__always)
    public static func index(x: Int, rowSeed: UInt32) -> Int {
        Int((UInt32(truncatingIfNeeded: x) &+ rowSeed) & mask)
    }

    /// Entry `k`, channel `c`: `r1 + r2 - 1` where `h = hash32(k·4 + c + 1)`
    /// and `r1 = ((h & 0xffff) + 0.5) / 65536`, `r2 = ((h >> 16) + 0.5) / 65536`.
    /// Every value is exact in single precision.
    public static let entries: [SIMD4<Float>] = (0..<size).map { k in
        var noise = SIMD4<Float>()
        for c in 0..<4 {
            let h = hash32(UInt32(k * 4 + c + 1))
            let r1 = (Float(h & 0xffff) + 0.5) / 65536
            let r2 = (Float(h >> 16) + 0.5) / 65536
            noise[c] = r1 + r2 - 1
        }
        return noise
    }

    /// ``entries`` at a fixed address for the pixel loops, which hoist it
    /// out of the loop (allocated once, never freed).
    nonisolated(unsafe) public static let storage: UnsafePointer<SIMD4<Float>> = {
        let pointer = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: size)
        pointer.initialize(from: entries, count: size)
        return UnsafePointer(pointer)
    }()

    /// ``entries`` one channel after another (see ``planarStride``), for
    /// the eight-pixel quantization (allocated once, never freed).
    nonisolated(unsafe) public static let planar: UnsafePointer<Float> = {
        let pointer = UnsafeMutablePointer<Float>.allocate(capacity: 4 * planarStride)
        for c in 0..<4 {
            for k in 0..<planarStride { pointer[c * planarStride + k] = entries[k & (size - 1)][c] }
        }
        return UnsafePointer(pointer)
    }()
}

/// Quantizes a straight color to 8 bits: `floor(v·255 + 0.5 + n)`, clamped.
///
/// `noise` is `ditherNoise(x:rowSeed:)`, or zero for no dithering. Alpha
/// is dithered only where plain rounding would not give 0 or 255: an opaque
/// (or fully clear) pixel must stay exactly that, even when the
/// interpolated alpha comes out as 0.99999994, or an opaque image would
/// turn translucent.
@inlinable @inline(__always)
public func quantize8(_ color: SIMD4<Float>, noise: SIMD4<Float>) -> SIMD4<UInt8> {
    var n = noise
    if !(color.w >= 0.5 / 255 && color.w < 254.5 / 255) { n.w = 0 }
    let x = color * 255 + 0.5 + n
    return SIMD4(
        UInt8(truncatingIfNeeded: floorClamped(x.x, 255)), UInt8(truncatingIfNeeded: floorClamped(x.y, 255)),
        UInt8(truncatingIfNeeded: floorClamped(x.z, 255)), UInt8(truncatingIfNeeded: floorClamped(x.w, 255)))
}

/// Quantizes a straight color to 16 bits by rounding (16-bit output is not
/// dithered: its steps are 256 times finer than the eye's threshold).
@inlinable @inline(__always)
public func quantize16(_ color: SIMD4<Float>) -> SIMD4<UInt16> {
    let x = color * 65535 + 0.5
    return SIMD4(
        UInt16(truncatingIfNeeded: floorClamped(x.x, 65535)), UInt16(truncatingIfNeeded: floorClamped(x.y, 65535)),
        UInt16(truncatingIfNeeded: floorClamped(x.z, 65535)), UInt16(truncatingIfNeeded: floorClamped(x.w, 65535)))
}

/// `floor(x)` clamped to `0...maximum` (`maximum` < 2¹⁶), branch-free and
/// exact: `x` is clamped to `[0.5, maximum + 0.5]`, where the float's
/// exponent says how far to shift its mantissa to drop the fraction. Swift's
/// checked `UInt8(x)` costs two range branches per channel; this costs
/// none, and NaN becomes 0.
@inlinable @inline(__always)
public func floorClamped(_ x: Float, _ maximum: Float) -> UInt32 {
    let top = maximum + 0.5
    let y = x > 0.5 ? (x < top ? x : top) : 0.5
    let bits = y.bitPattern
    let shift = 150 &- (bits &>> 23)  // 23 - unbiased exponent: 8…24
    return ((bits & 0x7f_ffff) | 0x80_0000) &>> shift
}
