import Foundation
import MeshGradCore
import MeshGradGL

/// Which renderer to use: `--backend auto|gl|cpu`.
public enum Backend: String, CaseIterable, Sendable {
    /// The faster one on this machine: the GPU when it is hardware, the CPU
    /// reference when the only OpenGL is a CPU rasterizer (llvmpipe), which
    /// the CPU reference outruns (Docs/performance.md). Falls back to the
    /// CPU, with one line to `warn`, when no GPU context can be made.
    case auto
    /// OpenGL through EGL, or a clear failure saying why not.
    case gl
    /// The CPU reference renderer.
    case cpu

    public static let help = "auto (default), gl or cpu"

    /// Whether meshes are drawn by the CPU renderer where an OpenGL context
    /// exists: asked for, or `auto` on a CPU rasterizer, which the CPU
    /// renderer outruns. (The editor, which always has its window's
    /// context, asks this too.)
    public func drawsOnCPU(whereOpenGLIsSoftware software: Bool) -> Bool {
        self == .cpu || (self == .auto && software)
    }

    /// The renderer for this backend, made once per process and reused for
    /// every frame; `auto` may say through `warn` why it fell back to the
    /// CPU.
    public func makeRenderer(warn: (String) -> Void = { _ in }) throws(PipelineError) -> any FrameRenderer {
        switch self {
        case .cpu:
            return CPUFrameRenderer()
        case .gl:
            do {
                return try GLFrameRenderer()
            } catch {
                throw PipelineError("--backend gl: \(error)")
            }
        case .auto:
            guard HeadlessContext.mayReachHardware else { return CPUFrameRenderer() }
            switch HeadlessContext.availability() {
            case .softwareOnly:
                // Only a CPU rasterizer: the CPU reference is faster here.
                return CPUFrameRenderer()
            case .unavailable(let reason):
                warn("meshgrad: no OpenGL context: \(reason); rendering on the CPU\n")
                return CPUFrameRenderer()
            case .hardware:
                do {
                    let renderer = try GLFrameRenderer()
                    return drawsOnCPU(whereOpenGLIsSoftware: renderer.isSoftware) ? CPUFrameRenderer() : renderer
                } catch {
                    warn("meshgrad: \(error); rendering on the CPU\n")
                    return CPUFrameRenderer()
                }
            }
        }
    }
}
