import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradTestSupport
import MeshGradText
import Testing

/// The whole onboarding screen (`onboarding-screen`) during its entrance:
/// goldens at 0, 0.6 and 1.2 s (the settled poster is SceneGoldenTests'),
/// at an eighth of its size, recorded from the CPU and matched by GL within
/// one step. Regenerate with `RECORD=1 swift test --filter
/// OnboardingScreenTests` and look at them before committing.
@Suite(.serialized) struct OnboardingScreenTests {
    static let document = Presets.onboardingScreen.document

    static func plan(at time: Double) throws -> ScenePlan {
        try ScenePlan(scene: document.scene!, width: 1179 / 8, height: 2556 / 8, time: time)
    }

    static let times: [(String, Double)] = [("t0", 0), ("t0.6", 0.6), ("t1.2", 1.2)]

    @Test(arguments: times.map(\.0))
    func cpuMatchesGolden(name: String) throws {
        let time = Self.times.first { $0.0 == name }!.1
        let image = SceneRenderer().render8(try Self.plan(at: time))
        let failure = GoldenImage.check(image, named: "scene-onboarding-screen-\(name)", backend: "cpu")
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test(arguments: times.map(\.0))
    func glMatchesGolden(name: String) throws {
        let time = Self.times.first { $0.0 == name }!.1
        let context = try HeadlessContext()
        let image = try GLSceneRenderer().render8(try Self.plan(at: time))
        withExtendedLifetime(context) {}
        let failure = GoldenImage.check(
            image, named: "scene-onboarding-screen-\(name)", backend: "gl", tolerance: 1, records: false)
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// The screen is the tutorial's: a title, four cards of an icon and two
    /// texts, a button of material with a stroke, laid out by its stacks
    /// (nothing placed by hand), springing in and at rest by the poster.
    @Test func screenHasTheTutorialsParts() throws {
        let scene = try #require(Self.document.scene)
        #expect(scene.layout != nil)
        #expect(scene.layers.count == 2 + 1 + 4 * 3 + 2)
        let icons = scene.layers.compactMap(\.text?.symbol)
        #expect(icons == ["paintpalette", "camera", "wand.and.stars", "square.and.arrow.up"])
        let button = scene.layers[scene.layers.count - 2]
        #expect(button.material == .ultraThin && button.shape == .roundedRectangle(cornerRadius: 12))
        #expect(button.stroke == Stroke(color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5), width: 1))
        // Cards below the title, above the button, in order; the button on
        // the bottom padding.
        let frames = scene.layers.map(\.frame)
        #expect(frames[2].y + frames[2].height < frames[3].y)
        for k in 0..<3 { #expect(frames[3 + 3 * k].y < frames[6 + 3 * k].y) }
        #expect(abs((button.frame.y + button.frame.height) * 852 - (852 - 16)) < 1e-9)
        // At rest by the poster: nothing moves from then but the mesh.
        for layer in scene.layers.dropFirst(2) {
            let end = layer.keyframes.reduce(0) { $0 + $1.span }
            #expect(end <= Self.document.poster, "settles at \(end) s")
            #expect(layer.state(at: Self.document.poster) == layer.state(at: 100))
        }
        #expect(Self.document.poster == 2)
    }

    /// The cards' texts are the tutorial's own strings, wrapped by the
    /// layout to the card's width (the row less the icon, spacing and the
    /// spacer's minimum), two lines each, as SwiftUI sets them; the titles
    /// on one line; everything on the screen.
    @Test func descriptionsWrapToTheCardsWidth() throws {
        let scene = try #require(Self.document.scene)
        for k in 0..<4 {
            let description = scene.layers[5 + 3 * k]
            let text = try #require(description.text)
            #expect(!text.text.contains("\n") && text.fixedSize == .vertical)
            let width = description.frame.width * 393
            // 393 − 2 × 16 − 2 × 16 − 50 − 2 × 8 − 8.
            #expect(width <= 255 + 1e-9 && text.wrapWidth.map { abs($0 - width) < 1e-9 } == true)
            let lines = try TextLayout(
                text.text, style: text.style(pixelsPerPoint: 1), in: PixelRect(x: 0, y: 0, width: 0, height: 0),
                wrapWidth: width)
            #expect(lines.lines.count == 2, "\(text.text)")
            #expect(abs(description.frame.height * 852 - 2 * 15 * 2384 / 2048) < 1e-9)
            let title = scene.layers[4 + 3 * k]
            #expect(abs(title.frame.height * 852 - 20 * 2384 / 2048) < 1e-9, "one line")
        }
        for layer in scene.layers { #expect(layer.frame.y >= 0 && layer.frame.y + layer.frame.height <= 1) }
    }
}
