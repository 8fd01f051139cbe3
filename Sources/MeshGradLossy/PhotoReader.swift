import Foundation
import MeshGradCore
import MeshGradPNG

/// A photo file as 8-bit RGBA, for `meshgrad fit` and the preview's photo
/// drop: JPEG by libjpeg-turbo, PNG by libpng, told apart by their first
/// bytes, and refused past the size limits before any large allocation.
public enum PhotoReader {
    public static let maximumBytes = 64 << 20
    public static let maximumSide = 16384

    public static func read(path: String) throws(LossyError) -> RGBAImage<UInt8> {
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
                return try JPEGCodec.decode(bytes)
            } catch {
                throw LossyError("\(path): \(error)")
            }
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4e, 0x47]), bytes.count >= 24 else {
            throw LossyError("\(path): not a JPEG or PNG file")
        }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard width <= maximumSide, height <= maximumSide else {
            throw LossyError("\(path): a \(width)×\(height) PNG is larger than \(maximumSide) a side")
        }
        do {
            return try PNGDecoder.decode(bytes).image8
        } catch {
            throw LossyError("\(path): \(error)")
        }
    }
}
