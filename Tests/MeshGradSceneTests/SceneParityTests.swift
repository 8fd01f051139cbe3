import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradTestSupport
import MeshGradText
import Testing

/// The GL scene renderer held against the CPU one on a scene with every
/// layer kind: a perceptual gradient background, an inset mesh in a frame
/// (its border anti-aliased), a half-transparent mesh, a gradient with
/// translucent stops, text in a solid fill and text over a mesh, a
/// translucent picture fitted in a rounded frame, opacity, and shadows with
/// offsets, some reaching past the canvas.
@Suite(.serialized) struct SceneParityTests {
    static let scene = Scene(
        background: .linearGradient(
            LinearGradient(
                stops: [
                    GradientStop(location: 0, color: RGBAColor(hex: "#102040")!),
                    GradientStop(location: 0.7, color: RGBAColor(hex: "#F0C030")!),
                    GradientStop(location: 1, color: RGBAColor(hex: "#20A060")!),
                ], start: SIMD2(0, 0), end: SIMD2(1, 1), colorSpace: .perceptual)),
        layers: [
            Layer(
                frame: UnitRect(x: 0.05, y: 0.1, width: 0.5, height: 0.6), fill: .mesh(TestMeshes.inset, nil),
                shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 6, offset: SIMD2(4, 8))),
            Layer(
                frame: UnitRect(x: 0.45, y: 0.35, width: 0.5, height: 0.5),
                fill: .mesh(TestMeshes.halfTransparent, nil),
                opacity: 0.8),
            Layer(
                frame: UnitRect(x: 0.8, y: -0.1, width: 0.3, height: 0.6),
                fill: .linearGradient(
                    LinearGradient(colors: [
                        RGBAColor(red: 1, green: 0, blue: 0.5, alpha: 0.2), RGBAColor(red: 0.2, green: 0.9, blue: 1),
                    ])), shadow: Shadow(color: RGBAColor(red: 0.2, green: 0, blue: 0.4, alpha: 0.6), radius: 10)),
            Layer(
                frame: UnitRect(x: 0, y: 0.7, width: 1, height: 0.3), fill: .solid(.white), opacity: 0.9,
                shadow: Shadow(color: .black, radius: 3, offset: SIMD2(0, 3)),
                text: TextMask(text: "Parity\nTwo lines", size: 24, weight: .bold)),
            Layer(
                frame: UnitRect(x: 0.1, y: 0, width: 0.8, height: 0.3), fill: .mesh(TestMeshes.warped, nil),
                text: TextMask(text: "Meshing", size: 60, weight: .heavy, widthFactor: 1.25)),
            Layer(
                frame: UnitRect(x: 0.6, y: 0.05, width: 0.35, height: 0.3),
                fill: .image(LayerImage(source: "checker.png", pixels: ImagePixels(checker), contentMode: .fit)),
                opacity: 0.9, shadow: Shadow(color: .black, radius: 4), shape: .roundedRectangle(cornerRadius: 10)),
        ], points: SIMD2(320, 240))

    /// A 7×5 picture of translucent colored squares for the image layer.
    static var checker: RGBAImage<UInt8> {
        var image = RGBAImage<UInt8>(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 {
                image[x, y] = (x + y) % 2 == 0 ? SIMD4(230, 40, 90, 255) : SIMD4(20, UInt8(40 * y), 200, 160)
            }
        }
        return image
    }

    @Test(arguments: [(320, 240), (333, 517), (97, 61)])
    func glMatchesCPU(size: (Int, Int)) throws {
        let plan = try ScenePlan(scene: Self.scene, width: size.0, height: size.1)
        let context = try HeadlessContext()
        let renderer = try GLSceneRenderer()
        let gpu8 = try renderer.render8(plan)
        let gpuFloat = try renderer.renderFloat(plan)
        withExtendedLifetime(context) {}
        let cpu8 = SceneRenderer().render8(plan)
        let cpuFloat = SceneRenderer().renderFloat(plan)

        let comparison = ImageComparison(gpu8, cpu8)
        #expect(comparison.maximum <= 1, "\(comparison.summary)")
        var worst: Float = 0
        for i in cpuFloat.components.indices {
            worst = max(worst, abs(cpuFloat.components[i] - gpuFloat.components[i]))
        }
        #expect(worst < 2e-4, "largest float difference \(worst)")
    }

    /// Sixteen-bit output of the same scene: within one step of 65535.
    @Test func sixteenBitMatches() throws {
        let plan = try ScenePlan(scene: Self.scene, width: 160, height: 120)
        let context = try HeadlessContext()
        let gpu = try GLSceneRenderer().render16(plan)
        withExtendedLifetime(context) {}
        let cpu = SceneRenderer().render16(plan)
        var worst = 0
        for i in cpu.components.indices {
            worst = max(worst, abs(Int(cpu.components[i]) - Int(gpu.components[i])))
        }
        #expect(worst <= 8, "largest 16-bit difference \(worst)")
    }

    /// Grain over a scene (mesh-math §8a): the GL finish pass and the CPU
    /// writer add the same noise to every pixel.
    @Test func grainMatches() throws {
        var plan = try ScenePlan(scene: Self.scene, width: 200, height: 150)
        plan.grain = Grain(amount: 0.08, size: 1.5, monochrome: false, seed: 21).field(at: 0)
        let context = try HeadlessContext()
        let gpu = try GLSceneRenderer().render8(plan)
        withExtendedLifetime(context) {}
        let cpu = SceneRenderer().render8(plan)
        let comparison = ImageComparison(gpu, cpu)
        #expect(comparison.isWithinTolerance, "\(comparison.summary)")
        plan.grain = nil
        #expect(cpu != SceneRenderer().render8(plan))
    }
}
