import CTurboJPEG
import MeshGradCore

/// JPEG through libjpeg-turbo's TurboJPEG API: stills with grain, whose
/// noise a lossless PNG pays for byte by byte, and photos read by
/// `meshgrad fit`.
public enum JPEGCodec {
    /// The largest side `decode` accepts (a 16k photo is 1 GB of RGBA).
    public static let maximumSide = 16384

    /// The largest side `encode` takes: libjpeg-turbo's limit.
    public static let maximumEncodedSide = 65500

    /// Encodes `image` at `quality` (1…100) with 4:2:0 chroma (4:4:4 at
    /// 90 and above, where grain's colored noise would otherwise smear).
    /// JPEG has no alpha: translucent pixels are composited over white.
    public static func encode(_ image: RGBAImage<UInt8>, quality: Int) throws(LossyError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw LossyError("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        let pixels = opaqueOverWhite(image)
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let subsampling = quality >= 90 ? TJSAMP_444 : TJSAMP_420
        let status = pixels.withUnsafeBufferPointer { rgba in
            tjCompress2(
                handle, rgba.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGBA.rawValue),
                &buffer, &size, Int32(subsampling.rawValue), Int32(min(max(quality, 1), 100)),
                Int32(TJFLAG_ACCURATEDCT))
        }
        defer { if let buffer { tjFree(buffer) } }
        guard status == 0, let buffer else { throw LossyError("JPEG: \(message(handle))") }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Decodes a JPEG to 8-bit RGBA (opaque); with `longSide`, at the
    /// smallest of libjpeg-turbo's scales (1/8, 1/4, …) whose long side is
    /// still at least that, which never holds the full-size pixels.
    public static func decode(_ bytes: [UInt8], longSide: Int? = nil) throws(LossyError) -> RGBAImage<UInt8> {
        guard let handle = tjInitDecompress() else { throw LossyError("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var (width, height) = try header(bytes, handle: handle)
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw LossyError("a \(width)×\(height) JPEG is larger than \(maximumSide) a side")
        }
        if let longSide { (width, height) = scaled(width, height, toAtLeast: longSide) }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = pixels.withUnsafeMutableBufferPointer { rgba in
            bytes.withUnsafeBufferPointer { jpeg in
                tjDecompress2(
                    handle, jpeg.baseAddress, UInt(jpeg.count), rgba.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), Int32(TJFLAG_ACCURATEDCT))
            }
        }
        guard status == 0 else { throw LossyError("JPEG: \(message(handle))") }
        return RGBAImage(width: Int(width), height: Int(height), components: pixels)
    }

    /// The width and height a JPEG's header gives.
    public static func size(_ bytes: [UInt8]) throws(LossyError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw LossyError("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        let (width, height) = try header(bytes, handle: handle)
        return (Int(width), Int(height))
    }

    static func header(_ bytes: [UInt8], handle: tjhandle) throws(LossyError) -> (Int32, Int32) {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { jpeg in
            tjDecompressHeader3(handle, jpeg.baseAddress, UInt(jpeg.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { throw LossyError("not a JPEG file (\(message(handle)))") }
        return (width, height)
    }

    /// The smallest scaled size libjpeg-turbo decodes to directly whose
    /// long side is at least `longSide` (the full size if none is).
    static func scaled(_ width: Int32, _ height: Int32, toAtLeast longSide: Int) -> (Int32, Int32) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
        var best = (width, height)
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
            func scale(_ side: Int32) -> Int32 { (side * factor.num + factor.denom - 1) / factor.denom }
            let (w, h) = (scale(width), scale(height))
            if Int(max(w, h)) >= longSide && Int(w) * Int(h) < Int(best.0) * Int(best.1) { best = (w, h) }
        }
        return best
    }

    static func message(_ handle: tjhandle) -> String {
        String(cString: tjGetErrorStr2(handle))
    }
}

/// The pixels with alpha composited over white and set opaque (for formats
/// or uses without alpha).
func opaqueOverWhite(_ image: RGBAImage<UInt8>) -> [UInt8] {
    var pixels = image.components
    for k in stride(from: 0, to: pixels.count, by: 4) where pixels[k + 3] != 255 {
        let a = Int(pixels[k + 3])
        for c in 0..<3 { pixels[k + c] = UInt8((Int(pixels[k + c]) * a + 255 * (255 - a) + 127) / 255) }
        pixels[k + 3] = 255
    }
    return pixels
}
