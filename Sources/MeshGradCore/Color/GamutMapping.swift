import Foundation

/// CSS Color 4's gamut mapping (its section 13.2, "binary search gamut mapping with
/// local MINDE"): a color outside the output's gamut keeps its Oklch
/// lightness and hue and loses chroma until clipping what is left moves it
/// less than a just noticeable difference (ΔE_OK 0.02). Unlike clipping
/// each channel, which shifts hue and lightness, the result is the color
/// one would pick by eye.
public enum GamutMapping {
    /// ΔE_OK below which a clipped color passes for the color itself.
    static let justNoticeable = 0.02
    static let epsilon = 0.0001
    /// How far outside a color may be and still count as inside (clipped):
    /// the rendering's own rounding, far below a 16-bit step, which should
    /// not set the search going.
    static let tolerance = 1e-5

    /// `linearSRGB` (extended, linear light) as linear RGB of `gamut`,
    /// every component in `0...1`.
    public static func map(_ linearSRGB: SIMD3<Double>, into gamut: ColorGamut) -> SIMD3<Double> {
        let direct = gamut.fromLinearSRGB(linearSRGB)
        if direct.min() >= -tolerance && direct.max() <= 1 + tolerance { return clip(direct) }
        let lab = Oklab.fromLinearSRGB(linearSRGB)
        if lab.x >= 1 { return SIMD3(repeating: 1) }
        if lab.x <= 0 { return .zero }
        let hue = atan2(lab.z, lab.y)
        func at(_ chroma: Double) -> SIMD3<Double> { SIMD3(lab.x, chroma * cos(hue), chroma * sin(hue)) }
        func clipped(_ lab: SIMD3<Double>) -> SIMD3<Double> { clip(gamut.fromLinearSRGB(Oklab.toLinearSRGB(lab))) }
        func distance(_ target: SIMD3<Double>, _ lab: SIMD3<Double>) -> Double {
            let d = Oklab.fromLinearSRGB(gamut.toLinearSRGB(target)) - lab
            return (d * d).sum().squareRoot()
        }
        var current = clipped(lab)
        if distance(current, lab) < justNoticeable { return current }
        var low = 0.0
        var high = (lab.y * lab.y + lab.z * lab.z).squareRoot()
        var lowInGamut = true
        while high - low > epsilon {
            let chroma = (low + high) / 2
            let candidate = at(chroma)
            if lowInGamut && ColorGamut.contains(gamut.fromLinearSRGB(Oklab.toLinearSRGB(candidate))) {
                low = chroma
                continue
            }
            current = clipped(candidate)
            let e = distance(current, candidate)
            if e < justNoticeable {
                if justNoticeable - e < epsilon { return current }
                lowInGamut = false
                low = chroma
            } else {
                high = chroma
            }
        }
        return current
    }

    static func clip(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        rgb.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
    }
}
