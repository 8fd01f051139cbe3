import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradTestSupport
import MeshGradText
import Testing

/// Backdrop materials (mesh-math §10b): the blur of what lies behind, the
/// saturation and the tint, on both renderers.
@Suite(.serialized) struct MaterialTests {
    /// Stripes behind a rounded button of ultra-thin material, with a
    /// stroke, one reaching past the canvas edge.
    static let scene = Scene(
        background: .solid(RGBAColor(hex: "#00264d")!),
        layers: (0..<8).map { k in
            Layer(
                frame: UnitRect(x: Double(k) / 8, y: 0, width: 1.0 / 16, height: 1),
                fill: .solid(k % 2 == 0 ? RGBAColor(hex: "#ff4080")! : RGBAColor(hex: "#40ffa0")!))
        } + [
            {
                var button = Layer(
                    frame: UnitRect(x: 0.15, y: 0.3, width: 0.7, height: 0.3), fill: .solid(.clear),
                    shape: .roundedRectangle(cornerRadius: 12),
                    stroke: Stroke(color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5)))
                button.material = .ultraThin
                return button
            }(),
            {
                var edge = Layer(
                    frame: UnitRect(x: 0.8, y: 0.7, width: 0.4, height: 0.2), fill: .solid(.clear),
                    shadow: Shadow(color: .black, radius: 4, offset: SIMD2(-3, -3)), shape: .capsule)
                edge.material = .thick
                return edge
            }(),
        ], points: SIMD2(200, 120))

    @Test(arguments: [(200, 120), (333, 217)])
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
        let worst = zip(cpuFloat.components, gpuFloat.components).map { abs($0 - $1) }.max()!
        #expect(worst < 2e-4, "largest float difference \(worst)")
    }

    /// Inside the button the stripes are blurred to nearly one color and
    /// lightened by the tint; outside they are as sharp as drawn.
    @Test func blursAndTintsWhatLiesBehind() throws {
        let plan = try ScenePlan(scene: Self.scene, width: 200, height: 120)
        let image = SceneRenderer().renderFloat(plan)
        func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let i = (y * 200 + x) * 4
            return SIMD4(image.components[i], image.components[i + 1], image.components[i + 2], image.components[i + 3])
        }
        // A pink stripe covers x 0…12, a dark gap 12…25, green 25…37 at row 10.
        let sharp = abs(pixel(6, 10).x - pixel(18, 10).x)
        #expect(sharp > 0.5)
        // In the button (rows 36…72) the stripes' edges are blurred: no
        // step between neighbouring pixels is more than a few hundredths
        // (σ = 10 px), where outside one pixel steps by more than 0.5.
        var steepest: Float = 0
        for x in 40..<160 { steepest = max(steepest, abs(pixel(x, 54).x - pixel(x + 1, 54).x)) }
        #expect(steepest < 0.06, "the backdrop is blurred: red steps by \(steepest)")
        // The tint lightens: the blurred average is brighter than the
        // stripes' average under no tint.
        let tint = Float(Material.ultraThin.tintOpacity)
        #expect(pixel(80, 54).z > tint * 0.9, "\(pixel(80, 54))")
    }

    @Test func materialColorSaturatesAndTints() {
        let gray = SIMD4<Float>(0.5, 0.5, 0.5, 1)
        #expect(materialColor(gray, saturation: 1.8, tint: .zero) == gray)
        let red = SIMD4<Float>(0.6, 0.4, 0.4, 1)
        let saturated = materialColor(red, saturation: 1.8, tint: .zero)
        #expect(saturated.x > 0.6 && saturated.y < 0.4)
        let tinted = materialColor(SIMD4(0, 0, 0, 1), saturation: 1.8, tint: SIMD4(repeating: 0.15))
        #expect(abs(tinted.x - 0.15) < 1e-6 && tinted.w == 1)
    }

    @Test func documentMaterials() throws {
        let json = ##"{"layers": [{"fill": {"material": "ultraThin"}, "shape": "capsule"}]}"##
        let document = try GradientDocument.decode(json)
        #expect(document.scene?.layers[0].material == .ultraThin)
        #expect(try GradientDocument.decode(document.jsonText()) == document)
        #expect(throws: DocumentError.self) {
            try GradientDocument.decode(##"{"layers": [{"fill": {"material": "glass"}}]}"##)
        }
        // A blur past 2048 pixels is refused at render time.
        let big = try GradientDocument.decode(
            ##"{"points": [1, 1], "layers": [{"fill": {"material": "thick"}}]}"##)
        #expect(throws: DocumentError.self) { try DocumentCheck.check(big, time: 0, width: 200, height: 200) }
    }
}
