import Foundation
import MeshGradCore
import MeshGradExport

/// The CPU reference (mesh-math §§1–10): `CPURenderer` for meshes,
/// `SceneRenderer` for scenes, on `threadCount` cores.
public final class CPUFrameRenderer: FrameRenderer, @unchecked Sendable {
    let meshes: CPURenderer
    let scenes: SceneRenderer

    public init(threadCount: Int = ActiveProcessors.count) {
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
        // Triangles set up once for every band. Each band is drawn on one
        // thread: the band writer draws bands on every core at once.
        let prepared = PreparedRaster(plan: plan)
        let renderer = CPURenderer(threadCount: 1)
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

    /// A mesh draws straight into `image` (the same pixels as
    /// ``render16(_:)``); a scene replaces it.
    public func render16(_ frame: FramePlan, reusing image: inout RGBAImage<UInt16>) {
        guard case .mesh(let plan) = frame else {
            image = render16(frame)
            return
        }
        let count = plan.width * plan.height * 4
        if image.width != plan.width || image.height != plan.height || image.components.count != count {
            image = RGBAImage(
                width: plan.width, height: plan.height,
                components: [UInt16](unsafeUninitializedCapacity: count) { _, initialized in initialized = count })
        }
        let prepared = PreparedRaster(plan: plan)
        image.components.withUnsafeMutableBufferPointer { buffer in
            meshes.render16(prepared, rows: 0..<plan.height, into: buffer.baseAddress!)
        }
    }

    /// Opaque meshes only: a scene or a mesh with transparency goes through
    /// RGBA.
    public func renderPlanar16(_ frame: FramePlan, into image: inout PlanarGBR16Image, alpha: Bool) -> Bool {
        guard case .mesh(let plan) = frame, frame.isKnownOpaque else { return false }
        let pixels = plan.width * plan.height
        if image.width != plan.width || image.height != plan.height || image.hasAlpha != alpha {
            let count = (alpha ? 4 : 3) * pixels
            image = PlanarGBR16Image(
                width: plan.width, height: plan.height,
                samples: [UInt16](unsafeUninitializedCapacity: count) { samples, initialized in
                    if alpha { (samples.baseAddress! + 3 * pixels).initialize(repeating: .max, count: pixels) }
                    initialized = count
                }, hasAlpha: alpha)
        }
        let prepared = PreparedRaster(plan: plan)
        image.samples.withUnsafeMutableBufferPointer { buffer in
            meshes.renderPlanarGBR16(prepared, rows: 0..<plan.height, into: buffer.baseAddress!, planeStride: pixels)
        }
        return true
    }

    public func worker(of count: Int) -> (any FrameRenderer)? {
        CPUFrameRenderer(threadCount: max(1, ActiveProcessors.count / max(1, count)))
    }
}
