import CWebP
import MeshGradCore

/// WebP through libwebp's simple API: lossy at `quality` 1…100, with
/// alpha; smaller than JPEG for the same look on smooth gradients.
public enum WebPEncoder {
    /// WebP's own limit.
    public static let maximumSide = 16383

    public static func encode(_ image: RGBAImage<UInt8>, quality: Int) throws(LossyError) -> [UInt8] {
        guard image.width <= maximumSide, image.height <= maximumSide else {
            throw LossyError(
                "WebP images are at most \(maximumSide) pixels a side; this one is \(image.width)×\(image.height)")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.components.withUnsafeBufferPointer { rgba in
            WebPEncodeRGBA(
                rgba.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4),
                Float(min(max(quality, 1), 100)), &output)
        }
        defer { if let output { WebPFree(output) } }
        guard size > 0, let output else { throw LossyError("WebP: libwebp could not encode the image") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
