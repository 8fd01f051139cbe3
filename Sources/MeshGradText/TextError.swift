/// Why a text cannot be laid out or drawn, in one line a user can act on.
public enum TextError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The font file is missing, unreadable or not a font.
    case fontUnreadable(path: String, reason: String)
    /// The default font is not installed.
    case fontNotInstalled(String)
    /// The text has nothing to draw.
    case emptyText
    /// The font has no glyph for a character of the text.
    case missingGlyph(Unicode.Scalar, font: String)
    /// A size, factor or frame is out of range.
    case invalidStyle(String)
    /// FreeType failed; `message` is FreeType's own description.
    case freeType(operation: String, message: String)

    public var description: String {
        switch self {
        case .fontUnreadable(let path, let reason):
            "cannot read the font \(path): \(reason)"
        case .fontNotInstalled(let text):
            text
        case .emptyText:
            "the text is empty: nothing but spaces and line breaks to draw"
        case .missingGlyph(let scalar, let font):
            "the font \(font) has no glyph for \(Self.describe(scalar))"
        case .invalidStyle(let text):
            text
        case .freeType(let operation, let message):
            "FreeType failed \(operation): \(message)"
        }
    }

    /// `"字" (U+5B57)`, or only `U+0009` for a character that does not
    /// print (a tab, a control character).
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse,
            .surrogate:
            return code
        default:
            return "\"\(scalar)\" (\(code))"
        }
    }
}
