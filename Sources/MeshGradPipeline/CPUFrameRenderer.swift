import Foundation
import MeshGradCore
import MeshGradExport

/// The CPU reference (mesh-math §§1–10): `CPURenderer` for meshes,
/// `SceneRenderer` for scenes, on `threadCount` cores.
public final class CPUFrameRenderer: FrameRenderer, @unchecked Sendable {
    let meshes: CPURenderer
    let scenes: SceneRenderer

    public init(threadCount: Int = ProcessInfo.processInfo.activeProcessorCount) {
        meshes = CPURenderer(threadCount: threadCount)
        scenes = SceneRenderer(threadCount: threadCount)
    }

    public var name: String { "cpu" }

    public func render8(_ frame: FramePlan, dithers: Bool) -> RGBAImage<UInt8> {
        switch frame {
        case .mesh(let plan): meshes.render8(plan, dithers: dithers)
        case .scene(let plan): scenes.render8(plan, dithers: dithers)
        }
    }

    public func render16(_ frame: FramePlan) -> RGBAImage<UInt16> {
        switch frame {
        case .mesh(let plan): meshes.render16(plan)
        case .scene(let plan): scenes.render16(plan)
        }
    }

    public func bands(for frame: FramePlan, depth: Int, dithers: Bool, measuresStages: Bool) -> FrameBands {
        guard case .mesh(let plan) = frame else {
            return sceneBands(depth: depth) {
                render8(frame, dithers: dithers)
            } draw16: {
                render16(frame)
            }
        }
        // Triangles set up once for every band.
        let prepared = PreparedRaster(plan: plan)
        let renderer = meshes
        return FrameBands(isOpaque: plan.isOpaque(prepared: prepared), rendersOnAnyThread: true) { rows, buffer in
            if depth == 16 {
                renderer.render16(prepared, rows: rows, into: buffer.assumingMemoryBound(to: UInt16.self))
            } else {
                renderer.render8(
                    prepared, dithers: dithers, rows: rows, into: buffer.assumingMemoryBound(to: UInt8.self))
            }
            return 0
        }
    }

    public func renderNext8(_ frame: FramePlan, dithers: Bool, measuresStages: Bool) -> TimedImage {
        let start = DispatchTime.now().uptimeNanoseconds
        let image = render8(frame, dithers: dithers)
        return TimedImage(
            image: image, renderSeconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
            readbackSeconds: 0)
    }

    public func worker(of count: Int) -> (any FrameRenderer)? {
        CPUFrameRenderer(threadCount: max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, count)))
    }
}
