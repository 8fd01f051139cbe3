import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradText

/// One frame of a document planned for a canvas: a single mesh (drawn by
/// the mesh renderers, which stream bands of any size) or a scene of
/// layers (drawn by the scene renderers, whole).
///
/// This is the one place where "mesh or scene" is decided: every caller
/// (the CLI's commands, the preview, the benchmark, library users) plans a
/// frame here and hands it to a ``FrameRenderer``.
public enum FramePlan: Sendable {
    case mesh(RenderPlan)
    case scene(ScenePlan)

    /// `document` at `time` on a `width × height` canvas; `label` names
    /// the document in messages.
    /// `tolerance` is the tessellation's (`TessellationLevel/preview` for
    /// a live window); `tessellationLevel` fixes a mesh's level (an
    /// animation's frames share one). `tessellationCache`, given to every
    /// frame of a sequence (an animation, a preview), lets a mesh's frame
    /// reuse the previous one's triangle indices and, when the mesh did not
    /// change, its level (`TessellationCache`, MeshGradCore's).
    public init(
        _ document: GradientDocument, label: String, width: Int, height: Int, time: Double,
        antialiasing: Bool = true, tessellationLevel: Int? = nil, tolerance: TessellationLevel = TessellationLevel(),
        textMasks: TextMaskCache? = nil, tessellationCache: TessellationCache? = nil
    ) throws(PipelineError) {
        // What the frame needs first (a canvas too big says so whatever
        // else is wrong), then what its numbers become at this time and size.
        try ResourceBudget(document, width: width, height: height, time: time).check(label: label)
        do {
            try DocumentCheck.check(document, time: time, width: width, height: height)
        } catch {
            throw PipelineError("\(label): \(error)")
        }
        switch document.content {
        case .scene(let scene):
            try Self.checkMemory(width: width, height: height, label: label)
            do {
                var plan = try ScenePlan(
                    scene: scene, width: width, height: height, time: time, antialiasing: antialiasing,
                    tolerance: tolerance, textMasks: textMasks)
                plan.grain = document.grain?.field(at: time)
                self = .scene(plan)
            } catch {
                throw PipelineError("\(label): \(error)")
            }
        case .mesh(let mesh):
            var plan = RenderPlan(
                mesh: mesh.mesh(at: time), width: width, height: height, tessellationLevel: tessellationLevel,
                tolerance: tolerance, antialiasing: antialiasing, tessellationCache: tessellationCache)
            plan.grain = document.grain?.field(at: time)
            self = .mesh(plan)
        }
    }

    /// A scene larger than this machine's memory stops here, with one line
    /// saying why, rather than failing an allocation mid-render.
    public static func checkMemory(
        width: Int, height: Int, label: String,
        physicalMemory: UInt64 = ProcessInfo.processInfo.physicalMemory
    ) throws(PipelineError) {
        let needed = SceneRenderer.bytesNeeded(width: width, height: height)
        let usable = physicalMemory / 10 * 8
        guard UInt64(needed) > usable else { return }
        func gigabytes(_ bytes: UInt64) -> String { String(format: "%.1f GB", Double(bytes) / 1e9) }
        throw PipelineError(
            "\(label): a \(width)×\(height) scene needs about \(gigabytes(UInt64(needed))) "
                + "(layers are composited whole, in float, about 40 bytes a pixel) and this machine has "
                + "\(gigabytes(physicalMemory)); render it smaller (a plain mesh streams at any size)")
    }

    public var width: Int {
        switch self {
        case .mesh(let plan): plan.width
        case .scene(let plan): plan.width
        }
    }

    public var height: Int {
        switch self {
        case .mesh(let plan): plan.height
        case .scene(let plan): plan.height
        }
    }

    /// Where renderers may legitimately differ (a mesh's anti-aliased
    /// border); nil for a scene, held to the tolerance everywhere.
    public var borderBand: BorderBand? {
        switch self {
        case .mesh(let plan): BorderBand(plan: plan)
        case .scene: nil
        }
    }
}

/// A frame that cannot be planned or drawn: one line, with the document's
/// label, as the CLI prints it.
public struct PipelineError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension FramePlan {
    /// Whether every pixel is opaque, known before looking at them: a mesh
    /// of opaque colors over an opaque background (mesh-math §4c). A frame
    /// not known so may still come out opaque; only its pixels tell.
    /// Scanning every frame of a 1080p export for alpha cost 1 % of its CPU.
    public var isKnownOpaque: Bool {
        guard case .mesh(let plan) = self else { return false }
        return plan.colorsAreOpaque && plan.background.alpha >= 1
    }
}
