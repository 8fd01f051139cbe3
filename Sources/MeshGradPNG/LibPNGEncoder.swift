import CPNG
import MeshGradCore

/// Encodes `RGBAImage`s as PNG through libpng, on one thread: the encoder
/// meshgrad used before ``PNGStreamEncoder``, kept as the reference that the
/// benchmark (`meshgrad-bench --encode`) and the tests measure it against.
/// Same output format as ``PNGEncoder``: 8 or 16 bits per component, RGB
/// when every pixel is opaque, RGBA otherwise, tagged sRGB.
public struct LibPNGEncoder: Sendable {
    /// zlib level, 0 (store) to 9 (smallest). Smooth gradients compress
    /// well at low levels; 6 is zlib's default.
    public var compressionLevel: Int
    /// Which row filters libpng may choose from.
    public var filters: Filters

    public struct Filters: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let none = Filters(rawValue: Int32(PNG_FILTER_NONE))
        public static let sub = Filters(rawValue: Int32(PNG_FILTER_SUB))
        public static let up = Filters(rawValue: Int32(PNG_FILTER_UP))
        public static let average = Filters(rawValue: Int32(PNG_FILTER_AVG))
        public static let paeth = Filters(rawValue: Int32(PNG_FILTER_PAETH))
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
    }

    public init(compressionLevel: Int = 6, filters: Filters = .all) {
        precondition((0...9).contains(compressionLevel))
        self.compressionLevel = compressionLevel
        self.filters = filters
    }

    public func encode(_ image: RGBAImage<UInt8>) throws(PNGError) -> [UInt8] {
        try encode(image.components, width: image.width, height: image.height, bitDepth: 8, opaque: image.isOpaque)
    }

    public func encode(_ image: RGBAImage<UInt16>) throws(PNGError) -> [UInt8] {
        try encode(image.components, width: image.width, height: image.height, bitDepth: 16, opaque: image.isOpaque)
    }

    private func encode<C: ImageComponent>(
        _ components: [C], width: Int, height: Int, bitDepth: Int, opaque: Bool
    ) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0 else {
            throw PNGError(message: "an image of \(width)×\(height) pixels cannot be a PNG")
        }
        // Opaque images drop alpha: repack RGBA into RGB.
        var packed = components
        let channels = opaque ? 3 : 4
        if opaque {
            packed = [C](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
                var o = 0
                var i = 0
                while i < components.count {
                    buffer[o] = components[i]
                    buffer[o + 1] = components[i + 1]
                    buffer[o + 2] = components[i + 2]
                    o += 3
                    i += 4
                }
                count = o
            }
        }
        var output = LibPNGByteSink()
        var error = mg_png_error()
        let ok = packed.withUnsafeBytes { raw -> Int32 in
            let stride = width * channels * MemoryLayout<C>.size
            var rows = (0..<height).map { Optional(raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + $0 * stride) }
            return withUnsafeMutablePointer(to: &output) { sink in
                rows.withUnsafeMutableBufferPointer { rowPointers in
                    rowPointers.baseAddress!.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: height) {
                        rowArray in
                        mg_png_encode(
                            UInt32(width), UInt32(height), Int32(bitDepth), Int32(channels), rowArray,
                            Int32(compressionLevel), filters.rawValue,
                            { context, bytes, count in
                                context!.assumingMemoryBound(to: LibPNGByteSink.self).pointee.append(
                                    bytes!, count: count)
                                return 1
                            }, sink, &error)
                    }
                }
            }
        }
        guard ok == 1 else { throw PNGError(message: error.text) }
        return output.bytes
    }
}

/// Collects the encoder's output.
struct LibPNGByteSink {
    var bytes: [UInt8] = []
    mutating func append(_ pointer: UnsafePointer<UInt8>, count: Int) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
    }
}
