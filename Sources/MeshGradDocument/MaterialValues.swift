import MeshGradCore

/// A layer's `"fill": {"material": "ultraThin"}`: a backdrop material
/// (``Material``) drawn instead of a fill.
enum MaterialValue {
    /// The layer's material, when its fill names one.
    static func material(_ container: KeyedDecodingContainer<JSONKey>) throws -> Material? {
        guard let fill = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("fill")),
            fill.contains(JSONKey("material"))
        else { return nil }
        try fill.rejectUnknownKeys(allowed: DocumentKeys.materialFill, context: "a material fill")
        let name = try fill.decode(String.self, forKey: JSONKey("material"))
        guard let material = Material(rawValue: name) else {
            throw DocumentError(
                keyPath: fill.path("material"),
                message: "\(SafeText.quoted(name)) is not a material; expected "
                    + Material.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return material
    }
}
