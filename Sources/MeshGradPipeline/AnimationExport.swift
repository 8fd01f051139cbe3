import Dispatch
import MeshGradCore
import MeshGradDocument
import MeshGradExport
import MeshGradText

/// An animation drawn frame by frame and handed to a sink, in order: what
/// `meshgrad animate` and the editor's Export panel both run. Frame `k + 1`
/// draws while frame `k` is encoded (MeshGradExport's `FramePipeline`); the output appears
/// only when every frame is written, and a failure or a cancellation
/// removes whatever was written.
public struct AnimationExport {
    public var document: GradientDocument
    /// The document's name, for messages.
    public var label: String
    public var width: Int
    public var height: Int
    public var schedule: FrameSchedule
    /// Dithered (true) or rounded 8-bit frames; 16-bit frames are never dithered here.
    public var dithers = true
    /// Ask the GPU for per-frame stage times (costs a `glFinish` a frame).
    public var measuresStages = false
    /// Frames in a gamut (or HDR curve) through `WideColor`: set by
    /// ``drawn(in:hdr:)``; nil: sRGB, drawn directly.
    public private(set) var wideColor: WideColor?
    /// The document's grain, added by the wide finish (not by the renderer,
    /// which draws moved colors).
    var wideGrain: Grain?

    public init(document: GradientDocument, label: String, width: Int, height: Int, schedule: FrameSchedule) {
        self.document = document
        self.label = label
        self.width = width
        self.height = height
        self.schedule = schedule
    }

    /// This export with its frames in `gamut` (and `hdr`): a mesh's colors
    /// moved for `WideColor` and each frame finished into the gamut. A
    /// scene, or sRGB for a mesh inside it, stays as it is.
    public func drawn(in gamut: ColorGamut, hdr: HDRTransfer? = nil) -> AnimationExport {
        guard case .mesh(let mesh) = document.content, let wide = mesh.wideColor(in: gamut, hdr: hdr) else {
            return self
        }
        var export = self
        export.document.content = .mesh(wide.moved)
        export.wideGrain = document.grain
        export.document.grain = nil
        export.wideColor = wide.color
        return export
    }

    /// What the caller hears while the export runs, on the exporting thread.
    public struct Observer {
        /// After each frame is handed over: frames done, of the total.
        public var frameDone: (Int, Int) -> Void = { _, _ in }
        /// Once, at the first frame with transparency that the sink drops.
        public var transparencyLost: () -> Void = {}
        /// Asked before each frame; true stops the export with ``AnimationExport/Cancelled``.
        public var isCancelled: () -> Bool = { false }

        public init(
            frameDone: @escaping (Int, Int) -> Void = { _, _ in }, transparencyLost: @escaping () -> Void = {},
            isCancelled: @escaping () -> Bool = { false }
        ) {
            self.frameDone = frameDone
            self.transparencyLost = transparencyLost
            self.isCancelled = isCancelled
        }
    }

    /// The export was stopped before its last frame; nothing was left.
    public struct Cancelled: Error, CustomStringConvertible {
        public var description: String { "cancelled" }
    }

    /// Where the time went.
    public struct Report {
        public var frames: Int
        public var wallSeconds: Double
        public var renderSeconds: Double
        /// Reading frames back from the GPU, when measured.
        public var readbackSeconds: Double
        /// Encoding and writing on this process's writer thread, plus an
        /// encoder process's CPU time (ffmpeg).
        public var encodeSeconds: Double
    }

    /// Draws every frame with `renderer` into `sink` and finishes it.
    public func run(
        renderer: any FrameRenderer, sink: any FrameSink, observer: Observer = Observer()
    ) throws
        -> Report
    {
        let started = DispatchTime.now()
        let pipeline = FramePipeline(sink: sink)
        var drawing = FrameDrawing(export: self, renderer: renderer, sink: sink)
        var reportedTransparency = false
        do {
            for k in 0..<schedule.count {
                if observer.isCancelled() { throw Cancelled() }
                let (plan, image) = try drawing.frame(k)
                if !sink.keepsAlpha, !reportedTransparency, !plan.isKnownOpaque, !image.isOpaque {
                    reportedTransparency = true
                    observer.transparencyLost()
                }
                try pipeline.submit(image)
                observer.frameDone(k + 1, schedule.count)
            }
            try pipeline.finish()
        } catch {
            pipeline.abandon()
            throw error
        }
        return Report(
            frames: schedule.count, wallSeconds: started.secondsElapsed, renderSeconds: drawing.renderSeconds,
            readbackSeconds: drawing.readbackSeconds, encodeSeconds: pipeline.writeSeconds + sink.encoderCPUSeconds)
    }
}

/// One export's frames as the sink takes them, with the caches and
/// reused images that one sequence shares.
struct FrameDrawing {
    let export: AnimationExport
    let renderer: any FrameRenderer
    let sink: any FrameSink
    let textMasks = TextMaskCache()
    let tessellations = TessellationCache()
    var frames16 = ReusedFrames16()
    var renderSeconds = 0.0
    var readbackSeconds = 0.0

    init(export: AnimationExport, renderer: any FrameRenderer, sink: any FrameSink) {
        self.export = export
        self.renderer = renderer
        self.sink = sink
    }

    /// Frame `k`: 16-bit (planar where the renderer draws planes) for a
    /// YUV codec, else 8-bit.
    mutating func frame(_ k: Int) throws -> (FramePlan, ExportFrame) {
        let plan = try FramePlan(
            export.document, label: export.label, width: export.width, height: export.height,
            time: export.schedule.time(ofFrame: k), textMasks: textMasks, tessellationCache: tessellations)
        if let wide = export.wideColor {
            let grain = (export.wideGrain?.field(at: export.schedule.time(ofFrame: k))).drawn
            return (plan, try wideFrame(plan, wide, grain: grain))
        }
        guard sink.takes16BitFrames else {
            let timed = try renderer.renderNext8(plan, dithers: export.dithers, measuresStages: export.measuresStages)
            renderSeconds += timed.renderSeconds
            readbackSeconds += timed.readbackSeconds
            return (plan, .eight(timed.image))
        }
        let start = DispatchTime.now()
        defer { renderSeconds += start.secondsElapsed }
        if sink.takesPlanarFrames,
            let planes = frames16.renderPlanar(plan, with: renderer, alpha: sink.planarFramesHaveAlpha)
        {
            return (plan, .planar16(planes))
        }
        return (plan, .sixteen(try frames16.render(plan, with: renderer)))
    }

    /// A frame of moved colors drawn at 16 bits and finished into the
    /// export's gamut: 16-bit RGBA for a YUV codec, dithered 8-bit else.
    private mutating func wideFrame(_ plan: FramePlan, _ wide: WideColor, grain: GrainField?) throws -> ExportFrame {
        let start = DispatchTime.now()
        defer { renderSeconds += start.secondsElapsed }
        var image = try frames16.render(plan, with: renderer)
        let (width, height) = (image.width, image.height)
        if sink.takes16BitFrames {
            image.components.withUnsafeMutableBufferPointer { pixels in
                wide.finish(
                    pixels.baseAddress!, width: width, rows: 0..<height, dithers: false, grain: grain,
                    into: pixels.baseAddress!)
            }
            return .sixteen(image)
        }
        var eight = RGBAImage<UInt8>(width: width, height: height)
        image.components.withUnsafeBufferPointer { input in
            eight.components.withUnsafeMutableBufferPointer { output in
                wide.finish(
                    input.baseAddress!, width: width, rows: 0..<height, dithers: export.dithers, grain: grain,
                    into: output.baseAddress!)
            }
        }
        return .eight(eight)
    }
}
