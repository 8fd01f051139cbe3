import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradTestSupport
import MeshGradText
import Testing

/// Small golden PNGs of the three scene presets at their poster times,
/// rendered by the CPU scene renderer (8-bit, dithered) and matched
/// exactly; the GL scene renderer must match the same goldens within one
/// step. Regenerate with `RECORD=1 swift test --filter SceneGoldenTests`,
/// and look at the images before committing them.
@Suite(.serialized) struct SceneGoldenTests {
    /// An eighth of each preset's own size: text still readable, files small.
    static let presets = [Presets.onboardingScreen, Presets.meshingTextScene, Presets.seWallpaper]

    static func plan(_ name: String) throws -> ScenePlan {
        let document = presets.first { $0.name == name }!.document
        let size = document.size!
        return try ScenePlan(
            scene: document.scene!, width: size.width / 8, height: size.height / 8, time: document.poster)
    }

    @Test(arguments: presets.map(\.name))
    func cpuMatchesGolden(name: String) throws {
        let image = SceneRenderer().render8(try Self.plan(name))
        let failure = GoldenImage.check(image, named: "scene-\(name)", backend: "cpu")
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test(arguments: presets.map(\.name))
    func glMatchesGolden(name: String) throws {
        let context = try HeadlessContext()
        let image = try GLSceneRenderer().render8(try Self.plan(name))
        withExtendedLifetime(context) {}
        let failure = GoldenImage.check(image, named: "scene-\(name)", backend: "gl", tolerance: 1, records: false)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
