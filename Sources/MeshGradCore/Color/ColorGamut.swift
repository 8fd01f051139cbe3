import Foundation

/// The RGB color spaces an output can be in: sRGB, Display P3 and
/// ITU-R BT.2020 (CSS Color 4's `srgb`, `display-p3` and `rec2020`), each
/// its primaries, the D65 white point and its transfer curve. A document's
/// colors live in extended sRGB (``RGBAColor``); these convert them for
/// the output (mesh-math §12).
public enum ColorGamut: String, CaseIterable, Sendable {
    case sRGB = "srgb"
    case displayP3 = "display-p3"
    case rec2020 = "rec2020"

    /// The wider of two (each gamut holds the ones before it in
    /// `allCases`). A function, not `Comparable`'s `<`: see ``Matrix3``.
    public func widening(to other: ColorGamut) -> ColorGamut {
        Self.allCases.firstIndex(of: other)! > Self.allCases.firstIndex(of: self)! ? other : self
    }

    /// The red, green and blue primaries' chromaticities `(x, y)`.
    public var primaries: [SIMD2<Double>] {
        switch self {
        case .sRGB: [SIMD2(0.64, 0.33), SIMD2(0.30, 0.60), SIMD2(0.15, 0.06)]
        case .displayP3: [SIMD2(0.680, 0.320), SIMD2(0.265, 0.690), SIMD2(0.150, 0.060)]
        case .rec2020: [SIMD2(0.708, 0.292), SIMD2(0.170, 0.797), SIMD2(0.131, 0.046)]
        }
    }

    /// H.273 colour primaries: 1 (BT.709, sRGB's), 12 (Display P3), 9
    /// (BT.2020).
    public var h273Primaries: UInt16 {
        switch self {
        case .sRGB: 1
        case .displayP3: 12
        case .rec2020: 9
        }
    }

    /// H.273 transfer characteristics of the gamut's own curve: 13 (the
    /// sRGB curve, also Display P3's), 1 (BT.709's, the same as BT.2020's).
    public var h273Transfer: UInt16 { self == .rec2020 ? 1 : 13 }

    /// D65, as the three standards give it.
    public static let whitePoint = SIMD2(0.3127, 0.3290)

    /// Linear RGB of this gamut to CIE XYZ (D65, Y of white 1).
    public var toXYZ: Matrix3 { Matrix3.rgbToXYZ(primaries: primaries, white: Self.whitePoint) }

    /// Linear (extended) sRGB to this gamut's linear RGB.
    public var fromLinearSRGB: Matrix3 { Self.conversions[self]!.from }

    /// This gamut's linear RGB to linear (extended) sRGB.
    public var toLinearSRGB: Matrix3 { Self.conversions[self]!.to }

    /// Computed once: the conversions run per pixel.
    private static let conversions: [ColorGamut: (from: Matrix3, to: Matrix3)] = Dictionary(
        uniqueKeysWithValues: allCases.map { gamut in
            let srgb = ColorGamut.sRGB.toXYZ
            return (gamut, (gamut.toXYZ.inverse.times(srgb), srgb.inverse.times(gamut.toXYZ)))
        })

    /// Gamma-encodes a linear component with this gamut's transfer curve,
    /// mirrored for negative values (CSS Color 4's extended transfer).
    public func encode(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded: Double
        switch self {
        case .sRGB, .displayP3:
            encoded = linearToSRGB(magnitude)
        case .rec2020:
            encoded =
                magnitude < Self.bt2020Beta
                ? 4.5 * magnitude : Self.bt2020Alpha * pow(magnitude, 0.45) - (Self.bt2020Alpha - 1)
        }
        return linear < 0 ? -encoded : encoded
    }

    /// The inverse of ``encode(_:)``.
    public func decode(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let linear: Double
        switch self {
        case .sRGB, .displayP3:
            linear = srgbToLinear(magnitude)
        case .rec2020:
            linear =
                magnitude < 4.5 * Self.bt2020Beta
                ? magnitude / 4.5 : pow((magnitude + Self.bt2020Alpha - 1) / Self.bt2020Alpha, 1 / 0.45)
        }
        return encoded < 0 ? -linear : linear
    }

    /// ITU-R BT.2020's curve constants (as CSS Color 4 gives them).
    static let bt2020Alpha = 1.09929682680944
    static let bt2020Beta = 0.018053968510807

    /// Whether linear RGB of this gamut lies inside it (a hair's tolerance
    /// for the matrices' rounding).
    public static func contains(_ linear: SIMD3<Double>) -> Bool {
        let tolerance = 1e-9
        return linear.min() >= -tolerance && linear.max() <= 1 + tolerance
    }

    /// The narrowest gamut holding a color given in extended sRGB
    /// (encoded); nil for one outside even BT.2020.
    public static func narrowest(holding color: RGBAColor) -> ColorGamut? {
        let linear = ColorSpaceName.srgbLinear.components(of: color)
        return allCases.first { contains($0.fromLinearSRGB(linear)) }
    }

    /// The narrowest gamut holding every visible color of `colors` (alpha
    /// above 0; BT.2020 for one outside even it: mapped into it).
    public static func narrowest(holdingAll colors: [RGBAColor]) -> ColorGamut {
        colors.reduce(ColorGamut.sRGB) { widest, color in
            widest.widening(to: color.alpha > 0 ? narrowest(holding: color) ?? .rec2020 : .sRGB)
        }
    }
}
