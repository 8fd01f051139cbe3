import Foundation
import MeshGradCore
import MeshGradGL

/// Which renderer a command asks for: `--backend auto|gl|cpu`.
enum Backend: String, CaseIterable {
    /// The faster one on this machine: the GPU when it is hardware, the CPU
    /// reference when the only OpenGL is a CPU rasterizer (llvmpipe), which
    /// the CPU reference outruns (README: Performance). Falls back to the
    /// CPU, with one line on stderr, when no GPU context can be made.
    case auto
    /// OpenGL through EGL, or a clear failure saying why not.
    case gl
    /// The CPU reference renderer.
    case cpu

    static let help = "auto (default), gl or cpu"
}

/// A renderer made for a command: the CPU reference, or a GL context with
/// its renderer. Made once per process and reused for every image.
final class RenderEngine {
    enum Kind {
        case cpu(CPURenderer)
        case gl(HeadlessContext, GLRenderer)
    }

    let kind: Kind

    var name: String {
        switch kind {
        case .cpu: "cpu"
        case .gl(_, let renderer): "gl (\(renderer.info.renderer))"
        }
    }

    init(kind: Kind) {
        self.kind = kind
    }

    /// Makes the engine for `backend`; `auto` may say on `console.err` why
    /// it fell back to the CPU.
    static func make(_ backend: Backend, console: Console) throws -> RenderEngine {
        switch backend {
        case .cpu:
            return RenderEngine(kind: .cpu(CPURenderer()))
        case .gl:
            do {
                return try makeGL()
            } catch {
                throw CommandError("--backend gl: \(error)")
            }
        case .auto:
            switch HeadlessContext.availability() {
            case .softwareOnly:
                // Only a CPU rasterizer: the CPU reference is faster here.
                return RenderEngine(kind: .cpu(CPURenderer()))
            case .unavailable(let reason):
                console.err.write("meshgrad: no OpenGL context: \(reason); rendering on the CPU\n")
                return RenderEngine(kind: .cpu(CPURenderer()))
            case .hardware:
                do {
                    let engine = try makeGL()
                    if case .gl(_, let renderer) = engine.kind, renderer.info.isSoftware {
                        return RenderEngine(kind: .cpu(CPURenderer()))
                    }
                    return engine
                } catch {
                    console.err.write("meshgrad: \(error); rendering on the CPU\n")
                    return RenderEngine(kind: .cpu(CPURenderer()))
                }
            }
        }
    }

    static func makeGL() throws(GLError) -> RenderEngine {
        let context = try HeadlessContext()
        return RenderEngine(kind: .gl(context, try GLRenderer()))
    }

    var isCPU: Bool {
        if case .cpu = kind { return true }
        return false
    }

    /// Renders bands of one plan: the CPU sets up its triangles once, the
    /// GPU uploads the mesh once. `render(rows, buffer)` returns the seconds
    /// spent reading back.
    struct BandRenderer {
        var prepared: PreparedRaster?
        var render: (Range<Int>, UnsafeMutableRawPointer) throws -> Double
    }

    func bandRenderer(for plan: RenderPlan, depth: Int, dithers: Bool) throws -> BandRenderer {
        switch kind {
        case .cpu(let renderer):
            let prepared = PreparedRaster(plan: plan)
            return BandRenderer(prepared: prepared) { rows, buffer in
                if depth == 16 {
                    renderer.render(
                        prepared, writer: RGBA16Writer(), rows: rows, into: buffer.assumingMemoryBound(to: UInt16.self))
                } else {
                    renderer.render(
                        prepared, writer: RGBA8Writer(dithers: dithers), rows: rows,
                        into: buffer.assumingMemoryBound(to: UInt8.self))
                }
                return 0
            }
        case .gl(_, let renderer):
            let mesh = try renderer.upload(plan)
            renderer.measuresStages = true
            return BandRenderer(prepared: nil) { rows, buffer in
                try renderer.render(
                    mesh, format: depth == 16 ? .rgba16 : .rgba8(dithers: dithers), rows: rows, into: buffer)
                return renderer.lastStageTimes.readback
            }
        }
    }

    func render8(_ plan: RenderPlan, dithers: Bool) throws -> RGBAImage<UInt8> {
        switch kind {
        case .cpu(let renderer): renderer.render8(plan, dithers: dithers)
        case .gl(_, let renderer): try renderer.render8(plan, dithers: dithers)
        }
    }

    /// The GPU scene renderer, made on first use, sharing the mesh
    /// renderer's programs.
    private var glSceneRenderer: GLSceneRenderer?

    private func sceneRenderer(_ renderer: GLRenderer) throws(GLError) -> GLSceneRenderer {
        if let glSceneRenderer { return glSceneRenderer }
        let made = try GLSceneRenderer(meshRenderer: renderer)
        glSceneRenderer = made
        return made
    }

    func render8(_ plan: ScenePlan, dithers: Bool) throws -> RGBAImage<UInt8> {
        switch kind {
        case .cpu: SceneRenderer().render8(plan, dithers: dithers)
        case .gl(_, let renderer): try sceneRenderer(renderer).render8(plan, dithers: dithers)
        }
    }

    func render16(_ plan: ScenePlan) throws -> RGBAImage<UInt16> {
        switch kind {
        case .cpu: SceneRenderer().render16(plan)
        case .gl(_, let renderer): try sceneRenderer(renderer).render16(plan)
        }
    }

    func render8(_ frame: FramePlan, dithers: Bool) throws -> RGBAImage<UInt8> {
        switch frame {
        case .mesh(let plan): try render8(plan, dithers: dithers)
        case .scene(let plan): try render8(plan, dithers: dithers)
        }
    }

    func render16(_ plan: RenderPlan) throws -> RGBAImage<UInt16> {
        switch kind {
        case .cpu(let renderer): renderer.render16(plan)
        case .gl(_, let renderer): try renderer.render16(plan)
        }
    }
}

/// Renders the frames of one animation with one engine: on the GPU the
/// mesh is uploaded once and each frame replaces only its vertices (and
/// its colors, when keyframes change them).
final class FrameRenderer {
    let engine: RenderEngine
    private var uploaded: GPUMesh?
    /// Seconds spent drawing (CPU: rendering) and reading back (GPU only).
    private(set) var renderSeconds = 0.0
    private(set) var readbackSeconds = 0.0

    init(engine: RenderEngine, measuresStages: Bool) {
        self.engine = engine
        if case .gl(_, let renderer) = engine.kind { renderer.measuresStages = measuresStages }
    }

    func render8(_ frame: FramePlan, dithers: Bool) throws -> RGBAImage<UInt8> {
        guard case .mesh(let plan) = frame else {
            let start = DispatchTime.now()
            let image = try engine.render8(frame, dithers: dithers)
            renderSeconds += start.secondsElapsed
            return image
        }
        return try render8(plan, dithers: dithers)
    }

    func render16(_ frame: FramePlan) throws -> RGBAImage<UInt16> {
        let start = DispatchTime.now()
        defer { renderSeconds += start.secondsElapsed }
        switch frame {
        case .scene(let plan): return try engine.render16(plan)
        case .mesh(let plan):
            switch engine.kind {
            case .cpu(let renderer): return renderer.render16(plan)
            case .gl(_, let renderer):
                if let uploaded, uploaded.plan.tessellation.indices.count == plan.tessellation.indices.count {
                    try uploaded.update(plan)
                } else {
                    uploaded = try renderer.upload(plan)
                }
                return try renderer.render(uploaded!, format: .rgba16)
            }
        }
    }

    func render8(_ plan: RenderPlan, dithers: Bool) throws -> RGBAImage<UInt8> {
        switch engine.kind {
        case .cpu(let renderer):
            let start = DispatchTime.now().uptimeNanoseconds
            let image = renderer.render8(plan, dithers: dithers)
            renderSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return image
        case .gl(_, let renderer):
            if let uploaded, uploaded.plan.tessellation.indices.count == plan.tessellation.indices.count {
                try uploaded.update(plan)
            } else {
                uploaded = try renderer.upload(plan)
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let image: RGBAImage<UInt8> = try renderer.render(uploaded!, format: .rgba8(dithers: dithers))
            let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if renderer.measuresStages {
                renderSeconds += renderer.lastStageTimes.draw
                readbackSeconds += total - renderer.lastStageTimes.draw
            } else {
                renderSeconds += total
            }
            return image
        }
    }
}
