import Foundation
import MeshGradCore
import MeshGradExport
import MeshGradGL

/// OpenGL through a headless EGL context: `GLRenderer` for meshes,
/// `GLSceneRenderer` (sharing its programs, made on first use) for scenes.
/// One context, used from one thread at a time.
public final class GLFrameRenderer: FrameRenderer {
    let context: HeadlessContext
    let meshes: GLRenderer
    private var scenesRenderer: GLSceneRenderer?
    /// An animation's previous frame, kept on the GPU.
    private var uploaded: GPUMesh?

    public init() throws(GLError) {
        context = try HeadlessContext()
        meshes = try GLRenderer()
    }

    public var name: String { "gl (\(meshes.info.renderer))" }

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
        if let uploaded, uploaded.plan.tessellation.indices.count == plan.tessellation.indices.count {
            try uploaded.update(plan)
        } else {
            uploaded = try meshes.upload(plan)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let image: RGBAImage<UInt8> = try meshes.render(uploaded!, format: .rgba8(dithers: dithers))
        let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard measuresStages else { return TimedImage(image: image, renderSeconds: total, readbackSeconds: 0) }
        let draw = meshes.lastStageTimes.draw
        return TimedImage(image: image, renderSeconds: draw, readbackSeconds: total - draw)
    }

    public func worker(of count: Int) -> (any FrameRenderer)? { nil }
}
