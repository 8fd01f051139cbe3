import CPNG
import MeshGradCore

/// A decoded PNG: RGBA at the file's depth (8 or 16 bits), whatever its
/// color type, plus whether the file stored alpha.
public enum DecodedPNG: Sendable {
    case rgba8(RGBAImage<UInt8>, hasAlpha: Bool)
    case rgba16(RGBAImage<UInt16>, hasAlpha: Bool)

    public var width: Int {
        switch self {
        case .rgba8(let i, _): i.width
        case .rgba16(let i, _): i.width
        }
    }

    public var height: Int {
        switch self {
        case .rgba8(let i, _): i.height
        case .rgba16(let i, _): i.height
        }
    }

    public var bitDepth: Int {
        switch self {
        case .rgba8: 8
        case .rgba16: 16
        }
    }

    public var hasAlpha: Bool {
        switch self {
        case .rgba8(_, let a), .rgba16(_, let a): a
        }
    }

    /// The image at 8 bits (16-bit files rounded down to 8).
    public var image8: RGBAImage<UInt8> {
        switch self {
        case .rgba8(let image, _): image
        case .rgba16(let image, _):
            RGBAImage(
                width: image.width, height: image.height,
                components: image.components.map { UInt8((UInt32($0) * 255 + 32767) / 65535) })
        }
    }
}

/// Decodes PNG files through libpng (for the tests, `compare` and anything
/// that reads back what the encoders wrote).
public enum PNGDecoder {
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> DecodedPNG {
        var info = mg_png_info()
        var error = mg_png_error()
        guard bytes.withUnsafeBufferPointer({ mg_png_read_info($0.baseAddress, $0.count, &info, &error) }) == 1 else {
            throw PNGError(message: error.text)
        }
        let width = Int(info.width)
        let height = Int(info.height)
        let hasAlpha = info.has_alpha != 0
        if info.bit_depth == 16 {
            var components = [UInt16](repeating: 0, count: width * height * 4)
            let ok = bytes.withUnsafeBufferPointer { input in
                components.withUnsafeMutableBytes {
                    mg_png_decode_rgba(input.baseAddress, input.count, $0.baseAddress, &error)
                }
            }
            guard ok == 1 else { throw PNGError(message: error.text) }
            return .rgba16(RGBAImage(width: width, height: height, components: components), hasAlpha: hasAlpha)
        } else {
            var components = [UInt8](repeating: 0, count: width * height * 4)
            let ok = bytes.withUnsafeBufferPointer { input in
                components.withUnsafeMutableBytes {
                    mg_png_decode_rgba(input.baseAddress, input.count, $0.baseAddress, &error)
                }
            }
            guard ok == 1 else { throw PNGError(message: error.text) }
            return .rgba8(RGBAImage(width: width, height: height, components: components), hasAlpha: hasAlpha)
        }
    }
}
