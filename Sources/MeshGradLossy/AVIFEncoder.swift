import CAVIF
import Foundation
import MeshGradCore

/// AVIF stills through libavif (its AV1 encoder, aom on Debian): 10 or 12
/// bits, 4:4:4 with the identity matrix (the RGB samples themselves, no
/// YUV rounding), full range, and the color description (nclx) as H.273
/// code points: what makes a Display P3, BT.2020 or HDR (PQ, HLG) image
/// show as meant in browsers.
public enum AVIFEncoder {
    /// An image's H.273 colour primaries and transfer characteristics.
    public struct ColorTags: Sendable, Hashable {
        public var primaries: UInt16
        public var transfer: UInt16

        public init(primaries: UInt16, transfer: UInt16) {
            self.primaries = primaries
            self.transfer = transfer
        }
    }

    /// The largest side libavif takes here.
    public static let maximumSide = 16384

    /// Encodes 16-bit RGBA (alpha kept unless every pixel is opaque) at
    /// `depth` bits, `quality` 1…100 (100: lossless).
    public static func encode(
        _ image: RGBAImage<UInt16>, depth: Int, quality: Int, tags: ColorTags, opaque: Bool
    ) throws -> [UInt8] {
        let avif = try library.get()
        guard
            let yuv = avif.imageCreate(
                UInt32(image.width), UInt32(image.height), UInt32(depth), AVIF_PIXEL_FORMAT_YUV444)
        else { throw AVIFError("libavif could not make a \(image.width)×\(image.height) image") }
        defer { avif.imageDestroy(yuv) }
        yuv.pointee.colorPrimaries = avifColorPrimaries(tags.primaries)
        yuv.pointee.transferCharacteristics = avifTransferCharacteristics(tags.transfer)
        yuv.pointee.matrixCoefficients = avifMatrixCoefficients(AVIF_MATRIX_COEFFICIENTS_IDENTITY)
        yuv.pointee.yuvRange = AVIF_RANGE_FULL
        var rgb = avifRGBImage()
        avif.rgbImageSetDefaults(&rgb, yuv)
        rgb.depth = 16
        rgb.format = opaque ? AVIF_RGB_FORMAT_RGB : AVIF_RGB_FORMAT_RGBA
        var samples = opaque ? dropAlpha(image.components) : image.components
        let converted = samples.withUnsafeMutableBytes { bytes -> avifResult in
            rgb.pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            rgb.rowBytes = UInt32(image.width * (opaque ? 3 : 4) * 2)
            return avif.imageRGBToYUV(yuv, &rgb)
        }
        guard converted == AVIF_RESULT_OK else { throw AVIFError(result: converted, avif) }
        return try write(yuv, quality: quality, avif)
    }

    private static func write(
        _ image: UnsafeMutablePointer<avifImage>, quality: Int, _ avif: MeshGradAVIF
    ) throws -> [UInt8] {
        guard let encoder = avif.encoderCreate() else { throw AVIFError("libavif could not make an encoder") }
        defer { avif.encoderDestroy(encoder) }
        // Quality 100 is lossless (quantizer 0), 1 the worst (63).
        let clamped: Int = min(max(quality, 1), 100)
        let quantizer = Int32(((100 - clamped) * 63 + 50) / 100)
        encoder.pointee.minQuantizer = quantizer
        encoder.pointee.maxQuantizer = quantizer
        encoder.pointee.minQuantizerAlpha = quantizer
        encoder.pointee.maxQuantizerAlpha = quantizer
        encoder.pointee.speed = 6
        encoder.pointee.maxThreads = Int32(ActiveProcessors.count)
        var output = avifRWData(data: nil, size: 0)
        defer { avif.rwDataFree(&output) }
        let result = avif.encoderWrite(encoder, image, &output)
        guard result == AVIF_RESULT_OK, let data = output.data else { throw AVIFError(result: result, avif) }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }

    /// libavif's functions, or why it could not be opened (see CAVIF's
    /// shim: it is opened the first time an AVIF is made, not at start-up).
    static let library: Result<MeshGradAVIF, AVIFError> = {
        var api = MeshGradAVIF()
        if let reason = String.failureReason(of: { meshgrad_avif_open(&api, $0, $1) }) {
            return .failure(AVIFError("AVIF needs libavif, which could not be opened: " + reason))
        }
        return .success(api)
    }()

    private static func dropAlpha(_ rgba: [UInt16]) -> [UInt16] {
        var rgb = [UInt16]()
        rgb.reserveCapacity(rgba.count / 4 * 3)
        for i in stride(from: 0, to: rgba.count, by: 4) { rgb += [rgba[i], rgba[i + 1], rgba[i + 2]] }
        return rgb
    }
}

/// An AVIF that could not be made, in libavif's words.
public struct AVIFError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
    init(result: avifResult, _ avif: MeshGradAVIF) {
        description =
            "libavif: " + (avif.resultToString(result).map { String(cString: $0) } ?? "error \(result.rawValue)")
    }
}
