import MeshGradCore
import MeshGradDocument
import Testing

/// Seed tutorial 3's author could not get rid of banding in the SE
/// wallpaper's dark background gradient. Dithered 8-bit output must not
/// band; plain rounding does, and the figure must say so.
@Suite struct BandingTests {
    /// The wallpaper's background alone, at the preset's size.
    static func backgroundPlan() -> ScenePlan {
        let scene = Presets.seWallpaper.document.scene!
        return ScenePlan(
            scene: Scene(background: scene.background, layers: [], points: scene.points), width: 750, height: 1334
        ) { _ in CoverageMask(width: 0, height: 0) }
    }

    @Test func ditheredBackgroundDoesNotBand() {
        let plan = Self.backgroundPlan()
        let renderer = SceneRenderer()
        let exact = renderer.renderFloat(plan)
        let dithered = bandingFigure(renderer.render8(plan, dithers: true), exact: exact)
        let rounded = bandingFigure(renderer.render8(plan, dithers: false), exact: exact)
        #expect(dithered < 0.05, "dithered block-mean RMS \(dithered)/255")
        #expect(rounded > 0.15, "rounded block-mean RMS \(rounded)/255: the steps the author saw")
    }
}
