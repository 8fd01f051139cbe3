import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradTestSupport
import MeshGradText
import Testing

/// Shapes and strokes (mesh-math §10a): the signed distance, the coverage
/// the renderers draw, the document keys, and the GL twin against the CPU.
@Suite(.serialized) struct ShapeTests {
    /// The signed distance at known points of a 20 × 10 box with radius 4
    /// centered at (10, 5): edges, corners and the center.
    @Test func roundedBoxDistanceIsExact() {
        let c = SIMD2<Float>(10, 5)
        let h = SIMD2<Float>(10, 5)
        func d(_ x: Float, _ y: Float) -> Float { roundedBoxDistance(SIMD2(x, y), center: c, halfSize: h, radius: 4) }
        #expect(abs(d(10, 5) - -5) < 1e-6)  // center: 5 from the long edges
        #expect(abs(d(10, -1) - 1) < 1e-6)  // 1 above the top edge
        #expect(abs(d(22, 5) - 2) < 1e-6)  // 2 right of the right edge
        // The corner arc's center is (4, 4); (0, 0) is 4√2 − 4 outside it.
        #expect(abs(d(0, 0) - (4 * Float(2).squareRoot() - 4)) < 1e-5)
        #expect(abs(d(4 - 4 / Float(2).squareRoot(), 4 - 4 / Float(2).squareRoot())) < 1e-5)
    }

    /// A circle's coverage sums to its area, a stroke's to its length
    /// times its width, and a thin stroke is as faint as it is thin.
    @Test func coverageSumsToArea() {
        let shape = ShapePlan(center: SIMD2(50, 50), halfSize: SIMD2(30, 30), radius: 30)
        var area: Float = 0
        var stroke: Float = 0
        var thin: Float = 0
        var partial = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                let d = roundedBoxDistance(p, center: shape.center, halfSize: shape.halfSize, radius: shape.radius)
                let coverage = shapeCoverage(d)
                area += coverage
                if coverage > 0, coverage < 1 { partial += 1 }
                stroke += strokeCoverage(d, width: 3)
                thin += strokeCoverage(d, width: 0.25)
                #expect(strokeCoverage(d, width: 0.25) <= 0.25 + 1e-6)
            }
        }
        let pi = Float.pi
        #expect(abs(area - pi * 900) / (pi * 900) < 0.002, "area \(area)")
        #expect(abs(stroke - 2 * pi * 30 * 3) / (2 * pi * 30 * 3) < 0.01, "stroke \(stroke)")
        #expect(abs(thin - 2 * pi * 30 * 0.25) / (2 * pi * 30 * 0.25) < 0.02, "thin stroke \(thin)")
        #expect(partial > 100, "the edge is anti-aliased: \(partial) partly covered pixels")
    }

    /// `shapeColor` draws the fill inside, nothing outside, the stroke's
    /// color on the edge over the fill.
    @Test func shapeColorLayersStrokeOverFill() {
        let white = SIMD4<Float>(1, 1, 1, 1)
        let shape = ShapePlan(
            center: SIMD2(50, 50), halfSize: SIMD2(40, 20), radius: 12, strokeWidth: 4,
            strokeColor: SIMD4(0.5, 0, 0, 0.5))
        let red = SIMD4<Float>(1, 0, 0, 1)
        #expect(shapeColor(red, at: SIMD2(50, 50), shape: shape) == red)
        #expect(shapeColor(red, at: SIMD2(11, 31), shape: shape) == .zero)  // outside the corner arc
        let edge = shapeColor(white * 0.5, at: SIMD2(50, 30), shape: shape)  // on the top edge
        // Half the half-white fill (0.25) under the half-opaque stroke: 0.5 + 0.25 × 0.5.
        #expect(abs(edge.w - 0.625) < 1e-6, "\(edge)")
    }

    /// The radius of a capsule and a circle, and the reach a stroke adds.
    @Test func shapesAreInscribedInTheFrame() {
        let frame = (x: 10.0, y: 20.0, width: 100.0, height: 40.0)
        let capsule = ShapePlan(.capsule, stroke: nil, frame: frame, scale: 3)
        #expect(capsule.radius == 20 && capsule.halfSize == SIMD2(50, 20) && capsule.center == SIMD2(60, 40))
        let circle = ShapePlan(.circle, stroke: Stroke(color: .white, width: 2), frame: frame, scale: 3)
        #expect(circle.radius == 20 && circle.halfSize == SIMD2(20, 20) && circle.strokeWidth == 6)
        #expect(circle.reach == 4)
        let rounded = ShapePlan(.roundedRectangle(cornerRadius: 100), stroke: nil, frame: frame, scale: 3)
        #expect(rounded.radius == 20, "clamped to half the shorter side")
    }

    static let scene = Scene(
        background: .solid(RGBAColor(hex: "#203050")!),
        layers: [
            Layer(
                frame: UnitRect(x: 0.05, y: 0.08, width: 0.55, height: 0.35),
                fill: .mesh(TestMeshes.inset, nil),
                shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 5, offset: SIMD2(3, 6)),
                shape: .roundedRectangle(cornerRadius: 18),
                stroke: Stroke(color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5), width: 1.5)),
            Layer(
                frame: UnitRect(x: 0.55, y: 0.1, width: 0.4, height: 0.18),
                fill: .linearGradient(
                    LinearGradient(colors: [
                        RGBAColor(hex: "#ff8040")!, RGBAColor(red: 0.2, green: 0.4, blue: 1, alpha: 0.6),
                    ])),
                shape: .capsule),
            Layer(
                frame: UnitRect(x: 0.62, y: 0.4, width: 0.3, height: 0.45), fill: .solid(RGBAColor(hex: "#40e0a0")!),
                opacity: 0.8, shape: .circle, stroke: Stroke(color: .black, width: 3)),
            Layer(
                frame: UnitRect(x: 0.1, y: 0.55, width: 0.4, height: 0.3), fill: .solid(.clear),
                stroke: Stroke(color: RGBAColor(hex: "#ffe040")!, width: 0.4)),
            Layer(
                frame: UnitRect(x: 0.12, y: 0.6, width: 0.36, height: 0.2), fill: .solid(.white),
                text: TextMask(text: "Get Started", size: 18, weight: .bold),
                shape: .roundedRectangle(cornerRadius: 6)),
        ], points: SIMD2(320, 240))

    /// The GL twin draws what the CPU draws: 8-bit within one step, float
    /// within float rounding, at sizes that put edges on fractions of pixels.
    /// (The float bound is 4e-4, 0.1/255: since the tessellation's level is
    /// the smallest that holds rather than a power of two, triangles are
    /// larger and the two sides' `(u, v)` interpolation, a plane on the CPU
    /// and barycentrics on the GPU, rounds apart by up to 2.2e-4 here.)
    @Test(arguments: [(320, 240), (333, 517), (97, 61)])
    func glMatchesCPU(size: (Int, Int)) throws {
        let plan = try ScenePlan(scene: Self.scene, width: size.0, height: size.1)
        #expect(plan.layers.filter { $0.shape != nil }.count == 5)
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
        var at = 0
        for i in cpuFloat.components.indices where abs(cpuFloat.components[i] - gpuFloat.components[i]) > worst {
            worst = abs(cpuFloat.components[i] - gpuFloat.components[i])
            at = i
        }
        let pixel = at / 4
        #expect(
            worst < 4e-4,
            "largest float difference \(worst) at (\(pixel % size.0), \(pixel / size.0)) channel \(at % 4): cpu \(cpuFloat.components[at]) gl \(gpuFloat.components[at])"
        )
    }

    /// A stroke reaches half its width past the frame: the layer's box grows
    /// by it, and the pixels just outside the frame's edge are stroked.
    @Test func strokeReachesPastTheFrame() throws {
        let scene = Scene(
            layers: [
                Layer(
                    frame: UnitRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), fill: .solid(.clear),
                    stroke: Stroke(color: .white, width: 4))
            ], points: SIMD2(100, 100))
        let plan = try ScenePlan(scene: scene, width: 100, height: 100)
        #expect(plan.layers[0].box == PixelBox(x0: 22, y0: 22, x1: 78, y1: 78))
        let image = SceneRenderer().render8(plan, dithers: false)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.components[(y * 100 + x) * 4 + 3] }
        #expect(alpha(23, 50) == 255 && alpha(26, 50) == 255)
        #expect(alpha(22, 50) == 0 && alpha(27, 50) == 0 && alpha(50, 50) == 0)
    }
}

/// The document keys `shape` and `stroke`.
struct ShapeDocumentTests {
    static let json = """
        {"points": [100, 100], "layers": [
          {"frame": [0, 0, 0.5, 0.2], "fill": "#ffffff", "shape": {"roundedRectangle": {"cornerRadius": 12}},
           "stroke": {"color": "#ffffff80", "width": 1}},
          {"shape": "capsule", "fill": "#000000"},
          {"shape": "circle", "stroke": {"color": "#ff0000"}},
          {"shape": "rectangle", "fill": "#00ff00"}
        ]}
        """

    @Test func decodesAndRoundTrips() throws {
        let document = try GradientDocument.decode(Self.json)
        let layers = try #require(document.scene).layers
        #expect(layers[0].shape == .roundedRectangle(cornerRadius: 12))
        #expect(layers[0].stroke == Stroke(color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 128.0 / 255), width: 1))
        #expect(layers[1].shape == .capsule && layers[1].stroke == nil)
        #expect(layers[2].shape == .circle && layers[2].fill == .solid(.clear) && layers[2].stroke?.width == 1)
        #expect(layers[3].shape == .roundedRectangle(cornerRadius: 0))
        #expect(try GradientDocument.decode(document.jsonText()) == document)
    }

    static let errors: [(json: String, message: String)] = [
        (##"{"layers": [{"fill": "#ffffff", "shape": "star"}]}"##, #"layers[0].shape: "star" is not a shape"#),
        (
            ##"{"layers": [{"fill": "#ffffff", "shape": {"roundedRectangle": {"cornerRadius": -1}}}]}"##,
            "layers[0].shape.roundedRectangle.cornerRadius: -1.0 is not allowed"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff", "shape": {"roundedRectangle": {"cornerRadius": 1e9}}}]}"##,
            "layers[0].shape.roundedRectangle.cornerRadius: 1000000000 is out of range"
        ),
        (##"{"layers": [{"fill": "#ffffff", "stroke": {"width": 2}}]}"##, "layers[0].stroke.color"),
        (
            ##"{"layers": [{"fill": "#ffffff", "stroke": {"color": "#ffffff", "width": 1e6}}]}"##,
            "layers[0].stroke.width: 1000000 is out of range"
        ),
        (##"{"layers": [{"shape": "circle"}]}"##, "layers[0].fill: missing"),
        (##"{"layers": [{"fill": "#ffffff", "shape": {"circle": 1}}]}"##, "layers[0].shape.circle: unknown key"),
    ]

    @Test(arguments: errors.indices)
    func reportsBadShapes(index: Int) {
        let (json, message) = Self.errors[index]
        do {
            _ = try GradientDocument.decode(json)
            Issue.record("decoded without error: \(json)")
        } catch {
            #expect(error.description.contains(message), "got \(error.description)")
        }
    }

    /// A stroke wider than the render-time limit once scaled to pixels is
    /// refused with its key path before anything is drawn.
    @Test func strokePixelsAreBounded() throws {
        let document = try GradientDocument.decode(
            ##"{"points": [1, 1], "layers": [{"fill": "#ffffff", "stroke": {"color": "#ffffff", "width": 9000}}]}"##)
        #expect(throws: DocumentError.self) { try DocumentCheck.check(document, time: 0, width: 100, height: 100) }
        try DocumentCheck.check(document, time: 0, width: 1, height: 1)
    }
}
