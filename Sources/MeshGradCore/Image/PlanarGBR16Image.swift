/// A 16-bit RGB image as three planes, green, blue and red (ffmpeg's
/// `gbrp16le`), or four with alpha last (`gbrap16le`): the frames the YUV
/// video encoders read, rendered straight into this form
/// (``CPURenderer/renderPlanarGBR16(_:rows:into:planeStride:)``) rather than
/// as ``RGBAImage`` pixels split afterwards.
public struct PlanarGBR16Image: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Whether a fourth plane holds alpha.
    public let hasAlpha: Bool
    /// `3 × width × height` samples (4 with alpha): the green plane, then
    /// blue, then red (then alpha), each row-major.
    public var samples: [UInt16]

    public init(width: Int, height: Int, samples: [UInt16], hasAlpha: Bool = false) {
        precondition(width >= 0 && height >= 0 && samples.count == width * height * (hasAlpha ? 4 : 3))
        (self.width, self.height, self.samples, self.hasAlpha) = (width, height, samples, hasAlpha)
    }

    /// The planes of an RGBA image, alpha dropped unless asked for (what
    /// ``CPURenderer/renderPlanarGBR16(_:rows:into:planeStride:)`` writes
    /// for the same plan, sample for sample).
    public init(_ image: RGBAImage<UInt16>, alpha: Bool = false) {
        let count = image.width * image.height * (alpha ? 4 : 3)
        let samples = [UInt16](unsafeUninitializedCapacity: count) { planes, initialized in
            image.components.withUnsafeBufferPointer {
                Self.split($0.baseAddress!, pixels: image.width * image.height, into: planes.baseAddress!, alpha: alpha)
            }
            initialized = count
        }
        self.init(width: image.width, height: image.height, samples: samples, hasAlpha: alpha)
    }

    /// Splits `pixels` 16-bit RGBA pixels into the green, blue and red
    /// planes at `planes` (room for `3 × pixels` samples), and with `alpha`
    /// the alpha plane after them (room for 4).
    public static func split(
        _ rgba: UnsafePointer<UInt16>, pixels: Int, into planes: UnsafeMutablePointer<UInt16>, alpha: Bool = false
    ) {
        let green = planes
        let blue = planes + pixels
        let red = planes + 2 * pixels
        for i in 0..<pixels {
            red[i] = rgba[4 &* i]
            green[i] = rgba[4 &* i &+ 1]
            blue[i] = rgba[4 &* i &+ 2]
        }
        guard alpha else { return }
        let opacity = planes + 3 * pixels
        for i in 0..<pixels { opacity[i] = rgba[4 &* i &+ 3] }
    }
}
