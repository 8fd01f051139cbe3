import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradText

/// One frame of a document planned for a canvas: a single mesh (drawn by
/// the mesh renderers, which stream bands of any size) or a scene of
/// layers (drawn by the scene renderers, whole).
enum FramePlan {
    case mesh(RenderPlan)
    case scene(ScenePlan)

    /// `document` at `time` on a `width × height` canvas. `scene`
    /// overrides the document's own scene (`animate` loops its meshes);
    /// `label` names the document in messages.
    init(
        _ document: GradientDocument, label: String, scene: Scene? = nil, width: Int, height: Int, time: Double,
        antialiasing: Bool = true, tessellationLevel: Int? = nil, textMasks: TextMaskCache? = nil
    ) throws {
        if let scene = scene ?? document.currentScene {
            try Self.checkMemory(width: width, height: height, label: label)
            do {
                self = .scene(
                    try ScenePlan(
                        scene: scene, width: width, height: height, time: time, antialiasing: antialiasing,
                        textMasks: textMasks))
            } catch {
                throw CommandError("\(label): \(error)")
            }
        } else {
            self = .mesh(
                RenderPlan(
                    mesh: document.mesh(at: time), width: width, height: height, tessellationLevel: tessellationLevel,
                    antialiasing: antialiasing))
        }
    }

    /// A scene larger than this machine's memory stops here, with one line
    /// saying why, rather than failing an allocation mid-render.
    static func checkMemory(
        width: Int, height: Int, label: String,
        physicalMemory: UInt64 = ProcessInfo.processInfo.physicalMemory
    ) throws {
        let needed = SceneRenderer.bytesNeeded(width: width, height: height)
        let usable = physicalMemory / 10 * 8
        guard UInt64(needed) > usable else { return }
        func gigabytes(_ bytes: UInt64) -> String { String(format: "%.1f GB", Double(bytes) / 1e9) }
        throw CommandError(
            "\(label): a \(width)×\(height) scene needs about \(gigabytes(UInt64(needed))) "
                + "(layers are composited whole, in float, about 40 bytes a pixel) and this machine has "
                + "\(gigabytes(physicalMemory)); render it smaller (a plain mesh streams at any size)")
    }

    var width: Int {
        switch self {
        case .mesh(let plan): plan.width
        case .scene(let plan): plan.width
        }
    }

    var height: Int {
        switch self {
        case .mesh(let plan): plan.height
        case .scene(let plan): plan.height
        }
    }
}
