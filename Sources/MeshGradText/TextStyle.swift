import Foundation

/// How a text looks: font, size, weight, width, line spacing, alignment and
/// kerning. Sizes are canvas pixels; a caller with sizes relative to the
/// canvas converts them first.
public struct TextStyle: Sendable, Hashable {
    public var font: TextFont
    /// The em size in pixels (a font's "size": for DejaVu Sans, capitals are
    /// 0.73 of it tall).
    public var size: Double
    public var weight: FontWeight
    /// Horizontal scale of the glyphs and their advances: 1 for normal
    /// width, ``expandedWidth`` for SwiftUI's `.fontWidth(.expanded)`.
    /// Strokes grown for a heavier weight are grown after this scaling, so
    /// they keep their thickness in both directions.
    public var widthFactor: Double
    /// Pixels added between lines, beyond the font's own line height (as
    /// SwiftUI's `lineSpacing`). Scales with the text when it is fitted to
    /// its frame.
    public var lineSpacing: Double
    public var alignment: TextAlignment
    /// Whether to apply the font's kerning pairs (its TrueType `kern`
    /// table; see ``TextLayout/fontHasKerning``).
    public var kerning: Bool

    /// About how much wider SF Pro Expanded sets than SF Pro: SwiftUI's
    /// `.fontWidth(.expanded)`, approximated by stretching.
    public static let expandedWidth = 1.25

    public init(
        size: Double, font: TextFont = .dejaVuSans, weight: FontWeight = .regular, widthFactor: Double = 1,
        lineSpacing: Double = 0, alignment: TextAlignment = .center, kerning: Bool = true
    ) {
        self.font = font
        self.size = size
        self.weight = weight
        self.widthFactor = widthFactor
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.kerning = kerning
    }

    func validate() throws(TextError) {
        guard size.isFinite, size > 0 else {
            throw .invalidStyle("the text size must be a positive number of pixels, not \(size)")
        }
        guard widthFactor.isFinite, widthFactor > 0 else {
            throw .invalidStyle("the text width factor must be a positive number, not \(widthFactor)")
        }
        guard lineSpacing.isFinite else {
            throw .invalidStyle("the line spacing must be a finite number of pixels, not \(lineSpacing)")
        }
    }

    /// The font file to load and how much to grow its strokes, in ems.
    func fontFile() throws(TextError) -> (path: String, emboldening: Double) {
        let step = 1.0 / 24
        switch font {
        case .dejaVuSans:
            let name = weight == .regular ? "DejaVuSans.ttf" : "DejaVuSans-Bold.ttf"
            return (try Self.installedDejaVu(name), weight == .heavy ? step : 0)
        case .file(let path):
            switch weight {
            case .regular: return (path, 0)
            case .bold: return (path, step)
            case .heavy: return (path, 2 * step)
            }
        }
    }

    /// Where distributions install DejaVu: Debian and Ubuntu, Arch, Fedora.
    static let dejaVuFolders = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu-sans-fonts",
        "/usr/share/fonts/dejavu", "/usr/local/share/fonts",
    ]

    static func installedDejaVu(_ name: String) throws(TextError) -> String {
        for folder in dejaVuFolders {
            let path = folder + "/" + name
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        throw .fontNotInstalled(
            "the default font DejaVu Sans (\(name)) is not installed; on Debian: apt-get install fonts-dejavu-core, or use a font file"
        )
    }
}
