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
        var samples = [UInt16](repeating: 0, count: 3 * pixels)
        for i in 0..<pixels {
            samples[i] = image.components[4 * i + 1]
            samples[pixels + i] = image.components[4 * i + 2]
            samples[2 * pixels + i] = image.components[4 * i]
        }
        self.init(width: image.width, height: image.height, samples: samples)
    }
}
