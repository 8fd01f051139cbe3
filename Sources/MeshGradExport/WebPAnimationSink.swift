import CWebP
import Foundation
import MeshGradCore

/// Animated WebP through libwebp's own animation encoder, every frame a key
/// frame. Left to itself, the encoder keeps the parts of a lossy frame it
/// judges unchanged from the frame before (a difference under about 2/255
/// at quality 90) and merges frames it judges equal: on a slow gradient
/// those small changes add up, and parts of the canvas froze at their first
/// frame. A key frame is the whole canvas, encoded anew, so each frame
/// shows its own time. The file is put in place by `AtomicFile`.
public final class WebPAnimationSink: FrameSink {
    public let destination: URL
    let width: Int
    let height: Int
    let fps: Double
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var index = 0

    public var takes16BitFrames: Bool { false }

    /// `quality` 0…100 (lossy), `method` 0 (fast) … 6 (small).
    public init(destination: URL, width: Int, height: Int, fps: Double, quality: Int = 90, method: Int = 4) throws {
        guard width <= Int(WEBP_MAX_DIMENSION), height <= Int(WEBP_MAX_DIMENSION) else {
            throw ExportError(
                "WebP frames are at most \(WEBP_MAX_DIMENSION) pixels a side, not \(width)x\(height); use .mp4 or .png")
        }
        self.destination = destination
        self.width = width
        self.height = height
        self.fps = fps
        // What is at the destination is checked before any frame is made.
        _ = try OutputTarget.of(destination.path)
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw ExportError("libwebp's version does not match its headers")
        }
        options.anim_params.loop_count = 0
        options.kmax = 1  // every frame a key frame
        options.kmin = 0
        options.minimize_size = 0
        options.allow_mixed = 0
        config.lossless = 0
        config.quality = Float(min(max(quality, 0), 100))
        config.method = Int32(min(max(method, 0), 6))
        guard WebPValidateConfig(&config) != 0, let made = WebPAnimEncoderNew(Int32(width), Int32(height), &options)
        else { throw ExportError("libwebp could not start an animation of \(width)x\(height)") }
        encoder = made
    }

    /// When frame `k` starts, in milliseconds.
    func timestamp(_ k: Int) -> Int32 { Int32((Double(k) * 1000 / fps).rounded()) }

    public func write(_ frame: ExportFrame) throws {
        guard case .eight(let image) = frame, let encoder else {
            preconditionFailure("WebP frames are 8-bit RGBA: this sink takes .eight frames only")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw ExportError("libwebp could not make a picture") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let imported = image.components.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(4 * width))
        }
        guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, timestamp(index), &config) != 0 else {
            throw ExportError("libwebp could not encode frame \(index): \(lastError)")
        }
        index += 1
    }

    var lastError: String {
        encoder.flatMap { WebPAnimEncoderGetError($0) }.map { String(cString: $0) } ?? "out of memory"
    }

    public func finish() throws {
        guard let encoder else { preconditionFailure("finish() called twice") }
        defer { abandon() }
        var data = WebPData()
        guard WebPAnimEncoderAdd(encoder, nil, timestamp(index), nil) != 0,
            WebPAnimEncoderAssemble(encoder, &data) != 0
        else { throw ExportError("libwebp could not finish the animation: \(lastError)") }
        defer { WebPDataClear(&data) }
        do {
            try AtomicFile.write(UnsafeRawBufferPointer(start: data.bytes, count: data.size), to: destination)
        } catch {
            throw ExportError("\(error)")
        }
    }

    public func abandon() {
        if let encoder { WebPAnimEncoderDelete(encoder) }
        encoder = nil
    }

    deinit { abandon() }
}
