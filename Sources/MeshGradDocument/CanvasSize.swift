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

    /// Named sizes: screen standards, then the devices people make
    /// wallpapers for (native pixels, portrait for phones and tablets as
    /// their lock screens are). `meshgrad sizes` lists them.
    public static let named: [(name: String, size: CanvasSize, what: String)] = [
        ("720p", CanvasSize(width: 1280, height: 720), "HD"),
        ("1080p", CanvasSize(width: 1920, height: 1080), "Full HD"),
        ("1440p", CanvasSize(width: 2560, height: 1440), "QHD"),
        ("4k", CanvasSize(width: 3840, height: 2160), "UHD"),
        ("5k", CanvasSize(width: 5120, height: 2880), "5K"),
        ("8k", CanvasSize(width: 7680, height: 4320), "8K UHD"),
        ("iphone-16-pro", CanvasSize(width: 1206, height: 2622), "iPhone 16 Pro"),
        ("iphone-16-pro-max", CanvasSize(width: 1320, height: 2868), "iPhone 16 Pro Max"),
        ("iphone-16", CanvasSize(width: 1179, height: 2556), "iPhone 16"),
        ("iphone-16-plus", CanvasSize(width: 1290, height: 2796), "iPhone 16 Plus"),
        ("iphone-se", CanvasSize(width: 750, height: 1334), "iPhone SE (2nd and 3rd generation)"),
        ("ipad-pro-13", CanvasSize(width: 2064, height: 2752), "iPad Pro 13-inch (M4)"),
        ("ipad-pro-11", CanvasSize(width: 1668, height: 2420), "iPad Pro 11-inch (M4)"),
        ("ipad-air-13", CanvasSize(width: 2048, height: 2732), "iPad Air 13-inch"),
        ("macbook-air-13", CanvasSize(width: 2560, height: 1664), "MacBook Air 13-inch"),
        ("macbook-air-15", CanvasSize(width: 2880, height: 1864), "MacBook Air 15-inch"),
        ("macbook-pro-14", CanvasSize(width: 3024, height: 1964), "MacBook Pro 14-inch"),
        ("macbook-pro-16", CanvasSize(width: 3456, height: 2234), "MacBook Pro 16-inch"),
        ("imac-24", CanvasSize(width: 4480, height: 2520), "iMac 24-inch"),
        ("studio-display", CanvasSize(width: 5120, height: 2880), "Apple Studio Display"),
        ("pro-display-xdr", CanvasSize(width: 6016, height: 3384), "Pro Display XDR"),
        ("ultrawide", CanvasSize(width: 3440, height: 1440), "34-inch ultrawide monitor"),
        ("ultrawide-5k", CanvasSize(width: 5120, height: 2160), "40-inch 5K2K ultrawide monitor"),
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
        let names = CanvasSize.named.prefix(6).map(\.name).joined(separator: ", ")
        return
            "\"\(text)\" is not a size; expected WIDTHxHEIGHT (e.g. 3840x2160), \(names) or a device ('meshgrad sizes' lists them)"
    }
}
