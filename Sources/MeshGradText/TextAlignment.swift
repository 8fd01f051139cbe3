/// Where each line of a text sits horizontally in its frame: against the
/// left edge, centered, or against the right edge (left-to-right text).
/// Lines are aligned by their advance widths, as SwiftUI's
/// `multilineTextAlignment` does, not by their ink.
public enum TextAlignment: Sendable, Hashable {
    case leading
    case center
    case trailing
}
