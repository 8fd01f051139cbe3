import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradTestSupport
import MeshGradText
import Testing

/// Entrance motion: a layer's offset, scale and opacity moved by keyframes
/// with a delay and a spring that settles as SwiftUI's does.
struct MotionTests {
    /// SwiftUI's `spring(response:dampingFraction:)` is a damped harmonic
    /// oscillator of mass 1, stiffness (2π/response)² and damping
    /// 4π·dampingFraction/response; its closed form at values worked out by
    /// hand (and in Python) for the under-, critically and over-damped cases.
    @Test func springClosedFormAtKnownValues() {
        // Undamped: 1 − cos(2πt).
        #expect(abs(springPosition(time: 0.25, response: 1, dampingFraction: 0) - 1) < 1e-12)
        #expect(abs(springPosition(time: 0.5, response: 1, dampingFraction: 0) - 2) < 1e-12)
        // Critically damped: 1 − e^(−π)(1 + π) at t = ½, response 1.
        #expect(abs(springPosition(time: 0.5, response: 1, dampingFraction: 1) - 0.821025553585931) < 1e-12)
        // Over-damped, ω₀ = 1, ζ = 2: roots −2 ± √3, at t = 1.
        #expect(abs(springPosition(time: 1, response: 2 * .pi, dampingFraction: 2) - 0.17773657609819057) < 1e-12)
        // The tutorial's cards, response 0.6, damping 0.8, at 0.3 s.
        #expect(abs(springPosition(time: 0.3, response: 0.6, dampingFraction: 0.8) - 0.9223137867537465) < 1e-12)
    }

    /// The same spring integrated (RK4) in SwiftUI's own terms: stiffness,
    /// damping, mass 1.
    @Test(arguments: [(0.8, 0.7), (0.6, 0.8), (0.6, 0.7), (0.3, 0.7)])
    func springIsSwiftUIsOscillator(response: Double, damping: Double) {
        let stiffness = pow(2 * Double.pi / response, 2)
        let friction = 4 * Double.pi * damping / response
        func acceleration(_ x: Double, _ v: Double) -> Double { -stiffness * (x - 1) - friction * v }
        var x = 0.0
        var v = 0.0
        let h = 1e-4
        for step in 1...20_000 {
            let k1 = (v, acceleration(x, v))
            let k2 = (v + h / 2 * k1.1, acceleration(x + h / 2 * k1.0, v + h / 2 * k1.1))
            let k3 = (v + h / 2 * k2.1, acceleration(x + h / 2 * k2.0, v + h / 2 * k2.1))
            let k4 = (v + h * k3.1, acceleration(x + h * k3.0, v + h * k3.1))
            x += h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0)
            v += h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
            if step % 500 == 0 {
                let t = Double(step) * h
                #expect(abs(springPosition(time: t, response: response, dampingFraction: damping) - x) < 1e-7)
            }
        }
    }

    /// After its settling duration a spring stays within 0.1 % of its
    /// target; the bound is not far past the last time it strays.
    @Test(arguments: [(0.8, 0.7), (0.6, 0.8), (0.6, 0.7), (0.5, 1.0), (0.5, 1.6)])
    func springSettles(response: Double, damping: Double) {
        let settled = springSettlingDuration(response: response, dampingFraction: damping)
        var lastAway = 0.0
        for k in 0...40_000 {
            let t = Double(k) * 1e-4
            if abs(springPosition(time: t, response: response, dampingFraction: damping) - 1) > 1e-3 { lastAway = t }
        }
        #expect(lastAway <= settled + 1e-4, "strays at \(lastAway) s after settling at \(settled) s")
        #expect(settled < lastAway * 1.35 + 1e-3, "settles at \(settled) s, last strays at \(lastAway) s")
        // SwiftUI's response 0.6, damping 0.8 settles in about a second.
        if response == 0.6, damping == 0.8 { #expect(settled > 0.6 && settled < 1.2, "\(settled)") }
    }

    /// The tutorial's title: 50 points above and clear, held for the 0.3 s
    /// delay, then sprung (0.8, 0.7) to its place and opaque.
    static let title = Layer(
        frame: UnitRect(x: 0.1, y: 0.2, width: 0.8, height: 0.2), fill: .solid(.white), opacity: 0,
        keyframes: [
            LayerKeyframe(
                duration: springSettlingDuration(response: 0.8, dampingFraction: 0.7),
                easing: .spring(response: 0.8, dampingFraction: 0.7), opacity: 1, offset: .zero, delay: 0.3)
        ], offset: SIMD2(0, -50))

    @Test func entranceHoldsForItsDelayThenSprings() {
        let layer = Self.title
        #expect(layer.state(at: 0) == layer.restingState)
        #expect(layer.state(at: 0.29) == layer.restingState)
        let p = springPosition(time: 0.25, response: 0.8, dampingFraction: 0.7)
        let moving = layer.state(at: 0.55)
        #expect(abs(moving.offset.y - -50 * (1 - p)) < 1e-9)
        #expect(abs(moving.opacity - p) < 1e-9)
        #expect(moving.frame == layer.frame)
        let settled = layer.state(at: 10)
        #expect(settled.offset == .zero && settled.opacity == 1)
        let scene = Scene(layers: [layer], points: SIMD2(393, 852))
        #expect(scene.moves(after: 1) && !scene.moves(after: 0.3 + layer.keyframes[0].duration))
        #expect(abs(scene.naturalDuration! - layer.keyframes[0].span) < 1e-12)
    }

    /// Offset and scale move and scale the drawing, not the frame: the box
    /// moves by the offset in pixels, shrinks about the frame's center, and
    /// text is rasterized at the scaled size.
    @Test func offsetAndScaleMoveTheDrawing() throws {
        var layer = Layer(
            frame: UnitRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), fill: .solid(.white),
            text: TextMask(text: "Go", size: 20), offset: SIMD2(10, -5), scale: 0.5)
        let scene = Scene(layers: [layer], points: SIMD2(100, 100))
        let plan = try ScenePlan(scene: scene, width: 200, height: 200)
        // The frame is 100 px, centered at (100, 100); half of it, moved by (20, −10) px.
        #expect(plan.layers[0].box == PixelBox(x0: 95, y0: 65, x1: 145, y1: 115))
        layer.scale = 1
        let full = try ScenePlan(scene: Scene(layers: [layer], points: SIMD2(100, 100)), width: 200, height: 200)
        let coverage = { (plan: ScenePlan) in plan.layers[0].mask!.values.reduce(0, +) }
        // Text at half the size covers about a quarter of the pixels.
        let ratio = coverage(plan) / coverage(full)
        #expect(ratio > 0.2 && ratio < 0.3, "\(ratio)")
        layer.scale = 0
        #expect(
            try ScenePlan(scene: Scene(layers: [layer], points: SIMD2(100, 100)), width: 200, height: 200).layers
                .isEmpty)
    }

    /// A button springing from 0.8 with a stroke and a shadow, half-way
    /// through its entrance, drawn alike by both renderers.
    @Test func glMatchesCPUMidSpring() throws {
        let button = Layer(
            frame: UnitRect(x: 0.2, y: 0.6, width: 0.6, height: 0.2), fill: .solid(RGBAColor(hex: "#ffffff40")!),
            opacity: 0, shadow: Shadow(color: .black, radius: 4, offset: SIMD2(0, 2)),
            text: nil,
            keyframes: [
                LayerKeyframe(
                    duration: 1, easing: .spring(response: 0.6, dampingFraction: 0.7), opacity: 1, scale: 1,
                    delay: 0.9)
            ], shape: .roundedRectangle(cornerRadius: 12), stroke: Stroke(color: RGBAColor(hex: "#ffffff80")!),
            scale: 0.8)
        let scene = Scene(background: .solid(RGBAColor(hex: "#00264d")!), layers: [button], points: SIMD2(200, 150))
        let plan = try ScenePlan(scene: scene, width: 333, height: 250, time: 1.05)
        let context = try HeadlessContext()
        let gpu = try GLSceneRenderer().render8(plan)
        withExtendedLifetime(context) {}
        let comparison = ImageComparison(gpu, SceneRenderer().render8(plan))
        #expect(comparison.maximum <= 1, "\(comparison.summary)")
    }
}

/// The document keys `offset`, `scale` and a keyframe's `delay`, `offset`,
/// `scale`; a spring keyframe's duration defaults to its settling time.
struct MotionDocumentTests {
    static let json = """
        {"points": [393, 852], "layers": [
          {"frame": [0, 0.2, 1, 0.2], "fill": "#ffffff", "opacity": 0, "offset": [0, -50],
           "keyframes": [{"delay": 0.3, "easing": {"spring": {"response": 0.8, "dampingFraction": 0.7}},
                          "offset": [0, 0], "opacity": 1}]},
          {"frame": [0.2, 0.8, 0.6, 0.1], "fill": "#ffffff", "scale": 0.8,
           "keyframes": [{"delay": 0.9, "duration": 2, "easing": "easeOut", "scale": 1}]}
        ]}
        """

    @Test func decodesAndRoundTrips() throws {
        let document = try GradientDocument.decode(Self.json)
        let layers = try #require(document.scene).layers
        #expect(layers[0].offset == SIMD2(0, -50) && layers[0].opacity == 0)
        let entrance = layers[0].keyframes[0]
        #expect(entrance.delay == 0.3 && entrance.offset == .zero && entrance.opacity == 1)
        #expect(entrance.duration == springSettlingDuration(response: 0.8, dampingFraction: 0.7))
        #expect(layers[1].scale == 0.8 && layers[1].keyframes[0].scale == 1 && layers[1].keyframes[0].duration == 2)
        #expect(try GradientDocument.decode(document.jsonText()) == document)
    }

    static let errors: [(json: String, message: String)] = [
        (##"{"layers": [{"fill": "#ffffff", "scale": -1}]}"##, "layers[0].scale: -1.0 is not allowed"),
        (##"{"layers": [{"fill": "#ffffff", "scale": 1000}]}"##, "layers[0].scale: 1000 is out of range"),
        (
            ##"{"layers": [{"fill": "#ffffff", "offset": [1e9, 0]}]}"##,
            "layers[0].offset[0]: 1000000000 is out of range"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff", "keyframes": [{"duration": 1, "delay": -1}]}]}"##,
            "layers[0].keyframes[0].delay: -1.0 is not allowed"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff", "keyframes": [{"easing": "linear", "scale": 2}]}]}"##,
            "layers[0].keyframes[0].duration"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff", "keyframes": [{"duration": 1, "scale": -2}]}]}"##,
            "layers[0].keyframes[0].scale: -2.0 is not allowed"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff", "keyframes": [{"duration": 1, "delay": 2e6}]}]}"##,
            "layers[0].keyframes[0].delay: 2000000 is out of range"
        ),
    ]

    @Test(arguments: errors.indices)
    func reportsBadMotion(index: Int) {
        let (json, message) = Self.errors[index]
        do {
            _ = try GradientDocument.decode(json)
            Issue.record("decoded without error: \(json)")
        } catch {
            #expect(error.description.contains(message), "got \(error.description)")
        }
    }
}
