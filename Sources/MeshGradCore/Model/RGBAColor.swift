/// A color as SwiftUI's `Color(red:green:blue:opacity:)` takes it: sRGB
/// gamma-encoded components and a straight (not premultiplied) alpha, each
/// nominally in `0...1`.
///
/// Values outside `0...1` are kept as given (they are clamped when the color
/// is finished, mesh-math §4c), so that a document round-trips unchanged.
public struct RGBAColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Whether a red, green or blue component lies outside 0…1: a color
    /// sRGB cannot show, written in CSS Color 4's notation (``CSSColor``).
    public var isOutsideUnitRange: Bool { [red, green, blue].contains { !(0...1).contains($0) } }

    /// The components as a vector `(r, g, b, a)`.
    public var vector: SIMD4<Double> { SIMD4(red, green, blue, alpha) }

    public init(_ vector: SIMD4<Double>) {
        self.init(red: vector.x, green: vector.y, blue: vector.z, alpha: vector.w)
    }

    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)

    /// Builds a color from 8-bit components, as design tools show them.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(
            red: Double(red8) / 255, green: Double(green8) / 255,
            blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, case does not
    /// matter). Returns `nil` for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8,
            digits.allSatisfy({ $0.isHexDigit }),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red8: UInt8(truncatingIfNeeded: rgba >> 24),
            green8: UInt8(truncatingIfNeeded: rgba >> 16),
            blue8: UInt8(truncatingIfNeeded: rgba >> 8),
            alpha8: UInt8(truncatingIfNeeded: rgba))
    }

    /// The color as 8-bit components if every component is exactly
    /// `k / 255` for an integer `k`; `nil` otherwise. Lets writers print
    /// `#RRGGBB` only where that loses nothing.
    public var exact8BitComponents: SIMD4<UInt8>? {
        var result = SIMD4<UInt8>()
        for i in 0..<4 {
            let scaled = vector[i] * 255
            let rounded = scaled.rounded()
            guard rounded >= 0, rounded <= 255, abs(scaled - rounded) < 1e-9 else { return nil }
            result[i] = UInt8(rounded)
        }
        return result
    }

    /// `#RRGGBB` (or `#RRGGBBAA` when not opaque), rounding each component.
    public var hexString: String {
        func byte(_ c: Double) -> UInt8 { UInt8((min(max(c, 0), 1) * 255).rounded()) }
        let bytes = [byte(red), byte(green), byte(blue)] + (byte(alpha) == 255 ? [] : [byte(alpha)])
        return "#"
            + bytes.map { b in
                let s = String(b, radix: 16, uppercase: true)
                return s.count == 1 ? "0" + s : s
            }.joined()
    }
}
