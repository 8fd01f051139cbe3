/// An output size in pixels, as `--size` and the document's `size` key give
/// it: `WxH` or a name (`1080p`, `4k`, …).
public struct CanvasSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// The largest side meshgrad accepts: well past 8K wallpapers and big
    /// prints, and small enough that a row always fits comfortably.
    public static let maximumSide = 65536

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }

    /// Named sizes, in the order `--help` lists them.
    public static let named: [(name: String, size: CanvasSize)] = [
        ("720p", CanvasSize(width: 1280, height: 720)),
        ("1080p", CanvasSize(width: 1920, height: 1080)),
        ("1440p", CanvasSize(width: 2560, height: 1440)),
        ("4k", CanvasSize(width: 3840, height: 2160)),
        ("5k", CanvasSize(width: 5120, height: 2880)),
        ("8k", CanvasSize(width: 7680, height: 4320)),
    ]

    /// The size the CLI uses when neither `--size` nor the document says.
    public static let defaultSize = CanvasSize(width: 1920, height: 1080)

    /// Parses `1920x1080` (also `1920×1080`, `1920X1080`) or a name.
    /// Throws a message that lists what is accepted.
    public init(parsing text: String) throws(SizeError) {
        let lowered = text.lowercased()
        if let match = Self.named.first(where: { $0.name == lowered }) {
            self = match.size
            return
        }
        let parts = lowered.split(separator: "x", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "×", omittingEmptySubsequences: false) }
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw SizeError(text: text)
        }
        self.init(width: w, height: h)
        try validate(text: text)
    }

    /// Checks both sides are in `1...maximumSide`.
    public func validate(text: String? = nil) throws(SizeError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw SizeError(text: text ?? description, outOfRange: true)
        }
    }
}

/// A size that cannot be parsed or is out of range.
public struct SizeError: Error, Sendable, CustomStringConvertible {
    public var text: String
    public var outOfRange = false

    public init(text: String, outOfRange: Bool = false) {
        self.text = text
        self.outOfRange = outOfRange
    }

    public var description: String {
        if outOfRange {
            return "size \(text) is out of range; expected each side in 1…\(CanvasSize.maximumSide)"
        }
        let names = CanvasSize.named.map(\.name).joined(separator: ", ")
        return "\"\(text)\" is not a size; expected WIDTHxHEIGHT (e.g. 3840x2160) or one of \(names)"
    }
}
