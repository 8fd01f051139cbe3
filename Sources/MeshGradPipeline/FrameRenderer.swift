import Foundation
import MeshGradCore

/// What draws a ``FramePlan``, mesh or scene: the CPU reference
/// (``CPUFrameRenderer``) or OpenGL (``GLFrameRenderer``). Callers hold an
/// `any FrameRenderer` and never ask which it is, nor whether the frame is a
/// mesh or a scene: each renderer knows how to draw both.
public protocol FrameRenderer: AnyObject {
    /// "cpu", or "gl (the GL renderer's name)", for messages.
    var name: String { get }

    /// The frame as an 8-bit image (dithered or rounded, mesh-math §8).
    func render8(_ frame: FramePlan, dithers: Bool) throws -> RGBAImage<UInt8>

    /// The frame as a 16-bit image.
    func render16(_ frame: FramePlan) throws -> RGBAImage<UInt16>

    /// The frame for a band writer: a mesh streams band by band (any size
    /// fits), a scene is drawn whole first and handed over in bands.
    /// `measuresStages` asks for the GPU's per-tile timing (a `glFinish` and
    /// a timer query per tile: `--timings` only, it costs).
    func bands(for frame: FramePlan, depth: Int, dithers: Bool, measuresStages: Bool) throws -> FrameBands

    /// One frame of an animation: the GPU keeps the previous frame's upload
    /// and replaces only its vertices and colors when the triangles match.
    func renderNext8(_ frame: FramePlan, dithers: Bool, measuresStages: Bool) throws -> TimedImage

    /// The frame as 16-bit RGBA in `image`, whose storage is reused when
    /// its size fits and nothing else holds it (an export's frames: a fresh
    /// 1080p image per frame is 16 MB of page faults); a renderer that
    /// cannot draw into it replaces it.
    func render16(_ frame: FramePlan, reusing image: inout RGBAImage<UInt16>) throws

    /// Draws an opaque frame straight into the planes a YUV encoder reads
    /// (G, B, R, and an alpha plane filled once when `image` is made with
    /// `alpha`); false, with `image` untouched, where this renderer or this
    /// frame cannot (then ``render16(_:reusing:)`` draws it).
    func renderPlanar16(_ frame: FramePlan, into image: inout PlanarGBR16Image, alpha: Bool) -> Bool

    /// Another renderer of the same kind for one of `count` parallel
    /// workers, or nil when the kind does not split (one GPU context).
    func worker(of count: Int) -> (any FrameRenderer)?
}

/// A frame handed to a band writer (``FrameRenderer/bands(for:depth:dithers:measuresStages:)``).
public struct FrameBands {
    /// Whether every pixel is opaque (the PNG can drop its alpha).
    public var isOpaque: Bool
    /// Seconds spent drawing before the first band (a scene, drawn whole).
    public var wholeFrameSeconds: Double
    /// Renders canvas rows into a buffer of `rows.count` rows; returns the
    /// seconds spent reading back from the GPU (0 on the CPU, or when not
    /// measured).
    public var render: (Range<Int>, UnsafeMutableRawPointer) throws -> Double
    /// Whether `render` may run on any thread, for several bands at once
    /// (the CPU's bands; not a GL context, bound to its thread): then the
    /// band writer's threads each draw and encode their own bands.
    public var rendersOnAnyThread: Bool

    public init(
        isOpaque: Bool, wholeFrameSeconds: Double = 0, rendersOnAnyThread: Bool = false,
        render: @escaping (Range<Int>, UnsafeMutableRawPointer) throws -> Double
    ) {
        self.isOpaque = isOpaque
        self.wholeFrameSeconds = wholeFrameSeconds
        self.rendersOnAnyThread = rendersOnAnyThread
        self.render = render
    }

    /// A frame drawn whole (a scene), handed over band by band.
    init(image: ImageRows, seconds: Double) {
        self.init(isOpaque: image.isOpaque, wholeFrameSeconds: seconds) { rows, buffer in
            image.copy(rows: rows, into: buffer)
            return 0
        }
    }
}

/// An animation frame and where its time went.
public struct TimedImage {
    public var image: RGBAImage<UInt8>
    /// Drawing (the CPU: all of it).
    public var renderSeconds: Double
    /// Reading back from the GPU, when measured.
    public var readbackSeconds: Double
}

/// A rendered image handed to the PNG writer band by band.
enum ImageRows {
    case eight(RGBAImage<UInt8>)
    case sixteen(RGBAImage<UInt16>)

    var isOpaque: Bool {
        switch self {
        case .eight(let image): image.isOpaque
        case .sixteen(let image): image.isOpaque
        }
    }

    func copy(rows: Range<Int>, into buffer: UnsafeMutableRawPointer) {
        switch self {
        case .eight(let image): copy(image, rows: rows, into: buffer)
        case .sixteen(let image): copy(image, rows: rows, into: buffer)
        }
    }

    private func copy<C>(_ image: RGBAImage<C>, rows: Range<Int>, into buffer: UnsafeMutableRawPointer) {
        let rowBytes = image.width * 4 * MemoryLayout<C>.stride
        image.components.withUnsafeBytes { bytes in
            buffer.copyMemory(from: bytes.baseAddress! + rows.lowerBound * rowBytes, byteCount: rows.count * rowBytes)
        }
    }
}

extension FrameRenderer {
    /// A scene's bands: drawn whole at `depth`, then copied out.
    func sceneBands(
        depth: Int, draw8: () throws -> RGBAImage<UInt8>, draw16: () throws -> RGBAImage<UInt16>
    ) rethrows
        -> FrameBands
    {
        let start = DispatchTime.now().uptimeNanoseconds
        let image: ImageRows = depth == 16 ? .sixteen(try draw16()) : .eight(try draw8())
        return FrameBands(image: image, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
