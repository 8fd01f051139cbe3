import Foundation

// The color of one pixel (mesh-math §4): evaluate the patch's color net at
// the pixel's (u, v), then finish it to a straight sRGB color.
//
// Twin of `evaluateColorPolynomial()` and `finishColor()` in Shaders/mesh.frag; the
// Double versions are the exact reference the tests hold both against.

/// A patch's color polynomial at `(u, v)` by Horner's rule, with the
/// coefficient of `uⁱ vʲ` at `poly[j * 4 + i]` (see ``ColorPolynomial``).
@inlinable @inline(__always)
public func evaluateColorPolynomial(_ poly: UnsafePointer<SIMD4<Float>>, u: Float, v: Float) -> SIMD4<Float> {
    @inline(__always) func row(_ j: Int) -> SIMD4<Float> {
        let a = poly + j * 4
        var p = a[3]
        p = p * u + a[2]
        p = p * u + a[1]
        return p * u + a[0]
    }
    var result = row(3)
    result = result * v + row(2)
    result = result * v + row(1)
    return result * v + row(0)
}

/// Finishes a premultiplied color from the interpolation space to a straight
/// sRGB color (mesh-math §4c): alpha clamped to `0...1`; device channels
/// clamped to `0...alpha` and divided by it; perceptual ones divided by alpha
/// *before* leaving Oklab (never convert premultiplied Lab), converted,
/// clamped in linear light and sRGB-encoded. Zero alpha gives transparent
/// black.
@inlinable @inline(__always)
public func finishColor(_ c: SIMD4<Float>, in space: ColorSpace) -> SIMD4<Float> {
    let alpha = clamp(c.w, 0, 1)
    guard alpha > 0 else { return .zero }
    let inverse = 1 / alpha
    switch space {
    case .device:
        return SIMD4(
            clamp(c.x, 0, alpha) * inverse, clamp(c.y, 0, alpha) * inverse, clamp(c.z, 0, alpha) * inverse, alpha)
    case .perceptual:
        return SIMD4(oklabToSRGB(SIMD3(c.x, c.y, c.z) * inverse), alpha)
    }
}

/// `min(max(x, lower), upper)` on scalars: the SIMD `clamped` of the
/// standard library is generic and lane-by-lane, far slower per pixel.
@inlinable @inline(__always)
public func clamp(_ x: Float, _ lower: Float, _ upper: Float) -> Float {
    x < lower ? lower : (x > upper ? upper : x)
}

/// Double-precision twin of ``finishColor(_:in:)-(SIMD4<Float>,_)``.
public func finishColor(_ c: SIMD4<Double>, in space: ColorSpace) -> SIMD4<Double> {
    let alpha = min(max(c.w, 0), 1)
    guard alpha > 0 else { return .zero }
    switch space {
    case .device:
        let rgb = SIMD3(c.x, c.y, c.z).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: alpha))
        return SIMD4(rgb / alpha, alpha)
    case .perceptual:
        return SIMD4(Oklab.toSRGB(SIMD3(c.x, c.y, c.z) / alpha), alpha)
    }
}

/// Oklab to clamped, encoded sRGB in single precision (the per-pixel path of
/// `colorSpace: perceptual`); same matrices as ``Oklab``.
@inlinable @inline(__always)
public func oklabToSRGB(_ lab: SIMD3<Float>) -> SIMD3<Float> {
    let l_ = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z
    let m_ = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z
    let s_ = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z
    let lms = SIMD3(l_ * l_ * l_, m_ * m_ * m_, s_ * s_ * s_)
    let r: Float = 4.0767416621 * lms.x - 3.3077115913 * lms.y + 0.2309699292 * lms.z
    let g: Float = -1.2684380046 * lms.x + 2.6097574011 * lms.y - 0.3413193965 * lms.z
    let b: Float = -0.0041960863 * lms.x - 0.7034186147 * lms.y + 1.7076147010 * lms.z
    return SIMD3(
        linearToSRGBFloat(clamp(r, 0, 1)), linearToSRGBFloat(clamp(g, 0, 1)), linearToSRGBFloat(clamp(b, 0, 1)))
}

/// Single-precision sRGB encoding of a linear value in `0...1`, from
/// ``SRGBEncodeTable`` (within 1e-6 of the exact curve; `powf` per channel
/// would triple the cost of a perceptual pixel).
@inlinable @inline(__always)
public func linearToSRGBFloat(_ l: Float) -> Float {
    SRGBEncodeTable.encode(l)
}

/// The sRGB encoding curve sampled at `t = √l`, where it is smooth enough
/// that linear interpolation between 4097 samples stays within 1e-6 of
/// `1.055·l^(1/2.4) − 0.055` (and of `12.92·l` below 0.0031308).
public enum SRGBEncodeTable {
    public static let intervals = 4096

    nonisolated(unsafe) public static let storage: UnsafePointer<Float> = {
        let pointer = UnsafeMutablePointer<Float>.allocate(capacity: intervals + 2)
        for i in 0...intervals {
            let t = Double(i) / Double(intervals)
            pointer[i] = Float(linearToSRGB(t * t))
        }
        pointer[intervals + 1] = pointer[intervals]  // lets t = 1 interpolate without a branch
        return UnsafePointer(pointer)
    }()

    /// The encoded value of `l` (clamped to `0...1`).
    @inlinable @inline(__always)
    public static func encode(_ l: Float) -> Float {
        let t = clamp(l, 0, 1).squareRoot() * Float(intervals)
        let index = Int(floorClamped(t, Float(intervals)))
        let fraction = t - Float(index)
        let table = storage
        return table[index] + (table[index + 1] - table[index]) * fraction
    }
}
