/// SwiftUI's `.fixedSize(horizontal:vertical:)` on a text: the axes along
/// which it keeps its ideal size whatever it is offered. A text in a
/// layout that is not fixed horizontally wraps to the width it is
/// offered, as SwiftUI's does (``TextMask/wrapWidth``); fixed
/// horizontally, it keeps its lines (breaking only at newlines).
///
/// meshgrad never truncates a text, so a text always takes the height of
/// its lines: `vertical` is kept to write the document and SwiftUI code
/// back (where SwiftUI, offered less height, would truncate with "…").
public struct TextFixedSize: Hashable, Sendable {
    public var horizontal: Bool
    public var vertical: Bool

    public init(horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// `.fixedSize()`: both axes.
    public static let both = TextFixedSize(horizontal: true, vertical: true)
    /// `.fixedSize(horizontal: false, vertical: true)`, as the onboarding
    /// tutorial writes under its multi-line texts: wraps, never truncated.
    public static let vertical = TextFixedSize(horizontal: false, vertical: true)
}
