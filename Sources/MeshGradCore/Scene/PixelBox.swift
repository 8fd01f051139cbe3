/// A rectangle of whole canvas pixels, `x0 ..< x1` by `y0 ..< y1`, y down:
/// where a scene's layer is drawn or its shadow falls. Whole pixels so that
/// both renderers cover exactly the same pixels, and layers side by side
/// share an edge with no seam and no pixel drawn twice.
public struct PixelBox: Hashable, Sendable, CustomStringConvertible {
    public var x0: Int
    public var y0: Int
    public var x1: Int
    public var y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The whole of a `width × height` canvas.
    public init(width: Int, height: Int) {
        self.init(x0: 0, y0: 0, x1: width, y1: height)
    }

    public var width: Int { max(0, x1 - x0) }
    public var height: Int { max(0, y1 - y0) }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The pixels in both boxes (empty if none).
    public func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The smallest box holding both (either, if the other is empty).
    public func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The box grown by `margin` pixels on every side.
    public func expanded(by margin: Int) -> PixelBox {
        PixelBox(x0: x0 - margin, y0: y0 - margin, x1: x1 + margin, y1: y1 + margin)
    }

    /// The box moved by `offset` pixels.
    public func offset(by offset: SIMD2<Int>) -> PixelBox {
        PixelBox(x0: x0 + offset.x, y0: y0 + offset.y, x1: x1 + offset.x, y1: y1 + offset.y)
    }

    public var description: String { "(\(x0), \(y0))–(\(x1), \(y1))" }
}

extension UnitRect {
    /// The rectangle in whole canvas pixels: edges rounded to the pixel
    /// grid, so that layers side by side (the wallpaper's bars) share an
    /// edge with no seam and no double-covered pixel.
    public func pixelBox(width canvasWidth: Int, height canvasHeight: Int) -> PixelBox {
        func edge(_ v: Double, _ size: Int) -> Int {
            let scaled = (v * Double(size)).rounded()
            // Frames far off the canvas stay representable.
            return Int(max(-1e9, min(1e9, scaled.isFinite ? scaled : 0)))
        }
        return PixelBox(
            x0: edge(x, canvasWidth), y0: edge(y, canvasHeight), x1: edge(x + width, canvasWidth),
            y1: edge(y + height, canvasHeight))
    }
}
