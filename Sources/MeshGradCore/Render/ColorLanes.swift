/// Eight neighbouring pixels' colors, one vector per channel: the CPU
/// renderer's form for a run of pixels in one triangle, so that the
/// polynomial, the finish and the quantization run 8 pixels wide instead of
/// one pixel's 4 channels at a time (the scalar steps between them, the
/// clamps, the divide and the float-to-integer floors, were most of a
/// pixel's cost). Every lane computes exactly the operations, in the same order, of
/// the one-pixel functions (`ColorRun.at(_:)`, `finishColor(_:in:)`,
/// ``quantize8(_:noise:)``), so the pixels are bit for bit the same.
///
/// The lane functions below are `@_transparent`, not `@inline(__always)`:
/// with the latter the optimizer left `floorClamped8`, `quantize8Lanes`
/// and `finishColor8` as calls (the profile showed them as a quarter of a
/// 4K render, their eight-lane arguments passed through memory); inlined,
/// the 4K onboarding render at level 8 went from 88 to 60 ms.
public struct ColorLanes: Sendable {
    public var r, g, b, a: SIMD8<Float>

    @inline(__always)
    public init(r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>, a: SIMD8<Float>) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// Pixel `i`'s color as one vector.
    @inline(__always)
    public subscript(i: Int) -> SIMD4<Float> { SIMD4(r[i], g[i], b[i], a[i]) }
}

extension ColorRun {
    /// ``at(_:)`` at `s, s + 1, …, s + 7`.
    @inline(__always)
    func at8(_ first: Float, opaque: Bool = false) -> ColorLanes {
        let s = SIMD8<Float>(repeating: first) + SIMD8(0, 1, 2, 3, 4, 5, 6, 7)
        let s2 = s * s
        let s4 = s2 * s2
        @inline(__always) func channel(_ k: Int) -> SIMD8<Float> {
            let low = c0[k] + c1[k] * s
            let middle = c2[k] + c3[k] * s
            let high = c4[k] + c5[k] * s + c6[k] * s2
            return low + middle * s2 + high * s4
        }
        return ColorLanes(r: channel(0), g: channel(1), b: channel(2), a: opaque ? .one : channel(3))
    }
}

/// ``evaluateColorPolynomial(_:u:v:)`` at eight points of one patch,
/// whose coefficients `splats` holds as vectors (``ColorSplats/patch(_:)``):
/// with AVX2 (`MESHGRAD_AVX2`, see Package.swift) all eight lanes at once,
/// each coefficient one 256-bit operand; otherwise as two halves of four
/// lanes (16 vector registers hold a channel's work for both). The same
/// operations in the same order in every lane, so the same bits. `opaque`
/// says that the patch's alpha polynomial is the constant 1
/// (``opaqueAlpha(_:)``): its Horner steps then give exactly 1 (0·u + 0 is
/// 0 for the clamped, finite `u` and `v`), so they are skipped, a quarter
/// of the evaluation of an opaque mesh.
@_transparent
func evaluateColorPolynomial8(
    _ splats: UnsafePointer<CoefficientLanes>, u: SIMD8<Float>, v: SIMD8<Float>, opaque: Bool = false
) -> ColorLanes {
    #if MESHGRAD_AVX2
        @inline(__always) func channel(_ c: Int) -> SIMD8<Float> {
            @inline(__always) func coefficient(_ j: Int, _ i: Int) -> SIMD8<Float> { splats[(j * 4 + i) * 4 + c] }
            @inline(__always) func row(_ j: Int) -> SIMD8<Float> {
                var p = coefficient(j, 3)
                p = p * u + coefficient(j, 2)
                p = p * u + coefficient(j, 1)
                return p * u + coefficient(j, 0)
            }
            var result = row(3)
            result = result * v + row(2)
            result = result * v + row(1)
            return result * v + row(0)
        }
    #else
        let (u, v) = (halves(u), halves(v))
        @inline(__always) func channel(_ c: Int) -> SIMD8<Float> {
            @inline(__always) func coefficient(_ j: Int, _ i: Int) -> SIMD4<Float> { splats[(j * 4 + i) * 4 + c] }
            @inline(__always) func row(_ j: Int, _ u: SIMD4<Float>) -> SIMD4<Float> {
                var p = coefficient(j, 3)
                p = p * u + coefficient(j, 2)
                p = p * u + coefficient(j, 1)
                return p * u + coefficient(j, 0)
            }
            @inline(__always) func half(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Float> {
                var result = row(3, u)
                result = result * v + row(2, u)
                result = result * v + row(1, u)
                return result * v + row(0, u)
            }
            return joined(half(u.low, v.low), half(u.high, v.high))
        }
    #endif
    return ColorLanes(r: channel(0), g: channel(1), b: channel(2), a: opaque ? .one : channel(3))
}

/// Whether a patch's 16 color coefficients have the alpha polynomial
/// 1 (constant term 1, every other 0), as every patch of opaque colors has.
func opaqueAlpha(_ poly: UnsafePointer<SIMD4<Float>>) -> Bool {
    (0..<16).allSatisfy { poly[$0].w == ($0 == 0 ? 1 : 0) }
}

/// ``clamp(_:_:_:)`` lane by lane, NaN passing through as it does there.
///
/// Done as two halves of four lanes, as the other lane selects here: on
/// SSE2 the compiler turns a four-lane select like this one into a single
/// `minps` or `maxps`, but an eight-lane one into a compare, a
/// sign-extension of its mask and a three-instruction blend per half
/// (the selects were most of the 16-bit planar quantization's time). With
/// AVX2 an eight-lane select is one `vminps` or `vmaxps`: then all eight
/// lanes at once (`MESHGRAD_AVX2`, see Package.swift), the same bits.
@_transparent
func clampLanes(_ x: SIMD8<Float>, _ lower: SIMD8<Float>, _ upper: SIMD8<Float>) -> SIMD8<Float> {
    #if MESHGRAD_AVX2
        return x.replacing(with: upper, where: x .> upper).replacing(with: lower, where: x .< lower)
    #else
        let (x, lower, upper) = (halves(x), halves(lower), halves(upper))
        return joined(clampLanes(x.low, lower.low, upper.low), clampLanes(x.high, lower.high, upper.high))
    #endif
}

/// The eight floats at `pointer`, which need not be aligned: one unaligned
/// vector load, which the compiler makes of the eight consecutive loads.
/// The standard library's `loadUnaligned(as:)` was left as a call in the
/// pixel loops (3 % of a 4K render), its eight lanes returned through
/// memory.
@_transparent @usableFromInline
func loadLanes(_ pointer: UnsafeRawPointer) -> SIMD8<Float> {
    let p = pointer.assumingMemoryBound(to: Float.self)
    return SIMD8(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
}

/// Eight lanes as their two halves of four, and back: bit casts, where the
/// standard library's `lowHalf` and `highHalf` were left as calls.
@_transparent @usableFromInline
func halves<T: SIMDScalar>(_ x: SIMD8<T>) -> (low: SIMD4<T>, high: SIMD4<T>) {
    unsafeBitCast(x, to: (low: SIMD4<T>, high: SIMD4<T>).self)
}

/// See ``halves(_:)``.
@_transparent @usableFromInline
func joined<T: SIMDScalar>(_ low: SIMD4<T>, _ high: SIMD4<T>) -> SIMD8<T> {
    unsafeBitCast((low, high), to: SIMD8<T>.self)
}

/// ``clampLanes(_:_:_:)-(SIMD8<Float>,_,_)`` on one half.
@_transparent
func clampLanes(_ x: SIMD4<Float>, _ lower: SIMD4<Float>, _ upper: SIMD4<Float>) -> SIMD4<Float> {
    x.replacing(with: upper, where: x .> upper).replacing(with: lower, where: x .< lower)
}

/// `value` where `keep` holds, else zero, as two halves of four lanes
/// (see ``clampLanes(_:_:_:)-(SIMD8<Float>,_,_)``).
@_transparent
func zeroUnless(_ keep: SIMD8<Float>, _ value: SIMD8<Float>) -> SIMD8<Float> {
    #if MESHGRAD_AVX2
        return SIMD8<Float>.zero.replacing(with: value, where: keep .> 0)
    #else
        @_transparent func half(_ keep: SIMD4<Float>, _ value: SIMD4<Float>) -> SIMD4<Float> {
            SIMD4<Float>.zero.replacing(with: value, where: keep .> 0)
        }
        let (keep, value) = (halves(keep), halves(value))
        return joined(half(keep.low, value.low), half(keep.high, value.high))
    #endif
}

/// `finishColor(_:in:)` on eight pixels. `opaque` says that every alpha
/// is exactly 1 (``evaluateColorPolynomial8(_:u:v:opaque:)``'s opaque
/// result): then the clamp of alpha and the division by it, which give
/// 1 and multiply by exactly 1, are skipped, for the same bits.
@_transparent
func finishColor8(_ c: ColorLanes, in space: ColorSpace, opaque: Bool = false) -> ColorLanes {
    if opaque {
        switch space {
        case .device:
            return ColorLanes(
                r: clampLanes(c.r, .zero, .one), g: clampLanes(c.g, .zero, .one), b: clampLanes(c.b, .zero, .one),
                a: .one)
        case .perceptual:
            let (r, g, b) = oklabToSRGB8(c.r, c.g, c.b)
            return ColorLanes(r: r, g: g, b: b, a: .one)
        }
    }
    let alpha = clampLanes(c.a, .zero, .one)
    let inverse = 1 / alpha
    var r: SIMD8<Float>
    var g: SIMD8<Float>
    var b: SIMD8<Float>
    switch space {
    case .device:
        r = clampLanes(c.r, .zero, alpha) * inverse
        g = clampLanes(c.g, .zero, alpha) * inverse
        b = clampLanes(c.b, .zero, alpha) * inverse
    case .perceptual:
        (r, g, b) = oklabToSRGB8(c.r * inverse, c.g * inverse, c.b * inverse)
    }
    return ColorLanes(
        r: zeroUnless(alpha, r), g: zeroUnless(alpha, g), b: zeroUnless(alpha, b), a: zeroUnless(alpha, alpha))
}

/// ``oklabToSRGB(_:)`` on eight pixels.
@_transparent
func oklabToSRGB8(
    _ L: SIMD8<Float>, _ A: SIMD8<Float>, _ B: SIMD8<Float>
) -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
    let l_ = L + 0.3963377774 * A + 0.2158037573 * B
    let m_ = L - 0.1055613458 * A - 0.0638541728 * B
    let s_ = L - 0.0894841775 * A - 1.2914855480 * B
    let l = l_ * l_ * l_
    let m = m_ * m_ * m_
    let s = s_ * s_ * s_
    let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
    let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
    let b = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
    return (linearToSRGB8(r), linearToSRGB8(g), linearToSRGB8(b))
}

/// ``SRGBEncodeTable/encode(_:)`` (after the clamp of ``oklabToSRGB(_:)``)
/// on eight values: the arithmetic in lanes, the table look-ups one by one.
@_transparent
func linearToSRGB8(_ l: SIMD8<Float>) -> SIMD8<Float> {
    let unit = clampLanes(clampLanes(l, .zero, .one), .zero, .one)
    let t = unit.squareRoot() * Float(SRGBEncodeTable.intervals)
    let index = floorClamped8(t, Float(SRGBEncodeTable.intervals))
    let fraction = t - SIMD8<Float>(index)
    let table = SRGBEncodeTable.storage
    var low = SIMD8<Float>()
    var high = SIMD8<Float>()
    for i in 0..<8 {
        low[i] = table[Int(index[i])]
        high[i] = table[Int(index[i]) + 1]
    }
    return low + (high - low) * fraction
}

/// ``floorClamped(_:_:)`` on eight lanes without a variable shift: the
/// clamped value plus 2²³ rounds to the nearest integer in the float's low
/// mantissa bits (exactly, for values below 2¹⁶), and one is taken back
/// where that rounded up. Two halves of four lanes, or eight at once with
/// AVX2 (see ``clampLanes(_:_:_:)-(SIMD8<Float>,_,_)``): the clamp is then a
/// `maxps` and a `minps`, and the take-back an integer add of the compare's
/// mask.
@_transparent @usableFromInline
func floorClamped8(_ x: SIMD8<Float>, _ maximum: Float) -> SIMD8<UInt32> {
    #if MESHGRAD_AVX2
        // floorClamped4's steps on all eight lanes, written out again: a
        // generic version over both widths compiled to a compare per lane.
        let top = SIMD8<Float>(repeating: maximum + 0.5)
        let half = SIMD8<Float>(repeating: 0.5)
        let atLeastHalf = x.replacing(with: half, where: .!(x .> half))
        let y = atLeastHalf.replacing(with: top, where: .!(atLeastHalf .< top))
        let magic = SIMD8<Float>(repeating: 8_388_608)
        let shifted = y + magic
        let rounded = unsafeBitCast(shifted, to: SIMD8<UInt32>.self) &- 0x4B00_0000
        return rounded &+ unsafeBitCast((shifted - magic) .> y, to: SIMD8<UInt32>.self)
    #else
        let x = halves(x)
        return joined(floorClamped4(x.low, maximum), floorClamped4(x.high, maximum))
    #endif
}

/// ``floorClamped8(_:_:)`` on one half. The clamp keeps
/// ``floorClamped(_:_:)``'s order of tests (`x > 0.5`, then `< top`), so
/// NaN becomes 0.5 and then 0.
@_transparent @usableFromInline
func floorClamped4(_ x: SIMD4<Float>, _ maximum: Float) -> SIMD4<UInt32> {
    let top = SIMD4<Float>(repeating: maximum + 0.5)
    let half = SIMD4<Float>(repeating: 0.5)
    let atLeastHalf = x.replacing(with: half, where: .!(x .> half))
    let y = atLeastHalf.replacing(with: top, where: .!(atLeastHalf .< top))
    let magic = SIMD4<Float>(repeating: 8_388_608)
    let shifted = y + magic
    let rounded = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) &- 0x4B00_0000
    // The mask's lanes are all ones (-1) where the sum rounded up.
    return rounded &+ unsafeBitCast((shifted - magic) .> y, to: SIMD4<UInt32>.self)
}

/// ``quantize8(_:noise:)`` of eight neighbouring pixels `x…x+7` with their
/// noise from ``ditherNoise(x:rowSeed:table:)`` (none for a nil table,
/// else ``DitherTable/planar``), each packed as the four bytes R, G, B, A
/// of one little-endian word.
@_transparent @usableFromInline
func quantize8Lanes(
    _ c: ColorLanes, x: Int, rowSeed: UInt32, table: UnsafePointer<Float>?
) -> SIMD8<UInt32> {
    var r = c.r * 255 + 0.5
    var g = c.g * 255 + 0.5
    var b = c.b * 255 + 0.5
    var a = c.a * 255 + 0.5
    if let table {
        // Pixels x…x+7 take eight consecutive entries (mesh-math §8).
        let first = UnsafeRawPointer(table + DitherTable.index(x: x, rowSeed: rowSeed))
        let stride = DitherTable.planarStride * MemoryLayout<Float>.stride
        r += loadLanes(first)
        g += loadLanes(first + stride)
        b += loadLanes(first + 2 * stride)
        // Alpha is dithered only strictly between 0 and 255 (see quantize8).
        let na = loadLanes(first + 3 * stride)
        #if MESHGRAD_AVX2
            a = a.replacing(with: a + na, where: (c.a .>= 0.5 / 255) .& (c.a .< 254.5 / 255))
        #else
            @_transparent func half(_ a: SIMD4<Float>, _ alpha: SIMD4<Float>, _ na: SIMD4<Float>) -> SIMD4<Float> {
                a.replacing(with: a + na, where: (alpha .>= 0.5 / 255) .& (alpha .< 254.5 / 255))
            }
            let (halfA, alpha, noise) = (halves(a), halves(c.a), halves(na))
            a = joined(half(halfA.low, alpha.low, noise.low), half(halfA.high, alpha.high, noise.high))
        #endif
    }
    return floorClamped8(r, 255) | floorClamped8(g, 255) &<< 8 | floorClamped8(b, 255) &<< 16
        | floorClamped8(a, 255) &<< 24
}

/// ``quantize16Lanes(_:)``'s color channels, each as its own eight samples
/// (for planar output; alpha is not computed).
@_transparent @usableFromInline
func quantize16Planes(_ c: ColorLanes) -> (green: SIMD8<UInt16>, blue: SIMD8<UInt16>, red: SIMD8<UInt16>) {
    (
        lowWords(floorClamped8(c.g * 65535 + 0.5, 65535)),
        lowWords(floorClamped8(c.b * 65535 + 0.5, 65535)),
        lowWords(floorClamped8(c.r * 65535 + 0.5, 65535))
    )
}

/// Each lane's low 16 bits, as `SIMD8<UInt16>(truncatingIfNeeded:)`
/// gives them: the even 16-bit words of the little-endian lanes. The
/// standard library's conversion was left as a call in the pixel loops.
@_transparent @usableFromInline
func lowWords(_ x: SIMD8<UInt32>) -> SIMD8<UInt16> {
    let w = unsafeBitCast(x, to: SIMD16<UInt16>.self)
    return SIMD8(w[0], w[2], w[4], w[6], w[8], w[10], w[12], w[14])
}

/// ``quantize16(_:)`` of eight neighbouring pixels, as the words
/// `R | G << 16` and `B | A << 16` of each pixel, pixel by pixel.
@_transparent @usableFromInline
func quantize16Lanes(_ c: ColorLanes) -> SIMD16<UInt32> {
    let r = floorClamped8(c.r * 65535 + 0.5, 65535)
    let g = floorClamped8(c.g * 65535 + 0.5, 65535)
    let b = floorClamped8(c.b * 65535 + 0.5, 65535)
    let a = floorClamped8(c.a * 65535 + 0.5, 65535)
    let low = r | g &<< 16
    let high = b | a &<< 16
    return SIMD16(
        low[0], high[0], low[1], high[1], low[2], high[2], low[3], high[3],
        low[4], high[4], low[5], high[5], low[6], high[6], low[7], high[7])
}
