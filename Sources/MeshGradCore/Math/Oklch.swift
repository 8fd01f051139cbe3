import Foundation

/// Oklab in polar form: lightness `L` (0…1), chroma `C` (0 for grey, about
/// 0.37 at most in sRGB) and hue `h` in degrees. Steps in Oklch look even:
/// the editor changes colors this way, so a lightness step does not shift
/// the hue, as it would in HSL.
public struct Oklch: Hashable, Sendable {
    public var lightness: Double
    public var chroma: Double
    public var hue: Double

    public init(lightness: Double, chroma: Double, hue: Double) {
        self.lightness = lightness
        self.chroma = chroma
        self.hue = hue
    }

    /// The Oklch of an sRGB color (alpha ignored).
    public init(_ color: RGBAColor) {
        let lab = Oklab.fromSRGB(SIMD3(color.red, color.green, color.blue))
        lightness = lab.x
        chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
        var degrees = atan2(lab.z, lab.y) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        hue = degrees
    }

    /// The sRGB color, with chroma reduced as little as needed to fit the
    /// sRGB gamut (so an edit never clips a channel into a hue shift).
    public func color(alpha: Double = 1) -> RGBAColor {
        let l = min(max(lightness, 0), 1)
        func linear(_ c: Double) -> SIMD3<Double> {
            let radians = hue * .pi / 180
            return Oklab.toLinearSRGB(SIMD3(l, c * cos(radians), c * sin(radians)))
        }
        func fits(_ rgb: SIMD3<Double>) -> Bool { rgb.min() >= -1e-9 && rgb.max() <= 1 + 1e-9 }
        var c = max(chroma, 0)
        if !fits(linear(c)) {
            var low = 0.0
            var high = c
            for _ in 0..<40 {
                let middle = (low + high) / 2
                if fits(linear(middle)) { low = middle } else { high = middle }
            }
            c = low
        }
        let encoded = Oklab.toSRGB(SIMD3(l, c * cos(hue * .pi / 180), c * sin(hue * .pi / 180)))
        return RGBAColor(red: encoded.x, green: encoded.y, blue: encoded.z, alpha: alpha)
    }

    /// The color itself, chroma kept whatever it is: extended sRGB, outside
    /// 0…1 where sRGB cannot show it (``ColorGamut/narrowest(holding:)``
    /// says where it lies). What the editor stores for an Oklch edit, so
    /// that a hue turned and turned back gives the color back.
    public func exactColor(alpha: Double = 1) -> RGBAColor {
        let radians = hue * .pi / 180
        let linear = Oklab.toLinearSRGB(SIMD3(lightness, chroma * cos(radians), chroma * sin(radians)))
        return ColorSpaceName.srgbLinear.color(linear, alpha: alpha)
    }
}
