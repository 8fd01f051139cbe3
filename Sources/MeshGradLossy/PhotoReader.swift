import Foundation
import MeshGradCore
import MeshGradPNG

/// A photo file as 8-bit RGBA, for `meshgrad fit` and the preview's photo
/// drop: JPEG by libjpeg-turbo, PNG by libpng, told apart by their first
/// bytes, and refused past the size limits before any large allocation.
public enum PhotoReader {
    public static let maximumBytes = 64 << 20
    public static let maximumSide = 16384

    /// The photo at full size.
    public static func read(path: String) throws(LossyError) -> RGBAImage<UInt8> {
        try read(path: path, longSide: nil).image
    }

    /// A photo and its size in the file; the image is smaller where the
    /// decoder can reduce while decoding (a JPEG, to the smallest scale
    /// with a long side of at least `longSide`).
    public struct Photo: Sendable {
        public var image: RGBAImage<UInt8>
        public var width: Int
        public var height: Int
    }

    /// Bytes of pixels one byte of deflate can stand for at most (a run of
    /// 258 repeated bytes in a 2-bit code, with slack): a PNG that claims
    /// more pixels than that is broken or forged, and is refused before
    /// anything the size of its claim is allocated.
    static let deflateMaximumRatio = 1100

    public static func read(path: String, longSide: Int?) throws(LossyError) -> Photo {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw LossyError("\(path): no such file")
        }
        guard (attributes[.type] as? FileAttributeType) != .typeDirectory else {
            throw LossyError("\(path): is a folder; expected a JPEG or PNG photo")
        }
        guard let size = attributes[.size] as? Int, size <= maximumBytes else {
            throw LossyError("\(path): larger than \(maximumBytes >> 20) MB; expected a photo")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LossyError("\(path): cannot be read (permission denied?)")
        }
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xff, 0xd8, 0xff]) {
            do {
                let image = try JPEGCodec.decode(bytes, longSide: longSide)
                let (width, height) = try JPEGCodec.size(bytes)
                return Photo(image: image, width: width, height: height)
            } catch {
                throw LossyError("\(path): \(error)")
            }
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4e, 0x47]), bytes.count >= 26 else {
            throw LossyError("\(path): not a JPEG or PNG file")
        }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard width <= maximumSide, height <= maximumSide else {
            throw LossyError("\(path): a \(width)×\(height) PNG is larger than \(maximumSide) a side")
        }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(bytes[25])] ?? 1
        let rowBytes = 1 + (width * channels * Int(bytes[24]) + 7) / 8
        guard Double(height) * Double(rowBytes) <= Double(bytes.count) * Double(deflateMaximumRatio) + 1e6 else {
            throw LossyError(
                "\(path): claims \(width)×\(height) pixels in \(bytes.count) bytes, more than any PNG compresses to; "
                    + "expected a whole PNG file")
        }
        do {
            let image = try PNGDecoder.decode(bytes).image8
            return Photo(image: image, width: image.width, height: image.height)
        } catch {
            throw LossyError("\(path): \(error)")
        }
    }
}
