import MeshGradCore

/// A text's `"fixedSize"`, as SwiftUI spells the modifier: `true` for
/// `.fixedSize()` (the text keeps its lines: no wrapping), `false` for
/// none (the default: a text in a layout wraps to the width it is
/// offered), or `{"horizontal": false, "vertical": true}` for
/// `.fixedSize(horizontal:vertical:)` (both keys required).
enum TextFixedSizeValue {
    static let expected = #"expected true, false or {"horizontal": true|false, "vertical": true|false}"#

    static func decode(_ container: KeyedDecodingContainer<JSONKey>) throws -> TextFixedSize? {
        let key = JSONKey("fixedSize")
        guard container.contains(key) else { return nil }
        if let both = try? container.decode(Bool.self, forKey: key) { return both ? .both : nil }
        guard let axes = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: key) else {
            throw DocumentError(keyPath: container.path("fixedSize"), message: expected)
        }
        try axes.rejectUnknownKeys(allowed: DocumentKeys.fixedSize, context: "a fixedSize")
        func axis(_ name: String) throws -> Bool {
            guard axes.contains(JSONKey(name)) else {
                throw DocumentError(keyPath: axes.path(name), message: "missing; expected true or false")
            }
            do {
                return try axes.decode(Bool.self, forKey: JSONKey(name))
            } catch {
                throw DocumentError(
                    keyPath: axes.path(name), message: "\(describeFound(error)); expected true or false")
            }
        }
        return TextFixedSize(horizontal: try axis("horizontal"), vertical: try axis("vertical"))
    }

    /// The JSON the writer saves it as.
    static func text(_ fixedSize: TextFixedSize) -> String {
        fixedSize == .both
            ? "true" : "{\"horizontal\": \(fixedSize.horizontal), \"vertical\": \(fixedSize.vertical)}"
    }
}
