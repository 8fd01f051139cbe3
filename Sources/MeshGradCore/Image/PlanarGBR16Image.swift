/// A 16-bit opaque RGB image as three planes, green, blue and red (ffmpeg's
/// `gbrp16le`): the frames the YUV video encoders read, rendered straight
/// into this form (``CPURenderer/renderPlanarGBR16(_:rows:into:planeStride:)``)
/// rather than as ``RGBAImage`` pixels split afterwards.
public struct PlanarGBR16Image: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `3 × width × height` samples: the green plane, then blue, then red,
    /// each row-major.
    public var samples: [UInt16]

    public init(width: Int, height: Int, samples: [UInt16]) {
        precondition(width >= 0 && height >= 0 && samples.count == width * height * 3)
        (self.width, self.height, self.samples) = (width, height, samples)
    }

    /// The planes of an RGBA image, alpha dropped (what
    /// ``CPURenderer/renderPlanarGBR16(_:rows:into:planeStride:)`` writes
    /// for the same plan, sample for sample).
    public init(_ image: RGBAImage<UInt16>) {
        let pixels = image.width * image.height
        let samples = [UInt16](unsafeUninitializedCapacity: 3 * pixels) { planes, initialized in
            image.components.withUnsafeBufferPointer {
                Self.split($0.baseAddress!, pixels: pixels, into: planes.baseAddress!)
            }
            initialized = 3 * pixels
        }
        self.init(width: image.width, height: image.height, samples: samples)
    }

    /// Splits `pixels` 16-bit RGBA pixels into the green, blue and red
    /// planes at `planes` (room for `3 × pixels` samples), alpha dropped.
    public static func split(_ rgba: UnsafePointer<UInt16>, pixels: Int, into planes: UnsafeMutablePointer<UInt16>) {
        let green = planes
        let blue = planes + pixels
        let red = planes + 2 * pixels
        for i in 0..<pixels {
            red[i] = rgba[4 &* i]
            green[i] = rgba[4 &* i &+ 1]
            blue[i] = rgba[4 &* i &+ 2]
        }
    }
}
