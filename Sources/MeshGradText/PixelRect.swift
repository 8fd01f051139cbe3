/// A rectangle in canvas pixels, y down: the frame a text is placed in, or
/// the bounds of its ink. Fractional, since layouts place glyphs at
/// fractions of a pixel.
public struct PixelRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var maxX: Double { x + width }
    public var midX: Double { x + width / 2 }
    public var minY: Double { y }
    public var maxY: Double { y + height }
    public var midY: Double { y + height / 2 }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return PixelRect(
            x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
