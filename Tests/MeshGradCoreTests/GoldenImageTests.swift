import Foundation
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradCore

/// Small golden PNGs of every mesh preset and test mesh, rendered by the CPU
/// reference (8-bit, dithered) and matched exactly. Regenerate with
/// `RECORD=1 swift test --filter GoldenImageTests` after an intended change,
/// and look at the new images before committing them. Scene presets have
/// their own goldens (MeshGradSceneTests).
@Suite struct GoldenImageTests {
    static let cases: [(String, MeshGradient)] =
        Presets.all.filter { $0.document.scene == nil }.map { ("preset-\($0.name)", $0.document.animatedMesh!.mesh) }
        + TestMeshes.all.map { ("mesh-\($0.name)", $0.mesh) }

    @Test(arguments: cases.map(\.0))
    func matchesGolden(name: String) {
        let mesh = Self.cases.first { $0.0 == name }!.1
        let image = CPURenderer().render8(RenderPlan(mesh: mesh, width: 96, height: 64))
        let failure = GoldenImage.check(image, named: name)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
