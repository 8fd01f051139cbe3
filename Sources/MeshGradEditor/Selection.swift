/// What the editor's color and nudge keys act on.
public enum Selection: Hashable, Sendable {
    /// Vertex `index` (row-major).
    case vertex(Int)
    /// One Bézier handle of a vertex.
    case handle(Int, Handle)
    /// The background color.
    case background

    public enum Handle: String, Hashable, Sendable, CaseIterable {
        case leading, top, trailing, bottom
    }

    /// The vertex the selection belongs to, if any.
    public var vertex: Int? {
        switch self {
        case .vertex(let i), .handle(let i, _): i
        case .background: nil
        }
    }
}
