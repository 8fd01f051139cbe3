import Foundation
import MeshGradCore
import MeshGradExport
import MeshGradGL

/// OpenGL: `GLRenderer` for meshes, `GLSceneRenderer` (sharing its
/// programs, made on first use) for scenes, in a headless EGL context of
/// its own or in a window's (the editor, which also presents frames into
/// the window). One context, used from one thread at a time.
public final class GLFrameRenderer: FrameRenderer {
    /// Nil in a window's context, which the window owns.
    let context: HeadlessContext?
    let meshes: GLRenderer
    private var scenesRenderer: GLSceneRenderer?
    /// The previous frame's mesh, kept on the GPU: an animation's next frame
    /// replaces only its vertices and colors while its triangles match.
    private var uploaded: GPUMesh?
    /// Where set, ``present(_:)`` draws meshes with this renderer and shows
    /// the picture through `ImagePresenter` (MeshGradGL): on a CPU rasterizer that
    /// costs less than GL's own drawing (Docs/performance.md, the editor).
    public var meshesOnCPU: CPUFrameRenderer?
    private lazy var pictures = ImagePresenter()

    /// A renderer in a headless EGL context of its own.
    public init() throws(GLError) {
        context = try HeadlessContext()
        meshes = try GLRenderer()
    }

    /// A renderer in the context current on this thread (a window's).
    public init(inCurrentContext: Void) throws(GLError) {
        context = nil
        meshes = try GLRenderer()
    }

    public var name: String { "gl (\(meshes.info.renderer))" }

    /// The GL renderer's own name (the driver's), for the window's first line.
    public var rendererName: String { meshes.info.renderer }

    /// Whether the GL is a CPU rasterizer (llvmpipe).
    public var isSoftware: Bool { meshes.info.isSoftware }

    private func scenes() throws(GLError) -> GLSceneRenderer {
        if let scenesRenderer { return scenesRenderer }
        let made = try GLSceneRenderer(meshRenderer: meshes)
        scenesRenderer = made
        return made
    }

    public func render8(_ frame: FramePlan, dithers: Bool) throws -> RGBAImage<UInt8> {
        meshes.measuresStages = false
        switch frame {
        case .mesh(let plan): return try meshes.render8(plan, dithers: dithers)
        case .scene(let plan): return try scenes().render8(plan, dithers: dithers)
        }
    }

    public func render16(_ frame: FramePlan) throws -> RGBAImage<UInt16> {
        meshes.measuresStages = false
        switch frame {
        case .mesh(let plan): return try meshes.render16(plan)
        case .scene(let plan): return try scenes().render16(plan)
        }
    }

    public func bands(for frame: FramePlan, depth: Int, dithers: Bool, measuresStages: Bool) throws -> FrameBands {
        guard case .mesh(let plan) = frame else {
            return try sceneBands(depth: depth) {
                try render8(frame, dithers: dithers)
            } draw16: {
                try render16(frame)
            }
        }
        let mesh = try meshes.upload(plan)
        let renderer = meshes
        renderer.measuresStages = measuresStages
        return FrameBands(isOpaque: plan.isOpaque(prepared: PreparedRaster(plan: plan))) { rows, buffer in
            try renderer.render(
                mesh, format: depth == 16 ? .rgba16 : .rgba8(dithers: dithers), rows: rows, into: buffer)
            return renderer.lastStageTimes.readback
        }
    }

    public func renderNext8(_ frame: FramePlan, dithers: Bool, measuresStages: Bool) throws -> TimedImage {
        guard case .mesh(let plan) = frame else {
            let start = DispatchTime.now().uptimeNanoseconds
            let image = try render8(frame, dithers: dithers)
            return TimedImage(
                image: image, renderSeconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                readbackSeconds: 0)
        }
        meshes.measuresStages = measuresStages
        let mesh = try reusedUpload(plan)
        let start = DispatchTime.now().uptimeNanoseconds
        let image: RGBAImage<UInt8> = try meshes.render(mesh, format: .rgba8(dithers: dithers))
        let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard measuresStages else { return TimedImage(image: image, renderSeconds: total, readbackSeconds: 0) }
        let draw = meshes.lastStageTimes.draw
        return TimedImage(image: image, renderSeconds: draw, readbackSeconds: total - draw)
    }

    /// GL frames come back as new images.
    public func render16(_ frame: FramePlan, reusing image: inout RGBAImage<UInt16>) throws {
        image = try render16(frame)
    }

    /// GL reads back RGBA only.
    public func renderPlanar16(_ frame: FramePlan, into image: inout PlanarGBR16Image, alpha: Bool) -> Bool { false }

    public func worker(of count: Int) -> (any FrameRenderer)? { nil }

    /// Draws `frame` into the current window's default framebuffer.
    public func present(_ frame: FramePlan) throws {
        switch frame {
        case .scene(let plan): try scenes().present(plan)
        case .mesh(let plan):
            if let meshesOnCPU {
                try pictures.present(meshesOnCPU.render8(frame, dithers: true))
            } else {
                try meshes.present(try reusedUpload(plan))
            }
        }
    }

    /// Draws `frame`, whose size is the picture's, into the current
    /// window at `placement` when it can do so directly (a mesh drawn on
    /// the CPU: the upload is blitted there); else draws it at the
    /// bottom-left corner as ``present(_:)`` does, leaves moving it to the
    /// caller, and returns false.
    public func present(_ frame: FramePlan, at placement: PicturePlacement) throws -> Bool {
        guard case .mesh = frame, let meshesOnCPU else {
            try present(frame)
            return false
        }
        try pictures.present(meshesOnCPU.render8(frame, dithers: true), at: placement)
        return true
    }

    /// Forgets the kept upload (the document was replaced).
    public func forgetUpload() { uploaded = nil }

    /// The kept upload with `plan`'s vertices and colors when its size and
    /// triangles match, else a new upload.
    private func reusedUpload(_ plan: RenderPlan) throws(GLError) -> GPUMesh {
        if let uploaded, uploaded.plan.width == plan.width, uploaded.plan.height == plan.height,
            uploaded.plan.tessellation.indices.count == plan.tessellation.indices.count
        {
            try uploaded.update(plan)
            return uploaded
        }
        let made = try meshes.upload(plan)
        uploaded = made
        return made
    }
}
