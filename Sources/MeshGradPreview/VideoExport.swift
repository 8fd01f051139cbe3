import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradExport
import MeshGradPipeline

/// The Export panel's video: the pipeline's ``AnimationExport`` (what
/// `meshgrad animate` runs) on a snapshot of the document, on a thread of
/// its own so that the window stays live. It draws with the CPU renderer,
/// the reference, because the window's thread owns the GL context. The
/// panel reads the progress and may cancel; a cancelled or failed export
/// leaves nothing at the target.
final class VideoExport: @unchecked Sendable {
    let target: String
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private var cancelled = false
    private var result: Result<Void, any Error>?
    /// Handed to the export's thread (which alone uses them once started).
    private let export: AnimationExport
    private let sink: any FrameSink

    /// Starts exporting `seconds` of `document` (made to loop over them, as
    /// `animate` does) at 30 frames a second to `target`, whose extension
    /// names the format; `size` nil: the document's, else 1920×1080. Throws
    /// at once what can be known before the first frame (ffmpeg missing, a
    /// size the codec refuses).
    init(document: GradientDocument, target: String, seconds: Double, size: CanvasSize?) throws {
        self.target = target
        let size = size ?? document.size ?? CanvasSize.defaultSize
        let fps = 30.0
        let format = try ExportFormat(outputPath: target)
        var encoding =
            format == .pngSequence
            ? nil
            : try VideoEncoding(format: format, codec: nil, bitDepth: nil, quality: nil, speed: nil, range: .limited)
        // As `animate` colors it: a wide mesh tagged in its gamut, or mapped into sRGB.
        export = try AnimationExport(
            document: document.loopingMeshes(every: seconds), label: (target as NSString).lastPathComponent,
            width: size.width, height: size.height, schedule: FrameSchedule(duration: seconds, fps: fps)
        ).colored(for: &encoding)
        total = export.schedule.count
        sink = try makeFrameSink(
            destination: URL(fileURLWithPath: target), encoding: encoding, width: size.width, height: size.height,
            fps: fps)
        let thread = Thread { [self] in run() }
        thread.name = "meshgrad.video-export"
        thread.start()
    }

    private func run() {
        // One core left to the window.
        let renderer = CPUFrameRenderer(threadCount: max(1, ActiveProcessors.count - 1))
        let observer = AnimationExport.Observer(
            frameDone: { [self] done, _ in lock.withLock { self.done = done } },
            isCancelled: { [self] in lock.withLock { cancelled } })
        let outcome = Result { _ = try export.run(renderer: renderer, sink: sink, observer: observer) }
        lock.withLock { result = outcome }
    }

    /// Frames written, as a fraction of the export.
    var fraction: Double { lock.withLock { Double(done) / Double(max(1, total)) } }

    var isRunning: Bool { lock.withLock { result == nil } }

    /// When it has ended: nil while running, else what to tell the user.
    func outcome() -> String? {
        switch lock.withLock({ result }) {
        case nil: nil
        case .success: "exported \((target as NSString).lastPathComponent)"
        case .failure(let error) where error is AnimationExport.Cancelled: "video export cancelled"
        case .failure(let error): "video export failed: \(error)"
        }
    }

    /// Stops before the next frame; the export then removes what it wrote.
    func cancel() {
        lock.withLock { cancelled = true }
    }

    /// Cancels and waits for the thread to leave (the window is closing).
    func cancelAndWait() {
        cancel()
        while isRunning { Thread.sleep(forTimeInterval: 0.01) }
    }
}
