/// The SF Symbols the tutorials use, drawn with Font Awesome 4.7 (Debian's
/// `fonts-font-awesome`): Apple's symbols are not licensed for other
/// platforms, so each name maps to the Font Awesome glyph closest in
/// meaning. The drawings differ (Font Awesome's are solid, heavier, and
/// sit on their own baseline); the meaning and the size are kept.
public enum IconSymbols {
    /// Font Awesome 4.7 as Debian installs it.
    public static let fontPath = "/usr/share/fonts/truetype/font-awesome/fontawesome-webfont.ttf"

    /// SF Symbol name → Font Awesome code point.
    public static let glyphs: [String: Unicode.Scalar] = [
        "paintpalette": "\u{f1fc}",  // fa-paint-brush (Font Awesome 4 has no palette)
        "camera": "\u{f030}",  // fa-camera
        "wand.and.stars": "\u{f0d0}",  // fa-magic: a wand with sparkles
        "square.and.arrow.up": "\u{f045}",  // fa-share-square-o
        "photo": "\u{f03e}",  // fa-picture-o
        "star": "\u{f005}",  // fa-star
        "heart": "\u{f004}",  // fa-heart
        "gearshape": "\u{f013}",  // fa-cog
        "arrow.right": "\u{f061}",  // fa-arrow-right
        "checkmark": "\u{f00c}",  // fa-check
        "sparkles": "\u{f005}",  // fa-star (no sparkles in Font Awesome 4)
    ]
}

/// SwiftUI's text styles at their default sizes (iOS, the Large Dynamic
/// Type size) and weights; meshgrad's weights are regular, bold and heavy,
/// so `headline`'s semibold is drawn bold.
public enum TextStyleName: String, Hashable, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption

    public var size: Double {
        switch self {
        case .largeTitle: 34
        case .title: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption: 12
        }
    }

    public var weight: TextMask.Weight { self == .headline ? .bold : .regular }
}
