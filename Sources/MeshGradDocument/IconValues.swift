import MeshGradCore

/// A layer's `"icon"`: `{"name": "camera", "style": "largeTitle", "size":
/// 34, "weight": "regular"}`, an SF Symbol name drawn as its Font Awesome
/// glyph (``IconSymbols``): a text mask of one glyph in the icon font, at
/// the style's size unless `size` says otherwise.
struct IconValue: Decodable {
    var text: TextMask

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(allowed: DocumentKeys.icon, context: "an icon")
        let name = try container.decode(String.self, forKey: JSONKey("name"))
        guard let glyph = IconSymbols.glyphs[name] else {
            throw DocumentError(
                keyPath: container.path("name"),
                message: "\(SafeText.quoted(name)) is not a known symbol; expected one of "
                    + IconSymbols.glyphs.keys.sorted().joined(separator: ", "))
        }
        let style = try container.decodeTextStyle()
        let size = try container.decodeIfPresent(Double.self, forKey: JSONKey("size")) ?? style?.size ?? 17
        guard size > 0 else {
            throw DocumentError(keyPath: container.path("size"), message: "\(size) is not allowed; expected points > 0")
        }
        let weight = try container.decodeName(
            "weight", default: style?.weight ?? TextMask.Weight.regular, noun: "a weight",
            expected: "regular, bold or heavy")
        text = TextMask(text: String(glyph), size: size, weight: weight, fontPath: IconSymbols.fontPath)
        text.symbol = name
        text.style = style
    }

    /// The layer's text mask: its `"text"` or its `"icon"` (not both).
    static func text(_ container: KeyedDecodingContainer<JSONKey>) throws -> TextMask? {
        if container.contains(JSONKey("icon")) {
            guard !container.contains(JSONKey("text")) else {
                throw DocumentError(keyPath: container.path("icon"), message: "a layer has a text or an icon, not both")
            }
            return try container.decode(IconValue.self, forKey: JSONKey("icon")).text
        }
        return try container.decodeIfPresent(TextValue.self, forKey: JSONKey("text"))?.text
    }

    /// The JSON the writer saves an icon as.
    static func text(_ text: TextMask, symbol: String) -> String {
        var parts = ["\"name\": \(jsonString(symbol))"]
        if let style = text.style { parts.append("\"style\": \"\(style.rawValue)\"") }
        parts.append("\"size\": \(formatNumber(text.size))")
        parts.append("\"weight\": \"\(text.weight.rawValue)\"")
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

extension KeyedDecodingContainer where Key == JSONKey {
    /// `"style"`: a SwiftUI text style name.
    func decodeTextStyle() throws -> TextStyleName? {
        guard let name = try decodeIfPresent(String.self, forKey: JSONKey("style")) else { return nil }
        guard let style = TextStyleName(rawValue: name) else {
            throw DocumentError(
                keyPath: path("style"),
                message: "\(SafeText.quoted(name)) is not a text style; expected "
                    + TextStyleName.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return style
    }
}

extension LinearGradient {
    /// SwiftUI's `Color.gradient` (`.white.gradient`): the color as a
    /// subtle top-to-bottom gradient. Apple does not publish its stops;
    /// meshgrad goes from the color lightened 12 % toward white at the top
    /// to the color darkened to 88 % at the bottom, in device sRGB (white:
    /// #ffffff to #e0e0e0), which is about how `.white.gradient` looks on
    /// a dark background.
    static func colorGradient(_ color: RGBAColor) -> LinearGradient {
        func mix(_ f: (Double) -> Double) -> RGBAColor {
            RGBAColor(red: f(color.red), green: f(color.green), blue: f(color.blue), alpha: color.alpha)
        }
        return LinearGradient(colors: [mix { $0 + (1 - $0) * 0.12 }, mix { $0 * 0.88 }])
    }
}
