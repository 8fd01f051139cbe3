import Foundation
import MeshGradCore

/// One frame of an export: meshgrad's dithered 8-bit pixels (PNG frames and
/// the RGB codecs) or 16-bit ones (the YUV codecs, whose conversion and
/// dither happen in the codec's own color space).
public enum ExportFrame: Sendable {
    case eight(RGBAImage<UInt8>)
    case sixteen(RGBAImage<UInt16>)
    /// 16-bit opaque frames already in the planes ffmpeg reads (for a sink
    /// that ``FrameSink/takesPlanarFrames``).
    case planar16(PlanarGBR16Image)

    /// Whether every alpha is at its maximum (asked of every frame of an
    /// export without alpha, to warn once).
    public var isOpaque: Bool {
        switch self {
        case .eight(let image): image.isOpaque
        case .sixteen(let image): image.isOpaque
        case .planar16: true
        }
    }

    /// The pixels as bytes: RGBA, 8-bit or 16-bit little-endian components,
    /// or the planes.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch self {
        case .eight(let image): try image.components.withUnsafeBytes(body)
        case .sixteen(let image): try image.components.withUnsafeBytes(body)
        case .planar16(let image): try image.samples.withUnsafeBytes(body)
        }
    }
}

/// Where the frames of an export go, in order. Nothing appears under the
/// final name until `finish()`; `abandon()` removes whatever was written.
public protocol FrameSink: AnyObject {
    /// Whether the sink wants `.sixteen` frames.
    var takes16BitFrames: Bool { get }
    /// Whether the sink also takes opaque 16-bit frames as `.planar16`
    /// (what it sends on as they are).
    var takesPlanarFrames: Bool { get }
    /// Whether those planar frames carry a fourth plane, of alpha.
    var planarFramesHaveAlpha: Bool { get }
    /// Whether transparency survives (a codec without alpha drops it).
    var keepsAlpha: Bool { get }
    /// CPU seconds spent by an encoder in another process (ffmpeg), known
    /// once the sink has finished; 0 for an encoder in this one.
    var encoderCPUSeconds: Double { get }
    func write(_ frame: ExportFrame) throws
    func finish() throws
    func abandon()
}

extension FrameSink {
    public var takesPlanarFrames: Bool { false }
    public var planarFramesHaveAlpha: Bool { false }
    public var keepsAlpha: Bool { true }
    public var encoderCPUSeconds: Double { 0 }
}

/// The kinds of output `meshgrad animate` writes, chosen by the name.
public enum ExportFormat: String, Sendable, CaseIterable {
    case mp4
    case mov
    case webm
    case gif
    case webp
    /// Animated PNG, `.png` or `.apng`.
    case apng
    /// A folder of numbered PNG files.
    case pngSequence

    /// The format a name asks for: `.mp4`, `.mov`, `.webm`, `.gif`, `.webp`,
    /// `.png`/`.apng`; a folder of frames only when asked explicitly (a
    /// trailing `/`, or `frames`). Any other name is an error: a typo must
    /// not become a folder of PNGs.
    public init(outputPath: String, frames: Bool = false) throws(ExportError) {
        if frames || outputPath.hasSuffix("/") {
            self = .pngSequence
            return
        }
        let ext = (outputPath as NSString).pathExtension.lowercased()
        switch ext {
        case "mp4", "m4v": self = .mp4
        case "mov": self = .mov
        case "webm": self = .webm
        case "gif": self = .gif
        case "webp": self = .webp
        case "png", "apng": self = .apng
        default:
            throw ExportError(
                "\(outputPath): \(ext.isEmpty ? "no extension" : "unknown extension .\(ext)"); expected .mp4, .mov, "
                    + ".webm, .gif, .webp, .png (animated), or a folder for PNG frames (a trailing /, or --frames)")
        }
    }

    /// The extension ffmpeg's muxer is named by.
    var muxer: String {
        switch self {
        case .mp4: "mp4"
        case .mov: "mov"
        case .webm: "webm"
        case .gif: "gif"
        case .webp: "webp"
        case .apng: "apng"
        case .pngSequence: ""
        }
    }
}

/// The sink for an export: PNG frames into a folder when `encoding` is nil,
/// animated WebP through libwebp, every other format through ffmpeg.
public func makeFrameSink(
    destination: URL, encoding: VideoEncoding?, width: Int, height: Int, fps: Double
) throws -> any FrameSink {
    guard let encoding else { return try PNGSequenceSink(destination: destination) }
    if encoding.codec == .webp {
        return try WebPAnimationSink(
            destination: destination, width: width, height: height, fps: fps, quality: encoding.quality ?? 90,
            method: encoding.speed.flatMap { Int($0) } ?? 4)
    }
    return try VideoSink(destination: destination, encoding: encoding, width: width, height: height, fps: fps)
}
