import Foundation

// Film grain (mesh-math §8a): noise added in linear light to a finished
// straight color, before quantization and its dither.
//
// Twin of Shaders/grain.glsl: `grainLattice()`, `grainNoise()` and
// `applyGrain()` carry the same names and do the same operations. The
// lattice noise is integer hashing (exact on both sides, as the dither's
// is); the interpolation and the transfer curve are float operations the
// GPU may round differently in the last bits, which the parity tests bound.

/// A document's grain (`"grain"`): how strong, how coarse, colored or
/// not, and its seed.
public struct Grain: Hashable, Sendable {
    /// 0…1: the noise's standard deviation in linear light, relative to the
    /// square root of the pixel's own linear value (photon noise: darker
    /// areas get less in linear terms, about as much to the eye).
    public var amount: Double
    /// 1…64: the grain's cell in pixels. Above 1 the noise is interpolated
    /// bilinearly between cell corners, so larger grain is soft, not blocky.
    public var size: Double
    /// One noise value for all three channels (luminance grain), or one each.
    public var monochrome: Bool
    public var seed: UInt32
    /// A new noise pattern every frame (its seed mixed with the frame's
    /// time); otherwise still, so screenshots and frames stay stable.
    public var animated: Bool

    public init(
        amount: Double = 0.06, size: Double = 1, monochrome: Bool = true, seed: UInt32 = 0, animated: Bool = false
    ) {
        self.amount = amount
        self.size = size
        self.monochrome = monochrome
        self.seed = seed
        self.animated = animated
    }

    public static let amountRange = 0.0...1.0
    public static let sizeRange = 1.0...64.0

    /// The grain as the renderers draw it at `time` seconds: the seed of
    /// that frame (animated grain mixes in the time in milliseconds, so
    /// every frame of a video differs and a frame's pattern is fixed).
    public func field(at time: Double) -> GrainField {
        var frameSeed = seed
        if animated {
            let milliseconds = UInt32(truncatingIfNeeded: Int64((time * 1000).rounded()))
            frameSeed = hash32(seed ^ hash32(milliseconds &+ 0x9e37_79b9))
        }
        return GrainField(
            amount: Float(amount), inverseSize: Float(1 / size), monochrome: monochrome, seed: frameSeed)
    }
}

/// One frame's grain, in the renderers' single precision: what the GPU
/// receives as uniforms.
public struct GrainField: Hashable, Sendable {
    public var amount: Float
    /// 1 / size, so both sides multiply by the same float.
    public var inverseSize: Float
    public var monochrome: Bool
    public var seed: UInt32

    public init(amount: Float, inverseSize: Float, monochrome: Bool, seed: UInt32) {
        self.amount = amount
        self.inverseSize = inverseSize
        self.monochrome = monochrome
        self.seed = seed
    }
}

extension Optional where Wrapped == GrainField {
    /// The grain a frame draws: nil for none and for an amount of 0. Both
    /// renderers then leave grain out entirely (no per-pixel test on the
    /// CPU; programs compiled with `GRAIN` 0 on the GPU, since llvmpipe
    /// runs both sides of a branch).
    public var drawn: GrainField? { flatMap { $0.amount > 0 ? $0 : nil } }
}

/// A Gaussian-like value (mean 0, variance 1) at lattice point (i, j),
/// channel `channel` (0…2): the sum of four 16-bit uniforms from two
/// integer hashes (Irwin–Hall n = 4) scaled to unit variance. Exact in
/// single precision up to the final scaling, on both sides.
@inlinable @inline(__always)
public func grainLattice(_ i: Int32, _ j: Int32, channel: UInt32, seed: UInt32) -> Float {
    let key = hash32(UInt32(bitPattern: i) &+ hash32(UInt32(bitPattern: j) &+ hash32(seed &+ channel)))
    let other = hash32(key ^ 0x68e3_1da4)
    let sum =
        Float(key & 0xffff) + Float(key >> 16) + Float(other & 0xffff) + Float(other >> 16) + 2  // + 4 × 0.5
    return (sum / 65536 - 2) * 1.732_050_8  // √3: four uniforms have variance 1/3
}

/// The noise at pixel (x, y) of the canvas for one channel: the lattice
/// value itself at size 1, bilinearly interpolated between the four
/// surrounding cell corners at larger sizes (so tiles, which pass canvas
/// coordinates, meet without seams).
@inlinable @inline(__always)
public func grainNoise(x: Int, y: Int, channel: UInt32, field: GrainField) -> Float {
    if field.inverseSize == 1 {
        return grainLattice(
            Int32(truncatingIfNeeded: x), Int32(truncatingIfNeeded: y), channel: channel, seed: field.seed)
    }
    let px = (Float(x) + 0.5) * field.inverseSize
    let py = (Float(y) + 0.5) * field.inverseSize
    let fx = px.rounded(.down)
    let fy = py.rounded(.down)
    let tx = px - fx
    let ty = py - fy
    let i = Int32(fx)
    let j = Int32(fy)
    let n00 = grainLattice(i, j, channel: channel, seed: field.seed)
    let n10 = grainLattice(i &+ 1, j, channel: channel, seed: field.seed)
    let n01 = grainLattice(i, j &+ 1, channel: channel, seed: field.seed)
    let n11 = grainLattice(i &+ 1, j &+ 1, channel: channel, seed: field.seed)
    let top = n00 + (n10 - n00) * tx
    let bottom = n01 + (n11 - n01) * tx
    // Bilinear interpolation lowers the variance (to 4/9 at a cell's
    // middle); 1.5 brings its average back near 1.
    return (top + (bottom - top) * ty) * 1.5
}

/// `straight` (sRGB, alpha untouched) with grain at canvas pixel (x, y):
/// each channel to linear light, plus `amount · n · √(c + 1/256)`, and back.
@inlinable @inline(__always)
public func applyGrain(_ straight: SIMD4<Float>, x: Int, y: Int, field: GrainField) -> SIMD4<Float> {
    let n0 = grainNoise(x: x, y: y, channel: 0, field: field)
    let n1 = field.monochrome ? n0 : grainNoise(x: x, y: y, channel: 1, field: field)
    let n2 = field.monochrome ? n0 : grainNoise(x: x, y: y, channel: 2, field: field)
    @inline(__always) func grained(_ c: Float, _ n: Float) -> Float {
        let clamped = min(max(c, 0), 1)
        let linear = clamped <= 0.04045 ? clamped / 12.92 : pow((clamped + 0.055) / 1.055, 2.4)
        let noisy = min(max(linear + field.amount * n * (linear + 1 / 256).squareRoot(), 0), 1)
        return noisy <= 0.003_130_8 ? 12.92 * noisy : 1.055 * pow(noisy, 1 / 2.4) - 0.055
    }
    return SIMD4(grained(straight.x, n0), grained(straight.y, n1), grained(straight.z, n2), straight.w)
}
