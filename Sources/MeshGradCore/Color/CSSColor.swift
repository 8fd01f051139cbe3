import Foundation

/// Colors in CSS Color 4's syntax beyond hex: `color(display-p3 1 0.25
/// 0.1)`, `color(rec2020 …)`, `color(srgb-linear …)`, `color(srgb …)`,
/// each optionally `/ alpha`, and `oklch(L C H)` (lightness 0…1 or a
/// percentage, chroma, hue in degrees). Read into ``RGBAColor``'s extended
/// sRGB, where components outside 0…1 are the colors sRGB cannot show.
public enum CSSColor {
    /// The largest magnitude a component may have (HDR whites are a few
    /// times 1; anything near this is a typo).
    public static let componentLimit = 100.0

    /// The color `text` names, or nil when it is not one of these forms.
    public static func parse(_ text: String) -> RGBAColor? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") else { return nil }
        let function = String(trimmed[..<open])
        var body = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        var alpha = 1.0
        if let slash = body.firstIndex(of: "/") {
            guard let a = number(String(body[body.index(after: slash)...]), percentOf: 1), (0...1).contains(a) else {
                return nil
            }
            alpha = a
            body = String(body[..<slash])
        }
        var words = body.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch function {
        case "color":
            guard words.count == 4, let space = ColorSpaceName(rawValue: words.removeFirst()) else { return nil }
            let values = words.compactMap { number($0, percentOf: 1) }
            guard values.count == 3, values.allSatisfy({ abs($0) <= componentLimit }) else { return nil }
            return space.color(SIMD3(values[0], values[1], values[2]), alpha: alpha)
        case "oklch":
            guard words.count == 3, let l = number(words[0], percentOf: 1), let c = number(words[1], percentOf: 0.4),
                let h = number(words[2].hasSuffix("deg") ? String(words[2].dropLast(3)) : words[2], percentOf: nil),
                (0...componentLimit).contains(l), (0...componentLimit).contains(c), abs(h) <= 1e6
            else { return nil }
            return Oklch(lightness: l, chroma: c, hue: h).exactColor(alpha: alpha)
        default:
            return nil
        }
    }

    /// A number, or a percentage of `percentOf` (nil: none allowed).
    static func number(_ word: String, percentOf scale: Double?) -> Double? {
        let word = word.trimmingCharacters(in: .whitespaces)
        if word.hasSuffix("%") {
            guard let scale, let value = Double(word.dropLast()), value.isFinite else { return nil }
            return value / 100 * scale
        }
        guard let value = Double(word), value.isFinite else { return nil }
        return value
    }

    /// How a document writes `color` when `#RRGGBB` and `[r, g, b]` cannot
    /// say it (a component outside 0…1): in Display P3 or BT.2020 when the
    /// color is inside it and six decimals read back to exactly the same
    /// color (which they do for a color that was read from them), else in
    /// extended sRGB, digit for digit.
    public static func text(_ color: RGBAColor) -> String {
        let (space, values) = written(color)
        return format(space, values, color.alpha)
    }

    /// The space and components ``text(_:)`` writes `color` with.
    public static func written(_ color: RGBAColor) -> (space: ColorSpaceName, values: SIMD3<Double>) {
        for space in [ColorSpaceName.displayP3, .rec2020] {
            let values = space.components(of: color)
            guard ColorGamut.contains(values) else { continue }
            let rounded = values.rounded(toPlaces: 6)
            if space.color(rounded, alpha: color.alpha) == color { return (space, rounded) }
        }
        return (.srgb, SIMD3(color.red, color.green, color.blue))
    }

    static func format(_ space: ColorSpaceName, _ values: SIMD3<Double>, _ alpha: Double) -> String {
        let numbers = [values.x, values.y, values.z].map(shortest).joined(separator: " ")
        return "color(\(space.rawValue) \(numbers)\(alpha == 1 ? "" : " / " + shortest(alpha)))"
    }

    /// The shortest decimal that reads back as `x`.
    static func shortest(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }
}

/// The color spaces `color(…)` names.
public enum ColorSpaceName: String, Sendable {
    case srgb
    case srgbLinear = "srgb-linear"
    case displayP3 = "display-p3"
    case rec2020

    /// The RGB gamut, with its transfer curve (nil: linear sRGB).
    var gamut: ColorGamut? {
        switch self {
        case .srgb: .sRGB
        case .srgbLinear: nil
        case .displayP3: .displayP3
        case .rec2020: .rec2020
        }
    }

    /// Components of this space as extended sRGB.
    public func color(_ values: SIMD3<Double>, alpha: Double) -> RGBAColor {
        if self == .srgb { return RGBAColor(red: values.x, green: values.y, blue: values.z, alpha: alpha) }
        var linear = values
        if let gamut {
            linear = gamut.toLinearSRGB(SIMD3(gamut.decode(values.x), gamut.decode(values.y), gamut.decode(values.z)))
        }
        let srgb = ColorGamut.sRGB
        return RGBAColor(
            red: srgb.encode(linear.x), green: srgb.encode(linear.y), blue: srgb.encode(linear.z), alpha: alpha)
    }

    /// An extended sRGB color's components in this space.
    public func components(of color: RGBAColor) -> SIMD3<Double> {
        let srgb = ColorGamut.sRGB
        if self == .srgb { return SIMD3(color.red, color.green, color.blue) }
        let linear = SIMD3(srgb.decode(color.red), srgb.decode(color.green), srgb.decode(color.blue))
        guard let gamut else { return linear }
        let own = gamut.fromLinearSRGB(linear)
        return SIMD3(gamut.encode(own.x), gamut.encode(own.y), gamut.encode(own.z))
    }
}

extension SIMD3<Double> {
    func rounded(toPlaces places: Int) -> SIMD3<Double> {
        let scale = pow(10, Double(places))
        return (self * scale).rounded(.toNearestOrEven) / scale
    }
}
