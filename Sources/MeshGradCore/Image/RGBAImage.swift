/// A component type of ``RGBAImage``: 8-bit, 16-bit or 32-bit float.
public protocol ImageComponent: SIMDScalar, Codable, Sendable, Hashable, BitwiseCopyable, AdditiveArithmetic {
    /// The stored value of full intensity (255, 65535, 1.0) as a float.
    static var fullScale: Float { get }
    /// The stored value of full intensity.
    static var fullValue: Self { get }
    /// The component as a value in `0...1`.
    var unitValue: Float { get }
}

extension UInt8: ImageComponent {
    public static var fullScale: Float { 255 }
    public static var fullValue: UInt8 { .max }
    public var unitValue: Float { Float(self) / 255 }
}

extension UInt16: ImageComponent {
    public static var fullScale: Float { 65535 }
    public static var fullValue: UInt16 { .max }
    public var unitValue: Float { Float(self) / 65535 }
}

extension Float: ImageComponent {
    public static var fullScale: Float { 1 }
    public static var fullValue: Float { 1 }
    public var unitValue: Float { self }
}

/// A straight-alpha (not premultiplied) RGBA image in sRGB, rows top to
/// bottom, four components per pixel. The one image type the renderers
/// produce and the encoders consume.
public struct RGBAImage<Component: ImageComponent>: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` components, row-major, RGBA.
    public var components: [Component]

    public init(width: Int, height: Int, components: [Component]) {
        precondition(width >= 0 && height >= 0 && components.count == width * height * 4)
        self.width = width
        self.height = height
        self.components = components
    }

    /// An image filled with zero (transparent black).
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.init(
            width: width, height: height,
            components: Array(repeating: .zero, count: width * height * 4))
    }

    public subscript(x: Int, y: Int) -> SIMD4<Component> {
        get {
            let i = (y * width + x) * 4
            return SIMD4(components[i], components[i + 1], components[i + 2], components[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            for c in 0..<4 { components[i + c] = newValue[c] }
        }
    }

    /// The pixel as unit values `0...1`.
    public func unitPixel(x: Int, y: Int) -> SIMD4<Float> {
        let p = self[x, y]
        return SIMD4(p[0].unitValue, p[1].unitValue, p[2].unitValue, p[3].unitValue)
    }

    /// Whether every pixel has full alpha: such an image is written as RGB.
    ///
    /// Inlinable, so that each caller gets it specialized for its component
    /// (unspecialized, an export's per-frame check cost 3 % of a 640×360
    /// export's CPU), and counted a stretch at a time with no branch inside,
    /// so that the specialized loop vectorizes; one test per stretch.
    @inlinable
    public var isOpaque: Bool {
        components.withUnsafeBufferPointer { rgba in
            let full = Component.fullValue
            let pixels = rgba.count / 4
            var start = 0
            while start < pixels {
                let end = min(pixels, start + 4096)
                var fullAlphas = 0
                for i in start..<end { fullAlphas &+= rgba[4 &* i &+ 3] == full ? 1 : 0 }
                if fullAlphas != end - start { return false }
                start = end
            }
            return true
        }
    }
}
