import Foundation

/// Björn Ottosson's Oklab (mesh-math §5), the space of
/// `colorSpace: perceptual`. Matrices as published, to ten digits.
public enum Oklab {
    /// Linear sRGB to Oklab `(L, a, b)`.
    public static func fromLinearSRGB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let l = 0.4122214708 * rgb.x + 0.5363325363 * rgb.y + 0.0514459929 * rgb.z
        let m = 0.2119034982 * rgb.x + 0.6806995451 * rgb.y + 0.1073969566 * rgb.z
        let s = 0.0883024619 * rgb.x + 0.2817188376 * rgb.y + 0.6299787005 * rgb.z
        let l_ = cbrt(l)
        let m_ = cbrt(m)
        let s_ = cbrt(s)
        return SIMD3(
            0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
            1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
            0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)
    }

    /// Oklab `(L, a, b)` to linear sRGB (not clamped).
    public static func toLinearSRGB(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let l_ = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z
        let m_ = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z
        let s_ = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z
        let l = l_ * l_ * l_
        let m = m_ * m_ * m_
        let s = s_ * s_ * s_
        return SIMD3(
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s)
    }

    /// sRGB gamma-encoded components to Oklab (extended sRGB: the curve
    /// mirrored for negative components, as CSS Color 4 extends it).
    public static func fromSRGB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let s = ColorGamut.sRGB
        return fromLinearSRGB(SIMD3(s.decode(rgb.x), s.decode(rgb.y), s.decode(rgb.z)))
    }

    /// Oklab to sRGB gamma-encoded components, clamped to `0...1` in linear
    /// light first (mesh-math §4c).
    public static func toSRGB(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let linear = toLinearSRGB(lab).clamped(lowerBound: .zero, upperBound: .one)
        return SIMD3(linearToSRGB(linear.x), linearToSRGB(linear.y), linearToSRGB(linear.z))
    }
}
