/// A color-wheel relation between the hues of a generated mesh, in Oklch
/// (whose hue angles look evenly spaced, unlike HSL's): the anchors every
/// vertex hue is drawn near.
public enum Harmony: String, CaseIterable, Hashable, Sendable {
    /// Neighbours: the base hue and 30° either side.
    case analogous
    /// The base hue and its opposite.
    case complementary
    /// The base hue and the two neighbours of its opposite (±30°).
    case split
    /// Three hues 120° apart.
    case triadic
    /// Four hues 90° apart (a square).
    case tetradic
    /// One hue: only lightness and chroma vary.
    case monochrome

    /// Degrees from the base hue of each anchor.
    public var hueOffsets: [Double] {
        switch self {
        case .analogous: [-30, 0, 30]
        case .complementary: [0, 180]
        case .split: [0, 150, 210]
        case .triadic: [0, 120, 240]
        case .tetradic: [0, 90, 180, 270]
        case .monochrome: [0]
        }
    }

    /// The anchor hues for `base`, each in 0..<360.
    public func anchors(base: Double) -> [Double] {
        hueOffsets.map { wrapHue(base + $0) }
    }

    /// "analogous, complementary, …" for help texts and messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// An angle in degrees brought into 0..<360.
@inlinable
public func wrapHue(_ degrees: Double) -> Double {
    let wrapped = degrees.truncatingRemainder(dividingBy: 360)
    return wrapped < 0 ? wrapped + 360 : wrapped
}

/// The smallest angle, in degrees (0…180), between two hues.
@inlinable
public func hueDistance(_ a: Double, _ b: Double) -> Double {
    let d = abs(wrapHue(a) - wrapHue(b))
    return min(d, 360 - d)
}
