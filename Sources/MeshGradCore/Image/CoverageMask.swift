/// A single-channel image of coverage (or alpha) in `0...1`, rows top to
/// bottom, one float per pixel, in canvas pixel coordinates.
///
/// What a text mask rasterizes to and what a shadow blurs: a layer's shape
/// without its colors. Floats rather than bytes because masks are
/// multiplied into float colors and blurred, and a blurred edge needs more
/// than 256 levels to fade out without steps.
public struct CoverageMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height` values, row-major.
    public var values: [Float]

    public init(width: Int, height: Int, values: [Float]) {
        precondition(width >= 0 && height >= 0 && values.count == width * height)
        self.width = width
        self.height = height
        self.values = values
    }

    /// A mask that covers nothing.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, values: Array(repeating: 0, count: width * height))
    }

    public subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// The sum of all values: the covered area in square pixels.
    public var coveredArea: Double {
        values.reduce(0) { $0 + Double($1) }
    }
}
