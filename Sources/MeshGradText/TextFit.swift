/// How a text is sized to its frame.
public enum TextFit: Sendable, Hashable {
    /// At the style's size, whatever the frame's size; the text may spill
    /// out of it.
    case natural
    /// Scaled so that the widest line is exactly as wide as the frame.
    case width
    /// Scaled as large as fits the frame in both directions.
    case frame
}
